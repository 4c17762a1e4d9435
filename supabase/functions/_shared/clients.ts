// Two clients, kept apart: the user's (their JWT forwarded, so RLS decides) and the admin one (service
// role), used only where a route must act beyond the caller: spending an anonymous caller's request budget,
// then what such a caller may see (a shared document, an invitation, whether a name is free), and
// undoing a registration that failed half-way.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@shared/database.types.ts';
import { AppError } from './errors.ts';

const url = Deno.env.get('SUPABASE_URL')!;
const anonKey = Deno.env.get('SUPABASE_ANON_KEY')!;
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!;
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export type Db = SupabaseClient<Database>;

/** The caller's bearer token, or a 401 the app recognises ("401: …Unauthorized…"). */
export function requireToken(req: Request): string {
  const m = /^bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '');
  const token = m?.[1]?.trim();
  if (!token || token === anonKey) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return token;
}

export function userClient(token: string): Db {
  return createClient<Database>(url, anonKey, {
    ...noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** The anon client; `forwardedFor` names the caller's address to Auth (its rate limits are per address). */
export function anonClient(forwardedFor?: string | null): Db {
  return createClient<Database>(url, anonKey, {
    ...noSession,
    ...(forwardedFor ? { global: { headers: { 'X-Forwarded-For': forwardedFor } } } : {}),
  });
}

export function adminClient(): Db {
  return createClient<Database>(url, serviceKey, noSession);
}

/** The signed-in user behind the request, checked with Auth (not just decoded), and their client. */
export async function requireUser(req: Request): Promise<{ userId: string; email: string; db: Db }> {
  const token = requireToken(req);
  const db = userClient(token);
  const { data, error } = await db.auth.getUser(token);
  // Auth could not answer (its database restarting, the network): the session may be fine, so not a 401,
  // which would send the person back to sign in; a 503 the app retries.
  if (error && (!error.status || error.status >= 500)) {
    throw new AppError('UNAVAILABLE', 'The service is unavailable for a moment. Please try again.');
  }
  if (error || !data.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return { userId: data.user.id, email: data.user.email ?? '', db };
}
