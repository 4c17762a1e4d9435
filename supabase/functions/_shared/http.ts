// Request parsing shared by the routes: JSON bodies validated with the shared zod schemas.
import type { z } from 'zod';
import { readReason } from '@shared/schemas/reasons.ts';
import { AppError } from './errors.ts';

/** The largest body a route reads (1 MB; the CSV import takes more): a bigger one is 413, never buffered. */
export const BODY_LIMIT = 1_000_000;
/** JSON nested deeper than this (no route's input goes past 4) is refused before it is parsed. */
const MAX_DEPTH = 32;

const tooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes`, undefined, {
    reason: 'BODY_TOO_LARGE',
    params: { maxKb: Math.floor(limit / 1000) },
  });

/** The body as text, read chunk by chunk and abandoned as soon as it passes `limit` bytes. */
async function readText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (declared > limit) throw tooLarge(limit);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** How deep the JSON text nests its arrays and objects (strings skipped), counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

export async function parseBody<T extends z.ZodType>(
  req: Request,
  schema: T,
  options: { limit?: number } = {},
): Promise<z.infer<T>> {
  // A form post or text body is not read as JSON: a page elsewhere cannot write here with a simple request.
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body must be JSON (Content-Type: application/json)',
      undefined,
      { reason: 'BODY_NOT_JSON' },
    );
  }
  const text = await readText(req, options.limit ?? BODY_LIMIT);
  if (jsonDepth(text) > MAX_DEPTH)
    throw new AppError('BAD_REQUEST', `The request body nests deeper than ${MAX_DEPTH} levels`, undefined, {
      reason: 'JSON_TOO_DEEP',
      params: { max: MAX_DEPTH },
    });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON', undefined, {
      reason: 'BODY_NOT_JSON',
    });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

type Fields = { field: string; reason: string; params?: Record<string, unknown> }[];

/** Each field with its own reason code (the schemas' messages are codes, ADR 005), first problem first. */
function fieldReasons(error: z.ZodError): Fields {
  const fields: Fields = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    if (fields.some((f) => f.field === field)) continue;
    fields.push({ field, ...(readReason(issue.message) ?? { reason: 'INVALID_VALUE' }) });
  }
  return fields;
}

/** The fields and their reasons, in English words for logs: `name (TOO_LONG {"max":255})`. */
const said = (fields: Fields) =>
  fields.map((f) => `${f.field} (${f.reason}${f.params ? ` ${JSON.stringify(f.params)}` : ''})`).join(', ');

/** A body the schema refused: INVALID_INPUT, with `details.fields` naming each field and its reason. */
function invalidInput(error: z.ZodError): AppError {
  const fields = fieldReasons(error);
  return new AppError(
    'VALIDATION_FAILED',
    `Invalid input: ${said(fields)}`,
    { fields },
    { reason: 'INVALID_INPUT', ...(fields[0] ? { field: fields[0].field } : {}) },
  );
}

/** A query string the schema refused: INVALID_QUERY, with its fields as for a body. */
export function invalidQuery(error: z.ZodError): AppError {
  const fields = fieldReasons(error);
  return new AppError(
    'BAD_REQUEST',
    `Invalid query: ${said(fields)}`,
    { fields },
    { reason: 'INVALID_QUERY', ...(fields[0] ? { field: fields[0].field } : {}) },
  );
}
