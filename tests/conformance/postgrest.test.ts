// The Data API (PostgREST) behaviour the app relies on (docs/local-stack-protocol.md), on this
// project's own tables. Runs against the local stack or any Supabase project with these migrations
// (JWT_SECRET must then be that project's, for the expired-token case).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET as LOCAL_SECRET } from '../../local/config.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { allowMoreOrganizations } from './rest-helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();
const suffix = randomUUID().slice(0, 8);
let token = '';
let orgId = '';
let otherOrgId = '';

function rest(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; auth?: string | null } = {},
) {
  const headers: Record<string, string> = { apikey: ANON_KEY, ...init.headers };
  const bearer = init.auth === undefined ? token : init.auth;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${SUPABASE_URL}/rest/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A confirmed user with an organization, signed in: their access token and organization id. */
async function owner(name: string): Promise<{ token: string; orgId: string }> {
  const admin = supabaseClient(SERVICE_ROLE_KEY);
  const email = `rest-${randomUUID().slice(0, 8)}@test.kasuwa.app`;
  const created = await admin.auth.admin.createUser({
    email,
    password: 'a-long-enough-password',
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const signed = await supabaseClient().auth.signInWithPassword({
    email,
    password: 'a-long-enough-password',
  });
  if (signed.error) throw signed.error;
  const client = supabaseClient(undefined, signed.data.session.access_token);
  const org = await client.rpc('create_organization', { p_name: name, p_country: 'GH', p_currency: 'GHS' });
  if (org.error) throw org.error;
  return { token: signed.data.session.access_token, orgId: org.data.id };
}

beforeAll(async () => {
  const a = await owner(`Rest Org A ${suffix}`);
  // A creates a second organization below (a name taken): on the free plan it would be refused first.
  await allowMoreOrganizations({ orgId: a.orgId });
  const b = await owner(`Rest Org B ${suffix}`);
  token = a.token;
  orgId = a.orgId;
  otherOrgId = b.orgId;
  const customers = ['Abena', 'Kofi', 'Yaw', 'Esi', 'Akua'].map((name, i) => ({
    org_id: orgId,
    name: `${name} ${suffix}`,
    email: i % 2 ? null : `${name.toLowerCase()}@example.com`,
    phone: `+233 20 000 000${i}`,
  }));
  const res = await rest('/customers', { body: customers });
  expect(res.status).toBe(201);
});

describe('Data API: reading', () => {
  it('selects columns with aliases and casts, and embeds to-one and to-many relations', async () => {
    const res = await rest(
      `/memberships?select=role,since:created_at,org:organizations(name,currency)&org_id=eq.${orgId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await json(res)).toEqual([
      { role: 'OWNER', since: expect.any(String), org: { name: `Rest Org A ${suffix}`, currency: 'GHS' } },
    ]);
    const many = await json(
      await rest(`/organizations?select=name,default_tax_rate::text,memberships(role)&id=eq.${orgId}`),
    );
    expect(many).toEqual([
      { name: `Rest Org A ${suffix}`, default_tax_rate: '20.00', memberships: [{ role: 'OWNER' }] },
    ]);
  });

  it('filters with eq, neq, in, ilike with *, is null, not and or', async () => {
    const base = `/customers?select=name&org_id=eq.${orgId}&order=name`;
    const names = async (q: string) =>
      (await json(await rest(base + q))).map((c: { name: string }) => c.name.split(' ')[0]);
    expect(await names(`&name=eq.Kofi ${suffix}`)).toEqual(['Kofi']);
    expect(await names(`&name=in.("Yaw ${suffix}","Esi ${suffix}")`)).toEqual(['Esi', 'Yaw']);
    expect(await names(`&name=ilike.a*`)).toEqual(['Abena', 'Akua']);
    expect(await names(`&email=is.null`)).toEqual(['Esi', 'Kofi']);
    expect(await names(`&email=not.is.null&name=neq.Abena ${suffix}`)).toEqual(['Akua', 'Yaw']);
    expect(await names(`&or=(name.ilike.kofi*,and(email.is.null,name.ilike.e*))`)).toEqual(['Esi', 'Kofi']);
  });

  it('orders, pages with limit/offset and Range, and counts with Content-Range and 206', async () => {
    const desc = await json(
      await rest(`/customers?select=name&org_id=eq.${orgId}&order=email.desc.nullslast,name.asc&limit=2`),
    );
    expect(desc.map((c: { name: string }) => c.name.split(' ')[0])).toEqual(['Yaw', 'Akua']);
    const page = await rest(`/customers?select=name&org_id=eq.${orgId}&order=name&offset=1&limit=2`, {
      headers: { prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('1-2/5');
    const ranged = await rest(`/customers?select=name&org_id=eq.${orgId}&order=name`, {
      headers: { range: '0-1' },
    });
    expect(ranged.headers.get('content-range')).toBe('0-1/*');
    expect(await json(ranged)).toHaveLength(2);
    const all = await rest(`/customers?select=name&org_id=eq.${orgId}`, {
      headers: { prefer: 'count=exact' },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');
    const beyond = await rest(`/customers?select=name&org_id=eq.${orgId}&offset=10`, {
      headers: { prefer: 'count=exact' },
    });
    expect(beyond.status).toBe(416);
    expect((await json(beyond)).code).toBe('PGRST103');
  });

  it('answers a single object, or 406 PGRST116 when there is not exactly one row', async () => {
    const accept = { accept: 'application/vnd.pgrst.object+json' };
    const one = await rest(`/organizations?select=name&id=eq.${orgId}`, { headers: accept });
    expect(await json(one)).toEqual({ name: `Rest Org A ${suffix}` });
    const none = await rest(`/organizations?select=name&id=eq.${otherOrgId}`, { headers: accept });
    expect(none.status).toBe(406);
    expect(await json(none)).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
  });

  it('keeps other organizations invisible and gives anon nothing', async () => {
    expect(await json(await rest(`/customers?org_id=eq.${otherOrgId}`))).toEqual([]);
    expect(await json(await rest('/organizations?select=id', { auth: null }))).toEqual([]);
  });

  it('answers CSV when asked', async () => {
    const res = await rest(`/customers?select=name,phone&org_id=eq.${orgId}&order=name&limit=1`, {
      headers: { accept: 'text/csv' },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    // PostgREST writes each value as Postgres's row text does: quoted when it has spaces.
    expect(await res.text()).toBe(`name,phone\n"Abena ${suffix}","+233 20 000 0000"`);
  });
});

describe('Data API: writing', () => {
  it('inserts with return=minimal (201, no body) and return=representation', async () => {
    const minimal = await rest('/customers', { body: { org_id: orgId, name: `Minimal ${suffix}` } });
    expect(minimal.status).toBe(201);
    expect(await minimal.text()).toBe('');
    const rep = await rest('/customers?select=name,email', {
      body: { org_id: orgId, name: `Rep ${suffix}`, email: 'rep@example.com' },
      headers: { prefer: 'return=representation' },
    });
    expect(rep.status).toBe(201);
    expect(await json(rep)).toEqual([{ name: `Rep ${suffix}`, email: 'rep@example.com' }]);
  });

  it('updates and deletes matching rows, and refuses an update without a filter', async () => {
    const id = randomUUID();
    await rest('/customers', { body: { id, org_id: orgId, name: `Temp ${suffix}` } });
    const upd = await rest(`/customers?id=eq.${id}&select=name,phone`, {
      method: 'PATCH',
      body: { phone: '+233 24 111 2222' },
      headers: { prefer: 'return=representation' },
    });
    expect(upd.status).toBe(200);
    expect(await json(upd)).toEqual([{ name: `Temp ${suffix}`, phone: '+233 24 111 2222' }]);
    const noFilter = await rest('/customers', { method: 'PATCH', body: { phone: 'x' } });
    expect(noFilter.status).toBe(400);
    expect((await json(noFilter)).code).toBe('21000');
    const del = await rest(`/customers?id=eq.${id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await json(await rest(`/customers?id=eq.${id}`))).toEqual([]);
  });

  it('upserts with merge-duplicates on the primary key (200 when nothing new was inserted)', async () => {
    const id = randomUUID();
    await rest('/customers', { body: { id, org_id: orgId, name: `Upsert ${suffix}` } });
    const res = await rest('/customers?select=name', {
      body: { id, org_id: orgId, name: `Upserted ${suffix}` },
      headers: { prefer: 'resolution=merge-duplicates,return=representation' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual([{ name: `Upserted ${suffix}` }]);
  });

  it('maps database errors: RLS refusal 403/401 with 42501, unique 409 with 23505, check 400, unknown column PGRST204', async () => {
    const rls = await rest('/organizations', {
      body: { name: `Direct ${suffix}`, country: 'GH', currency: 'GHS' },
    });
    expect(rls.status).toBe(403);
    expect((await json(rls)).code).toBe('42501');
    const anon = await rest('/customers', { body: { org_id: orgId, name: 'x' }, auth: null });
    expect(anon.status).toBe(401);
    const dup = await rest('/rpc/create_organization', {
      body: { p_name: `rest org a ${suffix}`, p_country: 'GH', p_currency: 'GHS' },
    });
    expect(dup.status).toBe(409);
    expect(await json(dup)).toMatchObject({
      code: '23505',
      message: 'An organization with this name already exists',
    });
    const check = await rest('/customers', { body: { org_id: orgId, name: '   ' } });
    expect(check.status).toBe(400);
    expect((await json(check)).code).toBe('23514');
    const unknown = await rest('/customers', { body: { org_id: orgId, name: 'x', nickname: 'y' } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).code).toBe('PGRST204');
  });
});

describe('Data API: functions, errors and JWTs', () => {
  it('calls functions with POST and GET and answers scalars, objects and sets', async () => {
    const decimals = await rest('/rpc/currency_decimals?p_currency=GHS');
    expect(await json(decimals)).toBe(2);
    const owner = await rest('/rpc/has_role', { body: { p_org_id: orgId, p_roles: ['OWNER'] } });
    expect(await json(owner)).toBe(true);
    const metrics = await json(await rest('/rpc/get_metrics', { body: { p_org_id: orgId } }));
    expect(metrics).toMatchObject({ currency: 'GHS', activeCustomers: expect.any(Number) });
  });

  it('answers unknown tables, functions and bad filters with PostgREST codes', async () => {
    const table = await rest('/nothing_here');
    expect(table.status).toBe(404);
    expect((await json(table)).code).toBe('PGRST205');
    const fn = await rest('/rpc/nothing_here', { body: {} });
    expect(fn.status).toBe(404);
    expect((await json(fn)).code).toBe('PGRST202');
    const filter = await rest('/customers?name=nope.x');
    expect(filter.status).toBe(400);
    expect((await json(filter)).code).toBe('PGRST100');
    const embed = await rest('/customers?select=*,nothing_here(*)');
    expect(embed.status).toBe(400);
    expect((await json(embed)).code).toBe('PGRST200');
  });

  it('refuses expired and badly signed JWTs with 401', async () => {
    const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? LOCAL_SECRET);
    const expired = await new SignJWT({ role: 'authenticated', sub: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 120)
      .sign(secret);
    const res = await rest('/customers', { auth: expired });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    const forged = await rest('/customers', { auth: `${token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect((await json(forged)).code).toBe('PGRST301');
  });

  it('works through supabase-js: select with embed, insert and update with select, rpc, single, maybeSingle, count', async () => {
    const client = supabaseClient(undefined, token);
    const { data: rows, count } = await client
      .from('memberships')
      .select('role, organizations(name)', { count: 'exact' })
      .eq('org_id', orgId);
    expect(count).toBe(1);
    expect(rows).toEqual([{ role: 'OWNER', organizations: { name: `Rest Org A ${suffix}` } }]);
    const inserted = await client
      .from('customers')
      .insert({ org_id: orgId, name: `JS ${suffix}` })
      .select('id, name')
      .single();
    expect(inserted.data?.name).toBe(`JS ${suffix}`);
    const updated = await client
      .from('customers')
      .update({ phone: '0200000000' })
      .eq('id', inserted.data!.id)
      .select('phone')
      .single();
    expect(updated.data).toEqual({ phone: '0200000000' });
    const missing = await client.from('customers').select('id').eq('id', randomUUID()).maybeSingle();
    expect(missing).toMatchObject({ data: null, error: null });
    const rpc = await client.rpc('currency_decimals', { p_currency: 'XOF' });
    expect(rpc.data).toBe(0);
  });
});
