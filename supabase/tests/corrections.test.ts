// Corrections of recorded money (docs/decisions/010-corrections.md): a payment reversed (a counter-entry with
// its reason) or deleted (owners and managers, within 24 hours, not reversed), an expense edited (the audit
// trail keeps before and after) or reversed. The original rows never change, the invoice's amount paid and
// status follow, every refusal names its reason, and every figure (accounting, reports, dashboard, running
// totals) counts payments and expenses net of their reversals, as direct sums over the same rows do.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, outcome, type Role, type Sql, sqlAs, user } from './harness.ts';
import { createInvoice, type Org, readInvoice, setupOrg } from './fixtures.ts';

type Answer = { data?: Record<string, unknown>; error?: { code: string; reason?: string; params?: unknown } };

/** Calls a mutation function as the member; its answer ({ data } or { error }). */
async function call(
  sql: Sql,
  userId: string,
  fn: string,
  args: unknown[],
  mutationId: string = randomUUID(),
) {
  const params = args
    .slice(1)
    .map((_, i) => `$${i + 3}`)
    .join(', ');
  const [row] = await sqlAs<{ r: Answer }>(sql, user(userId), `select public.${fn}($1, $2, ${params}) as r`, [
    args[0],
    mutationId,
    ...args.slice(1),
  ]);
  return row!.r;
}
const reversePayment = (
  sql: Sql,
  userId: string,
  org: Org,
  payment: string,
  reason: string | null,
  id?: string,
) => call(sql, userId, 'reverse_payment', [org.id, payment, reason], id);
const deletePayment = (sql: Sql, userId: string, org: Org, payment: string) =>
  call(sql, userId, 'delete_payment', [org.id, payment]);

async function team(sql: Sql, org: Org): Promise<Record<Role, string>> {
  const ids: Partial<Record<Role, string>> = { OWNER: org.ownerId };
  for (const role of ['MANAGER', 'ACCOUNTANT', 'SALES'] as const)
    ids[role] = (await addMember(sql, org.id, role)).id;
  return ids as Record<Role, string>;
}

async function payment(sql: Sql, org: Org, invoice: string, amount: string, createdAt?: string) {
  const [p] = await sql<{ id: string }>(
    `insert into public.payments (org_id, invoice_id, method, amount, created_by, created_at)
     values ($1, $2, 'cash', $3, $4, coalesce($5::timestamptz, now())) returning id`,
    [org.id, invoice, amount, org.ownerId, createdAt ?? null],
  );
  return p!.id;
}
const row = async (sql: Sql, table: string, id: string) =>
  (await sql<{ j: string }>(`select to_jsonb(t)::text as j from public.${table} t where id = $1`, [id]))[0]
    ?.j;

