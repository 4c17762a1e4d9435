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

// The response-size cap. The body is built by one aggregate in Postgres, so it must be stopped there, not
// after 27 MB have been built and sent: a running total of each row's JSON size (a window over the rows
// as they come, which Postgres computes one row at a time) raises an error on the first row that passes
// the cap, and no later row is built. SQL has no function that raises an error, so a failing cast does it,
// with a marker the handler turns into the API's own error (\`responseTooLarge\`).
const TOO_LARGE_MARKER = '_rest_response_too_large:';

/** `rowsSql` with the cap on the size of the rows' JSON, in bytes. */
export function cappedRowsSql(rowsSql: string, maxBytes: number): string {
  const size = 'sum(octet_length(row_to_json(_rest_page)::text)) over (rows unbounded preceding)';
  return (
    `select (_rest_sized.row).* from (select _rest_page as row, ${size} as size from (${rowsSql}) as _rest_page) as _rest_sized` +
    ` where case when _rest_sized.size > ${Math.trunc(maxBytes)} then ('${TOO_LARGE_MARKER}' || _rest_sized.size)::int > 0 else true end`
  );
}

/** Whether a database error is the response-size cap (see \`cappedRowsSql\`). */
export const isResponseTooLarge = (code: string | undefined, message: string): boolean =>
  code === '22P02' && message.includes(`"${TOO_LARGE_MARKER}`);

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
