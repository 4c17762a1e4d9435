// GET /api/audit: the audit trail for owners, managers and accountants; never for sales or outsiders.
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('/api/audit', () => {
  it('tells who changed what, newest first, with only the names of changed fields', async () => {
    const o = await owner();
    const p = await json(
      await call('/products', {
        token: o.token,
        body: { name: 'Sugar 1kg', sku: 'SUG-1', cost: 10, price: 12 },
      }),
    );
    await call(`/products/${p.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Sugar 1kg', sku: 'SUG-1', cost: 10, price: 13 },
    });
    const log = await json(await call('/audit?limit=5', { token: o.token }));
    expect(log[0]).toMatchObject({
      action: 'UPDATE',
      entity: 'products',
      actor: 'Adwoa Owusu',
      fields: expect.arrayContaining(['price']),
    });
    expect(
      log.some((e: { action: string; entity: string }) => e.action === 'INSERT' && e.entity === 'products'),
    ).toBe(true);

    const accountant = await member(o, 'ACCOUNTANT');
    expect((await call('/audit', { token: accountant.token, orgId: o.orgId })).status).toBe(200);
    const sales = await member(o, 'SALES');
    expect((await call('/audit', { token: sales.token, orgId: o.orgId })).status).toBe(403);
    const stranger = await owner();
    expect((await call('/audit', { token: stranger.token, orgId: o.orgId })).status).toBe(403);
  });

  it('filters by entity, by member and by days of the organization’s time zone', async () => {
    const o = await owner({ country: 'KE', currency: 'KES' }); // Africa/Nairobi, UTC+3
    const manager = await member(o, 'MANAGER');
    await call('/customers', { token: o.token, body: { name: 'Wanjiku' } });
    await call('/expenses', {
      token: manager.token,
      orgId: o.orgId,
      body: { vendor: 'Kenya Power', category: 'utilities', amount: 1200 },
    });
    const list = async (query: string) => {
      const res = await call(`/audit?${query}`, { token: o.token });
      expect(res.status).toBe(200);
      return (await json(res)) as { entity: string; actor: string; createdAt: string }[];
    };
    const byManager = await list(`actor=${manager.userId}`);
    expect(byManager.map((e) => e.entity)).toEqual(['expenses']);
    expect((await list('entity=customers')).map((e) => e.entity)).toEqual(['customers']);

    // 21:30 UTC on 1 March is already 2 March in Nairobi.
    const admin = supabaseClient(SERVICE_ROLE_KEY);
    const { error } = await admin.from('audit_logs').insert({
      org_id: o.orgId,
      actor_id: o.userId,
      action: 'UPDATE',
      entity: 'products',
      entity_id: 'late-evening',
      payload: { price: [1, 2] },
      created_at: '2026-03-01T21:30:00Z',
    });
    expect(error).toBeNull();
    expect((await list('from=2026-03-02&to=2026-03-02')).map((e) => e.createdAt)).toEqual([
      expect.stringMatching(/^2026-03-01T21:30:00/),
    ]);
    expect(await list('from=2026-03-01&to=2026-03-01')).toEqual([]);
    expect((await call('/audit?from=yesterday', { token: o.token })).status).toBe(400);
    expect((await call('/audit?actor=someone', { token: o.token })).status).toBe(400);
  });

  it('never keeps a token hash: invitations and share links leave no secret in the trail', async () => {
    const o = await owner();
    const invited = await call(`/organizations/${o.orgId}/invitations`, {
      token: o.token,
      body: { email: 'kwame@test.kasuwa.app', role: 'SALES' },
    });
    expect(invited.status).toBe(201);
    // Inviting the same email again gives a new link: an UPDATE of the token hash.
    await call(`/organizations/${o.orgId}/invitations`, {
      token: o.token,
      body: { email: 'kwame@test.kasuwa.app', role: 'MANAGER' },
    });
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const invoice = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, total: 5 } }),
    );
    expect((await call(`/invoices/${invoice.id}/share`, { token: o.token, method: 'POST' })).status).toBe(
      201,
    );
    const { data, error } = await supabaseClient(SERVICE_ROLE_KEY)
      .from('audit_logs')
      .select('entity, action, payload')
      .eq('org_id', o.orgId);
    expect(error).toBeNull();
    const entities = new Set(data!.map((r) => r.entity));
    expect(entities).toContain('invitations');
    expect(entities).toContain('invoice_share_tokens');
    for (const row of data!) expect(JSON.stringify(row.payload), row.entity).not.toMatch(/token_hash/);
    const updated = data!.find((r) => r.entity === 'invitations' && r.action === 'UPDATE');
    expect(updated?.payload).toHaveProperty('role');
  });
});
