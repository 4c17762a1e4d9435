// Request bodies of writes: a JSON object or an array of objects, the columns they set (PGRST102 for
// bodies PostgREST refuses, PGRST204 for unknown columns).
import { pgrstError } from './errors.ts';
import type { Table } from './schema-cache.ts';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function invalidBody(message = 'Empty or invalid json') {
  return pgrstError(400, 'PGRST102', message);
}

/** Parses a JSON body; an empty body is `fallback` when given, else an error. */
export function parseJsonBody(raw: Buffer, fallback?: unknown): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') {
    if (fallback !== undefined) return fallback;
    throw invalidBody();
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody();
  }
}

/** The rows of an insert body: one object or an array of objects with the same keys. */
export function payloadRows(body: unknown, explicitColumns: boolean): JsonObject[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isJsonObject)) throw invalidBody();
  if (!explicitColumns && rows.length > 1) {
    const keys = Object.keys(rows[0]!).sort().join(',');
    if (rows.some((r) => Object.keys(r).sort().join(',') !== keys))
      throw invalidBody('All object keys must match');
  }
  return rows;
}

/** A PATCH body: exactly one object. */
export function payloadObject(body: unknown): JsonObject {
  if (!isJsonObject(body)) throw invalidBody();
  return body;
}

/** Checks that every column exists in `table` (PGRST204 names the first that doesn't). */
export function checkColumns(table: Table, columns: string[]): string[] {
  const missing = columns.find((c) => !table.columns.has(c));
  if (missing !== undefined) {
    throw pgrstError(
      400,
      'PGRST204',
      `Could not find the '${missing}' column of '${table.name}' in the schema cache`,
    );
  }
  return columns;
}
