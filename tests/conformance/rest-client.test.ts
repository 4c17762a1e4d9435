// The Data API as the app reaches it: supabase-js 2.109 query builders against the local stack (or a
// real project), checking what the client hands back — data, count, status and error objects.
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { allowMoreOrganizations, createOwner, unique, type Owner } from './rest-helpers.ts';

const s = unique();
let owner: Owner;
let db: ReturnType<typeof supabaseClient>;

beforeAll(async () => {
  owner = await createOwner(`Rest Client ${s}`);
  await allowMoreOrganizations(owner); // .rpc() creates a second organization below
  db = supabaseClient(ANON_KEY, owner.token);
  const { error } = await db.from('customers').insert(
    ['Ama', 'Kwesi', 'Efua'].map((name, i) => ({
      org_id: owner.orgId,
      name: `${name} ${s}`,
      phone: i === 0 ? null : `+233 24 000 000${i}`,
    })),
  );
  expect(error).toBeNull();
});

describe('supabase-js against the Data API', () => {
  it('selects with an embedded to-one relation', async () => {
    const { data, error, status } = await db
      .from('memberships')
      .select('*, organizations(name)')
      .eq('org_id', owner.orgId);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      expect.objectContaining({ role: 'OWNER', user_id: owner.id, organizations: { name: owner.orgName } }),
    ]);
  });

  it('filters, orders and pages', async () => {
    const { data } = await db
      .from('customers')
      .select('name')
      .eq('org_id', owner.orgId)
      .or(`phone.is.null,name.ilike.*kwesi*`)
      .order('phone', { ascending: true, nullsFirst: true })
      .range(0, 1);
    expect(data).toEqual([{ name: `Ama ${s}` }, { name: `Kwesi ${s}` }]);
  });

  it('counts with { count: "exact" }, also for head requests', async () => {
    const page = await db
      .from('customers')
      .select('name', { count: 'exact' })
      .eq('org_id', owner.orgId)
      .limit(1);
    expect(page.count).toBe(3);
    expect(page.status).toBe(206);
    expect(page.data).toHaveLength(1);
    const head = await db
      .from('customers')
      .select('*', { count: 'exact', head: true })
      .eq('org_id', owner.orgId);
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
  });

  it('inserts, updates and deletes, returning rows with .select()', async () => {
    const inserted = await db
      .from('customers')
      .insert({ org_id: owner.orgId, name: `New ${s}` })
      .select('id, name')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data?.name).toBe(`New ${s}`);
    const id = inserted.data!.id;
    const updated = await db
      .from('customers')
      .update({ phone: '+233 55 000 0000' })
      .eq('id', id)
      .select('phone');
    expect(updated.data).toEqual([{ phone: '+233 55 000 0000' }]);
    const upserted = await db
      .from('customers')
      .upsert({ id, org_id: owner.orgId, name: `Upserted ${s}` })
      .select('name')
      .single();
    expect(upserted.data).toEqual({ name: `Upserted ${s}` });
    const deleted = await db.from('customers').delete().eq('id', id);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
    const gone = await db.from('customers').select('id').eq('id', id).maybeSingle();
    expect(gone).toMatchObject({ data: null, error: null });
  });

  it('returns one row with .single() and .maybeSingle(), and PGRST116 for none', async () => {
    const one = await db.from('organizations').select('name').eq('id', owner.orgId).single();
    expect(one.data).toEqual({ name: owner.orgName });
    const maybe = await db.from('organizations').select('name').eq('id', owner.orgId).maybeSingle();
    expect(maybe.data).toEqual({ name: owner.orgName });
    const none = await db.from('organizations').select('name').eq('name', `none ${s}`).single();
    expect(none.data).toBeNull();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
  });

  it('calls functions with .rpc(), by POST or GET', async () => {
    const member = await db.rpc('has_role', { p_org_id: owner.orgId });
    expect(member).toMatchObject({ data: true, error: null, status: 200 });
    const decimals = await db.rpc('currency_decimals', { p_currency: 'GHS' }, { get: true });
    expect(decimals.data).toBe(2);
    const org = await db.rpc('create_organization', {
      p_name: `Rest Client Rpc ${s}`,
      p_country: 'GH',
      p_currency: 'GHS',
    });
    expect(org.data).toMatchObject({ name: `Rest Client Rpc ${s}`, country: 'GH' });
  });

  it('reports database refusals as PostgrestError objects with the HTTP status', async () => {
    // Memberships are made by accepting an invitation: the table's RLS has no insert policy.
    const { data, error, status } = await db
      .from('memberships')
      .insert({ org_id: owner.orgId, user_id: owner.id, role: 'SALES' });
    expect(data).toBeNull();
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "memberships"',
    });
    const duplicate = await db.rpc('create_organization', {
      p_name: owner.orgName,
      p_country: 'GH',
      p_currency: 'GHS',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
  });
});
