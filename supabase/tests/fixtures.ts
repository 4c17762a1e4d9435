// Fixtures: one valid row for every tenant table (every public table with org_id), inserted as the database
// owner the way the app's rules require (stock through stock moves, invoices as empty quotes, then lines,
// then issued). isolation.test.ts fails when a table with org_id has no entry here, so a new table cannot
// skip the isolation and role suites.
import type { Sql } from './harness.ts';
import type { Org } from './builders.ts';
import { type Key, type Make, type Row, fixture } from './fixture-table.ts';
import { type Action, closedByPrivilege, refusedWithReason } from './role-matrix.ts';

export * from './builders.ts';
export * from './fixture-table.ts';

/** Builds the row of `table` for `org` (creating, as the database owner, what it refers to). */
export async function buildRow(sql: Sql, table: string, org: Org, actorId = org.ownerId): Promise<Row> {
  const row: Row = {};
  for (const [column, value] of Object.entries(fixture(table).values)) {
    row[column] = typeof value === 'function' ? await (value as Make)(sql, org, actorId) : value;
  }
  return row;
}

/** Inserts `row` into `table` for organization `orgId` as the current role; returns its primary key. */
export async function insertRow(sql: Sql, table: string, orgId: string, row: Row): Promise<Key> {
  const cols = ['org_id', ...Object.keys(row)];
  const [key] = await sql<Key>(
    `insert into public.${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})
     returning ${fixture(table).pk.join(', ')}`,
    [orgId, ...Object.values(row)],
  );
  return key!;
}

/** Inserts one valid row of `table` for `org` as the current role; returns its primary key. */
export async function insertFixture(sql: Sql, table: string, org: Org, actorId = org.ownerId): Promise<Key> {
  return insertRow(sql, table, org.id, await buildRow(sql, table, org, actorId));
}

/** `where` clause matching `key`, with its parameters numbered from $`from`. */
export function byKey(key: Key, from = 1): [string, string[]] {
  const cols = Object.keys(key);
  return [cols.map((c, i) => `${c} = $${i + from}`).join(' and '), Object.values(key)];
}

export async function selectRow(sql: Sql, table: string, key: Key): Promise<Row[]> {
  const [where, params] = byKey(key);
  return sql(`select * from public.${table} where ${where}`, params);
}

/** Applies the fixture's change to the row; returns the number of rows changed. */
export async function updateRow(sql: Sql, table: string, key: Key): Promise<number> {
  const [col, value] = fixture(table).change;
  const [where, params] = byKey(key, 2);
  const rows = await sql(`update public.${table} set ${col} = $1 where ${where} returning 1`, [
    value,
    ...params,
  ]);
  return rows.length;
}

export async function deleteRow(sql: Sql, table: string, key: Key): Promise<number> {
  const [where, params] = byKey(key);
  return (await sql(`delete from public.${table} where ${where} returning 1`, params)).length;
}

/** The row as JSON text, read as the current role (the database owner), to prove nothing changed. */
export async function snapshot(sql: Sql, table: string, key: Key): Promise<string | undefined> {
  const [where, params] = byKey(key);
  const [r] = await sql<{ j: string }>(
    `select to_jsonb(t)::text as j from public.${table} t where ${where}`,
    params,
  );
  return r?.j;
}

/**
 * The rows a member's update or delete touched: `write`'s count, or 0 when the write is one ADR 006
 * closes by privilege (role-matrix.ts) and the database refused it with "permission denied" (42501), or
 * one a rule refuses with a reason code (refusedWithReason: 42501 and a hint naming the reason).
 * Any other error, or a privilege refusal of a write that is not closed, is thrown.
 */
export async function touched(table: string, action: Action, write: () => Promise<number>): Promise<number> {
  try {
    return await write();
  } catch (e) {
    const err = e as { code?: string; message?: string; hint?: string };
    if (
      closedByPrivilege[table]?.includes(action) &&
      err.code === '42501' &&
      err.message === `permission denied for table ${table}`
    )
      return 0;
    if (
      refusedWithReason[table]?.includes(action) &&
      err.code === '42501' &&
      /"reason"\s*:\s*"[A-Z_]+"/.test(err.hint ?? '')
    )
      return 0;
    throw e;
  }
}
