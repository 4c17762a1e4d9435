// The last step of every statement that returns rows: one result row with the exact total (when
// counted), the number of rows in the page, and the body already rendered by Postgres — a JSON array,
// one JSON object, or CSV — so JSON numbers and timestamps are exactly Postgres's.
import type pg from 'pg';
import type { Media } from './negotiate.ts';
import type { Statement } from './sql.ts';

/** What one request's main statement produced. */
export interface Outcome {
  /** Exact total when counted, else null. */
  total: number | null;
  /** Rows in the response (or affected, for writes without a body). */
  pageTotal: number;
  /** The rendered body, or null when nothing was selected. */
  body: string | null;
  /** Rows an upsert inserted rather than updated, when known. */
  inserted: number | null;
}

const ROW = '_rest_out';

function bodySql(media: Media): string {
  switch (media.shape) {
    case 'array': {
      const array = `coalesce(json_agg(${ROW}), '[]')`;
      return `${media.stripNulls ? `json_strip_nulls(${array})` : array}::text`;
    }
    case 'object': {
      const object = `json_agg(${ROW}) -> 0`;
      return `${media.stripNulls ? `json_strip_nulls(${object})` : `(${object})`}::text`;
    }
    case 'csv': {
      // Header from the first row's keys; each row is the record's text form without its parentheses.
      const header = `array_to_string(array(select json_object_keys(json_agg(${ROW}) -> 0)), ',')`;
      const rows = `string_agg(substr(${ROW}::text, 2, length(${ROW}::text) - 2), E'\\n')`;
      return `${header} || E'\\n' || coalesce(${rows}, '')`;
    }
  }
}

export interface AggregateParts {
  /** A scalar subquery counting all matching rows (`Prefer: count`). */
  total?: string | null;
  /** A scalar subquery counting the rows an upsert inserted. */
  inserted?: string;
  /** A `with …` prefix the rows and subqueries may refer to. */
  with?: string;
}

/** Wraps `rowsSql` (the response rows) into the single result row. */
export function aggregateSql(rowsSql: string, media: Media, parts: AggregateParts = {}): string {
  return (
    `${parts.with ?? ''}select ${parts.total ?? 'null'}::int8 as total, count(${ROW})::int8 as page_total, ` +
    `${parts.inserted ?? 'null'}::int8 as inserted, ${bodySql(media)} as body from (${rowsSql}) as ${ROW}`
  );
}

/** Runs an aggregate statement (see `aggregateSql`). */
export async function runAggregate(client: pg.PoolClient, statement: Statement): Promise<Outcome> {
  type Row = { total: string | null; page_total: string; inserted: string | null; body: string | null };
  const row = (await client.query<Row>(statement)).rows[0]!;
  const count = (n: string | null) => (n === null ? null : Number(n));
  return {
    total: count(row.total),
    pageTotal: Number(row.page_total),
    inserted: count(row.inserted),
    body: row.body,
  };
}

/** Runs a write without RETURNING (so RLS read policies don't apply); only the row count comes back. */
export async function runCommand(client: pg.PoolClient, statement: Statement): Promise<Outcome> {
  const result = await client.query(statement);
  return { total: null, pageTotal: result.rowCount ?? 0, inserted: null, body: null };
}
