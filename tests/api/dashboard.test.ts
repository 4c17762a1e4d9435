// GET /api/dashboard as the home screen calls it: a new organization's empty dashboard, then the same
// organization after its first product, customer, invoice, payment, lead and invitation; every member
// reads it, nobody else does.
import { describe, expect, it } from 'vitest';
import { api, json, unique } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('GET /api/dashboard', () => {
  it("starts empty for a new organization, in the organization's currency", async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const res = await call('/dashboard', { token: o.token });
    expect(res.status).toBe(200);
    const d = await json(res);
    expect(d).toMatchObject({
      currency: 'NGN',
      timezone: 'Africa/Lagos',
      metrics: {
        cashReceived: [{ currency: 'NGN', amount: 0 }],
        activeCustomers: 0,
        pendingInvoices: 0,
        lowStockItems: 0,
      },
      hints: {
        revenue: [{ currency: 'NGN', thisMonth: 0, lastMonth: 0, changePercent: null }],
        newCustomersThisMonth: 0,
        outstanding: [{ currency: 'NGN', amount: 0 }],
      },
      inventoryAlerts: { count: 0, items: [] },
      gettingStarted: {
        hasProduct: false,
        hasCustomer: false,
        hasInvoice: false,
        hasPayment: false,
        hasTeamMember: false,
      },
      activity: [],
    });
    expect(d.pipeline.map((s: { stage: string; count: number }) => [s.stage, s.count])).toEqual([
      ['PROSPECT', 0],
      ['QUALIFIED', 0],
      ['PROPOSAL', 0],
      ['CLOSED_WON', 0],
    ]);
  });

  it('shows the real numbers after the first sales, and the same to every member', async () => {
    const o = await owner();
    const product = await json(
      await call('/products', {
        token: o.token,
        body: {
          name: 'Shea butter',
          sku: `SB-${unique()}`,
          cost: 10,
          price: 25,
          openingStock: 3,
          lowStockThreshold: 5,
        },
      }),
    );
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ama Serwaa' } }));
    const invoice = await json(
      await call('/invoices', {
        token: o.token,
        body: { customerId: customer.id, status: 'ISSUED', total: 500 },
      }),
    );
    const paid = await call('/payments', {
      token: o.token,
      body: { invoiceId: invoice.id, method: 'cash', amount: 120.5 },
    });
    expect(paid.status).toBe(201);
    for (const [name, value] of [
      ['Big deal', 9000],
      ['Small deal', 100],
      ['Middle deal', 500],
      ['Tiny deal', 5],
    ] as const) {
      await call('/leads', { token: o.token, body: { name, value, stage: 'QUALIFIED' } });
    }
    const sales = await member(o, 'SALES');

    const d = await json(await call('/dashboard', { token: o.token }));
    expect(d).toMatchObject({
      metrics: {
        cashReceived: [{ currency: 'GHS', amount: 120.5 }],
        activeCustomers: 1,
        pendingInvoices: 1,
        lowStockItems: 1,
      },
      hints: {
        revenue: [{ currency: 'GHS', thisMonth: 120.5, changePercent: null }],
        newCustomersThisMonth: 1,
        outstanding: [{ currency: 'GHS', amount: 379.5 }],
      },
      inventoryAlerts: {
        count: 1,
        items: [
          { id: product.id, name: 'Shea butter', stockOnHand: 3, lowStockThreshold: 5, status: 'LOW_STOCK' },
        ],
      },
      gettingStarted: {
        hasProduct: true,
        hasCustomer: true,
        hasInvoice: true,
        hasPayment: true,
        hasTeamMember: true,
      },
    });
    const qualified = d.pipeline[1];
    expect(qualified).toMatchObject({
      stage: 'QUALIFIED',
      count: 4,
      totals: [{ currency: 'GHS', amount: 9605 }],
    });
    expect(qualified.leads.map((l: { name: string }) => l.name)).toEqual([
      'Big deal',
      'Middle deal',
      'Small deal',
    ]);
    expect(d.activity.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'invoice',
      'lowStock',
      'payment',
    ]);
    expect(d.activity.find((a: { kind: string }) => a.kind === 'payment')).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      customerName: 'Ama Serwaa',
      amount: 120.5,
      currency: 'GHS',
    });

    const asSales = await call('/dashboard', { token: sales.token, orgId: o.orgId });
    expect(asSales.status).toBe(200);
    expect(await json(asSales)).toEqual(d);
  });

  it('counts as active the customers who bought in the last 30 days, as the overview report does', async () => {
    const o = await owner();
    const customer = async (name: string) =>
      (await json(await call('/customers', { token: o.token, body: { name } }))).id as string;
    const invoice = async (customerId: string, status: 'QUOTE' | 'ISSUED') =>
      json(await call('/invoices', { token: o.token, body: { customerId, status, total: 100 } }));
    await invoice(await customer('Ama Serwaa'), 'ISSUED');
    await customer('Ama Serwaa'); // the same person typed twice, who bought nothing
    await invoice(await customer('Kofi'), 'QUOTE'); // a quote is activity
    const voided = await invoice(await customer('Efua'), 'ISSUED');
    expect((await call(`/invoices/${voided.id}/void`, { token: o.token, method: 'POST' })).status).toBe(200);
    await customer('Yaw'); // on file, never sold to

    const dashboard = await json(await call('/dashboard', { token: o.token }));
    const report = await json(await call('/reports/overview?days=30', { token: o.token }));
    expect(dashboard.metrics.activeCustomers).toBe(2);
    expect(report.activeCustomers).toBe(2);
    expect(dashboard.hints.newCustomersThisMonth).toBe(5);
  });

  it('refuses a stranger and anyone signed out', async () => {
    const o = await owner();
    const stranger = await owner();
    const res = await call('/dashboard', { token: stranger.token, orgId: o.orgId });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api('/dashboard')).status).toBe(401);
  });
});
