// The schema cache: tables, views, columns, keys, foreign keys and functions of the exposed schemas,
// read once from the catalogs (and again on `NOTIFY pgrst, 'reload schema'`), never per request.
// Like PostgREST it holds every object of those schemas; privileges and RLS are left to Postgres.
// Views inherit the keys of the table columns they show (`view-keys.ts`), wherever those tables are.
import type pg from 'pg';
import { buildRelationships, type Relationship } from './relationships.ts';
import { inheritKeys, viewColumnOrigins, type ColumnOrigin, type KeyConstraint } from './view-keys.ts';

export interface Column {
  name: string;
  /** `format_type` spelling, usable in casts and column definition lists. */
  type: string;
  /** Default expression as Postgres prints it, or null. */
  default: string | null;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list. */
  uniqueKeys: string[][];
  relationships: Relationship[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returns: 'void' | 'scalar' | 'composite';
  returnsSet: boolean;
  /** The table whose row type the function returns, for embedding from its result. */
  returnTable: Table | null;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  /** Keyed by `schema.name`. */
  tables: Map<string, Table>;
  /** Overloads keyed by `schema.name`. */
  routines: Map<string, Routine[]>;
  /** Per role, the user-settable settings of `ALTER ROLE … SET` (e.g. statement_timeout). */
  roleSettings: Map<string, [name: string, value: string][]>;
}

export const key = (schema: string, name: string): string => `${schema}.${name}`;

const RELATIONS = `
  select c.oid::int8 as oid, n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as is_view
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any ($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS = `
  select a.attrelid::int8 as oid, a.attnum as num, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         pg_get_expr(d.adbin, d.adrelid) as "default"
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where n.nspname = any ($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f')
     and a.attnum > 0 and not a.attisdropped
   order by a.attrelid, a.attnum`;

// Key columns in constraint order (names and numbers), for primary keys, unique constraints and foreign
// keys of every schema: views in the exposed schemas may show tables of other schemas.
const CONSTRAINTS = `
  select con.conname as name, con.contype as type, con.conrelid::int8 as oid, con.confrelid::int8 as ref_oid,
         array(select a.attname from unnest(con.conkey) with ordinality k(num, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i)::text[] as columns,
         array(select a.attname from unnest(con.confkey) with ordinality k(num, i)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)::text[] as ref_columns,
         coalesce(con.conkey, '{}')::int[] as keys, coalesce(con.confkey, '{}')::int[] as ref_keys
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname not in ('pg_catalog', 'information_schema') and con.contype in ('p', 'u', 'f')
   order by con.conname`;

// The query trees of all views (of any schema: a view of a view resolves through them).
const VIEWS = `
  select c.oid::int8 as oid, r.ev_action::text as tree
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
   where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`;

const ROUTINES = `
  select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type, t.typtype as return_kind, t.typrelid::int8 as return_oid,
         coalesce(p.proargnames, '{}')::text[] as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(x.oid, null)
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, i)
                order by x.i)::text[] as arg_types,
         p.pronargdefaults as defaults
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
   where n.nspname = any ($1::text[]) and p.prokind = 'f'`;

// Database-specific settings come last so they override the ones for all databases.
const ROLE_SETTINGS = `
  select r.rolname as role, g.name, substr(c.kv, strpos(c.kv, '=') + 1) as value
    from pg_db_role_setting s
    join pg_roles r on r.oid = s.setrole
   cross join lateral unnest(s.setconfig) as c(kv)
    join pg_settings g on g.name = split_part(c.kv, '=', 1) and g.context = 'user'
   where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
   order by s.setdatabase`;

interface RoutineRow {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  return_oid: string;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  defaults: number;
}

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

function toRoutine(row: RoutineRow, tablesByOid: Map<string, Table>): Routine {
  // Input parameters: IN, INOUT and VARIADIC; without modes every argument is IN.
  const inputs = row.arg_types
    .map((type, i) => ({ type, name: row.arg_names[i] ?? '', mode: row.arg_modes[i] ?? 'i' }))
    .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  const firstDefault = inputs.length - row.defaults;
  const returnTable = tablesByOid.get(row.return_oid) ?? null;
  // `returns table (…)` and several OUT parameters give an anonymous record with known columns.
  const outputs = row.arg_modes.some((m) => m === 't' || m === 'o');
  const composite = row.return_kind === 'c' || (row.return_type === 'record' && outputs);
  return {
    schema: row.schema,
    name: row.name,
    params: inputs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= firstDefault })),
    returns: row.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
    returnsSet: row.returns_set,
    returnTable,
    volatility: VOLATILITY[row.volatility],
  };
}

export async function loadSchemaCache(pool: pg.Pool, schemas: string[]): Promise<SchemaCache> {
  const [relations, columns, constraints, views, routines, settings] = await Promise.all([
    pool.query<{ oid: string; schema: string; name: string; is_view: boolean }>(RELATIONS, [schemas]),
    pool.query<{ oid: string; num: number; name: string; type: string; default: string | null }>(COLUMNS, [
      schemas,
    ]),
    pool.query<{
      name: string;
      type: 'p' | 'u' | 'f';
      oid: string;
      ref_oid: string;
      columns: string[];
      ref_columns: string[];
      keys: number[];
      ref_keys: number[];
    }>(CONSTRAINTS),
    pool.query<{ oid: string; tree: string }>(VIEWS),
    pool.query<RoutineRow>(ROUTINES, [schemas]),
    pool.query<{ role: string; name: string; value: string }>(ROLE_SETTINGS),
  ]);

  const byOid = new Map<string, Table>();
  for (const r of relations.rows) {
    byOid.set(r.oid, {
      schema: r.schema,
      name: r.name,
      isView: r.is_view,
      columns: new Map(),
      primaryKey: [],
      uniqueKeys: [],
      relationships: [],
    });
  }
  const viewColumns = new Map<string, Map<number, string>>();
  for (const c of columns.rows) {
    const table = byOid.get(c.oid);
    if (!table) continue;
    table.columns.set(c.name, { name: c.name, type: c.type, default: c.default });
    if (table.isView) viewColumns.set(c.oid, (viewColumns.get(c.oid) ?? new Map()).set(c.num, c.name));
  }

  const keys: KeyConstraint[] = [];
  for (const c of constraints.rows) {
    const table = byOid.get(c.oid);
    if (table && c.type === 'p') table.primaryKey = c.columns;
    if (table && c.type !== 'f') table.uniqueKeys.push(c.columns);
    keys.push({
      name: c.name,
      type: c.type,
      table: c.oid,
      columns: c.columns,
      keys: c.keys,
      refTable: c.ref_oid,
      refColumns: c.ref_columns,
      refKeys: c.ref_keys,
    });
  }
  const origins = new Map<string, ColumnOrigin[]>(views.rows.map((v) => [v.oid, viewColumnOrigins(v.tree)]));
  buildRelationships(inheritKeys(byOid, keys, origins, viewColumns));

  const tables = new Map([...byOid.values()].map((t) => [key(t.schema, t.name), t]));
  const routineMap = new Map<string, Routine[]>();
  for (const row of routines.rows) {
    const routine = toRoutine(row, byOid);
    const k = key(routine.schema, routine.name);
    routineMap.set(k, [...(routineMap.get(k) ?? []), routine]);
  }
  const roleSettings = new Map<string, [string, string][]>();
  for (const s of settings.rows) {
    const list = (roleSettings.get(s.role) ?? []).filter(([name]) => name !== s.name);
    roleSettings.set(s.role, [...list, [s.name, s.value]]);
  }
  return { tables, routines: routineMap, roleSettings };
}
