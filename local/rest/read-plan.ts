// Turns the parsed select tree and per-embed parameters into a plan: every embed resolved to a
// relationship, every node given its SQL alias, `rel=is.null` and `!inner` turned into existence tests.
import { pgrstError } from './errors.ts';
import type { Condition, Field, NodeParams, OrderTerm, QueryParams, SelectItem } from './query.ts';
import { isToOne, resolveRelationship, type Relationship } from './relationships.ts';
import type { Table } from './schema-cache.ts';
import { isSafeTypeName } from './sql.ts';

export interface EmbedPlan {
  rel: Relationship;
  /** Key of the embed in the output object (alias, else target). */
  name: string;
  spread: boolean;
  node: ReadNode;
}

export type OutputItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; name: string; cast?: string }
  | { kind: 'embed'; embed: EmbedPlan };

export type PlanCondition = Condition | { kind: 'exists'; embed: EmbedPlan; negate: boolean };

export interface ReadNode {
  /** The relation read (null for a function returning an anonymous record). */
  table: Table | null;
  /** SQL alias of the relation in the generated query. */
  alias: string;
  output: OutputItem[];
  conditions: PlanCondition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

interface Context {
  query: QueryParams;
  usedPaths: Set<string>;
  aliases: number;
}

/** The plan for reading `table` (aliased `alias`) with the request's select, filters, order and paging. */
export function planRead(table: Table | null, alias: string, query: QueryParams): ReadNode {
  const ctx: Context = { query, usedPaths: new Set(), aliases: 0 };
  const root = planNode(table, alias, query.select, [], ctx);
  for (const path of query.nodes.keys()) {
    if (ctx.usedPaths.has(path)) continue;
    const name = path.split('.').at(-1)!;
    throw pgrstError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }
  return root;
}

function planNode(
  table: Table | null,
  alias: string,
  items: SelectItem[],
  path: string[],
  ctx: Context,
): ReadNode {
  const key = path.join('.');
  ctx.usedPaths.add(key);
  const params: NodeParams = ctx.query.nodes.get(key) ?? { conditions: [], order: [] };
  const embeds = new Map<string, EmbedPlan>();
  const output = items.map((item): OutputItem => {
    if (item.kind === 'star') return item;
    if (item.kind === 'column') return planColumn(item);
    const embed = planEmbed(table, alias, item, path, ctx);
    embeds.set(embed.name, embed);
    return { kind: 'embed', embed };
  });
  const conditions: PlanCondition[] = params.conditions.map((c) => embedNullTest(c, embeds) ?? c);
  for (const item of items) {
    if (item.kind === 'embed' && item.inner) {
      conditions.push({ kind: 'exists', embed: embeds.get(item.alias ?? item.target)!, negate: false });
    }
  }
  return {
    table,
    alias,
    output,
    conditions,
    order: params.order,
    limit: params.limit,
    offset: params.offset,
  };
}

function planColumn(item: Extract<SelectItem, { kind: 'column' }>): OutputItem {
  if (item.cast !== undefined && !isSafeTypeName(item.cast)) {
    throw pgrstError(400, '42704', `type "${item.cast}" does not exist`);
  }
  const last = item.field.json.at(-1);
  const name = item.alias ?? (last ? String(last.key) : item.field.name);
  return { kind: 'column', field: item.field, name, cast: item.cast };
}

function planEmbed(
  table: Table | null,
  parentAlias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  path: string[],
  ctx: Context,
): EmbedPlan {
  if (!table) {
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parentAlias}' and '${item.target}' in the schema cache`,
    );
  }
  const rel = resolveRelationship(table, item.target, item.hint);
  if (item.spread && !isToOne(rel)) {
    throw pgrstError(
      400,
      'PGRST127',
      'Feature not implemented',
      `Spreading the to-many relationship '${item.target}' is not supported by the local stack`,
    );
  }
  const name = item.alias ?? item.target;
  const alias = `${rel.target.name}_${++ctx.aliases}`;
  const node = planNode(rel.target, alias, item.items, [...path, name], ctx);
  return { rel, name, spread: item.spread, node };
}

// `rel=is.null` / `rel=not.is.null` on an embed keeps the parents without / with a related row.
function embedNullTest(c: Condition, embeds: Map<string, EmbedPlan>): PlanCondition | null {
  if (c.kind !== 'filter' || c.field.json.length > 0 || c.expr.op !== 'is') return null;
  const embed = embeds.get(c.field.name);
  if (!embed) return null;
  const wantsNull = c.expr.value === 'null';
  if (!wantsNull && c.expr.value !== 'not_null') {
    throw pgrstError(
      400,
      'PGRST120',
      `Bad operator on the '${c.field.name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    );
  }
  return { kind: 'exists', embed, negate: wantsNull !== c.expr.negate };
}
