// Settings > Plan (GET /api/organizations/:id/plan) and deleting an organization (DELETE
// /api/organizations/:id), as the settings screen calls them.
import { describe, expect, it } from 'vitest';
import { fieldReasons, json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('GET /api/organizations/:id/plan', () => {
  it('shows the Starter plan, its limits and what is used, to every member and to no one else', async () => {
    const o = await owner();
    const plan = (token: string) => call(`/organizations/${o.orgId}/plan`, { token });
    expect(await json(await plan(o.token))).toMatchObject({
      plan: 'STARTER',
      status: 'ACTIVE',
      trialEndsAt: null,
      limits: { members: 2, invoicesPerMonth: 50, products: 100 },
      usage: { members: 1, invoicesPerMonth: 0, products: 0 },
    });
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    await call('/invoices', { token: o.token, body: { customerId: c.id, total: 10 } });
    await call('/products', {
      token: o.token,
      body: { name: 'Milo', sku: 'MILO', cost: 1, price: 2, openingStock: 1 },
    });
    const invited = await call(`/organizations/${o.orgId}/invitations`, {
      token: o.token,
      body: { email: 'yaw@test.kasuwa.app', role: 'SALES' },
    });
    expect(invited.status).toBe(201);
    const sales = await member(o, 'SALES');
    // The pending invitation takes a seat too, as the limit counts it.
    expect((await json(await call(`/organizations/${o.orgId}/plan`, { token: sales.token }))).usage).toEqual({
      members: 3,
      invoicesPerMonth: 1,
      products: 1,
    });
    const stranger = await owner();
    expect((await plan(stranger.token)).status).toBe(403);
  });
});

describe('DELETE /api/organizations/:id', () => {
  it('deletes the organization and everything in it once its owner types its name', async () => {
    const o = await owner();
    const org = await json(await call(`/organizations/${o.orgId}`, { token: o.token }));
    await call('/customers', { token: o.token, body: { name: 'Kept until the end' } });
    const manager = await member(o, 'MANAGER');
    const remove = (token: string, name: unknown) =>
      call(`/organizations/${o.orgId}`, { token, method: 'DELETE', body: { name } });

    const wrong = await remove(o.token, 'Another shop');
    expect(wrong.status).toBe(400);
    expect(fieldReasons(await json(wrong))).toEqual({ name: 'CONFIRM_NAME_MISMATCH' });
    const notOwner = await remove(manager.token, org.name);
    expect(notOwner.status).toBe(403);
    expect((await json(notOwner)).message).toBe('Only an owner can delete the organization');
    const stranger = await owner();
    expect((await remove(stranger.token, org.name)).status).toBe(404);
    expect((await call('/customers', { token: o.token })).headers.get('x-total-count')).toBe('1');

    const done = await remove(o.token, `  ${org.name.toUpperCase()} `);
    expect(done.status).toBe(204);
    expect((await call(`/organizations/${o.orgId}`, { token: o.token })).status).toBe(404);
    const me = await json(await call('/auth/user', { token: o.token }));
    expect(me.organizations).toEqual([]);
    const managerNow = await json(await call('/auth/user', { token: manager.token }));
    expect(managerNow.organizations.map((x: { id: string }) => x.id)).not.toContain(o.orgId);
  });
});
