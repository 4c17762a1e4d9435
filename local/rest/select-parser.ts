// The `select=` grammar: `*`, `col`, `alias:col`, `col::type`, `json->key->>key`, embeds
// `[alias:]rel[!hint][!inner|!left](…)` and spreads `...rel(…)`, nested to any depth.
import { Cursor } from './cursor.ts';
import type { SelectItem } from './query.ts';

export function parseSelect(input: string): SelectItem[] {
  if (input === '') return [{ kind: 'star' }];
  const cursor = new Cursor(input, 'select parameter');
  const items = parseItems(cursor);
  if (!cursor.done) throw cursor.error('"," or end of input');
  return items;
}

function parseItems(c: Cursor): SelectItem[] {
  const items = [parseItem(c)];
  while (c.eat(',')) items.push(parseItem(c));
  return items;
}

function parseItem(c: Cursor): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) return parseEmbed(c, c.name(), undefined, true);
  let name = c.name();
  let alias: string | undefined;
  if (c.peek(':') && !c.peek('::')) {
    c.pos++;
    alias = name;
    if (c.eat('...')) throw c.error('field name (* or [a..z0..9_$])');
    name = c.name();
  }
  if (c.peek('!') || c.peek('(')) return parseEmbed(c, name, alias, false);
  const field = { name, json: c.jsonPath() };
  let cast: string | undefined;
  if (c.eat('::')) cast = c.name();
  return { kind: 'column', field, alias, cast };
}

function parseEmbed(c: Cursor, target: string, alias: string | undefined, spread: boolean): SelectItem {
  let hint: string | undefined;
  let inner = false;
  while (c.eat('!')) {
    const word = c.name();
    if (word === 'inner') inner = true;
    else if (word !== 'left') hint = word;
  }
  c.expect('(');
  const items = c.peek(')') ? [] : parseItems(c);
  c.expect(')');
  return { kind: 'embed', target, alias, hint, inner, spread, items };
}
