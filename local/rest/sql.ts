// Building blocks for generated SQL: identifier quoting and a parameter list. User input only ever
// reaches Postgres as a bind parameter or as a quoted identifier, never spliced in as text.

/** `name` as a quoted identifier (`"a""b"`), safe for any input. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.name`, both parts quoted. */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** Bind parameters of one statement; `add` returns the placeholder (`$1`, `$2`, …). */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A statement ready for `client.query`. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A cast target from the request (`col::int`, `::text[]`). Only plain type names pass, so the cast can be
 * written unquoted (quoting would break aliases such as `integer`).
 */
export function isSafeTypeName(type: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/.test(type);
}
