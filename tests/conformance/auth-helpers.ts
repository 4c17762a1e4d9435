// Shared by the auth*.test.ts suites: raw calls to /auth/v1 as auth-js makes them, fresh users, and
// checks of GoTrue's error bodies. Every user gets a unique address so suites can run in parallel
// and again against the same project.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';

export const PASSWORD = 'a-long-enough-password';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

export const uniqueEmail = (tag = 'auth') => `${tag}-${randomUUID().slice(0, 13)}@test.kasuwa.app`;

export interface AuthRequest {
  method?: string;
  body?: unknown;
  /** Bearer token; defaults to the anon key, as auth-js sends before there is a session. */
  token?: string;
  /** Send the body as is (malformed JSON tests). */
  rawBody?: string;
  /** Omit X-Supabase-Api-Version to get GoTrue's legacy error shape. */
  legacy?: boolean;
}

export function authFetch(path: string, init: AuthRequest = {}): Promise<Response> {
  const headers: Record<string, string> = {
    apikey: ANON_KEY,
    authorization: `Bearer ${init.token ?? ANON_KEY}`,
  };
  if (!init.legacy) headers['x-supabase-api-version'] = '2024-01-01';
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
  return fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
}

export const adminFetch = (path: string, init: AuthRequest = {}) =>
  authFetch(path, { ...init, token: init.token ?? SERVICE_ROLE_KEY });

/** A response body as the assertions read it: any shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: Response): Promise<any> => res.json();

/** Checks a 2024-01-01 error: status, body {code, message} and the headers auth-js reads. */
export async function expectError(res: Response, status: number, code: string, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(res.headers.get('x-sb-error-code')).toBe(code);
  const body = await json(res);
  expect(body).toMatchObject({ code, message: message ?? expect.any(String) });
  return body;
}

/** Signs up a fresh user (autoconfirm) and returns the session GoTrue answered with. */
export async function signUpUser(data: Record<string, unknown> = {}, email = uniqueEmail()) {
  const res = await authFetch('/signup', { body: { email, password: PASSWORD, data } });
  expect(res.status).toBe(200);
  const session = await json(res);
  return { email, session, accessToken: session.access_token as string, userId: session.user.id as string };
}

export async function signIn(email: string, password = PASSWORD) {
  return authFetch('/token?grant_type=password', { body: { email, password } });
}

export async function refresh(refreshToken: string) {
  return authFetch('/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
}

export const anonClient = () => supabaseClient(ANON_KEY);
export const adminClient = () => supabaseClient(SERVICE_ROLE_KEY);
