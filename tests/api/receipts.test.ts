// Every payment has its receipt: a gap-free receipt number per organization and the balance
// left once it was applied, given by the database whatever path records the payment, on the invoice's
// page and on its public link.
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import { client, json } from './helpers.ts';
import { call, owner } from './org-helpers.ts';

describe('receipts', () => {
  it('numbers each payment’s receipt without gaps and prints the balance left after it', async () => {
    const o = await owner();
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ɗanjuma Musa' } }));
    const first = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, status: 'ISSUED', total: 1000 } }),
    );
    const second = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, status: 'ISSUED', total: 300 } }),
    );
    const pay = (invoiceId: string, amount: number, ref?: string) =>
      call('/payments', { token: o.token, body: { invoiceId, method: 'cash', amount, ref } });
    expect((await pay(first.id, 400, 'R-1')).status).toBe(201);
    expect((await pay(second.id, 300)).status).toBe(201);
    // A refused payment (over the balance) takes no number.
    expect((await pay(first.id, 5000)).status).toBe(400);
    // Straight through the Data API, with a number and a balance of the caller's choosing: both replaced.
    const direct = await client(o.token).from('payments').insert({
      org_id: o.orgId,
      invoice_id: first.id,
      method: 'cash',
      amount: 600,
      currency: 'GHS',
      created_by: o.userId,
    });
    expect(direct.error).toBeNull();
    const forged = await client(o.token).from('payments').insert({
      org_id: o.orgId,
      invoice_id: second.id,
      method: 'cash',
      amount: 1,
      currency: 'GHS',
      created_by: o.userId,
      receipt_number: 'RCT-999999',
      balance_after: 0,
    });
    expect(forged.error?.code).toBe('42501');

    const page = await json(await call(`/invoices/${first.id}`, { token: o.token }));
    expect(
      page.payments.map((p: { receiptNumber: string; amount: number; balanceAfter: number; ref: string }) => [
        p.receiptNumber,
        p.amount,
        p.balanceAfter,
        p.ref,
      ]),
    ).toEqual([
      ['RCT-000001', 400, 600, 'R-1'],
      ['RCT-000003', 600, 0, null],
    ]);
    const other = await json(await call(`/invoices/${second.id}`, { token: o.token }));
    expect(other.payments).toMatchObject([{ receiptNumber: 'RCT-000002', balanceAfter: 0 }]);

    // Another organization counts from 1.
    const o2 = await owner();
    const c2 = await json(await call('/customers', { token: o2.token, body: { name: 'Ama' } }));
    const inv2 = await json(
      await call('/invoices', { token: o2.token, body: { customerId: c2.id, status: 'ISSUED', total: 50 } }),
    );
    await call('/payments', { token: o2.token, body: { invoiceId: inv2.id, method: 'cash', amount: 50 } });
    const page2 = await json(await call(`/invoices/${inv2.id}`, { token: o2.token }));
    expect(page2.payments[0].receiptNumber).toBe('RCT-000001');

    // The public link carries each receipt.
    const { token } = await json(
      await call(`/invoices/${first.id}/share`, { token: o.token, method: 'POST' }),
    );
    const shared = await json(await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`));
    expect(shared.payments).toMatchObject([
      { receiptNumber: 'RCT-000001', amount: 400, balanceAfter: 600, ref: 'R-1', method: 'cash' },
      { receiptNumber: 'RCT-000003', amount: 600, balanceAfter: 0 },
    ]);
  });
});
