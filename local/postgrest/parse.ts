// The URL grammar of PostgREST that supabase-js emits: select trees, filters, logic trees and ordering.
import { ApiError } from './errors.ts';

export interface SelectField {
  kind: 'field';
  name: string;
  alias?: string;
  cast?: string;
  /** JSON path: [['->', 'a'], ['->>', 'b']]. */
  json: [string, string][];
}
export interface SelectEmbed {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  spread: boolean;
  children: SelectItem[];
}
export type SelectItem = { kind: 'star' } | SelectField | SelectEmbed;

export interface Filter {
  kind: 'filter';
  column: string;
  json: [string, string][];
  negate: boolean;
  op: string;
  modifier?: string;
  value: string;
}
export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}
export type Condition = Filter | Logic;

export interface OrderTerm {
  column: string;
  json: [string, string][];
  desc: boolean;
  nulls?: 'first' | 'last';
}

const badQuery = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details);

/** Splits on `sep` at depth 0, outside double quotes. */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && quoted) {
      cur += ch + (s[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === sep && depth === 0 && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function parseJsonPath(s: string): { name: string; json: [string, string][] } {
  const parts = s.split(/(->>|->)/);
  const json: [string, string][] = [];
  for (let i = 1; i < parts.length; i += 2) json.push([parts[i]!, parts[i + 1]!]);
  return { name: unquote(parts[0]!), json };
}

const unquote = (s: string) => (s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);

export function parseSelect(raw: string): SelectItem[] {
  const text = raw.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '');
  if (!text) return [{ kind: 'star' }];
  return splitTop(text).map(parseSelectItem);
}

function parseSelectItem(item: string): SelectItem {
  if (item === '*') return { kind: 'star' };
  const open = item.indexOf('(');
  if (open >= 0 && item.endsWith(')')) {
    let head = item.slice(0, open);
    const children = parseSelect(item.slice(open + 1, -1));
    const spread = head.startsWith('...');
    if (spread) head = head.slice(3);
    let alias: string | undefined;
    const colon = head.indexOf(':');
    if (colon >= 0) {
      alias = head.slice(0, colon);
      head = head.slice(colon + 1);
    }
    const [relation, ...hints] = head.split('!');
    let inner = false;
    let hint: string | undefined;
    for (const h of hints) {
      if (h === 'inner') inner = true;
      else if (h !== 'left') hint = h;
    }
    if (!relation) throw badQuery('"failed to parse select parameter (' + item + ')"');
    return { kind: 'embed', relation, alias, hint, inner, spread, children };
  }
  let alias: string | undefined;
  let rest = item;
  const colon = /^([^:"]+|"[^"]+"):(?!:)/.exec(item);
  if (colon) {
    alias = unquote(colon[1]!);
    rest = item.slice(colon[0].length);
  }
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt > 0) {
    cast = rest.slice(castAt + 2);
    rest = rest.slice(0, castAt);
    if (!/^[a-z_][a-z0-9_ [\]]*$/i.test(cast)) throw badQuery(`"failed to parse select parameter (${item})"`);
  }
  const { name, json } = parseJsonPath(rest);
  if (!name) throw badQuery(`"failed to parse select parameter (${item})"`);
  return { kind: 'field', name, alias, cast, json };
}

const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

/** `[not.]op[(modifier)].value` for the column `column` (which may carry a JSON path). */
export function parseFilter(column: string, expr: string): Filter {
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0)
    throw badQuery(`"failed to parse filter (${expr})" (line 1, column 1)`, 'unexpected end of input');
  let op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  let modifier: string | undefined;
  const m = /^(\w+)\((\w+)\)$/.exec(op);
  if (m) {
    op = m[1]!;
    modifier = m[2]!;
  }
  if (!OPERATORS.has(op))
    throw badQuery(
      `"failed to parse filter (${expr})" (line 1, column ${op.length + 1})`,
      `unknown operator ${op}`,
    );
  const { name, json } = parseJsonPath(column);
  return { kind: 'filter', column: name, json, negate, op, modifier, value };
}

/** A logic tree: `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, body: string): Logic {
  if (!body.startsWith('(') || !body.endsWith(')')) {
    throw badQuery(`"failed to parse logic tree (${body})" (line 1, column 1)`, 'expecting "("');
  }
  const children = splitTop(body.slice(1, -1)).map((part): Condition => {
    const logic = /^(not\.)?(and|or)(\(.*\))$/.exec(part);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', !!logic[1], logic[3]!);
    const dot = part.indexOf('.');
    if (dot < 0) throw badQuery(`"failed to parse logic tree (${body})"`, 'unexpected end of input');
    return parseFilter(part.slice(0, dot), part.slice(dot + 1));
  });
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw).map((term) => {
    const parts = term.split('.');
    let nulls: 'first' | 'last' | undefined;
    let desc = false;
    while (parts.length > 1) {
      const last = parts[parts.length - 1]!;
      if (last === 'nullsfirst') nulls = 'first';
      else if (last === 'nullslast') nulls = 'last';
      else if (last === 'desc') desc = true;
      else if (last !== 'asc') break;
      parts.pop();
    }
    const { name, json } = parseJsonPath(parts.join('.'));
    return { column: name, json, desc, nulls };
  });
}

/** Values of `in.(a,"b,c")`. */
export function parseList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw badQuery(`"failed to parse filter (in.${value})"`, 'expecting "("');
  const inner = value.slice(1, -1);
  if (!inner) return [];
  return splitTop(inner).map((v) =>
    v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v,
  );
}
