// Corrections (docs/decisions/010-corrections.md) as the app and an integrator reach them: /api with each
// role, and the Data API directly (rpc/reverse_payment and the tables' PATCH and DELETE). A reversal reopens
// the invoice's balance and leaves the payment as it was; a delete is an owner's or a manager's, within 24
// hours; the reports and the accounting cards count both net; every refusal names its reason.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SUPABASE_URL } from '../env.ts';
import { json } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

type Person = { token: string; userId: string };
let o: Owner;
let people: Record<'OWNER' | 'MANAGER' | 'ACCOUNTANT' | 'SALES', Person>;

beforeAll(async () => {
  o = await owner();
  const [manager, accountant, sales] = await Promise.all([
    member(o, 'MANAGER'),
    member(o, 'ACCOUNTANT'),
    member(o, 'SALES'),
  ]);
  people = { OWNER: o, MANAGER: manager, ACCOUNTANT: accountant, SALES: sales };
}, 60_000);

const as = (who: keyof typeof people, path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { token: people[who].token, orgId: o.orgId, key: randomUUID(), ...init });

/** The Data API (PostgREST) with the person's own JWT, as a script would call it. */
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

async function issuedInvoice(total: number) {
  const res = await as('OWNER', '/invoices', {
    body: {
      customerId: (await json(await as('OWNER', '/customers', { body: { name: `Ama ${randomUUID()}` } }))).id,
      status: 'ISSUED',
      lines: [{ description: 'Rice 50kg', qty: 1, unitPrice: total, taxRate: 0 }],
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}
async function pay(invoiceId: string, amount: number) {
  const res = await as('ACCOUNTANT', '/payments', { body: { invoiceId, method: 'cash', amount } });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}
const invoice = async (id: string) => json(await as('OWNER', `/invoices/${id}`));

describe('reversing a payment through /api', () => {
  it('reopens the balance (PAID is ISSUED again), keeps the payment, once; each role as the matrix says', async () => {
    const inv = await issuedInvoice(300);
    const p = await pay(inv, 300);
    expect(await invoice(inv)).toMatchObject({ status: 'PAID', balance: 0 });

    const empty = await as('ACCOUNTANT', `/payments/${p}/reverse`, { body: { reason: '  ' } });
    expect(empty.status).toBe(400);
    expect((await json(empty)).details.fields).toEqual([
      expect.objectContaining({ field: 'reason', reason: 'REVERSAL_REASON_REQUIRED' }),
    ]);
    const sales = await as('SALES', `/payments/${p}/reverse`, { body: { reason: 'Mine' } });
    expect(sales.status).toBe(403);
    expect(await json(sales)).toMatchObject({ reason: 'PAYMENT_REVERSE_FORBIDDEN' });

    const key = randomUUID();
    const send = () =>
      call(`/payments/${p}/reverse`, {
        token: people.ACCOUNTANT.token,
        orgId: o.orgId,
        key,
        body: { reason: 'Cheque bounced' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const reversal = await json(first);
    expect(reversal).toMatchObject({ paymentId: p, invoiceId: inv, amount: 300, reason: 'Cheque bounced' });
    // Sent again with the same key (a lost reply): the same answer, nothing more.
    expect(await json(await send())).toEqual(reversal);
    const again = await as('OWNER', `/payments/${p}/reverse`, { body: { reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ reason: 'PAYMENT_ALREADY_REVERSED' });

    const after = await invoice(inv);
    expect(after).toMatchObject({ status: 'ISSUED', amountPaid: 0, balance: 300 });
    expect(after.payments).toEqual([
      expect.objectContaining({
        id: p,
        amount: 300,
        reversal: expect.objectContaining({ reason: 'Cheque bounced', createdBy: people.ACCOUNTANT.userId }),
      }),
    ]);
    // The payments list marks it too.
    const list = await json(await as('OWNER', '/payments'));
    expect(list.find((x: { id: string }) => x.id === p).reversal).toMatchObject({ reason: 'Cheque bounced' });
    // A reversed payment is not deleted, and a new payment can take the reopened balance.
    const del = await as('OWNER', `/payments/${p}`, { method: 'DELETE' });
    expect(del.status).toBe(400);
    expect(await json(del)).toMatchObject({ reason: 'PAYMENT_REVERSED' });
    await pay(inv, 300);
    expect(await invoice(inv)).toMatchObject({ status: 'PAID', balance: 0 });
  });

  it('deletes a fresh payment for an owner or a manager only; the balance follows', async () => {
    const inv = await issuedInvoice(100);
    const p = await pay(inv, 100);
    for (const role of ['ACCOUNTANT', 'SALES'] as const) {
      const res = await as(role, `/payments/${p}`, { method: 'DELETE' });
      expect(res.status, role).toBe(403);
      expect(await json(res)).toMatchObject({ reason: 'PAYMENT_DELETE_FORBIDDEN' });
    }
    const res = await as('MANAGER', `/payments/${p}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ id: p, invoiceId: inv, deleted: true });
    expect(await invoice(inv)).toMatchObject({ status: 'ISSUED', amountPaid: 0, payments: [] });
    const gone = await as('OWNER', `/payments/${p}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ reason: 'PAYMENT_NOT_FOUND' });
  });
});

describe('the Data API', () => {
  it('refuses a direct write of a reversal, a change of a payment, and every delete the rule refuses, with its reason', async () => {
    const inv = await issuedInvoice(90);
    const p = await pay(inv, 40);
    const q = await pay(inv, 50);
    for (const who of ['OWNER', 'ACCOUNTANT'] as const) {
      const res = await rest(who, 'payment_reversals', {
        body: { org_id: o.orgId, payment_id: p, reason: 'Direct', created_by: people[who].userId },
      });
      expect(res.status, who).toBe(403);
    }
    const patch = await rest('OWNER', `payments?id=eq.${p}`, { method: 'PATCH', body: { amount: 1 } });
    expect(patch.status).toBe(403);
    for (const who of ['ACCOUNTANT', 'SALES'] as const) {
      const res = await rest(who, `payments?id=eq.${p}`, { method: 'DELETE' });
      expect(res.status, who).toBe(403);
      expect(await hintReason(res)).toBe('PAYMENT_DELETE_FORBIDDEN');
    }
    // rpc/reverse_payment answers a refusal as its result, with the reason.
    const refused = await rest('SALES', 'rpc/reverse_payment', {
      body: { p_org_id: o.orgId, p_mutation_id: randomUUID(), p_payment_id: p, p_reason: 'x' },
    });
    expect(await json(refused)).toMatchObject({ error: { reason: 'PAYMENT_REVERSE_FORBIDDEN' } });
    const done = await rest('MANAGER', 'rpc/reverse_payment', {
      body: { p_org_id: o.orgId, p_mutation_id: randomUUID(), p_payment_id: p, p_reason: 'Wrong invoice' },
    });
    expect(await json(done)).toMatchObject({ data: { payment_id: p, amount: 40 } });
    const reversed = await rest('OWNER', `payments?id=eq.${p}`, { method: 'DELETE' });
    expect(reversed.status).toBe(400);
    expect(await hintReason(reversed)).toBe('PAYMENT_REVERSED');
    const [read] = await json(await rest('SALES', `payment_reversals?payment_id=eq.${p}`));
    expect(read).toMatchObject({ payment_id: p, reason: 'Wrong invoice' });
    // The owner deletes the fresh one directly: the invoice follows, the audit trail keeps the row.
    const deleted = await rest('OWNER', `payments?id=eq.${q}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual([expect.objectContaining({ id: q })]);
    expect(await invoice(inv)).toMatchObject({ amountPaid: 0, balance: 90 });
    const [audit] = await json(
      await rest('ACCOUNTANT', `audit_logs?entity=eq.payments&entity_id=eq.${q}&action=eq.DELETE`),
    );
    expect(audit).toMatchObject({ actor_id: o.userId, payload: { id: q, amount: 50, invoice_id: inv } });
  });
});

describe('expenses', () => {
  async function expense(vendor: string, amount: number) {
    const res = await as('OWNER', '/expenses', { body: { vendor, category: 'rent', amount } });
    expect(res.status).toBe(201);
    return (await json(res)).id as string;
  }

  it('are edited (the audit trail keeps before and after), reversed (still listed, not counted) and deleted only by owners and managers', async () => {
    const before = await json(await as('OWNER', '/accounting/summary'));
    const id = await expense('Landlord', 700);
    const edit = {
      vendor: 'Landlord Ltd',
      category: 'rent',
      amount: 750,
      note: 'November',
      paidAt: '2026-11-02',
    };
    const sales = await as('SALES', `/expenses/${id}`, { method: 'PUT', body: edit });
    expect(sales.status).toBe(403);
    const edited = await as('ACCOUNTANT', `/expenses/${id}`, { method: 'PUT', body: edit });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ id, vendor: 'Landlord Ltd', amount: 750, note: 'November' });
    const [audit] = await json(
      await rest('OWNER', `audit_logs?entity=eq.expenses&entity_id=eq.${id}&action=eq.UPDATE`),
    );
    expect(audit.payload).toMatchObject({ vendor: ['Landlord', 'Landlord Ltd'], amount: [700, 750] });

    const reversed = await as('ACCOUNTANT', `/expenses/${id}/reverse`, {
      body: { reason: 'Paid by the tenant' },
    });
    expect(reversed.status).toBe(201);
    expect(await json(reversed)).toMatchObject({ expenseId: id, amount: 750, reason: 'Paid by the tenant' });
    const listed = (await json(await as('OWNER', '/expenses'))).find((e: { id: string }) => e.id === id);
    expect(listed).toMatchObject({ amount: 750, reversal: { reason: 'Paid by the tenant' } });
    const after = await json(await as('OWNER', '/accounting/summary'));
    expect(after.expenses.totals).toEqual(before.expenses.totals);
    expect(after.expenses).toMatchObject({
      count: before.expenses.count,
      reversed: before.expenses.reversed + 1,
    });
    const report = await json(await as('OWNER', '/reports/expenses?days=30'));
    expect(report.rows.filter((r: { expenseId: string }) => r.expenseId === id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'reversal', amount: -750, reason: 'Paid by the tenant' }),
      ]),
    );

    const noEdit = await as('OWNER', `/expenses/${id}`, { method: 'PUT', body: edit });
    expect(noEdit.status).toBe(400);
    expect(await json(noEdit)).toMatchObject({ reason: 'EXPENSE_REVERSED' });
    const patch = await rest('OWNER', `expenses?id=eq.${id}`, { method: 'PATCH', body: { amount: 1 } });
    expect(await hintReason(patch)).toBe('EXPENSE_REVERSED');

    const other = await expense('ECG', 45);
    const byAccountant = await rest('ACCOUNTANT', `expenses?id=eq.${other}`, { method: 'DELETE' });
    expect(byAccountant.status).toBe(403);
    expect(await hintReason(byAccountant)).toBe('EXPENSE_DELETE_FORBIDDEN');
    const byManager = await rest('MANAGER', `expenses?id=eq.${other}`, { method: 'DELETE' });
    expect(await json(byManager)).toEqual([expect.objectContaining({ id: other })]);
  });
});

describe('the figures', () => {
  it('count payments net of reversals in the payments report and the accounting cards', async () => {
    const fresh = await owner({ country: 'NG', currency: 'NGN' });
    const me = (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(path, { token: fresh.token, orgId: fresh.orgId, key: randomUUID(), ...init });
    const customer = (await json(await me('/customers', { body: { name: 'Bola' } }))).id;
    const inv = (
      await json(
        await me('/invoices', {
          body: {
            customerId: customer,
            status: 'ISSUED',
            lines: [{ description: 'Yam', qty: 2, unitPrice: 5000, taxRate: 0 }],
          },
        }),
      )
    ).id;
    const payment = async (amount: number) =>
      (await json(await me('/payments', { body: { invoiceId: inv, method: 'cash', amount } }))).id;
    const [a, , c] = [await payment(4000), await payment(3000), await payment(2000)];
    await me(`/payments/${a}/reverse`, { body: { reason: 'Counted twice' } });
    await me(`/payments/${c}`, { method: 'DELETE' });
    const summary = await json(await me('/accounting/summary'));
    expect(summary.payments).toEqual({ count: 1, reversed: 1, totals: [{ currency: 'NGN', amount: 3000 }] });
    const report = await json(await me('/reports/payments?days=7'));
    expect(report).toMatchObject({
      total: 3,
      payments: 2,
      reversals: 1,
      totals: [{ currency: 'NGN', amount: 3000 }],
    });
    expect(
      report.rows.map((r: { kind: string; amount: number; reversed: boolean }) => [
        r.kind,
        r.amount,
        r.reversed,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['reversal', -4000, false],
        ['payment', 4000, true],
        ['payment', 3000, false],
      ]),
    );
    const overview = await json(await me('/reports/overview?days=7'));
    expect(overview.revenue).toEqual([{ currency: 'NGN', amount: 3000 }]);
    const dashboard = await json(await me('/dashboard'));
    expect(dashboard.metrics.cashReceived).toEqual([{ currency: 'NGN', amount: 3000 }]);
    // The recent activity keeps the payment taken back, marked as such.
    expect(
      dashboard.activity
        .filter((a: { kind: string }) => a.kind === 'payment')
        .map((a: { amount: number; reversed: boolean }) => [a.amount, a.reversed])
        .sort(),
    ).toEqual([
      [3000, false],
      [4000, true],
    ]);
    expect(await json(await me(`/invoices/${inv}`))).toMatchObject({ amountPaid: 3000, balance: 7000 });
  });
});
