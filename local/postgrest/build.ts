// Builds the SQL of a read: the select tree with embedded resources as correlated subqueries, filters
// and logic trees as parameterised conditions, ordering and paging — JSON is produced by Postgres.
import { ApiError } from './errors.ts';
import { parseList, type Condition, type Filter, type OrderTerm, type SelectItem } from './parse.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';

export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Conditions, order and paging for one node of the select tree (the root or an embed path). */
export interface NodeQuery {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `rel=not.is.null` / `rel=is.null`: keep parents with / without a match. */
  presence: Map<string, boolean>;
}
export const emptyNode = (): NodeQuery => ({ conditions: [], order: [], presence: new Map() });

export interface Relationship {
  target: Relation;
  toOne: boolean;
  /** Pairs [parent column, child column]. */
  on: [string, string][];
}

export function relationship(
  cache: SchemaCache,
  parent: Relation,
  name: string,
  hint?: string,
): Relationship {
  const target = cache.relations.get(name);
  if (!target) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      null,
      `Perhaps you meant to reference the table 'public.${name}'`,
    );
  }
  const candidates: (Relationship & { fk: string; cols: string[] })[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent.name && fk.refTable === target.name) {
      candidates.push({
        target,
        toOne: true,
        on: fk.columns.map((c, i) => [c, fk.refColumns[i]!]),
        fk: fk.name,
        cols: fk.columns,
      });
    }
    if (fk.refTable === parent.name && fk.table === target.name && fk.table !== fk.refTable) {
      candidates.push({
        target,
        toOne: false,
        on: fk.refColumns.map((c, i) => [c, fk.columns[i]!]),
        fk: fk.name,
        cols: fk.columns,
      });
    }
  }
  const matching = hint ? candidates.filter((c) => c.fk === hint || c.cols.includes(hint)) : candidates;
  if (matching.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema 'public', but no matches were found.`,
    );
  }
  if (matching.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      null,
      `Try changing '${name}' to one of the following: ${matching.map((m) => `'${name}!${m.fk}'`).join(', ')}.`,
    );
  }
  return matching[0]!;
}

export class ReadBuilder {
  #depth = 0;
  constructor(
    private readonly cache: SchemaCache,
    readonly params: Params,
    /** Node queries by embed path ('' for the root, 'customers', 'invoice.customer', …). */
    private readonly nodes: Map<string, NodeQuery>,
  ) {}

  column(rel: Relation, alias: string, name: string, json: [string, string][] = []): string {
    if (!rel.columns.has(name)) {
      throw new ApiError(400, '42703', `column ${rel.name}.${name} does not exist`);
    }
    return (
      `${alias}.${ident(name)}` +
      json
        .map(([arrow, key]) => `${arrow}${/^\d+$/.test(key) ? key : `'${key.replace(/'/g, "''")}'`}`)
        .join('')
    );
  }

  /** `select <items> from <source> <alias> where … order by … limit …` for the relation at `path`. */
  query(rel: Relation, source: string, items: SelectItem[], path: string, extraWhere: string[] = []): string {
    const alias = `t${this.#depth++}`;
    const node = this.nodes.get(path) ?? emptyNode();
    const where = [
      ...extraWhere.map((w) => w.replaceAll('$ALIAS', alias)),
      ...node.conditions.map((c) => this.condition(rel, alias, c)),
    ];
    for (const [embedName, present] of node.presence) {
      const r = relationship(this.cache, rel, embedName);
      where.push(`${present ? '' : 'not '}exists (${this.existsQuery(r, alias)})`);
    }
    const cols = this.items(rel, alias, items, path, where);
    let sql = `select ${cols} from ${source} ${alias}`;
    if (where.length) sql += ` where ${where.join(' and ')}`;
    if (node.order.length)
      sql += ` order by ${node.order.map((o) => this.orderTerm(rel, alias, o)).join(', ')}`;
    if (node.limit !== undefined) sql += ` limit ${node.limit}`;
    if (node.offset) sql += ` offset ${node.offset}`;
    return sql;
  }

  /** Only the where clause of the root (for counting, updates and deletes). */
  where(rel: Relation, alias: string, path = ''): string[] {
    const node = this.nodes.get(path) ?? emptyNode();
    return node.conditions.map((c) => this.condition(rel, alias, c));
  }

  private existsQuery(r: Relationship, parentAlias: string): string {
    const a = `e${this.#depth++}`;
    return `select 1 from ${ident(r.target.schema)}.${ident(r.target.name)} ${a} where ${r.on.map(([p, c]) => `${a}.${ident(c)} = ${parentAlias}.${ident(p)}`).join(' and ')}`;
  }

  private items(
    rel: Relation,
    alias: string,
    items: SelectItem[],
    path: string,
    parentWhere: string[],
  ): string {
    const out: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        out.push(`${alias}.*`);
      } else if (item.kind === 'field') {
        let expr = this.column(rel, alias, item.name, item.json);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        const key = item.alias ?? (item.json.length ? item.json[item.json.length - 1]![1] : item.name);
        out.push(`${expr} as ${ident(key)}`);
      } else {
        out.push(this.embed(rel, alias, item, path, parentWhere));
      }
    }
    return out.join(', ') || `${alias}.*`;
  }

  private embed(
    parent: Relation,
    parentAlias: string,
    e: Extract<SelectItem, { kind: 'embed' }>,
    path: string,
    parentWhere: string[],
  ) {
    const r = relationship(this.cache, parent, e.relation, e.hint);
    const childPath = path ? `${path}.${e.alias ?? e.relation}` : (e.alias ?? e.relation);
    const join = r.on.map(([p, c]) => `$ALIAS.${ident(c)} = ${parentAlias}.${ident(p)}`);
    const source = `${ident(r.target.schema)}.${ident(r.target.name)}`;
    const inner = this.query(r.target, source, e.children, childPath, join);
    const key = ident(e.alias ?? e.relation);
    if (e.inner) {
      // !inner: the parent row needs at least one matching child (with the embed's own filters).
      const node = this.nodes.get(childPath) ?? emptyNode();
      const a = `i${this.#depth++}`;
      const conds = [
        ...join.map((j) => j.replaceAll('$ALIAS', a)),
        ...node.conditions.map((c) => this.condition(r.target, a, c)),
      ];
      parentWhere.push(`exists (select 1 from ${source} ${a} where ${conds.join(' and ')})`);
    }
    if (r.toOne) return `(select row_to_json(_e) from (${inner} limit 1) _e) as ${key}`;
    return `coalesce((select json_agg(_e) from (${inner}) _e), '[]'::json) as ${key}`;
  }

  private orderTerm(rel: Relation, alias: string, o: OrderTerm): string {
    return `${this.column(rel, alias, o.column, o.json)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
  }

  condition(rel: Relation, alias: string, c: Condition): string {
    if (c.kind === 'logic') {
      const parts = c.children.map((child) => this.condition(rel, alias, child));
      const sql = `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
      return c.negate ? `not ${sql}` : sql;
    }
    const sql = this.filter(rel, alias, c);
    return c.negate ? `not (${sql})` : sql;
  }

  private filter(rel: Relation, alias: string, f: Filter): string {
    const col = this.column(rel, alias, f.column, f.json);
    const type = f.json.length ? 'text' : rel.columns.get(f.column)!.type;
    const textual =
      /^(text|character varying|character|citext|extensions\.citext)/.test(type) || f.json.length > 0;
    const p = (v: unknown) => this.params.add(v);
    const simple: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
    if (simple[f.op]) return `${col} ${simple[f.op]} ${p(f.value)}`;
    switch (f.op) {
      case 'like':
      case 'ilike':
        return `${textual ? col : `${col}::text`} ${f.op} ${p(f.value.replaceAll('*', '%'))}`;
      case 'match':
        return `${textual ? col : `${col}::text`} ~ ${p(f.value)}`;
      case 'imatch':
        return `${textual ? col : `${col}::text`} ~* ${p(f.value)}`;
      case 'is': {
        const v = f.value.toLowerCase();
        if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(v)) {
          throw new ApiError(
            400,
            'PGRST100',
            `"failed to parse filter (is.${f.value})" (line 1, column 4)`,
            'unexpected "' + f.value[0] + '" expecting null or trilean value (unknown, true, false)',
          );
        }
        return `${col} is ${v === 'not_null' ? 'not null' : v}`;
      }
      case 'isdistinct':
        return `${col} is distinct from ${p(f.value)}`;
      case 'in':
        return `${col} = any(${p(parseList(f.value))}::${type}[])`;
      case 'cs':
        return `${col} @> ${p(f.value)}::${type}`;
      case 'cd':
        return `${col} <@ ${p(f.value)}::${type}`;
      case 'ov':
        return `${col} && ${p(f.value.startsWith('(') ? `{${f.value.slice(1, -1)}}` : f.value)}::${type}`;
      case 'sl':
        return `${col} << ${p(f.value)}::${type}`;
      case 'sr':
        return `${col} >> ${p(f.value)}::${type}`;
      case 'nxl':
        return `${col} &< ${p(f.value)}::${type}`;
      case 'nxr':
        return `${col} &> ${p(f.value)}::${type}`;
      case 'adj':
        return `${col} -|- ${p(f.value)}::${type}`;
      default: {
        const fn = {
          fts: 'to_tsquery',
          plfts: 'plainto_tsquery',
          phfts: 'phraseto_tsquery',
          wfts: 'websearch_to_tsquery',
        }[f.op]!;
        const vector =
          type === 'tsvector'
            ? col
            : `to_tsvector(${f.modifier ? `${p(f.modifier)}::regconfig, ` : ''}${col})`;
        return `${vector} @@ ${fn}(${f.modifier ? `${p(f.modifier)}::regconfig, ` : ''}${p(f.value)})`;
      }
    }
  }
}
