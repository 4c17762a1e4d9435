// Splits a request's query string as PostgREST does: the reserved `select`, `columns`, `on_conflict`;
// `order`, `limit`, `offset`, `or`, `and` (optionally behind an embed path, `rel.order`); everything else
// is a filter on a column, `col` or `rel.col`.
import { Cursor } from './cursor.ts';
import { parseError, unexpected } from './errors.ts';
import { parseFilter, parseLogic, parseOrder } from './filter-parser.ts';
import type { NodeParams, QueryParams } from './query.ts';
import { parseSelect } from './select-parser.ts';

/**
 * @param isArgument tells which keys are function arguments (GET /rpc/fn?arg=…), not filters.
 */
export function parseQueryParams(
  search: URLSearchParams,
  isArgument: (key: string) => boolean = () => false,
): QueryParams {
  const query: QueryParams = { select: [{ kind: 'star' }], nodes: new Map() };
  const node = (path: string[]): NodeParams => {
    const key = path.join('.');
    let params = query.nodes.get(key);
    if (!params) query.nodes.set(key, (params = { conditions: [], order: [] }));
    return params;
  };

  for (const [key, value] of search) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'columns') query.columns = parseNames(value, 'columns parameter');
    else if (key === 'on_conflict') query.onConflict = parseNames(value, 'on_conflict parameter');
    else if (!isArgument(key)) {
      const path = key.split('.');
      const last = path.pop()!;
      if (last === 'order') node(path).order.push(...parseOrder(value));
      else if (last === 'limit') node(path).limit = parseCount(value, 'limit parameter');
      else if (last === 'offset') node(path).offset = parseCount(value, 'offset parameter');
      else if (last === 'or' || last === 'and') {
        const negate = path.at(-1) === 'not';
        if (negate) path.pop();
        node(path).conditions.push({ kind: 'logic', op: last, negate, conditions: parseLogic(value) });
      } else {
        node(path).conditions.push({ kind: 'filter', field: parseFilterKey(last), expr: parseFilter(value) });
      }
    }
  }
  return query;
}

function parseFilterKey(key: string) {
  const c = new Cursor(key, 'filter');
  const field = c.field();
  if (!c.done) throw c.error('"->" or end of input');
  return field;
}

function parseCount(value: string, what: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const at = Math.max(0, value.search(/\D/));
  throw parseError(what, value, at, unexpected(value, at, 'digit'));
}

/** `a,b` or `"a","b"`, as supabase-js sends `columns=` for bulk inserts. */
function parseNames(value: string, what: string): string[] {
  const c = new Cursor(value, what);
  const names = [c.name()];
  while (c.eat(',')) names.push(c.name());
  if (!c.done) throw c.error('"," or end of input');
  return names;
}
