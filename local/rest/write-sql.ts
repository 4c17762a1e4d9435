// INSERT/UPDATE/DELETE statements. The JSON body travels as one parameter and Postgres turns it into
// typed rows with `json_populate_record` over the table's row type, so every value is converted exactly
// as PostgREST converts it (numbers, arrays, json columns, enums) and never touches the SQL text.
import type { Table } from './schema-cache.ts';
import { ident, qualified, type Params } from './sql.ts';

const ELEMENT = '_rest_elem';
const RECORD = '_rest_rec';

const target = (t: Table) => `${qualified(t.schema, t.name)} as ${ident(t.name)}`;
const rowType = (t: Table) => `null::${qualified(t.schema, t.name)}`;

// With `Prefer: missing=default` a key absent from an object takes the column default, not NULL.
function valueSql(t: Table, column: string, missingDefault: boolean, p: Params): string {
  const value = `${RECORD}.${ident(column)}`;
  const fallback = t.columns.get(column)?.default;
  if (!missingDefault || !fallback) return value;
  return `case when ${ELEMENT}.value -> ${p.add(column)}::text is null then ${fallback} else ${value} end`;
}

export interface Conflict {
  columns: string[];
  /** `resolution=merge-duplicates` updates the existing row; otherwise it is left alone. */
  merge: boolean;
}

/** Inserts the rows of the JSON array in parameter `rows`, setting `columns`. */
export function insertSql(
  t: Table,
  columns: string[],
  rows: string,
  options: { missingDefault: boolean; conflict?: Conflict },
  p: Params,
): string {
  const list = columns.length ? ` (${columns.map(ident).join(', ')})` : '';
  const values = columns.map((c) => valueSql(t, c, options.missingDefault, p)).join(', ');
  let sql =
    `insert into ${target(t)}${list} select ${values} from json_array_elements(${rows}::json) as ${ELEMENT}` +
    ` cross join lateral json_populate_record(${rowType(t)}, ${ELEMENT}.value) as ${RECORD}`;
  const conflict = options.conflict;
  if (conflict) {
    const on = conflict.columns.length ? ` (${conflict.columns.map(ident).join(', ')})` : '';
    const set = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
    sql += conflict.merge && set ? ` on conflict${on} do update set ${set}` : ` on conflict${on} do nothing`;
  }
  return sql;
}

/** Sets `columns` from the JSON object in parameter `object` on the rows matching `where`. */
export function updateSql(t: Table, columns: string[], object: string, where: string): string {
  const set = columns.map((c) => `${ident(c)} = ${RECORD}.${ident(c)}`).join(', ');
  return `update ${target(t)} set ${set} from json_populate_record(${rowType(t)}, ${object}::json) as ${RECORD}${where}`;
}

export function deleteSql(t: Table, where: string): string {
  return `delete from ${target(t)}${where}`;
}
