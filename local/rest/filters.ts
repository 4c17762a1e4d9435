// Filters and logic trees as SQL. Values are bind parameters of unknown type, so Postgres types them
// from the column they are compared with, as it would a literal (and reports 22P02 for bad input).
import type { Condition, Field, FilterExpr, Operator, OrderTerm } from './query.ts';
import { ident, type Params } from './sql.ts';

/** A column of the relation aliased `alias`, followed by its JSON path. */
export function columnSql(alias: string, field: Field, p: Params): string {
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.json) {
    const key = typeof step.key === 'number' ? `${p.add(step.key)}::int` : `${p.add(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

const COMPARISON: Partial<Record<Operator, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // "Not extends": nxr is `&<` (does not extend to the right of), nxl `&>` (to the left of).
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const TS_QUERY: Partial<Record<Operator, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS: Record<string, string> = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
};

// `*` is PostgREST's URL-friendly alias for the `%` wildcard.
const pattern = (op: Operator, value: string) =>
  op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value;

function exprSql(column: string, expr: FilterExpr, p: Params): string {
  const { op, value } = expr;
  if (op === 'in') return `${column} = any (${p.add(value)})`;
  if (typeof value !== 'string') throw new Error(`list value for ${op}`);
  if (op === 'is') return `${column} ${IS[value]}`;
  if (op === 'isdistinct') return `${column} is distinct from ${p.add(value)}`;
  const tsQuery = TS_QUERY[op];
  if (tsQuery) {
    const config = expr.config === undefined ? '' : `${p.add(expr.config)}::regconfig, `;
    return `${column} @@ ${tsQuery}(${config}${p.add(value)})`;
  }
  const operator = COMPARISON[op]!;
  if (expr.quantifier) return `${column} ${operator} ${expr.quantifier} (${p.add(pattern(op, value))})`;
  return `${column} ${operator} ${p.add(pattern(op, value))}`;
}

/** A filter or logic tree on the relation aliased `alias`. */
export function conditionSql(c: Condition, alias: string, p: Params): string {
  if (c.kind === 'filter') {
    const sql = exprSql(columnSql(alias, c.field, p), c.expr, p);
    return c.expr.negate ? `not (${sql})` : sql;
  }
  const joined = c.conditions.map((child) => `(${conditionSql(child, alias, p)})`).join(` ${c.op} `);
  return c.negate ? `not (${joined})` : `(${joined})`;
}

export function orderSql(terms: OrderTerm[], alias: string, p: Params): string {
  if (terms.length === 0) return '';
  const items = terms.map((t) => {
    const nulls = t.nulls ? ` nulls ${t.nulls}` : '';
    return `${columnSql(alias, t.field, p)} ${t.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${items.join(', ')}`;
}
