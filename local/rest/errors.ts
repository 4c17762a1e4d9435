// PostgREST's error responses: the `{code, details, hint, message}` body, the PGRST codes this subset
// raises itself, and the SQLSTATE → HTTP status mapping for errors that come from Postgres.
import type { ServerResponse } from 'node:http';
import type { DatabaseError } from 'pg';
import { sendJson } from '../http.ts';
import { isResponseTooLarge } from './statement.ts';

export interface ErrorBody {
  code: string;
  details: unknown;
  hint: string | null;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, details, hint, message });
}

/**
 * A query-string syntax error, shaped like PostgREST's parser errors:
 * message `"failed to parse <what> (<input>)" (line 1, column <n>)`, details `unexpected … expecting …`.
 */
export function parseError(what: string, input: string, position: number, details: string): ApiError {
  return pgrstError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${position + 1})`,
    details,
  );
}

/** The `unexpected …` part of a parse error for the character at `position` (or the end of input). */
export function unexpected(input: string, position: number, expecting: string): string {
  const found = position < input.length ? `"${input[position]}"` : 'end of input';
  return `unexpected ${found} expecting ${expecting}`;
}

export function jwtError(
  code: 'PGRST301' | 'PGRST303',
  message: string,
  details: string | null = null,
): ApiError {
  const description = JSON.stringify(message);
  return new ApiError(
    401,
    { code, details, hint: null, message },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${description}` },
  );
}

/** HTTP status for a Postgres error, as PostgREST maps SQLSTATEs; `anonymous` = request ran as the anon role. */
export function statusForSqlState(code: string, message: string, anonymous: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
  };
  if (code in exact) return exact[code]!;
  if (code === '42501') return anonymous ? 401 : 403;
  // pg-safeupdate's refusal is the client's fault; other cardinality errors are the server's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (code.startsWith('PT')) return Number(code.slice(2)) || 500;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

function isDatabaseError(e: unknown): e is DatabaseError {
  return e instanceof Error && typeof (e as DatabaseError).code === 'string' && 'severity' in e;
}

/**
 * An error thrown while serving a request, as the response PostgREST would send. Errors that are neither
 * ours nor Postgres's are bugs: they are rethrown for the server to log.
 */
export function toApiError(e: unknown, anonymous: boolean): ApiError {
  if (e instanceof ApiError) return e;
  if (!isDatabaseError(e)) throw e;
  const code = e.code!;
  if (isResponseTooLarge(code, e.message)) return responseTooLarge();
  const status = statusForSqlState(code, e.message, anonymous);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(
    status,
    { code, details: e.detail ?? null, hint: e.hint ?? null, message: e.message },
    headers,
  );
}

/** The local stack's own limit, which PostgREST does not have: docs/local-stack-protocol.md, "Limits". */
export const RESPONSE_TOO_LARGE = 'PGRSTL01';

export function responseTooLarge(): ApiError {
  return pgrstError(
    400,
    RESPONSE_TOO_LARGE,
    'Response too large',
    'The response would be larger than the Data API answers',
    'Select fewer rows (limit, Range) or fewer embedded resources',
  );
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, error.body, {
    'Proxy-Status': `PostgREST; error=${error.body.code}`,
    ...error.headers,
  });
}
