// Property-based (fast-check): a customer's statement adds up. For any history of invoices, payments
// (dated in the past), reversals, credit notes and refunds, and any period:
// - each summary figure is the sum of its own lines — invoiced the invoices, credited the credit notes,
//   paid the payments less their reversals, refunded the refunds — so a reversal is never counted as
//   invoiced nor a credit note as paid;
// - the closing balance is the opening balance plus invoiced, less credited and paid, plus refunded, and the
//   running balance of the last line;
// - over all time, the figures are the recorded rows' own sums, and the closing balance is what the
//   customer's invoices still owe (less what is overpaid and not yet refunded).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOwner, type Sql, sqlAs, user } from './harness.ts';
import { addLine, createCustomer, type Org, setupOrg } from './fixtures.ts';

type Step =
  | { kind: 'pay'; invoice: number; share: number; daysAgo: number }
  | { kind: 'reverse'; payment: number }
  | { kind: 'credit'; invoice: number; qty: number }
  | { kind: 'refund'; credit: number; share: number };

const invoiceArb = fc.record({
  qty: fc.integer({ min: 1, max: 6 }),
  unitPrice: fc.integer({ min: 1, max: 50_000 }),
  taxRate: fc.constantFrom(0, 18),
  daysAgo: fc.integer({ min: 0, max: 90 }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    invoice: fc.nat(),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    daysAgo: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), payment: fc.nat() }),
  fc.record({ kind: fc.constant('credit' as const), invoice: fc.nat(), qty: fc.integer({ min: 1, max: 6 }) }),
  fc.record({
    kind: fc.constant('refund' as const),
    credit: fc.nat(),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
  }),
);

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Calls a mutation function as the member; fails the property on a refusal it did not expect. */
async function mutate(sql: Sql, org: Org, fn: string, args: unknown[]) {
  const params = args.map((_, i) => `$${i + 3}`).join(', ');
  const [row] = await sqlAs<{ r: { data?: Record<string, unknown>; error?: { reason?: string } } }>(
    sql,
    user(org.ownerId),
    `select public.${fn}($1, $2, ${params}) as r`,
    [org.id, randomUUID(), ...args],
  );
  return row!.r;
}

async function money(sql: Sql, text: string, params: unknown[]): Promise<number> {
  const [row] = await sql<{ n: string | null }>(text, params);
  return Number(row?.n ?? 0);
}

interface Account {
  currency: string;
  opening: number;
  invoiced: number;
  credited: number;
  paid: number;
  refunded: number;
  closing: number;
  entries: { kind: string; debit: number; credit: number; balance: number }[];
}

const sumOf = (a: Account, kind: string, side: 'debit' | 'credit') =>
  a.entries.filter((e) => e.kind === kind).reduce((s, e) => s + e[side], 0);
const cents = (n: number) => Math.round(n * 100);