describe('reversing a payment', () => {
  it('takes it off the invoice (PAID is ISSUED again), keeps the payment as it was, once per payment', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const invoice = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '100.00' }],
        status: 'ISSUED',
      });
      const first = await payment(sql, org, invoice, '40.00');
      const second = await payment(sql, org, invoice, '60.00');
      expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'PAID', amount_paid: '100.00' });
      const before = await row(sql, 'payments', second);

      const mutation = randomUUID();
      const done = await reversePayment(
        sql,
        members.ACCOUNTANT,
        org,
        second,
        '  Paid on another invoice ',
        mutation,
      );
      expect(done.data).toMatchObject({
        payment_id: second,
        invoice_id: invoice,
        amount: 60,
        currency: 'GHS',
        reason: 'Paid on another invoice',
        created_by: members.ACCOUNTANT,
      });
      expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'ISSUED', amount_paid: '40.00' });
      expect(await row(sql, 'payments', second)).toBe(before);
      // The same change sent again (a lost reply) is the same answer, not a second reversal.
      expect(
        await reversePayment(sql, members.ACCOUNTANT, org, second, '  Paid on another invoice ', mutation),
      ).toEqual(done);
      expect(await reversePayment(sql, members.OWNER, org, second, 'Again')).toMatchObject({
        error: { reason: 'PAYMENT_ALREADY_REVERSED' },
      });
      const [n] = await sql<{ n: number }>(
        `select count(*)::int as n from payment_reversals where payment_id = $1`,
        [second],
      );
      expect(n!.n).toBe(1);
      expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'ISSUED', amount_paid: '40.00' });
      // The balance is open again: a new payment completes the invoice.
      await payment(sql, org, invoice, '60.00');
      expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'PAID', amount_paid: '100.00' });
      expect(first).toBeTruthy();
    });
  });

  it('needs a reason and one of the roles that record payments; the table itself is written by no member', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const invoice = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '100.00' }],
        status: 'ISSUED',
      });
      const p = await payment(sql, org, invoice, '30.00');
      for (const reason of [null, '', '   '])
        expect(await reversePayment(sql, members.OWNER, org, p, reason)).toMatchObject({
          error: { code: 'VALIDATION_FAILED', reason: 'REVERSAL_REASON_REQUIRED' },
        });
      expect(await reversePayment(sql, members.OWNER, org, p, 'x'.repeat(501))).toMatchObject({
        error: { reason: 'TOO_LONG', params: { max: 500 } },
      });
      expect(await reversePayment(sql, members.SALES, org, p, 'Mine')).toMatchObject({
        error: { code: 'FORBIDDEN', reason: 'PAYMENT_REVERSE_FORBIDDEN' },
      });
      expect(await reversePayment(sql, members.OWNER, org, randomUUID(), 'Unknown')).toMatchObject({
        error: { code: 'NOT_FOUND', reason: 'PAYMENT_NOT_FOUND' },
      });
      for (const role of ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES'] as const)
        expect(
          await outcome(
            sqlAs(
              sql,
              user(members[role]),
              `insert into payment_reversals (org_id, payment_id, reason, created_by) values ($1, $2, 'x', $3)`,
              [org.id, p, members[role]],
            ),
          ),
          role,
        ).toBe('42501');
      expect(await readInvoice(sql, invoice)).toMatchObject({ amount_paid: '30.00' });
      for (const role of ['MANAGER', 'ACCOUNTANT'] as const) {
        const other = await payment(sql, org, invoice, '1.00');
        expect((await reversePayment(sql, members[role], org, other, 'Typo')).data, role).toBeDefined();
      }
      expect(await readInvoice(sql, invoice)).toMatchObject({ amount_paid: '30.00' });
    });
  });
});

describe('deleting a payment', () => {
  it('lets an owner or a manager delete a fresh one: the balance follows and the audit trail keeps the row', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      for (const role of ['OWNER', 'MANAGER'] as const) {
        const invoice = await createInvoice(sql, org, {
          lines: [{ qty: 1, unitPrice: '50.00' }],
          status: 'ISSUED',
        });
        const p = await payment(sql, org, invoice, '50.00');
        expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'PAID' });
        const done = await deletePayment(sql, members[role], org, p);
        expect(done.data, role).toMatchObject({ id: p, amount: 50 });
        expect(await readInvoice(sql, invoice)).toMatchObject({ status: 'ISSUED', amount_paid: '0.00' });
        expect(await row(sql, 'payments', p)).toBeUndefined();
        const [audit] = await sql<{ actor_id: string; payload: Record<string, unknown> }>(
          `select actor_id, payload from audit_logs where entity = 'payments' and entity_id = $1 and action = 'DELETE'`,
          [p],
        );
        expect(audit).toMatchObject({
          actor_id: members[role],
          payload: { id: p, invoice_id: invoice, amount: 50, method: 'cash', org_id: org.id },
        });
      }
    });
  });

  it('refuses anyone else, a payment a day old and a reversed one, each with its reason, whatever the path', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const invoice = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '90.00' }],
        status: 'ISSUED',
      });
      const fresh = await payment(sql, org, invoice, '10.00');
      const old = await payment(
        sql,
        org,
        invoice,
        '20.00',
        new Date(Date.now() - 25 * 3_600_000).toISOString(),
      );
      const reversed = await payment(sql, org, invoice, '30.00');
      await reversePayment(sql, members.OWNER, org, reversed, 'Wrong customer');
      const before = await readInvoice(sql, invoice);
      for (const role of ['ACCOUNTANT', 'SALES'] as const)
        expect(await deletePayment(sql, members[role], org, fresh), role).toMatchObject({
          error: { code: 'FORBIDDEN', reason: 'PAYMENT_DELETE_FORBIDDEN' },
        });
      expect(await deletePayment(sql, members.OWNER, org, old)).toMatchObject({
        error: { reason: 'PAYMENT_TOO_OLD_TO_DELETE', params: { hours: 24 } },
      });
      expect(await deletePayment(sql, members.MANAGER, org, reversed)).toMatchObject({
        error: { reason: 'PAYMENT_REVERSED' },
      });
      expect(await deletePayment(sql, members.OWNER, org, randomUUID())).toMatchObject({
        error: { reason: 'PAYMENT_NOT_FOUND' },
      });
      // Directly on the table (the Data API's DELETE): the same refusals, with the same hints.
      const direct = async (role: Role, id: string) => {
        try {
          await sqlAs(sql, user(members[role]), `delete from payments where id = $1`, [id]);
          return 'ok';
        } catch (e) {
          return JSON.parse((e as { hint: string }).hint).reason as string;
        }
      };
      expect(await direct('ACCOUNTANT', fresh)).toBe('PAYMENT_DELETE_FORBIDDEN');
      expect(await direct('SALES', fresh)).toBe('PAYMENT_DELETE_FORBIDDEN');
      expect(await direct('OWNER', old)).toBe('PAYMENT_TOO_OLD_TO_DELETE');
      expect(await direct('OWNER', reversed)).toBe('PAYMENT_REVERSED');
      // Not even the database owner deletes an old or a reversed payment.
      expect(await outcome(sql(`savepoint s; delete from payments where id = '${old}'`))).toBe('23514');
      await sql('rollback to savepoint s');
      expect(await readInvoice(sql, invoice)).toEqual(before);
      for (const id of [fresh, old, reversed]) expect(await row(sql, 'payments', id)).toBeDefined();
    });
  });
});

