// /api/expenses as the accounting screen calls it: a message under each field, idempotent writes, the list
// searched and filtered, and the role matrix (SALES: no expenses).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldReasons, json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('/api/expenses', () => {
  it('refuses an incomplete expense with a message for each field', async () => {
    const o = await owner();
    const res = await call('/expenses', { token: o.token, body: { vendor: ' ', category: '', amount: '' } });
    expect(res.status).toBe(400);
    expect(fieldReasons(await json(res))).toEqual({
      vendor: 'VENDOR_REQUIRED',
      category: 'CATEGORY_REQUIRED',
      amount: 'AMOUNT_REQUIRED',
    });
    const xof = await call('/expenses', {
      token: o.token,
      body: { vendor: 'Senelec', category: 'utilities', amount: 1500.5, currency: 'XOF' },
    });
    expect((await json(xof)).details.fields).toEqual([
      { field: 'amount', reason: 'CURRENCY_DECIMALS', params: { currency: 'XOF', decimals: 0 } },
    ]);
    expect((await call('/expenses', { token: o.token })).headers.get('x-total-count')).toBe('0');
  });

  it("records an expense once per Idempotency-Key, in the organization's currency by default", async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const key = randomUUID();
    const body = { vendor: 'Ikeja Electric', category: 'utilities', amount: '12500.75', note: 'October' };
    const first = await call('/expenses', { token: o.token, key, body });
    expect(first.status).toBe(201);
    const expense = await json(first);
    expect(expense).toEqual({
      id: expect.any(String),
      vendor: 'Ikeja Electric',
      category: 'utilities',
      amount: 12500.75,
      currency: 'NGN',
      paidAt: expect.any(String),
      note: 'October',
      reversal: null,
    });
    const again = await call('/expenses', { token: o.token, key, body });
    expect(again.status).toBe(201);
    expect(await json(again)).toEqual(expense);
    const reused = await call('/expenses', { token: o.token, key, body: { ...body, amount: 1 } });
    expect(reused.status).toBe(409);
    const list = await call('/expenses', { token: o.token });
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(await json(list)).toEqual([expense]);
  });

  it('lists expenses newest first, searched by vendor or note and filtered by category', async () => {
    const o = await owner();
    const add = (vendor: string, category: string, paidAt: string, note?: string) =>
      call('/expenses', { token: o.token, body: { vendor, category, amount: 10, paidAt, note } });
    for (const [vendor, category, paidAt, note] of [
      ['Landlord', 'rent', '2026-09-01', 'September'],
      ['ECG', 'utilities', '2026-10-05', 'Prepaid meter'],
      ['Landlord', 'rent', '2026-10-01', 'October'],
      ['Uber', 'travel', '2026-10-07', undefined],
    ] as const)
      expect((await add(vendor, category, paidAt, note)).status).toBe(201);
    const vendors = async (query: string) => {
      const res = await call(`/expenses${query}`, { token: o.token });
      return {
        total: res.headers.get('x-total-count'),
        rows: (await json(res)).map((e: { vendor: string; note: string }) => `${e.vendor}:${e.note}`),
      };
    };
    expect(await vendors('')).toEqual({
      total: '4',
      rows: ['Uber:null', 'ECG:Prepaid meter', 'Landlord:October', 'Landlord:September'],
    });
    expect(await vendors('?category=rent&limit=1')).toEqual({ total: '2', rows: ['Landlord:October'] });
    expect(await vendors('?search=meter')).toEqual({ total: '1', rows: ['ECG:Prepaid meter'] });
    expect(await vendors('?search=landl&offset=1')).toEqual({ total: '2', rows: ['Landlord:September'] });
    expect((await call('/expenses?category=food', { token: o.token })).status).toBe(400);
  });

  it('lets accountants record and read expenses and refuses sales members and other organizations', async () => {
    const o = await owner();
    const body = { vendor: 'Stationery shop', category: 'office-supplies', amount: 45 };
    const accountant = await member(o, 'ACCOUNTANT');
    const asAccountant = await call('/expenses', { token: accountant.token, orgId: o.orgId, body });
    expect(asAccountant.status).toBe(201);
    const sales = await member(o, 'SALES');
    const write = await call('/expenses', { token: sales.token, orgId: o.orgId, body });
    expect(write.status).toBe(403);
    const read = await call('/expenses', { token: sales.token, orgId: o.orgId });
    expect(read.status).toBe(403);
    const stranger = await owner();
    expect((await call('/expenses', { token: stranger.token, orgId: o.orgId })).status).toBe(403);
    expect((await call('/expenses', { token: stranger.token, orgId: o.orgId, body })).status).toBe(403);
    const own = await call('/expenses', { token: o.token });
    expect(own.headers.get('x-total-count')).toBe('1');
  });
});

