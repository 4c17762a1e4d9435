// Credit notes and refunds: a counter-document against an ISSUED or PAID invoice, in full or per
// line, never an edit of the invoice; its balance becomes total - credited - paid everywhere; with restock
// the items go back in stock; a refund gives back at most what was overpaid. Through /api with each role and
// the Data API directly; the statement and the reports agree with direct sums.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SUPABASE_URL } from '../env.ts';
import { json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

type Person = { token: string; userId: string };
let o: Owner;
let people: Record<'OWNER' | 'MANAGER' | 'ACCOUNTANT' | 'SALES', Person>;

beforeAll(async () => {
  o = await owner({ country: 'NG', currency: 'NGN' });
  const [manager, accountant, sales] = await Promise.all([
    member(o, 'MANAGER'),
    member(o, 'ACCOUNTANT'),
    member(o, 'SALES'),
  ]);
  people = { OWNER: o, MANAGER: manager, ACCOUNTANT: accountant, SALES: sales };
}, 60_000);

const as = (who: keyof typeof people, path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { token: people[who].token, orgId: o.orgId, key: randomUUID(), ...init });

function rest(who: keyof typeof people, path: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {
    apikey: ANON_KEY,
    Authorization: `Bearer ${people[who].token}`,
    Prefer: 'return=representation',
  };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
const hintReason = async (res: Response) => JSON.parse((await json(res)).hint ?? '{}').reason as string;

async function product(name: string, stock: number) {
  const res = await as('OWNER', '/products', {
    body: {
      name: `${name} ${unique()}`,
      sku: `SKU-${unique()}`,
      unit: 'piece',
      cost: 100,
      price: 500,
      lowStockThreshold: 1,
      openingStock: stock,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}
const stockOf = async (id: string) =>
  (await json(await as('OWNER', `/products/${id}`))).stockOnHand as number;

/** An ISSUED invoice: 4 bags of rice (a product) at 1,000 with 10% tax, and a delivery line at 500. */
async function issued(customerName = `Ngozi ${unique()}`) {
  const customer = await json(await as('OWNER', '/customers', { body: { name: customerName } }));
  const rice = await product('Rice 50kg', 10);
  const res = await as('OWNER', '/invoices', {
    body: {
      customerId: customer.id,
      status: 'ISSUED',
      lines: [
        { productId: rice, description: 'Rice 50kg', qty: 4, unitPrice: 1000, taxRate: 10 },
        { description: 'Delivery', qty: 1, unitPrice: 500, taxRate: 0 },
      ],
    },
  });
  expect(res.status).toBe(201);
  const inv = await json(res);
  expect(inv.total).toBe(4900);
  return { inv, rice, customerId: customer.id as string };
}
const invoice = async (id: string) => json(await as('OWNER', `/invoices/${id}`));

describe('credit notes', () => {
  it('credits one line with restock: the balance, the stock and the invoice’s own figures', async () => {
    const { inv, rice } = await issued();
    expect(await stockOf(rice)).toBe(6);
    const res = await as('ACCOUNTANT', `/invoices/${inv.id}/credit-notes`, {
      body: {
        reason: 'Two bags damaged',
        restock: true,
        lines: [{ invoiceItemId: inv.lines[0].id, qty: 2 }],
      },
    });
    expect(res.status).toBe(201);
    const { creditNote, invoice: after } = await json(res);
    expect(creditNote).toMatchObject({
      number: expect.stringMatching(/^CN-\d{6}$/),
      subtotal: 2000,
      tax: 200,
      total: 2200,
      reason: 'Two bags damaged',
      restock: true,
      lines: [{ description: 'Rice 50kg', qty: 2, unitPrice: 1000, taxRate: 10, amount: 2000, tax: 200 }],
      refunds: [],
    });
    // The invoice is unchanged but for what was credited: balance = total - credited - paid.
    expect(after).toMatchObject({
      status: 'ISSUED',
      subtotal: 4500,
      tax: 400,
      total: 4900,
      amountPaid: 0,
      amountCredited: 2200,
      balance: 2700,
    });
    expect(after.lines.map((l: { qty: number }) => l.qty)).toEqual([4, 1]);
    expect(await stockOf(rice)).toBe(8);

    // More than what is left on the line is refused, with the reason.
    const over = await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
      body: { reason: 'Again', restock: true, lines: [{ invoiceItemId: inv.lines[0].id, qty: 3 }] },
    });
    expect(over.status).toBe(400);
    expect(await json(over)).toMatchObject({ reason: 'CREDIT_QTY_TOO_LARGE', params: { remaining: 2 } });
    expect(await stockOf(rice)).toBe(8);

    // Paying the rest makes it PAID (balance 0 with the credit note).
    const paid = await as('ACCOUNTANT', '/payments', {
      body: { invoiceId: inv.id, method: 'cash', amount: 2700 },
    });
    expect(paid.status).toBe(201);
    expect(await invoice(inv.id)).toMatchObject({ status: 'PAID', balance: 0 });

    // The invoice its customer opens by link names the credit note behind what was credited.
    const { token } = await json(await as('OWNER', `/invoices/${inv.id}/share`, { body: {} }));
    const shared = await json(await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`));
    expect(shared.creditNotes).toEqual([{ number: creditNote.number, total: 2200 }]);
    expect(shared.payments).toMatchObject([{ amount: 2700, receiptNumber: expect.stringMatching(/^RCT-/) }]);
  });

  it('credits the whole remaining invoice without restock; a paid invoice can then be refunded', async () => {
    const { inv, rice } = await issued();
    const payment = await as('OWNER', '/payments', {
      body: { invoiceId: inv.id, method: 'cash', amount: 4900 },
    });
    expect(payment.status).toBe(201);
    const paymentId = (await json(payment)).id as string;
    const first = await as('MANAGER', `/invoices/${inv.id}/credit-notes`, {
      body: {
        reason: 'Delivery not made',
        restock: false,
        lines: [{ invoiceItemId: inv.lines[1].id, qty: 1 }],
      },
    });
    expect(first.status).toBe(201);
    const whole = await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
      body: { reason: 'Order cancelled' },
    });
    expect(whole.status).toBe(201);
    const { creditNote, invoice: after } = await json(whole);
    expect(creditNote).toMatchObject({ total: 4400, restock: false, lines: [{ qty: 4 }] });
    expect(after).toMatchObject({
      status: 'PAID',
      amountCredited: 4900,
      amountPaid: 4900,
      balance: 0,
      refundable: 4900,
    });
    expect(await stockOf(rice)).toBe(6);

    // Nothing left to credit.
    const nothing = await as('OWNER', `/invoices/${inv.id}/credit-notes`, { body: { reason: 'Once more' } });
    expect(nothing.status).toBe(400);
    expect((await json(nothing)).reason).toBe('NOTHING_TO_CREDIT');

    // Refunds: bounded by what was overpaid, across the invoice's credit notes.
    const refund = (who: keyof typeof people, noteId: string, amount: number) =>
      as(who, `/credit-notes/${noteId}/refunds`, {
        body: { amount, method: 'mobile-money', provider: 'MTN_MOMO', ref: 'MM-1' },
      });
    const r1 = await refund('ACCOUNTANT', creditNote.id, 4000);
    expect(r1.status).toBe(201);
    expect(await json(r1)).toMatchObject({ amount: 4000, currency: 'NGN', method: 'mobile-money' });
    const tooMuch = await refund('OWNER', (await json(first)).creditNote.id, 1000);
    expect(tooMuch.status).toBe(400);
    expect(await json(tooMuch)).toMatchObject({ reason: 'REFUND_TOO_LARGE', params: { amount: 900 } });
    const sales = await refund('SALES', creditNote.id, 100);
    expect(sales.status).toBe(403);
    expect((await json(sales)).reason).toBe('REFUND_FORBIDDEN');
    expect((await refund('OWNER', creditNote.id, 900)).status).toBe(201);
    const done = await invoice(inv.id);
    expect(done).toMatchObject({ refundable: 0, balance: 0, amountPaid: 4900, total: 4900 });
    // The refunded payment cannot be taken back any more: the customer was given that money.
    const reversal = await as('OWNER', `/payments/${paymentId}/reverse`, { body: { reason: 'Mistake' } });
    expect(reversal.status).toBe(400);
    expect((await json(reversal)).reason).toBe('PAYMENT_REFUNDED');
    expect(done.creditNotes.map((n: { number: string; refunds: unknown[] }) => n.refunds.length)).toEqual([
      0, 2,
    ]);
  });

  it('answers the amount due the database keeps, in the invoice, the list and the shared invoice', async () => {
    const { inv } = await issued();
    const paid = await as('ACCOUNTANT', '/payments', {
      body: { invoiceId: inv.id, method: 'cash', amount: 1000 },
    });
    expect(paid.status).toBe(201);
    const credited = await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
      body: {
        reason: 'Delivery not made',
        restock: false,
        lines: [{ invoiceItemId: inv.lines[1].id, qty: 1 }],
      },
    });
    expect(credited.status).toBe(201);
    // 4,900 - 500 credited - 1,000 paid.
    expect(await invoice(inv.id)).toMatchObject({ amountDue: 3400, balance: 3400, refundable: 0 });
    const listed = await json(await as('SALES', `/invoices?search=${inv.number}`));
    expect(listed).toMatchObject([{ id: inv.id, amountDue: 3400 }]);
    const { token } = await json(await as('OWNER', `/invoices/${inv.id}/share`, { body: {} }));
    const shared = await json(await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`));
    expect(shared.invoice).toMatchObject({ amountDue: 3400 });

    // Paid in full, then a bag credited: below 0 is what was overpaid; the balance shown stays 0.
    await as('ACCOUNTANT', '/payments', { body: { invoiceId: inv.id, method: 'cash', amount: 3400 } });
    await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
      body: {
        reason: 'One bag damaged',
        restock: false,
        lines: [{ invoiceItemId: inv.lines[0].id, qty: 1 }],
      },
    });
    expect(await invoice(inv.id)).toMatchObject({
      status: 'PAID',
      amountDue: -1100,
      balance: 0,
      refundable: 1100,
    });
  });

  it('refuses quotes, voided invoices, a missing reason, and SALES through /api and the Data API', async () => {
    const { inv } = await issued();
    const quote = await json(
      await as('OWNER', '/invoices', {
        body: { customerId: inv.customer.id, lines: [{ description: 'x', qty: 1, unitPrice: 5 }] },
      }),
    );
    const q = await as('OWNER', `/invoices/${quote.id}/credit-notes`, { body: { reason: 'No' } });
    expect(q.status).toBe(400);
    expect((await json(q)).reason).toBe('INVOICE_NOT_CREDITABLE');
    const noReason = await as('OWNER', `/invoices/${inv.id}/credit-notes`, { body: { reason: ' ' } });
    expect(noReason.status).toBe(400);

    const sales = await as('SALES', `/invoices/${inv.id}/credit-notes`, { body: { reason: 'Mine' } });
    expect(sales.status).toBe(403);
    expect((await json(sales)).reason).toBe('CREDIT_NOTE_FORBIDDEN');
    // The Data API: the function refuses SALES; the tables refuse everyone's direct writes.
    const rpc = await rest('SALES', 'rpc/create_credit_note', {
      body: {
        p_org_id: o.orgId,
        p_mutation_id: randomUUID(),
        p_invoice_id: inv.id,
        p_input: { reason: 'x' },
      },
    });
    expect(rpc.status).toBe(200);
    expect((await json(rpc)).error).toMatchObject({ reason: 'CREDIT_NOTE_FORBIDDEN' });
    for (const who of ['OWNER', 'SALES'] as const) {
      const direct = await rest(who, 'credit_notes', {
        body: { org_id: o.orgId, invoice_id: inv.id, reason: 'Direct', currency: 'NGN' },
      });
      expect(direct.status).toBe(403);
    }
    const paidDirect = await rest('OWNER', `invoices?id=eq.${inv.id}`, {
      method: 'PATCH',
      body: { amount_credited: 100 },
    });
    expect(paidDirect.status).toBe(403);

    // A credit note made, it is final: no PATCH, no DELETE; SALES reads it.
    const late = await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
      body: { reason: 'Late', lines: [{ invoiceItemId: inv.lines[1].id, qty: 1 }] },
    });
    expect(late.status).toBe(201);
    expect((await json(late)).invoice.status).toBe('ISSUED');
    const seen = await rest('SALES', `credit_notes?invoice_id=eq.${inv.id}&select=number,total`);
    expect(await json(seen)).toEqual([{ number: expect.stringMatching(/^CN-/), total: 500 }]);
    const patched = await rest('OWNER', `credit_notes?invoice_id=eq.${inv.id}`, {
      method: 'PATCH',
      body: { reason: 'Changed' },
    });
    expect(patched.status).toBe(403);
    // A credited invoice cannot be voided.
    const v = await as('OWNER', `/invoices/${inv.id}/void`, { method: 'POST' });
    expect(v.status).toBe(400);
    expect((await json(v)).reason).toBe('INVOICE_HAS_CREDIT_NOTES');
    expect(
      await hintReason(
        await rest('OWNER', `invoices?id=eq.${inv.id}`, { method: 'PATCH', body: { status: 'VOID' } }),
      ),
    ).toBe('INVOICE_HAS_CREDIT_NOTES');
  });

  it('numbers credit notes without gaps per organization', async () => {
    const other = await owner();
    const c = await json(await call('/customers', { token: other.token, body: { name: 'Ama' } }));
    const mk = async () => {
      const i = await json(
        await call('/invoices', {
          token: other.token,
          body: { customerId: c.id, status: 'ISSUED', total: 100 },
        }),
      );
      return json(
        await call(`/invoices/${i.id}/credit-notes`, { token: other.token, body: { reason: 'r' } }),
      );
    };
    const a = await mk();
    // A refused one takes no number.
    const i = await json(
      await call('/invoices', { token: other.token, body: { customerId: c.id, total: 100 } }),
    );
    expect(
      (await call(`/invoices/${i.id}/credit-notes`, { token: other.token, body: { reason: 'r' } })).status,
    ).toBe(400);
    const b = await mk();
    expect([a.creditNote.number, b.creditNote.number]).toEqual(['CN-000001', 'CN-000002']);
  });

  it('the statement and the reports agree with direct sums', async () => {
    const me = await owner({ country: 'NG', currency: 'NGN' });
    const my = (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(path, { token: me.token, key: randomUUID(), ...init });
    const customer = await json(await my('/customers', { body: { name: 'Chidi' } }));
    const a = await json(
      await my('/invoices', { body: { customerId: customer.id, status: 'ISSUED', total: 10000 } }),
    );
    const b = await json(
      await my('/invoices', { body: { customerId: customer.id, status: 'ISSUED', total: 3000 } }),
    );
    expect((await my('/payments', { body: { invoiceId: a.id, method: 'cash', amount: 10000 } })).status).toBe(
      201,
    );
    const cn = await json(await my(`/invoices/${a.id}/credit-notes`, { body: { reason: 'Returned' } }));
    expect(
      (await my(`/credit-notes/${cn.creditNote.id}/refunds`, { body: { amount: 4000, method: 'cash' } }))
        .status,
    ).toBe(201);
    expect(
      (
        await my(`/invoices/${b.id}/credit-notes`, {
          body: { reason: 'Discount', lines: [{ invoiceItemId: b.lines[0].id, qty: 1 }] },
        })
      ).status,
    ).toBe(201);

    // Direct sums: owed = invoices - credit notes - payments + refunds.
    const owed = 10000 + 3000 - 10000 - 3000 - 10000 + 4000;
    // Today in Lagos, the organization's time zone (UTC's date is yesterday there from 23:00 UTC).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const st = await json(await my(`/customers/${customer.id}/statement?from=2026-01-01&to=${today}`));
    const account = st.accounts[0];
    expect(account.closing).toBe(owed);
    // One figure per kind of line: credit notes are credited, not paid; refunds are refunded, not invoiced.
    expect(account).toMatchObject({
      invoiced: 10000 + 3000,
      credited: 10000 + 3000,
      paid: 10000,
      refunded: 4000,
    });
    expect(account.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['CREDIT_NOTE', 'CREDIT_NOTE', 'INVOICE', 'INVOICE', 'PAYMENT', 'REFUND'].sort(),
    );

    // Reports: revenue net of refunds; invoiced net of credit notes.
    const overview = await json(await my('/reports/overview?days=7'));
    expect(overview.revenue).toEqual([{ currency: 'NGN', amount: 10000 - 4000 }]);
    expect(overview.sales.invoiced).toEqual([{ currency: 'NGN', amount: 13000 - 13000 }]);
    const sales = await json(await my('/reports/sales?days=7'));
    expect(sales).toMatchObject({ total: 2, invoiced: [{ currency: 'NGN', amount: 0 }] });
    const payments = await json(await my('/reports/payments?days=7'));
    expect(payments).toMatchObject({ payments: 1, reversals: 0, refunds: 1, total: 2 });
    expect(payments.totals).toEqual([{ currency: 'NGN', amount: 6000 }]);
    // The rows add up to the totals: the refund is its own row, minus its amount.
    expect(payments.rows.map((r: { kind: string; amount: number }) => [r.kind, r.amount]).sort()).toEqual(
      [
        ['payment', 10000],
        ['refund', -4000],
      ].sort(),
    );
    const summary = await json(await my('/accounting/summary'));
    expect(summary.payments.totals).toEqual([{ currency: 'NGN', amount: 6000 }]);
    expect(summary.invoiced.totals).toEqual([{ currency: 'NGN', amount: 13000 - 13000 }]);
    const dashboard = await json(await my('/dashboard'));
    expect(dashboard.metrics.cashReceived).toEqual([{ currency: 'NGN', amount: 6000 }]);
    const list = await json(await my('/invoices'));
    expect(list.map((i: { amountCredited: number }) => i.amountCredited).sort()).toEqual(
      [10000, 3000].sort(),
    );
    expect(list.every((i: { status: string }) => i.status === 'PAID')).toBe(true);
  });
});
