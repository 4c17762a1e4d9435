// Calls on behalf of a member of an organization: the current organization (x-org-id) and the write's id
// (Idempotency-Key) go along as the app sends them.
import { SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json, registerAndSignIn } from './helpers.ts';

export type Owner = Awaited<ReturnType<typeof registerAndSignIn>> & { orgId: string };

export function call(
  path: string,
  init: { token: string; orgId?: string; method?: string; body?: unknown; key?: string },
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.token}` };
  if (init.orgId) headers['x-org-id'] = init.orgId;
  if (init.key) headers['Idempotency-Key'] = init.key;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${SUPABASE_URL}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export async function owner(overrides: Record<string, unknown> = {}): Promise<Owner> {
  const signedIn = await registerAndSignIn(overrides);
  const me = await json(await call('/auth/user', { token: signedIn.token }));
  return { ...signedIn, orgId: me.organizations[0].id };
}

/** A second person in the owner's organization with `role` (what an accepted invitation does). */
export async function member(
  of: Owner,
  role: 'MANAGER' | 'ACCOUNTANT' | 'SALES',
  overrides: Record<string, unknown> = {},
) {
  const person = await registerAndSignIn(overrides);
  const admin = supabaseClient(SERVICE_ROLE_KEY);
  const { error } = await admin
    .from('memberships')
    .insert({ org_id: of.orgId, user_id: person.userId, role });
  if (error) throw error;
  return person;
}

/**
 * Moves an organization to Enterprise (five businesses per owner) as the service role, so its owner may
 * create more: the free plan allows one business.
 */
export async function allowMoreOrganizations(orgId: string) {
  const { error } = await supabaseClient(SERVICE_ROLE_KEY)
    .from('licenses')
    .update({ plan: 'BUSINESS' })
    .eq('org_id', orgId);
  if (error) throw error;
}
