// Request bodies as GoTrue decodes them: JSON into typed fields, unknown keys ignored, `null` read as
// the field's empty value, a value of the wrong type rejected as bad_json.
import type { IncomingMessage } from 'node:http';
import { BodyTooLarge, readBody } from '../http.ts';
import { AuthError, badJson } from './errors.ts';

export type Json = Record<string, unknown>;

const MAX_BODY = 1024 * 1024;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as a JSON object; `optional` lets an empty body read as {} (GoTrue's DELETE does). */
export async function readJsonBody(req: IncomingMessage, optional = false): Promise<Json> {
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_BODY);
  } catch (e) {
    if (e instanceof BodyTooLarge) {
      throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY} bytes)`);
    }
    throw e;
  }
  if (optional && raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw badJson((e as Error).message);
  }
  if (parsed === null) return {};
  if (!isObject(parsed)) throw badJson('the body must be a JSON object');
  return parsed;
}

/** A string field; absent or null reads as "". */
export function stringField(body: Json, key: string): string {
  return optionalString(body, key) ?? '';
}

/** A string field where absence matters (GoTrue's *string): absent or null reads as undefined. */
export function optionalString(body: Json, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badJson(`field ${key} must be a string`);
  return value;
}

export function booleanField(body: Json, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw badJson(`field ${key} must be a boolean`);
  return value;
}

/** An object field (metadata); absent or null reads as undefined, meaning "leave as is". */
export function objectField(body: Json, key: string): Json | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw badJson(`field ${key} must be an object`);
  return value;
}
