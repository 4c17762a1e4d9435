// Writes to a table: POST (insert, upsert), PATCH and DELETE (PUT is in put-op.ts), answered as
// PostgREST answers them. With `return=minimal` the statement has no RETURNING, so RLS read policies
// don't apply to the written rows; otherwise the written rows are selected like a read.
import { ApiError } from './errors.ts';
import { checkMaxAffected, checkSingular, type Operation, type Reply } from './operation.ts';
import { orderSql } from './filters.ts';
import type { Media } from './negotiate.ts';
import { checkColumns, payloadObject, payloadRows } from './payload.ts';
import { preferenceApplied, wantsCount, type Applied, type Preferences } from './prefer.ts';
import type { QueryParams } from './query.ts';
import { contentRange } from './range.ts';
import { planRead, type ReadNode } from './read-plan.ts';
import { conditionsSql, fromSql, selectListSql, whereSql } from './read-sql.ts';
import type { Table } from './schema-cache.ts';
import { ident, Params, qualified } from './sql.ts';
import { aggregateSql, type Outcome } from './statement.ts';
import { deleteSql, insertSql, updateSql } from './write-sql.ts';

export interface WriteRequest {
  table: Table;
  query: QueryParams;
  prefs: Preferences;
  media: Media;
  body: unknown;
}

const MUTATION = '_rest_mutation';

function returnsRows(prefs: Preferences): boolean {
  return prefs.return === 'representation' || prefs.return === 'headers-only';
}

// With `return=headers-only` an insert selects only the primary key, for the Location header.
function planOutput(w: WriteRequest): ReadNode {
  if (w.prefs.return !== 'headers-only') return planRead(w.table, w.table.name, w.query);
  const select = w.table.primaryKey.map((name) => ({ kind: 'column' as const, field: { name, json: [] } }));
  return planRead(w.table, w.table.name, { ...w.query, select });
}

export type Dml = 'insert' | 'update' | 'delete' | 'none';

/**
 * The statement of a write: the bare DML for `return=minimal`, else the DML in a CTE whose rows are
 * selected like a read. Inserts also count the rows that were new (`xmax = 0`), so an upsert that only
 * updated can answer 200.
 */
export function writeStatement(w: WriteRequest, root: ReadNode, dml: string, p: Params, kind: Dml) {
  if (!returnsRows(w.prefs)) return { statement: { text: dml, values: p.values }, command: true };
  const rows = `select ${selectListSql(root, p)} from ${fromSql(root, MUTATION, p)}${orderSql(root.order, root.alias, p)}`;
  if (kind !== 'insert') {
    // Only the table's columns: an UPDATE's FROM item would add its own.
    const returning = kind === 'none' ? '' : ` returning ${ident(w.table.name)}.*`;
    const text = aggregateSql(rows, w.media, { with: `with ${MUTATION} as (${dml}${returning}) ` });
    return { statement: { text, values: p.values }, command: false };
  }
  const written = `${dml} returning ${ident(w.table.name)} as _rest_row, xmax = 0 as _rest_inserted`;
  const text = aggregateSql(rows, w.media, {
    with: `with _rest_dml as (${written}), ${MUTATION} as (select (_rest_row).* from _rest_dml) `,
    inserted: '(select count(*) from _rest_dml where _rest_inserted)',
  });
  return { statement: { text, values: p.values }, command: false };
}

export function writeReply(
  w: WriteRequest,
  o: Outcome,
  status: number,
  headers: Record<string, string>,
  applied: Applied[],
): Reply {
  const full = w.prefs.return === 'representation';
  const all = { ...headers, ...preferenceApplied(w.prefs, applied) };
  return full
    ? { status, headers: { ...all, 'Content-Type': w.media.contentType }, body: o.body }
    : { status, headers: all, body: null };
}

// `return=headers-only` on an insert: where the (first) new row can be read.
function location(w: WriteRequest, body: string | null): Record<string, string> {
  if (w.prefs.return !== 'headers-only') return {};
  const first = (JSON.parse(body ?? '[]') as Record<string, unknown>[])[0];
  if (!first || w.table.primaryKey.length === 0) return {};
  const query = new URLSearchParams(Object.entries(first).map(([k, v]) => [k, `eq.${String(v)}`]));
  return { Location: `/${w.table.name}?${query}` };
}