describe('/api/accounting/summary', () => {
  it('sums what was invoiced, payments and expenses per currency with their counts, and gives SALES no expenses', async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const empty = await json(await call('/accounting/summary', { token: o.token }));
    expect(empty).toEqual({
      currency: 'NGN',
      invoiced: {
        count: 0,
        totals: [{ currency: 'NGN', amount: 0 }],
        outstanding: [{ currency: 'NGN', amount: 0 }],
      },
      payments: { count: 0, reversed: 0, totals: [{ currency: 'NGN', amount: 0 }] },
      expenses: { count: 0, reversed: 0, totals: [{ currency: 'NGN', amount: 0 }] },
    });
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ada Stores' } }));
    const invoice = async (currency: string, total: number) => {
      const created = await json(
        await call('/invoices', { token: o.token, body: { customerId: customer.id, currency, total } }),
      );
      await call(`/invoices/${created.id}/issue`, { token: o.token, method: 'POST' });
      return created.id as string;
    };
    const naira = await invoice('NGN', 50_000);
    const cedis = await invoice('GHS', 300);
    // A quote is not revenue.
    await call('/invoices', { token: o.token, body: { customerId: customer.id, currency: 'NGN', total: 7 } });
    for (const [invoiceId, amount] of [
      [naira, 20_000.5],
      [naira, 9_999.5],
      [cedis, 120.25],
    ] as const)
      expect(
        (await call('/payments', { token: o.token, body: { invoiceId, method: 'cash', amount } })).status,
      ).toBe(201);
    for (const [amount, currency] of [
      [1_500.25, 'NGN'],
      [2_000, 'NGN'],
      [35, 'GHS'],
    ] as const)
      expect(
        (
          await call('/expenses', {
            token: o.token,
            body: { vendor: 'Ikeja Electric', category: 'utilities', amount, currency },
          })
        ).status,
      ).toBe(201);
    expect(await json(await call('/accounting/summary', { token: o.token }))).toEqual({
      currency: 'NGN',
      invoiced: {
        count: 2,
        totals: [
          { currency: 'NGN', amount: 50_000 },
          { currency: 'GHS', amount: 300 },
        ],
        outstanding: [
          { currency: 'NGN', amount: 20_000 },
          { currency: 'GHS', amount: 179.75 },
        ],
      },
      payments: {
        count: 3,
        reversed: 0,
        totals: [
          { currency: 'NGN', amount: 30_000 },
          { currency: 'GHS', amount: 120.25 },
        ],
      },
      expenses: {
        count: 3,
        reversed: 0,
        totals: [
          { currency: 'NGN', amount: 3_500.25 },
          { currency: 'GHS', amount: 35 },
        ],
      },
    });
    const sales = await member(o, 'SALES');
    const asSales = await json(await call('/accounting/summary', { token: sales.token, orgId: o.orgId }));
    expect(asSales.payments.count).toBe(3);
    expect(asSales.expenses).toEqual({ count: 0, reversed: 0, totals: [{ currency: 'NGN', amount: 0 }] });
    const stranger = await owner();
    expect((await call('/accounting/summary', { token: stranger.token, orgId: o.orgId })).status).toBe(403);
  });
});
