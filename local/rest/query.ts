// The parsed form of a request's query string: what to select, how to filter, order and page.

export interface JsonStep {
  arrow: '->' | '->>';
  /** A number indexes a JSON array; a string is an object key. */
  key: string | number;
}

/** A column, possibly followed by a JSON path. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed';
      /** Table, foreign key column or constraint name. */
      target: string;
      alias?: string;
      hint?: string;
      /** `!inner` drops parent rows without a match; `!left` (the default) keeps them. */
      inner: boolean;
      /** `...rel(cols)`: the embedded columns are merged into the parent object. */
      spread: boolean;
      items: SelectItem[];
    };

export const OPERATORS = [
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
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterExpr {
  negate: boolean;
  op: Operator;
  /** `eq(any).{a,b}`: compare with any/all elements of a Postgres array literal. */
  quantifier?: 'any' | 'all';
  /** Text search configuration of `fts(english)`. */
  config?: string;
  /** A list for `in`, otherwise the raw value. */
  value: string | string[];
}

export type Condition =
  | { kind: 'filter'; field: Field; expr: FilterExpr }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; conditions: Condition[] };

export interface OrderTerm {
  field: Field;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** Filters, order and paging of the top-level resource or of one embed. */
export interface NodeParams {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** `columns=` of a bulk insert. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
  /** Keyed by embed path: '' is the resource itself, `a.b` the embed `b` inside embed `a` (alias or name). */
  nodes: Map<string, NodeParams>;
}