export function writeVerifier(w: WriteRequest) {
  return (o: Outcome) => {
    if (w.prefs.return === 'representation') checkSingular(w.media, o);
    checkMaxAffected(w.prefs, o);
  };
}

const total = (w: WriteRequest, o: Outcome) => (wantsCount(w.prefs) ? o.pageTotal : null);

export function insertOperation(w: WriteRequest): Operation {
  const { table, query, prefs } = w;
  const rows = payloadRows(w.body, query.columns !== undefined);
  const columns = checkColumns(table, query.columns ?? Object.keys(rows[0] ?? {}));
  const conflictColumns = query.onConflict ?? table.primaryKey;
  const conflict = prefs.resolution && {
    columns: conflictColumns,
    merge: prefs.resolution === 'merge-duplicates',
  };
  const p = new Params();
  const dml = insertSql(
    table,
    columns,
    p.add(JSON.stringify(rows)),
    { missingDefault: prefs.missing === 'default', conflict },
    p,
  );
  const applied: Applied[] = ['missing', 'return', 'count', 'tx', 'handling'];
  if (conflictColumns.length) applied.unshift('resolution');
  return {
    ...writeStatement(w, planOutput(w), dml, p, 'insert'),
    readOnly: false,
    verify: writeVerifier(w),
    // An upsert that merged into existing rows only (v12+) answers 200.
    reply: (o) => {
      const status = o.inserted === 0 && prefs.resolution === 'merge-duplicates' ? 200 : 201;
      const headers = { 'Content-Range': contentRange(1, 0, total(w, o)), ...location(w, o.body) };
      return writeReply(w, o, status, headers, applied);
    },
  };
}

// Supabase preloads pg-safeupdate for the API: UPDATE and DELETE must have a WHERE clause.
const safeUpdate = (verb: string) =>
  new ApiError(400, { code: '21000', details: null, hint: null, message: `${verb} requires a WHERE clause` });

export function updateOperation(w: WriteRequest): Operation {
  const object = payloadObject(w.body);
  const columns = checkColumns(w.table, Object.keys(object));
  const root = planRead(w.table, w.table.name, w.query);
  const p = new Params();
  const conditions = conditionsSql(root, p);
  // An empty object changes nothing: select no rows instead of writing an empty SET.
  const noop = columns.length === 0;
  if (!noop && conditions.length === 0) throw safeUpdate('UPDATE');
  const dml = noop
    ? `select * from ${qualified(w.table.schema, w.table.name)} where false`
    : updateSql(w.table, columns, p.add(JSON.stringify(object)), whereSql(conditions));
  const applied: Applied[] = ['return', 'count', 'tx', 'missing', 'handling', 'max-affected'];
  return {
    ...writeStatement(w, root, dml, p, noop ? 'none' : 'update'),
    readOnly: false,
    verify: writeVerifier(w),
    reply: (o) => {
      const status = w.prefs.return === 'representation' ? 200 : 204;
      return writeReply(
        w,
        o,
        status,
        { 'Content-Range': contentRange(0, o.pageTotal, total(w, o)) },
        applied,
      );
    },
  };
}

export function deleteOperation(w: WriteRequest): Operation {
  const root = planRead(w.table, w.table.name, w.query);
  const p = new Params();
  const conditions = conditionsSql(root, p);
  if (conditions.length === 0) throw safeUpdate('DELETE');
  const applied: Applied[] = ['return', 'count', 'tx', 'handling', 'max-affected'];
  return {
    ...writeStatement(w, root, deleteSql(w.table, whereSql(conditions)), p, 'delete'),
    readOnly: false,
    verify: writeVerifier(w),
    reply: (o) => {
      const status = w.prefs.return === 'representation' ? 200 : 204;
      return writeReply(w, o, status, { 'Content-Range': contentRange(1, 0, total(w, o)) }, applied);
    },
  };
}
