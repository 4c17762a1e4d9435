// Filter values (`not.eq.5`, `in.(a,"b,c")`, `fts(english).cat`), logic trees (`(a.eq.1,or(b.gt.2,c.is.null))`)
// and `order=` terms, with PostgREST's parse errors.
import { Cursor } from './cursor.ts';
import { OPERATORS, type Condition, type FilterExpr, type Operator, type OrderTerm } from './query.ts';

const OPERATOR_LIST = '"not" or operator (eq, gt, ...)';
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const QUANTIFIABLE = new Set<Operator>([
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
]);
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'];

/** The value of a `col=…` parameter. */
export function parseFilter(input: string): FilterExpr {
  const c = new Cursor(input, 'filter');
  return parseExpr(c, () => c.input.slice(c.pos, (c.pos = c.input.length)));
}

/** The value of an `or=`/`and=` parameter: a parenthesised, comma-separated list of conditions. */
export function parseLogic(input: string): Condition[] {
  const c = new Cursor(input, 'logic tree');
  const conditions = parseConditionList(c);
  if (!c.done) throw c.error('end of input');
  return conditions;
}

function parseConditionList(c: Cursor): Condition[] {
  c.expect('(');
  const conditions = [parseCondition(c)];
  while (c.eat(',')) conditions.push(parseCondition(c));
  c.expect(')');
  return conditions;
}

function parseCondition(c: Cursor): Condition {
  const start = c.pos;
  const negate = c.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (c.peek(`${op}(`)) {
      c.pos += op.length;
      return { kind: 'logic', op, negate, conditions: parseConditionList(c) };
    }
  }
  c.pos = start;
  const field = c.field();
  c.expect('.');
  return { kind: 'filter', field, expr: parseExpr(c, () => logicValue(c)) };
}

// Inside a logic tree a value ends at `,` or `)`, unless double-quoted or a `{…}` array literal.
function logicValue(c: Cursor): string {
  if (c.peek('"')) return c.quoted();
  return c.until(',)');
}

function parseOperator(c: Cursor): Operator {
  const word = /^[a-z]+/.exec(c.input.slice(c.pos))?.[0] ?? '';
  const op = OPERATORS.find((o) => o === word);
  if (!op) throw c.error(OPERATOR_LIST);
  c.pos += word.length;
  return op;
}

function parseExpr(c: Cursor, readValue: () => string): FilterExpr {
  const negate = c.eat('not.');
  const op = parseOperator(c);
  const expr: FilterExpr = { negate, op, value: '' };
  if (FTS.has(op) && c.eat('(')) {
    expr.config = c.until(')');
    c.expect(')');
  } else if (QUANTIFIABLE.has(op) && c.eat('(')) {
    if (c.eat('any')) expr.quantifier = 'any';
    else if (c.eat('all')) expr.quantifier = 'all';
    else throw c.error('"any" or "all"');
    c.expect(')');
  }
  c.expect('.');
  if (op === 'in') {
    expr.value = parseList(c);
  } else if (op === 'is') {
    const start = c.pos;
    const value = readValue().toLowerCase();
    if (!IS_VALUES.includes(value)) {
      c.pos = start;
      throw c.error('null or trilean value (unknown, true, false)');
    }
    expr.value = value;
  } else {
    expr.value = readValue();
  }
  return expr;
}

/** `(a,"b,c",d)`: items are raw text or double-quoted with `\` escapes. */
function parseList(c: Cursor): string[] {
  c.expect('(');
  const items: string[] = [];
  if (c.eat(')')) return items;
  do {
    items.push(c.peek('"') ? c.quoted() : c.until(',)'));
  } while (c.eat(','));
  c.expect(')');
  return items;
}

/** `order=a.desc.nullslast,b->>c` */
export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input, 'order');
  const terms: OrderTerm[] = [];
  do {
    const term: OrderTerm = { field: c.field(), descending: false };
    while (c.eat('.')) {
      if (c.eat('asc')) term.descending = false;
      else if (c.eat('desc')) term.descending = true;
      else if (c.eat('nullsfirst')) term.nulls = 'first';
      else if (c.eat('nullslast')) term.nulls = 'last';
      else throw c.error('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push(term);
  } while (c.eat(','));
  if (!c.done) throw c.error('"," or end of input');
  return terms;
}
