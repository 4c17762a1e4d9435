// GoTrue's error answers: `{code, message}` with X-Supabase-Api-Version 2024-01-01 (what auth-js sends),
// the legacy `{code: <status>, error_code, msg}` otherwise.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const API_VERSION = '2024-01-01';

export function sendAuthError(req: IncomingMessage, res: ServerResponse, e: AuthError): void {
  const modern = (req.headers['x-supabase-api-version'] ?? '') >= API_VERSION;
  const body = modern
    ? { code: e.code, message: e.message, ...e.extra }
    : { code: e.status, error_code: e.code, msg: e.message, ...e.extra };
  sendJson(res, e.status, body, {
    'x-sb-error-code': e.code,
    ...(modern ? { 'x-supabase-api-version': API_VERSION } : {}),
  });
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validation = (message: string) => new AuthError(400, 'validation_failed', message);
