// What PostgREST learns from the catalog at start-up: exposed tables and views with their columns, keys
// and foreign keys, and the functions callable through /rpc. Reloaded on NOTIFY pgrst.
import type pg from 'pg';

export interface Column {
  name: string;
  type: string;
}
export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
}
export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}
export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}
export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatile: boolean;
}
export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

export async function loadSchemaCache(pool: pg.Pool, schemas: string[]): Promise<SchemaCache> {
  const [rels, cols, fks, fns] = await Promise.all([
    pool.query<{ schema: string; name: string; kind: string; pk: string[] | null }>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind,
              (select array_agg(a.attname::text order by k.ord) from pg_index i
                 cross join unnest(i.indkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                where i.indrelid = c.oid and i.indisprimary) as pk
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
      [schemas],
    ),
    pool.query<{ schema: string; rel: string; name: string; type: string }>(
      `select n.nspname as schema, c.relname as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [schemas],
    ),
    pool.query<{ name: string; tbl: string; cols: string[]; ref: string; refcols: string[] }>(
      `select con.conname as name, c.relname as tbl, r.relname as ref,
              (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as cols,
              (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as refcols
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_class r on r.oid = con.confrelid join pg_namespace rn on rn.oid = r.relnamespace
        where con.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)`,
      [schemas],
    ),
    pool.query<{
      schema: string;
      name: string;
      argnames: string[] | null;
      argtypes: string[] | null;
      nargdefaults: number;
      rettype: string;
      retset: boolean;
      composite: boolean;
      volatile: string;
    }>(
      `select n.nspname as schema, p.proname as name, p.proargnames as argnames,
              (select array_agg(format_type(t, null) order by o) from unnest(p.proargtypes) with ordinality u(t, o)) as argtypes,
              p.pronargdefaults as nargdefaults, format_type(p.prorettype, null) as rettype, p.proretset as retset,
              (t.typtype = 'c' or p.prorettype = 'record'::regtype) as composite, p.provolatile as volatile
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
        where n.nspname = any($1) and p.prokind = 'f' and coalesce(p.proargmodes, '{}') <@ '{i}'::"char"[]`,
      [schemas],
    ),
  ]);

  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    relations.set(r.name, {
      schema: r.schema,
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      columns: new Map(),
      primaryKey: r.pk ?? [],
    });
  }
  for (const c of cols.rows) relations.get(c.rel)?.columns.set(c.name, { name: c.name, type: c.type });

  const functions = new Map<string, DbFunction[]>();
  for (const f of fns.rows) {
    const types = f.argtypes ?? [];
    const args = types.map((type, i) => ({
      name: f.argnames?.[i] ?? '',
      type,
      hasDefault: i >= types.length - f.nargdefaults,
    }));
    const list = functions.get(f.name) ?? [];
    list.push({
      schema: f.schema,
      name: f.name,
      args,
      returnType: f.rettype,
      returnsSet: f.retset,
      returnsComposite: f.composite,
      returnsVoid: f.rettype === 'void',
      volatile: f.volatile === 'v',
    });
    functions.set(f.name, list);
  }
  return {
    relations,
    foreignKeys: fks.rows.map((f) => ({
      name: f.name,
      table: f.tbl,
      columns: f.cols,
      refTable: f.ref,
      refColumns: f.refcols,
    })),
    functions,
  };
}