describe('expenses', () => {
  async function expense(sql: Sql, org: Org, amount = '120.00') {
    const [e] = await sql<{ id: string }>(
      `insert into public.expenses (org_id, vendor, category, amount, currency, created_by)
       values ($1, 'Landlord', 'rent', $2, 'GHS', $3) returning id`,
      [org.id, amount, org.ownerId],
    );
    return e!.id;
  }

  it('is edited once per mutation id, and the audit trail keeps each changed column before and after', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const id = await expense(sql, org);
      const input = {
        vendor: 'ECG',
        category: 'utilities',
        amount: '95.50',
        paidAt: '2026-01-15',
        note: 'Meter 42',
      };
      const mutation = randomUUID();
      const done = await call(sql, members.ACCOUNTANT, 'update_expense', [org.id, id, input], mutation);
      expect(done.data).toMatchObject({
        id,
        vendor: 'ECG',
        category: 'utilities',
        amount: 95.5,
        note: 'Meter 42',
      });
      expect(await call(sql, members.ACCOUNTANT, 'update_expense', [org.id, id, input], mutation)).toEqual(
        done,
      );
      const [audit] = await sql<{ actor_id: string; payload: Record<string, [unknown, unknown]> }>(
        `select actor_id, payload from audit_logs where entity = 'expenses' and entity_id = $1 and action = 'UPDATE'`,
        [id],
      );
      expect(audit!.actor_id).toBe(members.ACCOUNTANT);
      expect(audit!.payload).toMatchObject({
        vendor: ['Landlord', 'ECG'],
        category: ['rent', 'utilities'],
        amount: [120, 95.5],
        note: [null, 'Meter 42'],
      });
      expect(Object.keys(audit!.payload).sort()).toEqual(['amount', 'category', 'note', 'paid_at', 'vendor']);
      expect(await call(sql, members.SALES, 'update_expense', [org.id, id, input])).toMatchObject({
        error: { reason: 'EXPENSES_FORBIDDEN' },
      });
      expect(
        await call(sql, members.OWNER, 'update_expense', [org.id, id, { ...input, amount: '1.005' }]),
      ).toMatchObject({ error: { reason: 'CURRENCY_DECIMALS', field: 'amount' } });
      expect(
        await call(sql, members.OWNER, 'update_expense', [org.id, id, { ...input, vendor: ' ' }]),
      ).toMatchObject({
        error: { reason: 'VENDOR_REQUIRED' },
      });
    });
  });

  it('is reversed once, stays as it was, and is then neither edited nor deleted', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const id = await expense(sql, org);
      const before = await row(sql, 'expenses', id);
      const done = await call(sql, members.ACCOUNTANT, 'reverse_expense', [
        org.id,
        id,
        'Refunded by the landlord',
      ]);
      expect(done.data).toMatchObject({
        expense_id: id,
        amount: 120,
        currency: 'GHS',
        reason: 'Refunded by the landlord',
      });
      expect(await row(sql, 'expenses', id)).toBe(before);
      expect(await call(sql, members.OWNER, 'reverse_expense', [org.id, id, 'Again'])).toMatchObject({
        error: { reason: 'EXPENSE_ALREADY_REVERSED' },
      });
      expect(
        await call(sql, members.OWNER, 'update_expense', [
          org.id,
          id,
          { vendor: 'X', category: 'rent', amount: 1 },
        ]),
      ).toMatchObject({ error: { reason: 'EXPENSE_REVERSED' } });
      expect(
        await call(sql, members.SALES, 'reverse_expense', [org.id, await expense(sql, org), 'x']),
      ).toMatchObject({
        error: { reason: 'EXPENSES_FORBIDDEN' },
      });
      const hint = async (role: Role, text: string, id: string) => {
        try {
          await sqlAs(sql, user(members[role]), text, [id]);
          return 'ok';
        } catch (e) {
          return JSON.parse((e as { hint: string }).hint).reason as string;
        }
      };
      expect(await hint('OWNER', `update expenses set amount = 1 where id = $1`, id)).toBe(
        'EXPENSE_REVERSED',
      );
      expect(await hint('OWNER', `delete from expenses where id = $1`, id)).toBe('EXPENSE_REVERSED');
      expect(await row(sql, 'expenses', id)).toBe(before);
    });
  });

  it('is deleted by owners and managers only (audited); an accountant is told to reverse it', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const id = await expense(sql, org);
      await expect(
        sqlAs(sql, user(members.ACCOUNTANT), `delete from expenses where id = $1`, [id]),
      ).rejects.toMatchObject({
        code: '42501',
        hint: expect.stringContaining('EXPENSE_DELETE_FORBIDDEN'),
      });
      expect(
        await sqlAs(sql, user(members.MANAGER), `delete from expenses where id = $1 returning id`, [id]),
      ).toEqual([{ id }]);
      const [audit] = await sql<{ actor_id: string; payload: Record<string, unknown> }>(
        `select actor_id, payload from audit_logs where entity = 'expenses' and entity_id = $1 and action = 'DELETE'`,
        [id],
      );
      expect(audit).toMatchObject({
        actor_id: members.MANAGER,
        payload: { id, vendor: 'Landlord', amount: 120 },
      });
    });
  });
});

