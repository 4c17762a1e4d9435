// GET /api/audit: the audit trail for owners, managers and accountants; never for sales or outsiders.
import { describe, expect, it } from 'vitest';
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
});
