// Keys of views, as PostgREST infers them: a view column that is a plain reference to a table column
// (through any number of views) carries that column's part in primary and foreign keys, so a view over a
// table with foreign keys has relationships too — to tables, from tables and to other views.
//
// Where a view column comes from is read from the view's rewrite rule (`pg_rewrite.ev_action`, a
// `pg_node_tree`): each entry of the top-level query's target list records, in `resorigtbl` and
// `resorigcol`, the relation and column it was taken from (0 for an expression).
import type { ForeignKey } from './relationships.ts';
import type { Table } from './schema-cache.ts';

/** Where a view's column `resno` was taken from: a relation and its column number. */
export interface ColumnOrigin {
  resno: number;
  table: string;
  column: number;
}

interface Token {
  text: string;
  /** Nesting of `{…}` nodes the token is in; a node's own braces count as inside it. */
  depth: number;
}

// The words, node braces and list parentheses of a pg_node_tree; backslash escapes are resolved.
function tokenize(tree: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  while (i < tree.length) {
    const c = tree[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '{') {
      tokens.push({ text: c, depth: ++depth });
      i++;
    } else if (c === '}') {
      tokens.push({ text: c, depth: depth-- });
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ text: c, depth });
      i++;
    } else {
      let word = '';
      while (i < tree.length && !/[\s{}()]/.test(tree[i]!)) {
        if (tree[i] === '\\' && i + 1 < tree.length) i++;
        word += tree[i++];
      }
      tokens.push({ text: word, depth });
    }
  }
  return tokens;
}

/** The origins of the columns of a view, from its rewrite rule's `ev_action` text. */
export function viewColumnOrigins(evAction: string): ColumnOrigin[] {
  const tokens = tokenize(evAction);
  // The first query's own `:targetList` (depth 1), a list of TARGETENTRY nodes at depth 2.
  let i = tokens.findIndex((t) => t.depth === 1 && t.text === ':targetList');
  if (i < 0 || tokens[i + 1]?.text !== '(') return [];
  const origins: ColumnOrigin[] = [];
  let entry: Record<string, string> | null = null;
  for (i += 2; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.depth === 1) break; // the list's closing parenthesis
    if (t.depth !== 2) continue;
    if (t.text === '{') entry = {};
    else if (t.text === '}') {
      if (entry && entry.resjunk !== 'true' && entry.resorigtbl && entry.resorigtbl !== '0') {
        origins.push({
          resno: Number(entry.resno),
          table: entry.resorigtbl,
          column: Number(entry.resorigcol),
        });
      }
      entry = null;
    } else if (entry && t.text.startsWith(':') && tokens[i + 1]?.depth === 2) {
      entry[t.text.slice(1)] = tokens[i + 1]!.text;
    }
  }
  return origins;
}

/** A primary, unique or foreign key of any table, with its columns as names and as numbers. */
export interface KeyConstraint {
  name: string;
  type: 'p' | 'u' | 'f';
  table: string;
  columns: string[];
  keys: number[];
  refTable: string;
  refColumns: string[];
  refKeys: number[];
}

/** One way a relation shows a key: the relation and its columns for the key's columns. */
interface KeySide {
  table: Table;
  columns: string[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

// Every combination of one choice per position: [[a, b], [c]] → [[a, c], [b, c]].
const product = (choices: string[][]): string[][] =>
  choices.reduce<string[][]>((acc, options) => acc.flatMap((so) => options.map((o) => [...so, o])), [[]]);

/**
 * The foreign keys of the cached relations, views included: each foreign key between two tables gives
 * one between every pair of relations showing its columns (the tables themselves when exposed, and every
 * view showing all the key's columns, once per choice when a view shows a column twice). Views also get
 * the primary key of a table they show whole.
 *
 * `byOid` holds the cached relations; `views` the column origins of every view (exposed or not, so a
 * view of a view resolves to the table underneath); `viewColumns` the column names of cached views.
 */
export function inheritKeys(
  byOid: Map<string, Table>,
  constraints: KeyConstraint[],
  views: Map<string, ColumnOrigin[]>,
  viewColumns: Map<string, Map<number, string>>,
): ForeignKey[] {
  const origin = new Map([...views].map(([oid, cols]) => [oid, new Map(cols.map((c) => [c.resno, c]))]));
  // The table column underneath a view column, through views of views (null for an expression or a cycle).
  const base = (oid: string, column: number, seen: Set<string>): [string, number] | null => {
    const columns = origin.get(oid);
    if (!columns) return [oid, column];
    const from = columns.get(column);
    if (!from || seen.has(oid)) return null;
    return base(from.table, from.column, new Set([...seen, oid]));
  };
  // table oid → column number → the cached views' columns showing it.
  const shown = new Map<string, Map<number, { view: Table; name: string }[]>>();
  for (const [oid, names] of viewColumns) {
    const view = byOid.get(oid);
    if (!view) continue;
    for (const [resno, name] of names) {
      const b = base(oid, resno, new Set());
      if (!b) continue;
      const columns = shown.get(b[0]) ?? new Map<number, { view: Table; name: string }[]>();
      columns.set(b[1], [...(columns.get(b[1]) ?? []), { view, name }]);
      shown.set(b[0], columns);
    }
  }
  // The relations showing all of `keys` of table `oid`.
  const sides = (oid: string, keys: number[], columns: string[]): KeySide[] => {
    const table = byOid.get(oid);
    const result: KeySide[] = table && !table.isView ? [{ table, columns }] : [];
    const byKey = keys.map((k) => shown.get(oid)?.get(k) ?? []);
    const candidates = new Set(byKey[0]?.map((s) => s.view));
    for (const view of candidates) {
      const choices = byKey.map((list) => list.filter((s) => s.view === view).map((s) => s.name));
      if (choices.some((c) => c.length === 0)) continue;
      for (const combination of product(choices)) result.push({ table: view, columns: combination });
    }
    return result;
  };

  const uniqueKeys = new Map<string, string[][]>();
  for (const c of constraints) {
    if (c.type !== 'f') uniqueKeys.set(c.table, [...(uniqueKeys.get(c.table) ?? []), c.columns]);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const c of constraints) {
    if (c.type === 'p') {
      for (const side of sides(c.table, c.keys, c.columns)) {
        if (side.table.isView && side.table.primaryKey.length === 0) side.table.primaryKey = side.columns;
      }
    }
    if (c.type !== 'f') continue;
    const oneToOne = (uniqueKeys.get(c.table) ?? []).some((k) => sameSet(k, c.columns));
    const refSides = sides(c.refTable, c.refKeys, c.refColumns);
    for (const from of sides(c.table, c.keys, c.columns)) {
      for (const to of refSides) {
        foreignKeys.push({
          name: c.name,
          table: from.table,
          columns: from.columns,
          refTable: to.table,
          refColumns: to.columns,
          oneToOne,
        });
      }
    }
  }
  return foreignKeys;
}
