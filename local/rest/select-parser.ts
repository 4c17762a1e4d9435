// The `select=` grammar: `*`, `col`, `alias:col`, `col::type`, `json->key->>key`, embeds
// `[alias:]rel[!hint][!inner|!left](…)` and spreads `...rel(…)`, nested up to MAX_EMBED_DEPTH levels.
import { Cursor } from './cursor.ts';
import { parseError } from './errors.ts';
import type { SelectItem } from './query.ts';

/**
 * How deep embeds may nest below the table read. PostgREST has no such limit; the local stack has one
 * because a select that goes back and forth between two tables (customers → invoices → customers …)
 * multiplies its size at each level: 16 levels made 17 MB out of 48 invoices. The app's own reads nest
 * two levels, the conformance suites two, supabase-js's documented examples three; five leaves room.
 */
export const MAX_EMBED_DEPTH = 5;

export function parseSelect(input: string): SelectItem[] {
  if (input === '') return [{ kind: 'star' }];
  const cursor = new Cursor(input, 'select parameter');
  const items = parseItems(cursor, 0);
  if (!cursor.done) throw cursor.error('"," or end of input');
  return items;
}

function parseItems(c: Cursor, depth: number): SelectItem[] {
  const items = [parseItem(c, depth)];
  while (c.eat(',')) items.push(parseItem(c, depth));
  return items;
}

function parseItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) return parseEmbed(c, c.name(), undefined, true, depth);
  let name = c.name();
  let alias: string | undefined;
  if (c.peek(':') && !c.peek('::')) {
    c.pos++;
    alias = name;
    if (c.eat('...')) throw c.error('field name (* or [a..z0..9_$])');
    name = c.name();
  }
  if (c.peek('!') || c.peek('(')) return parseEmbed(c, name, alias, false, depth);
  const field = { name, json: c.jsonPath() };
  let cast: string | undefined;
  if (c.eat('::')) cast = c.name();
  return { kind: 'column', field, alias, cast };
}

function parseEmbed(
  c: Cursor,
  target: string,
  alias: string | undefined,
  spread: boolean,
  depth: number,
): SelectItem {
  let hint: string | undefined;
  let inner = false;
  while (c.eat('!')) {
    const word = c.name();
    if (word === 'inner') inner = true;
    else if (word !== 'left') hint = word;
  }
  // Refused as it is read, before anything is planned or sent to the database.
  if (depth === MAX_EMBED_DEPTH && c.peek('(')) {
    throw parseError(
      'select parameter',
      c.input,
      c.pos,
      `embedded resources nested deeper than ${MAX_EMBED_DEPTH} levels`,
    );
  }
  c.expect('(');
  const items = c.peek(')') ? [] : parseItems(c, depth + 1);
  c.expect(')');
  return { kind: 'embed', target, alias, hint, inner, spread, items };
}
