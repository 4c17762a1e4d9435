// Calls to the app's /api surface as a browser or an integrator makes them.
import { randomUUID } from 'node:crypto';
import { SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';

export function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${SUPABASE_URL}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
}

/** A response body as tests read it: any shape, checked by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: Response): Promise<any> => res.json();

/** The reason code of each field an INVALID_INPUT answer lists (`details.fields`), by field. */
export const fieldReasons = (body: { details: { fields: { field: string; reason: string }[] } }) =>
  Object.fromEntries(body.details.fields.map((f) => [f.field, f.reason]));

export const unique = () => randomUUID().slice(0, 8);

export function registration(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    email: `owner-${id}@test.kasuwa.app`,
    password: 'correct-horse-battery',
    firstName: 'Adwoa',
    lastName: 'Owusu',
    organizationName: `Adwoa Stores ${id}`,
    country: 'GH',
    currency: 'GHS',
    ...overrides,
  };
}

export const client = (accessToken?: string) => supabaseClient(undefined, accessToken);

/** Registers through /api/auth/register and signs in; returns the access token. */
export async function registerAndSignIn(overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const res = await api('/auth/register', { body: input });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data, error } = await client().auth.signInWithPassword({
    email: input.email,
    password: input.password,
  });
  if (error) throw error;
  return { input, token: data.session.access_token, userId: data.user.id };
}
