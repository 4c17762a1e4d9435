// Plan limits under concurrency, through the Data API as a member would call it: each limit is counted while
// holding a lock that serialises the creators of one organization (or one owner), so requests sent at the
// same moment cannot all see room for one more.
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { client, unique } from './helpers.ts';
import { allowMoreOrganizations, call, owner } from './org-helpers.ts';

const admin = () => supabaseClient(SERVICE_ROLE_KEY);

describe('plan limits under concurrency', () => {
  it('keeps a Starter organization at 100 products when 20 are created at once from 95', async () => {
    const o = await owner();
    const { error } = await admin()
      .from('products')
      .insert(Array.from({ length: 95 }, (_, i) => ({ org_id: o.orgId, name: `P${i}`, sku: `P-${i}` })));
    if (error) throw error;
    const db = client(o.token);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.from('products').insert({ org_id: o.orgId, name: `Rush ${i}`, sku: `RUSH-${i}` }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(5);
    for (const r of results.filter((x) => x.error)) expect(r.status).toBe(402);
    const { count } = await admin()
      .from('products')
      .select('id', { count: 'exact', head: true })
      .eq('org_id', o.orgId);
    expect(count).toBe(100);
  });

  it('lets a Starter owner keep one business, whichever path and however many at once', async () => {
    const o = await owner();
    const db = client(o.token);
    const s = unique();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        db.rpc('create_organization', { p_name: `Rush ${s} ${i}`, p_country: 'GH', p_currency: 'GHS' }),
      ),
    );
    for (const r of results) {
      expect(r.status).toBe(402);
      expect(JSON.parse(r.error?.hint ?? '{}')).toMatchObject({
        reason: 'PLAN_LIMIT',
        params: { limit: 'max_organizations', max: 1 },
      });
    }
    const { count } = await admin()
      .from('memberships')
      .select('org_id', { count: 'exact', head: true })
      .eq('user_id', o.userId)
      .eq('role', 'OWNER');
    expect(count).toBe(1);
  });

  it('lets an Enterprise owner reach five businesses and no more when eight are created at once', async () => {
    const o = await owner();
    await allowMoreOrganizations(o.orgId);
    const db = client(o.token);
    const s = unique();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.rpc('create_organization', { p_name: `Branch ${s} ${i}`, p_country: 'GH', p_currency: 'GHS' }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(4);
    for (const r of results.filter((x) => x.error)) expect(r.status).toBe(402);
    const { count } = await admin()
      .from('memberships')
      .select('org_id', { count: 'exact', head: true })
      .eq('user_id', o.userId)
      .eq('role', 'OWNER');
    expect(count).toBe(5);
  });
});

describe('text lengths', () => {
  it('refuses an over-long note or profile field through the Data API and keeps what was there', async () => {
    const o = await owner();
    const db = client(o.token);
    // A quote, made through the API as the app makes it.
    const { data: customer, error } = await db
      .from('customers')
      .insert({ org_id: o.orgId, name: 'Ama' })
      .select('id')
      .single();
    if (error) throw error;
    const made = await call('/invoices', {
      token: o.token,
      orgId: o.orgId,
      body: { customerId: customer.id, lines: [{ description: 'Rice', qty: 1, unitPrice: 10 }] },
    });
    expect(made.status).toBe(201);
    const quote = (await made.json()) as { id: string };
    const long = 'x'.repeat(100_000);
    const note = await db.from('invoices').update({ notes: long }).eq('id', quote.id).select('id');
    expect(note.status).toBe(400);
    expect(note.error?.code).toBe('23514');
    const image = await db
      .from('profiles')
      .update({ profile_image_url: long })
      .eq('id', o.userId)
      .select('id');
    expect(image.error?.code).toBe('23514');
    const { data: kept } = await db.from('invoices').select('notes').eq('id', quote.id).single();
    expect(kept?.notes ?? null).toBeNull();
  });
});
