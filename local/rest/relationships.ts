// Relationships for resource embedding, derived from foreign keys: many-to-one from the table holding
// the key, one-to-many back, one-to-one when the key columns are unique, many-to-many through a junction
// table whose primary key covers foreign keys to both sides. Views take part through the foreign keys of
// the tables their columns come from (see `view-keys.ts`). Resolution follows PostgREST's rules for
// targets (`table`, `fk_column`, `constraint`) and `!hint`s, its own rules for a table's relationships
// with itself, and its PGRST200/PGRST201 errors.
import { pgrstError, type ApiError } from './errors.ts';
import type { Table } from './schema-cache.ts';

export interface ForeignKey {
  name: string;
  table: Table;
  columns: string[];
  refTable: Table;
  refColumns: string[];
  /**
   * One-to-one when the key columns are unique in the table they come from (given for keys a view
   * inherits; otherwise read from `table`'s unique keys).
   */
  oneToOne?: boolean;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: Table;
  /** [junction column, source column] pairs, and the constraint they come from. */
  sourceOn: [string, string][];
  sourceConstraint: string;
  /** [junction column, target column] pairs. */
  targetOn: [string, string][];
  targetConstraint: string;
}

export interface Relationship {
  source: Table;
  target: Table;
  cardinality: Cardinality;
  /** The foreign key's name (for many-to-many: the one pointing at the source). */
  constraint: string;
  /** True when the foreign key columns are on the source side (many-to-one, or one-to-one from the child). */
  keyOnSource: boolean;
  /** [source column, target column] pairs of a direct relationship; empty for many-to-many. */
  on: [string, string][];
  junction: Junction | null;
  /** A relationship of a table (or view) with itself: a self-referencing key, or a junction to it twice. */
  isSelf: boolean;
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]!]);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

/** Adds to each table the relationships its foreign keys (and those pointing at it) give. */
export function buildRelationships(fks: ForeignKey[]): void {
  for (const fk of fks) {
    const oneToOne = fk.oneToOne ?? fk.table.uniqueKeys.some((k) => sameSet(k, fk.columns));
    const base = { constraint: fk.name, junction: null, isSelf: fk.table === fk.refTable };
    fk.table.relationships.push({
      ...base,
      source: fk.table,
      target: fk.refTable,
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      keyOnSource: true,
      on: zip(fk.columns, fk.refColumns),
    });
    fk.refTable.relationships.push({
      ...base,
      source: fk.refTable,
      target: fk.table,
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      keyOnSource: false,
      on: zip(fk.refColumns, fk.columns),
    });
  }
  for (const toSource of fks) {
    for (const toTarget of fks) {
      const junction = toSource.table;
      if (toSource.name === toTarget.name || toTarget.table !== junction) continue;
      const keyColumns = [...toSource.columns, ...toTarget.columns];
      if (!keyColumns.every((c) => junction.primaryKey.includes(c))) continue;
      toSource.refTable.relationships.push({
        source: toSource.refTable,
        target: toTarget.refTable,
        cardinality: 'many-to-many',
        constraint: toSource.name,
        keyOnSource: false,
        on: [],
        isSelf: toSource.refTable === toTarget.refTable,
        junction: {
          table: junction,
          sourceOn: zip(toSource.columns, toSource.refColumns),
          sourceConstraint: toSource.name,
          targetOn: zip(toTarget.columns, toTarget.refColumns),
          targetConstraint: toTarget.name,
        },
      });
    }
  }
}

/** The foreign key columns of a direct relationship, on whichever side holds them. */
function keyColumns(rel: Relationship): string[] {
  return rel.on.map(([source, target]) => (rel.keyOnSource ? source : target));
}

// An embed target names the related table, or — when that is a table, not a view — the foreign key
// constraint or (many-to-one) the key column.
function matchesTarget(rel: Relationship, target: string): boolean {
  if (rel.target.name === target) return true;
  if (rel.junction || rel.target.isView) return false;
  return rel.constraint === target || (rel.keyOnSource && rel.on.length === 1 && rel.on[0]![0] === target);
}

// A hint names the constraint, a foreign key column, or the junction table.
function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.junction) return rel.junction.table.name === hint;
  return rel.constraint === hint || keyColumns(rel).includes(hint);
}

function describe(rel: Relationship): Record<string, string> {
  const cols = (names: string[]) => `(${names.join(', ')})`;
  const embedding = `${rel.source.name} with ${rel.target.name}`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${j.table.name} using ${j.sourceConstraint}${cols(j.sourceOn.map((p) => p[0]))} and ${j.targetConstraint}${cols(j.targetOn.map((p) => p[0]))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.constraint} using ${rel.source.name}${cols(rel.on.map((p) => p[0]))} and ${rel.target.name}${cols(rel.on.map((p) => p[1]))}`,
  };
}

function ambiguous(source: Table, target: string, rels: Relationship[]): ApiError {
  const options = rels.map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.constraint}'`);
  return pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${target}'`,
    rels.map(describe),
    `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

// A self-relationship is one foreign key seen both ways, so PostgREST tells the two apart by the form of
// the embed: the table's name gives the children (one-to-many, `children:tree(*)`, narrowed by a hint
// naming the key column, `children:tree!parent_id(*)`), the key column gives the parent (many-to-one,
// `parent:parent_id(*)`). Constraint names are not accepted, and one-to-one or many-to-many
// self-relationships cannot be embedded.
function matchesSelf(rel: Relationship, target: string, hint: string | undefined): boolean {
  const single = rel.on.length === 1 ? rel.on[0]! : null;
  if (rel.cardinality === 'one-to-many') {
    return rel.target.name === target && (hint === undefined || single?.[1] === hint);
  }
  return rel.cardinality === 'many-to-one' && hint === undefined && single?.[0] === target;
}

/** The one relationship from `source` to the embed `target` (narrowed by `hint`), or PGRST200/PGRST201. */
export function resolveRelationship(source: Table, target: string, hint: string | undefined): Relationship {
  const found = source.relationships.filter((r) =>
    r.isSelf
      ? matchesSelf(r, target, hint)
      : matchesTarget(r, target) && (hint === undefined || matchesHint(r, hint)),
  );
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw ambiguous(source, target, found);
  const using = hint === undefined ? '' : `' using the hint '${hint}`;
  throw pgrstError(
    400,
    'PGRST200',
    `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${source.name}' and '${target}${using}' in the schema '${source.schema}', but no matches were found.`,
  );
}
