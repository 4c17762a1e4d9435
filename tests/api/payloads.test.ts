// Payloads: every date the API takes is an ISO date or an ISO date-time, and a
// date-time is the day it is in the organization's time zone; an unknown reference is a 404 with its reason
// code and the field that carried it, never the database's foreign-key error.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldReasons, json } from './helpers.ts';
import { call, type Owner, owner } from './org-helpers.ts';

/** A business in Lagos (Africa/Lagos, UTC+01:00). */
const lagos = () => owner({ country: 'NG', currency: 'NGN' });
const post = (o: Owner, path: string, body: unknown, method = 'POST') =>
  call(path, { token: o.token, orgId: o.orgId, body, method, key: randomUUID() });
async function created(res: Response) {
  const body = await json(res);
  expect([200, 201], JSON.stringify(body)).toContain(res.status);
  return body;
}
const customer = async (o: Owner) => created(await post(o, '/customers', { name: 'Chidi Okafor' }));
const LATE_EVENING = '2026-12-02T23:30:00Z'; // 00:30 on 3 December in Lagos

describe('dates: an ISO date or date-time, read in the organization’s time zone', () => {
  it('takes a due date as a date-time (now, or late evening UTC) or a day, on an invoice and a quote', async () => {
    const o = await lagos();
    const c = await customer(o);
    const now = await created(
      await post(o, '/invoices', { customerId: c.id, total: 100, dueAt: new Date().toISOString() }),
    );
    expect(now.dueAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const late = await created(
      await post(o, '/invoices', { customerId: c.id, total: 100, dueAt: LATE_EVENING }),
    );
    expect(late.dueAt).toBe('2026-12-03');
    const day = await created(
      await post(o, '/invoices', { customerId: c.id, total: 100, dueAt: '2026-12-02' }),
    );
    expect(day.dueAt).toBe('2026-12-02');
    const offset = await created(
      await post(o, '/invoices', { customerId: c.id, total: 100, dueAt: '2026-12-02T20:00:00-05:00' }),
    );
    expect(offset.dueAt).toBe('2026-12-03');
    const edited = await created(
      await post(
        o,
        `/invoices/${day.id}`,
        { customerId: c.id, dueAt: LATE_EVENING, lines: [{ description: 'Rice', qty: 1, unitPrice: 5 }] },
        'PUT',
      ),
    );
    expect(edited.dueAt).toBe('2026-12-03');

    const bad = await post(o, '/invoices', { customerId: c.id, total: 100, dueAt: '3 December' });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({ dueAt: 'INVALID_DATE' });
  });

  it('takes a lead’s close date, a purchase order’s expected date, a payment’s and an expense’s date', async () => {
    const o = await lagos();
    const lead = await created(await post(o, '/leads', { name: 'Bisi Stores', closeDate: LATE_EVENING }));
    expect(lead.closeDate).toBe('2026-12-03');
    const moved = await created(
      await post(o, `/leads/${lead.id}`, { closeDate: '2026-12-10T08:00:00+01:00' }, 'PUT'),
    );
    expect(moved.closeDate).toBe('2026-12-10');

    const supplier = await created(await post(o, '/suppliers', { name: 'Dangote Depot' }));
    const product = await created(
      await post(o, '/products', {
        name: 'Sugar',
        sku: `SUG-${randomUUID().slice(0, 6)}`,
        cost: 1,
        price: 2,
      }),
    );
    const order = await created(
      await post(o, '/purchase-orders', {
        supplierId: supplier.id,
        expectedAt: LATE_EVENING,
        lines: [{ productId: product.id, quantity: 2, unitCost: 1 }],
      }),
    );
    expect(order.expectedAt).toBe('2026-12-03');

    const c = await customer(o);
    const invoice = await created(
      await post(o, '/invoices', { customerId: c.id, total: 100, status: 'ISSUED' }),
    );
    const atInstant = await created(
      await post(o, '/payments', {
        invoiceId: invoice.id,
        method: 'cash',
        amount: 10,
        receivedAt: LATE_EVENING,
      }),
    );
    expect(Date.parse(atInstant.received_at)).toBe(Date.parse(LATE_EVENING));
    const onDay = await created(
      await post(o, '/payments', {
        invoiceId: invoice.id,
        method: 'cash',
        amount: 10,
        receivedAt: '2026-12-02',
      }),
    );
    expect(Date.parse(onDay.received_at)).toBe(Date.parse('2026-12-01T23:00:00Z')); // midnight in Lagos
    const badPayment = await post(o, '/payments', {
      invoiceId: invoice.id,
      method: 'cash',
      amount: 10,
      receivedAt: 'yesterday',
    });
    expect(fieldReasons(await json(badPayment))).toEqual({ receivedAt: 'INVALID_DATE' });

    const expense = await created(
      await post(o, '/expenses', { vendor: 'NEPA', category: 'utilities', amount: 50, paidAt: LATE_EVENING }),
    );
    expect(Date.parse(expense.paidAt)).toBe(Date.parse(LATE_EVENING));
  });
});

describe('unknown references: 404 with the reason and the field, never the foreign-key error', () => {
  const unknown = randomUUID();
  const expectNotFound = async (res: Response, reason: string, field: string, message: string) => {
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(404);
    expect(body).toMatchObject({ code: 'NOT_FOUND', reason, field, message });
    expect(JSON.stringify(body)).not.toMatch(/foreign key|fkey/);
  };

  it('names an unknown customer, product, supplier, lead, invoice or lead owner', async () => {
    const o = await lagos();
    const c = await customer(o);
    await expectNotFound(
      await post(o, '/invoices', { customerId: unknown, total: 100 }),
      'CUSTOMER_NOT_FOUND',
      'customerId',
      'Customer not found',
    );
    await expectNotFound(
      await post(o, '/invoices', {
        customerId: c.id,
        lines: [{ productId: unknown, description: 'Rice', qty: 1, unitPrice: 5 }],
      }),
      'PRODUCT_NOT_FOUND',
      'productId',
      'Product not found',
    );
    const quote = await created(await post(o, '/invoices', { customerId: c.id, total: 100 }));
    await expectNotFound(
      await post(
        o,
        `/invoices/${quote.id}`,
        { customerId: unknown, lines: [{ description: 'Rice', qty: 1, unitPrice: 5 }] },
        'PUT',
      ),
      'CUSTOMER_NOT_FOUND',
      'customerId',
      'Customer not found',
    );

    const supplier = await created(await post(o, '/suppliers', { name: 'Dangote Depot' }));
    const product = await created(
      await post(o, '/products', { name: 'Salt', sku: `SAL-${randomUUID().slice(0, 6)}`, cost: 1, price: 2 }),
    );
    await expectNotFound(
      await post(o, '/purchase-orders', {
        supplierId: unknown,
        lines: [{ productId: product.id, quantity: 1, unitCost: 1 }],
      }),
      'SUPPLIER_NOT_FOUND',
      'supplierId',
      'Supplier not found',
    );
    await expectNotFound(
      await post(o, '/purchase-orders', {
        supplierId: supplier.id,
        lines: [{ productId: unknown, quantity: 1, unitCost: 1 }],
      }),
      'PRODUCT_NOT_FOUND',
      'productId',
      'Product not found',
    );

    await expectNotFound(
      await post(o, `/leads/${unknown}/notes`, { note: 'Called back' }),
      'LEAD_NOT_FOUND',
      'leadId',
      'Lead not found',
    );
    const badOwner = await post(o, '/leads', { name: 'Bisi Stores', ownerId: unknown });
    expect(badOwner.status).toBeGreaterThanOrEqual(400);
    expect(badOwner.status).toBeLessThan(500);
    expect(await json(badOwner)).toMatchObject({ reason: 'LEAD_OWNER_NOT_MEMBER', field: 'ownerId' });

    const payment = await post(o, '/payments', { invoiceId: unknown, method: 'cash', amount: 1 });
    expect(payment.status).toBe(404);
    expect(await json(payment)).toMatchObject({ reason: 'INVOICE_REQUIRED', field: 'invoiceId' });
  });
});