describe('the figures', () => {
  it('count payments and expenses net of their reversals, everywhere, as direct sums do', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const invoices = [];
      for (const total of ['100.00', '250.00', '80.00'])
        invoices.push(
          await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: total }], status: 'ISSUED' }),
        );
      const p1 = await payment(sql, org, invoices[0]!, '100.00');
      await payment(sql, org, invoices[1]!, '200.00');
      const p3 = await payment(sql, org, invoices[2]!, '80.00');
      const p4 = await payment(sql, org, invoices[1]!, '50.00');
      await reversePayment(sql, members.ACCOUNTANT, org, p1, 'Bounced cheque');
      await reversePayment(sql, members.OWNER, org, p3, 'Wrong invoice');
      await deletePayment(sql, members.MANAGER, org, p4);
      const [e1] = await sql<{ id: string }>(
        `insert into expenses (org_id, vendor, category, amount, currency, created_by)
         values ($1, 'Landlord', 'rent', 300, 'GHS', $2), ($1, 'ECG', 'utilities', 45.5, 'GHS', $2) returning id`,
        [org.id, org.ownerId],
      );
      await call(sql, members.MANAGER, 'reverse_expense', [org.id, e1!.id, 'Paid twice']);

      // Direct sums over the rows: 200 received (380 less 180 reversed), 45.50 spent (345.50 less 300).
      const [direct] = await sql<{ received: string; spent: string; payments: number; expenses: number }>(
        `select (select sum(amount) from payments where org_id = $1)
                - (select sum(amount) from payment_reversals where org_id = $1) as received,
                (select sum(amount) from expenses where org_id = $1)
                - (select sum(amount) from expense_reversals where org_id = $1) as spent,
                (select count(*) from payments where org_id = $1)::int
                - (select count(*) from payment_reversals where org_id = $1)::int as payments,
                (select count(*) from expenses where org_id = $1)::int
                - (select count(*) from expense_reversals where org_id = $1)::int as expenses`,
        [org.id],
      );
      expect(direct).toEqual({ received: '200.00', spent: '45.50', payments: 1, expenses: 1 });
      const money = (amount: number) => [{ currency: 'GHS', amount }];

      const read = <T>(text: string) =>
        sqlAs<{ r: T }>(sql, user(org.ownerId), `select ${text} as r`, [org.id]).then((rows) => rows[0]!.r);
      const summary = await read<Record<string, { count: number; reversed?: number; totals: unknown }>>(
        'public.accounting_summary($1)',
      );
      expect(summary.payments).toEqual({ count: 1, reversed: 2, totals: money(200) });
      expect(summary.expenses).toEqual({ count: 1, reversed: 1, totals: money(45.5) });
      // The invoices' amounts paid say the same.
      expect(summary.invoiced).toMatchObject({ totals: money(430), outstanding: money(230) });

      for (const days of [7, 30, 365]) {
        const overview = await read<Record<string, unknown>>(`public.report_overview($1, ${days})`);
        expect(overview, `${days} days`).toMatchObject({
          revenue: money(200),
          expenses: money(45.5),
          profit: money(154.5),
        });
        const series = await read<{
          buckets: { revenue: { amount: number }[]; expenses: { amount: number }[] }[];
        }>(`public.report_timeseries($1, ${days})`);
        const sum = (k: 'revenue' | 'expenses') =>
          Math.round(series.buckets.reduce((s, b) => s + b[k][0]!.amount, 0) * 100) / 100;
        expect([sum('revenue'), sum('expenses')], `${days} days`).toEqual([200, 45.5]);
      }

      type Rows = {
        total: number;
        totals: unknown;
        rows: { kind: string; amount: number; reversed: boolean; reason: string | null }[];
      };
      const payments = await read<Rows & { payments: number; reversals: number }>(
        'public.report_payments($1, 30, 50, 0)',
      );
      expect(payments).toMatchObject({ total: 5, payments: 3, reversals: 2, totals: money(200) });
      expect(payments.rows.reduce((s, r) => s + r.amount, 0)).toBe(200);
      expect(
        payments.rows
          .filter((r) => r.kind === 'reversal')
          .map((r) => [r.amount, r.reason])
          .sort(),
      ).toEqual([
        [-100, 'Bounced cheque'],
        [-80, 'Wrong invoice'],
      ]);
      expect(
        payments.rows
          .filter((r) => r.kind === 'payment' && r.reversed)
          .map((r) => r.amount)
          .sort(),
      ).toEqual([100, 80]);
      // A page of the rows is a slice of the same order.
      const page = await read<Rows>('public.report_payments($1, 30, 2, 1)');
      expect(page.rows).toEqual(payments.rows.slice(1, 3));

      const expenses = await read<Rows & { expenses: number; reversals: number }>(
        'public.report_expenses($1, 30, 50, 0)',
      );
      expect(expenses).toMatchObject({ total: 3, expenses: 2, reversals: 1, totals: money(45.5) });
      expect(expenses.rows.reduce((s, r) => s + r.amount, 0)).toBe(45.5);

      const metrics = await read<{ cashReceived: number; revenueThisMonth: number }>(
        'public.get_metrics($1)',
      );
      expect(metrics.cashReceived).toBe(200);
      const dashboard = await read<{ metrics: { cashReceived: unknown } }>('public.get_dashboard($1)');
      expect(dashboard.metrics.cashReceived).toEqual(money(200));
    });
  });
});
