// /api for the details a new shop found missing: a business customer's address and tax ID (on its
// invoices and their public link), a product without a SKU, and the expense categories a shop needs.
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import { fieldReasons, json } from './helpers.ts';
import { call, owner } from './org-helpers.ts';

describe("a customer's address and tax ID", () => {
  it('are saved, listed, kept by an edit that leaves them out, and shown on its invoice and public link', async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const tooLong = await call('/customers', {
      token: o.token,
      body: { name: 'Bello', address: 'x'.repeat(501), taxId: '1'.repeat(51) },
    });
    expect(tooLong.status).toBe(400);
    expect(fieldReasons(await json(tooLong))).toMatchObject({ address: 'TOO_LONG', taxId: 'TOO_LONG' });

    const created = await call('/customers', {
      token: o.token,
      body: { name: 'Bello Pharmacy Ltd', address: '12 Allen Avenue\nIkeja, Lagos', taxId: '12345678-0001' },
    });
    expect(created.status).toBe(201);
    const c = await json(created);
    const details = { address: '12 Allen Avenue\nIkeja, Lagos', taxId: '12345678-0001' };
    expect(c).toMatchObject(details);
    expect((await json(await call('/customers?search=Bello', { token: o.token })))[0]).toMatchObject(details);
    const renamed = await call(`/customers/${c.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Bello Pharmacy' },
    });
    expect(await json(renamed)).toMatchObject({ name: 'Bello Pharmacy', ...details });

    const inv = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, status: 'ISSUED', total: 480 } }),
    );
    const read = await json(await call(`/invoices/${inv.id}`, { token: o.token }));
    expect(read.customer).toMatchObject({ name: 'Bello Pharmacy', ...details });
    const { token } = await json(await call(`/invoices/${inv.id}/share`, { token: o.token, method: 'POST' }));
    const seen = await json(await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`));
    expect(seen.invoice.customer).toEqual({ name: 'Bello Pharmacy', ...details });

    // And on its credit note's public link.
    const cn = await json(
      await call(`/invoices/${inv.id}/credit-notes`, {
        token: o.token,
        body: { reason: 'Damaged', restock: false, lines: [{ invoiceItemId: read.lines[0].id, qty: 1 }] },
      }),
    );
    const shared = await json(
      await call(`/credit-notes/${cn.creditNote.id}/share`, { token: o.token, method: 'POST' }),
    );
    const note = await json(await fetch(`${SUPABASE_URL}/api/public/credit-notes/${shared.token}`));
    expect(note.customer).toEqual({ name: 'Bello Pharmacy', ...details });
  });
});

describe('a product without a SKU', () => {
  it('is created and imported without one, shown with none, and found by name', async () => {
    const o = await owner();
    const made = await call('/products', {
      token: o.token,
      body: { name: 'Kenkey', sku: '', cost: 2, price: 3, openingStock: 4 },
    });
    expect(made.status).toBe(201);
    expect(await json(made)).toMatchObject({ name: 'Kenkey', sku: null, stockOnHand: 4 });
    const imported = await call('/products/import', {
      token: o.token,
      body: { rows: [{ name: 'Banku', cost: '1', price: '2', openingStock: '5' }] },
    });
    expect(imported.status).toBe(201);
    const found = await json(await call('/products?search=banku', { token: o.token }));
    expect(found).toMatchObject([{ name: 'Banku', sku: null, stockOnHand: 5 }]);
  });
});

describe('expense categories', () => {
  it('take stock purchases, wages and mobile-money fees, and filter by them', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    for (const category of ['stock-purchases', 'wages', 'mobile-money-fees']) {
      const res = await call('/expenses', {
        token: o.token,
        body: { vendor: 'Wave', category, amount: 150 },
      });
      expect(res.status, category).toBe(201);
    }
    const fees = await call('/expenses?category=mobile-money-fees', { token: o.token });
    expect(fees.status).toBe(200);
    expect((await json(fees)).map((e: { category: string }) => e.category)).toEqual(['mobile-money-fees']);
  });
});
