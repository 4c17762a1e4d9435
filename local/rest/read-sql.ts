// A read plan as SQL. Each embed is a correlated subquery that builds its JSON in Postgres: `row_to_json`
// for to-one, `json_agg` for to-many; spreads are lateral joins whose columns join the parent's row.
// `!inner` and `rel=is.null` are EXISTS tests, so the same WHERE serves the page and the exact count.
import { conditionSql, columnSql, orderSql } from './filters.ts';
import type { EmbedPlan, ReadNode } from './read-plan.ts';
import { isToOne, type Relationship } from './relationships.ts';
import { ident, qualified, type Params } from './sql.ts';

interface Related {
  /** The related table, schema-qualified. */
  relation: string;
  /** `join <junction> on …` for many-to-many, else empty. */
  junction: string;
  /** Conditions tying a related row to the parent row. */
  joins: string[];
}

/** How rows of `rel.target`, aliased `alias`, relate to the parent row aliased `parentAlias`. */
function related(rel: Relationship, parentAlias: string, alias: string): Related {
  const relation = qualified(rel.target.schema, rel.target.name);
  const col = (a: string, c: string) => `${ident(a)}.${ident(c)}`;
  if (!rel.junction) {
    return {
      relation,
      junction: '',
      joins: rel.on.map(([s, t]) => `${col(alias, t)} = ${col(parentAlias, s)}`),
    };
  }
  const j = rel.junction;
  const jAlias = `${alias}_junction`;
  const on = j.targetOn.map(([jc, t]) => `${col(jAlias, jc)} = ${col(alias, t)}`).join(' and ');
  return {
    relation,
    junction: ` join ${qualified(j.table.schema, j.table.name)} as ${ident(jAlias)} on ${on}`,
    joins: j.sourceOn.map(([jc, s]) => `${col(jAlias, jc)} = ${col(parentAlias, s)}`),
  };
}

export const whereSql = (conditions: string[]): string =>
  conditions.length ? ` where ${conditions.join(' and ')}` : '';

/** The WHERE conditions of a node: its filters and the existence tests for its embeds. */
export function conditionsSql(node: ReadNode, p: Params): string[] {
  return node.conditions.map((c) => {
    if (c.kind !== 'exists') return conditionSql(c, node.alias, p);
    const child = c.embed.node;
    const { relation, junction, joins } = related(c.embed.rel, node.alias, child.alias);
    const test = `exists (select 1 from ${relation} as ${ident(child.alias)}${junction}${whereSql([...joins, ...conditionsSql(child, p)])})`;
    return c.negate ? `not ${test}` : test;
  });
}

export function pagingSql(limit: number | undefined, offset: number | undefined, p: Params): string {
  return (limit === undefined ? '' : ` limit ${p.add(limit)}`) + (offset ? ` offset ${p.add(offset)}` : '');
}

const spreadAlias = (e: EmbedPlan) => `${e.node.alias}_spread`;

/** The select list of a node: its columns, embed subqueries and spread columns. */
export function selectListSql(node: ReadNode, p: Params): string {
  const items = node.output.flatMap((item) => {
    if (item.kind === 'star') return [`${ident(node.alias)}.*`];
    if (item.kind === 'column') {
      const column = columnSql(node.alias, item.field, p);
      return [`${item.cast ? `(${column})::${item.cast}` : column} as ${ident(item.name)}`];
    }
    const embed = item.embed;
    if (embed.node.output.length === 0) return []; // `rel()`: used for filtering only
    if (embed.spread) return [`${ident(spreadAlias(embed))}.*`];
    return [`${embedSql(embed, node.alias, p)} as ${ident(embed.name)}`];
  });
  // An empty list is valid SQL: rows without columns, which become `{}`.
  return items.join(', ');
}

/** The node's relation with the lateral joins of its spreads, for a FROM clause. */
export function fromSql(node: ReadNode, relation: string, p: Params): string {
  let sql = `${relation} as ${ident(node.alias)}`;
  for (const item of node.output) {
    if (item.kind !== 'embed' || !item.embed.spread || item.embed.node.output.length === 0) continue;
    sql += ` left join lateral (${relatedRowsSql(item.embed, node.alias, p)}) as ${ident(spreadAlias(item.embed))} on true`;
  }
  return sql;
}

// The rows of an embed for one parent row, with the embed's own filters, order and paging.
function relatedRowsSql(embed: EmbedPlan, parentAlias: string, p: Params): string {
  const node = embed.node;
  const { relation, junction, joins } = related(embed.rel, parentAlias, node.alias);
  return (
    `select ${selectListSql(node, p)} from ${fromSql(node, relation, p)}${junction}` +
    whereSql([...joins, ...conditionsSql(node, p)]) +
    orderSql(node.order, node.alias, p) +
    pagingSql(node.limit, node.offset, p)
  );
}

function embedSql(embed: EmbedPlan, parentAlias: string, p: Params): string {
  const row = ident(`_rest_${embed.node.alias}`);
  const rows = relatedRowsSql(embed, parentAlias, p);
  return isToOne(embed.rel)
    ? `(select row_to_json(${row}) from (${rows}) as ${row})`
    : `(select coalesce(json_agg(${row}), '[]') from (${rows}) as ${row})`;
}
