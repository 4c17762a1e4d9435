// GoTrue's error bodies. Since API version 2024-01-01 (auth-js always asks for it) an error is
// {"code","message"}; older clients get {"code":<status>,"error_code","msg"}. auth-js picks the code
// from `code` only when the response echoes the version header, so both must agree.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body (`weak_password`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const badJson = (detail: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');
export const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** GoTrue's answer when the project's hourly mail budget is spent. */
export const emailRateLimited = () =>
  new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');

/** GoTrue's answer when the same address was sent a mail less than `max_frequency` ago. */
export function tooSoon(sentAt: string | null, frequencyMs: number, now = Date.now()): AuthError | undefined {
  const left = sentAt ? Date.parse(sentAt) + frequencyMs - now : 0;
  if (left <= 0) return undefined;
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
  );
}

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** The 2024-01-01 format applies when the request names that version or a later date. */
function wantsDatedErrors(req: IncomingMessage): boolean {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return !Number.isNaN(Date.parse(value)) && value >= API_VERSION_2024;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if (wantsDatedErrors(req)) {
    headers['X-Supabase-Api-Version'] = API_VERSION_2024;
    sendJson(res, error.status, { code: error.code, message: error.message, ...error.extra }, headers);
  } else {
    sendJson(
      res,
      error.status,
      { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
      headers,
    );
  }
}