describe('customer statements add up (property-based)', () => {
  // One shop per currency, made once: each run is a new customer's history in a transaction rolled back at
  // its end, so the shop holds no other run's rows (an owner and an organization per run cost most of it).
  const shops = {} as Record<'GHS' | 'XOF', Org>;
  beforeAll(async () => {
    shops.GHS = await asOwner((sql) => setupOrg(sql, { country: 'GH', currency: 'GHS' }), { commit: true });
    shops.XOF = await asOwner((sql) => setupOrg(sql, { country: 'SN', currency: 'XOF' }), { commit: true });
  });

  it('summarise their own lines, for any history and any period', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { minLength: 1, maxLength: 3 }),
        fc.array(stepArb, { maxLength: 10 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('GHS', 'XOF'),
        async (invoices, steps, a, b, currency) => {
          await asOwner(async (sql) => {
            const org = shops[currency];
            const customer = await createCustomer(sql, org);
            const made: { id: string; item: string; daysAgo: number }[] = [];
            for (const inv of invoices) {
              const [row] = await sql<{ id: string }>(
                `insert into public.invoices (org_id, customer_id, currency, created_by)
                 values ($1, $2, $3, $4) returning id`,
                [org.id, customer, currency, org.ownerId],
              );
              const item = await addLine(sql, org, row!.id, inv);
              await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [
                row!.id,
                `${day(inv.daysAgo)}T09:00:00Z`,
              ]);
              made.push({ id: row!.id, item, daysAgo: inv.daysAgo });
            }
            const payments: string[] = [];
            const credits: string[] = [];
            for (const step of steps) {
              if (step.kind === 'pay') {
                const inv = made[step.invoice % made.length]!;
                const due = await money(
                  sql,
                  `select total - amount_credited - amount_paid as n from public.invoices where id = $1`,
                  [inv.id],
                );
                const amount = Math.floor(due * step.share);
                if (amount < 1) continue;
                const done = await mutate(sql, org, 'record_payment', [
                  {
                    invoiceId: inv.id,
                    method: 'mobile-money',
                    provider: 'WAVE',
                    amount,
                    receivedAt: day(Math.min(step.daysAgo, inv.daysAgo)),
                  },
                ]);
                expect(done.error).toBeUndefined();
                payments.push(String(done.data!.id));
              } else if (step.kind === 'reverse' && payments.length) {
                await mutate(sql, org, 'reverse_payment', [
                  payments[step.payment % payments.length],
                  'Wrong one',
                ]);
              } else if (step.kind === 'credit') {
                const inv = made[step.invoice % made.length]!;
                const done = await mutate(sql, org, 'create_credit_note', [
                  inv.id,
                  { reason: 'Returned', lines: [{ invoiceItemId: inv.item, qty: step.qty }] },
                ]);
                if (done.data) credits.push(String(done.data.id));
              } else if (step.kind === 'refund' && credits.length) {
                const note = credits[step.credit % credits.length]!;
                const overpaid = await money(
                  sql,
                  // What is still overpaid: the invoice's balance below zero, less what was refunded already.
                  `select -(i.total - i.amount_credited - i.amount_paid)
                          - coalesce((select sum(r.amount) from public.refunds r where r.invoice_id = i.id), 0) as n
                     from public.invoices i join public.credit_notes n on n.invoice_id = i.id where n.id = $1`,
                  [note],
                );
                const amount = Math.floor(overpaid * step.share);
                if (amount < 1) continue;
                const done = await mutate(sql, org, 'record_refund', [note, { amount, method: 'cash' }]);
                expect(done.error).toBeUndefined();
              }
            }

            const statement = async (from: string, to: string) => {
              const [row] = await sqlAs<{ s: { accounts: Account[] } }>(
                sql,
                user(org.ownerId),
                `select public.customer_statement($1, $2, $3, $4) as s`,
                [org.id, customer, from, to],
              );
              return row!.s.accounts;
            };

            // Any period: the summary is its lines, and the balances chain.
            const [older, newer] = [Math.max(a, b), Math.min(a, b)];
            for (const account of await statement(day(older), day(newer))) {
              expect(cents(account.invoiced)).toBe(cents(sumOf(account, 'INVOICE', 'debit')));
              expect(cents(account.credited)).toBe(cents(sumOf(account, 'CREDIT_NOTE', 'credit')));
              expect(cents(account.paid)).toBe(
                cents(sumOf(account, 'PAYMENT', 'credit') - sumOf(account, 'REVERSAL', 'debit')),
              );
              expect(cents(account.refunded)).toBe(cents(sumOf(account, 'REFUND', 'debit')));
              expect(cents(account.closing)).toBe(
                cents(
                  account.opening + account.invoiced - account.credited - account.paid + account.refunded,
                ),
              );
              if (account.entries.length)
                expect(cents(account.entries.at(-1)!.balance)).toBe(cents(account.closing));
            }

            // All time: the recorded rows' own sums, and what the invoices still owe.
            const [all] = await statement(day(365), day(0));
            const rows = (table: string, column: string, where = '') =>
              money(sql, `select sum(${column}) as n from public.${table} t where org_id = $1 ${where}`, [
                org.id,
              ]);
            expect(all).toMatchObject({ currency, opening: 0 });
            expect(cents(all!.invoiced)).toBe(cents(await rows('invoices', 'total')));
            expect(cents(all!.credited)).toBe(cents(await rows('credit_notes', 'total')));
            expect(cents(all!.paid)).toBe(
              cents(
                await rows(
                  'payments',
                  'amount',
                  'and not exists (select 1 from public.payment_reversals r where r.payment_id = t.id)',
                ),
              ),
            );
            expect(cents(all!.refunded)).toBe(cents(await rows('refunds', 'amount')));
            // A refund gives back what a credit note left overpaid: owed again, as the invoice's balance says.
            expect(cents(all!.closing)).toBe(
              cents(
                (await rows('invoices', 'total - amount_credited - amount_paid')) +
                  (await rows('refunds', 'amount')),
              ),
            );
          });
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);
});
