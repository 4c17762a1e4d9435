// The daily running totals that the dashboard, the metrics and the reports add up
// (20261122001300_running_totals.sql): after invoices, lines, issues, voids, payments (some reversed, some
// deleted), and expenses added, edited, reversed and deleted, one by one and several in one statement, the
// kept totals equal totals recomputed from the tables, and a sum over a range that starts and ends inside a day (Kathmandu is UTC+5:45)
// equals the sum of the rows themselves; so do the accounting cards, which add up all of them.
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, type Sql, sqlAs, user } from './harness.ts';
import { setupOrg, type Org } from './fixtures.ts';

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();

async function invoice(sql: Sql, org: Org, customer: string, amount: string, createdAt: string) {
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, created_by, created_at)
     values ($1, $2, 'GHS', $3, $4) returning id`,
    [org.id, customer, org.ownerId, createdAt],
  );
  await sql(
    `insert into public.invoice_items (org_id, invoice_id, description, qty, unit_price)
     values ($1, $2, 'Goods', 1, $3), ($1, $2, 'More goods', 2, $3)`,
    [org.id, inv!.id, amount],
  );
  return inv!.id;
}

/** The kept rows of one table (those that still count something), then the same rows rebuilt. */
async function keptAndRebuilt(sql: Sql, orgId: string) {
  const read = async () => ({
    payments: await sql(
      `select day_start, currency, payments, reversals, amount::text from private.payments_by_day
        where org_id = $1 and (payments <> 0 or reversals <> 0) order by 1, 2`,
      [orgId],
    ),
    expenses: await sql(
      `select day_start, currency, expenses, reversals, amount::text from private.expenses_by_day
        where org_id = $1 and (expenses <> 0 or reversals <> 0) order by 1, 2`,
      [orgId],
    ),
    invoices: await sql(
      `select day_start, currency, status, invoices, total::text, amount_paid::text from private.invoices_by_day
        where org_id = $1 and invoices <> 0 order by 1, 2, 3`,
      [orgId],
    ),
    customers: await sql(
      `select customer_id, last_at from private.customer_activity where org_id = $1 order by 1`,
      [orgId],
    ),
  });
  const kept = await read();
  await sql(`select private.rebuild_daily_totals($1)`, [orgId]);
  return { kept, rebuilt: await read() };
}

async function busyOrganization(sql: Sql) {
  const org = await setupOrg(sql, { plan: 'GROWTH' });
  await sql(`update public.organizations set timezone = 'Asia/Kathmandu' where id = $1`, [org.id]);
  const customers = await sql<{ id: string }>(
    `insert into public.customers (org_id, name) values ($1, 'Akosua'), ($1, 'Kwame'), ($1, 'Ama') returning id`,
    [org.id],
  );
  const [akosua, kwame, ama] = customers.map((c) => c.id);
  const invoices: string[] = [];
  for (let k = 0; k < 12; k++) {
    const id = await invoice(sql, org, k % 2 ? kwame! : akosua!, `${(k + 1) * 10}.25`, at(k * 37 + k / 7));
    invoices.push(id);
    if (k % 4 === 3) continue; // stays a quote
    await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [
      id,
      at(k * 37 - 0.3),
    ]);
    if (k % 4 === 2) await sql(`update public.invoices set status = 'VOID' where id = $1`, [id]);
    else
      await sql(
        `insert into public.payments (org_id, invoice_id, method, amount, received_at, created_by)
         values ($1, $2, 'cash', 5, $3, $4), ($1, $2, 'cash', 7.5, $5, $4)`,
        [org.id, id, at(k * 30 - 0.2), org.ownerId, at(k * 30 - 1.6)],
      );
  }
  // A quote's lines change after it was made: its total moves; Kwame's newest quote goes to Akosua.
  await sql(`update public.invoice_items set qty = 5 where invoice_id = $1`, [invoices[3]]);
  await sql(`update public.invoices set customer_id = $2 where id = $1`, [invoices[3], akosua]);
  // Ama's only invoice is voided: she has no activity left.
  const amas = await invoice(sql, org, ama!, '40.00', at(2));
  await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [amas, at(1)]);
  await sql(`update public.invoices set status = 'VOID' where id = $1`, [amas]);
  await sql(
    `insert into public.expenses (org_id, vendor, category, amount, currency, paid_at, created_by)
     select $1, 'Landlord', 'rent', 100 + g, case when g % 3 = 0 then 'XOF' else 'GHS' end,
            now() - make_interval(mins => g * 173), $2
       from generate_series(1, 15) g`,
    [org.id, org.ownerId],
  );
  await sql(
    `update public.expenses set amount = amount + 1, paid_at = paid_at - interval '50 minutes'
      where org_id = $1 and currency = 'GHS' and amount < 106`,
    [org.id],
  );
  await sql(`update public.expenses set note = 'checked' where org_id = $1`, [org.id]);
  await sql(`delete from public.expenses where org_id = $1 and amount in (107, 112)`, [org.id]);
  // Corrections (docs/decisions/010-corrections.md): payments and expenses reversed, on their own day or
  // days later, several in one statement; a fresh payment deleted.
  await sql(
    `insert into public.payment_reversals (org_id, payment_id, reason, reversed_at, created_by)
     select p.org_id, p.id, 'Wrong invoice', p.received_at + make_interval(hours => (row_number() over ())::int * 29), $2
       from (select * from public.payments where org_id = $1 order by received_at, id limit 4) p`,
    [org.id, org.ownerId],
  );
  await sql(
    `insert into public.payment_reversals (org_id, payment_id, reason, reversed_at, created_by)
     select org_id, id, 'Counted twice', now() - interval '3 minutes', $2 from public.payments
      where org_id = $1 and id not in (select payment_id from public.payment_reversals) order by received_at desc limit 1`,
    [org.id, org.ownerId],
  );
  await sql(
    `delete from public.payments where id = (select id from public.payments where org_id = $1
        and id not in (select payment_id from public.payment_reversals) order by received_at desc limit 1)`,
    [org.id],
  );
  await sql(
    `insert into public.expense_reversals (org_id, expense_id, reason, reversed_at, created_by)
     select e.org_id, e.id, 'Refunded', e.paid_at + make_interval(hours => (row_number() over ())::int * 7), $2
       from (select * from public.expenses where org_id = $1 order by paid_at, id limit 3) e`,
    [org.id, org.ownerId],
  );
  return org;
}

describe('daily totals', () => {
  it('stay equal to the totals recomputed from the tables', async () => {
    await asOwner(async (sql) => {
      const org = await busyOrganization(sql);
      const { kept, rebuilt } = await keptAndRebuilt(sql, org.id);
      expect(kept.payments.length).toBeGreaterThan(2);
      expect(kept.expenses.length).toBeGreaterThan(2);
      expect(kept.invoices.length).toBeGreaterThan(2);
      expect(kept.customers.length).toBe(2);
      expect(kept.payments.filter((r) => Number(r.reversals) > 0).length).toBeGreaterThan(1);
      expect(kept.expenses.filter((r) => Number(r.reversals) > 0).length).toBeGreaterThan(1);
      expect(kept).toEqual(rebuilt);
    });
  });

  it('give the accounting cards (all time) as the rows themselves add up, and no expenses to a salesperson', async () => {
    await asOwner(async (sql) => {
      const org = await busyOrganization(sql);
      // The cards summed from every row: invoiced net of credit notes (and still owed), payments net of their
      // reversals and refunds, expenses net of theirs; per currency, the organization's first.
      const [direct] = await sql<{ r: Record<string, unknown> }>(
        `with invoiced as (
           select currency::text as currency, count(*) as n, sum(total - amount_credited) as amount,
                  sum(total - amount_credited - amount_paid) filter (where status = 'ISSUED') as owed
             from public.invoices where org_id = $1 and status in ('ISSUED', 'PAID') group by 1),
         received as (
           select x.currency, sum(x.amount) as amount, sum(x.n) as n, sum(x.r) as r
             from (select currency::text as currency, amount, 1 as n, 0 as r from public.payments where org_id = $1
                   union all select currency::text, -amount, -1, 1 from public.payment_reversals where org_id = $1
                   union all select currency::text, -amount, 0, 0 from public.refunds where org_id = $1) x
            group by 1),
         spent as (
           select x.currency, sum(x.amount) as amount, sum(x.n) as n, sum(x.r) as r
             from (select currency::text as currency, amount, 1 as n, 0 as r from public.expenses where org_id = $1
                   union all select currency::text, -amount, -1, 1 from public.expense_reversals where org_id = $1) x
            group by 1)
         select jsonb_build_object(
           'currency', 'GHS',
           'invoiced', jsonb_build_object('count', (select sum(n) from invoiced),
             'totals', private.money_list((select jsonb_object_agg(currency, amount) from invoiced), 'GHS'),
             'outstanding', private.money_list((select jsonb_object_agg(currency, owed) from invoiced), 'GHS')),
           'payments', jsonb_build_object('count', (select sum(n) from received), 'reversed', (select sum(r) from received),
             'totals', private.money_list((select jsonb_object_agg(currency, amount) from received), 'GHS')),
           'expenses', jsonb_build_object('count', (select sum(n) from spent), 'reversed', (select sum(r) from spent),
             'totals', private.money_list((select jsonb_object_agg(currency, amount) from spent), 'GHS'))) as r`,
        [org.id],
      );
      type Card = { count: number; reversed: number; totals: { currency: string; amount: number }[] };
      const summary = async (userId: string) =>
        (
          await sqlAs<{ r: { payments: Card; expenses: Card } & Record<string, unknown> }>(
            sql,
            user(userId),
            `select public.accounting_summary($1) as r`,
            [org.id],
          )
        )[0]!.r;
      const mine = await summary(org.ownerId);
      expect(mine).toEqual(direct!.r);
      // What the organization went through shows in the cards: two currencies of expenses, reversals.
      expect(mine.expenses.totals.map((m) => m.currency)).toEqual(['GHS', 'XOF']);
      expect(mine.payments.reversed).toBeGreaterThan(1);
      expect(mine.expenses.reversed).toBeGreaterThan(1);
      const sales = await addMember(sql, org.id, 'SALES');
      const theirs = await summary(sales.id);
      expect(theirs).toEqual({
        ...direct!.r,
        expenses: { count: 0, reversed: 0, totals: [{ currency: 'GHS', amount: 0 }] },
      });
    });
  });

  it('add up any range, whole days or not, as the rows themselves do', async () => {
    await asOwner(async (sql) => {
      const org = await busyOrganization(sql);
      // Local midnights in Kathmandu (quarter past the UTC hour), odd minutes, an empty range, all time.
      const ranges: [string, string][] = [
        ['-infinity', 'infinity'],
        [at(24 * 20 + 0.25), at(-1)],
        [at(200.4), at(3.9)],
        [at(30.1), at(29.95)],
        [at(10), at(10)],
        [at(400), at(0)],
      ];
      const [row] = await sql<{ midnight: string }>(
        `select (date_trunc('day', now() at time zone 'Asia/Kathmandu') - interval '90 days')
                  at time zone 'Asia/Kathmandu' as midnight`,
      );
      ranges.push([new Date(row!.midnight).toISOString(), 'infinity']);
      // Ranges that begin or end a second away from a row, inside its day.
      const instants = await sql<{ t: Date }>(
        `(select received_at as t from public.payments where org_id = $1 order by received_at limit 3)
         union all (select paid_at from public.expenses where org_id = $1 order by paid_at desc limit 3)
         union all (select reversed_at from public.payment_reversals where org_id = $1 limit 3)
         union all (select reversed_at from public.expense_reversals where org_id = $1 limit 2)
         union all (select coalesce(issued_at, created_at) from public.invoices where org_id = $1 limit 3)`,
        [org.id],
      );
      for (const { t } of instants) {
        const before = new Date(t.getTime() - 1000).toISOString();
        const after = new Date(t.getTime() + 1000).toISOString();
        ranges.push([after, 'infinity'], ['-infinity', before], [before, after], [t.toISOString(), after]);
      }
      for (const [from, to] of ranges) {
        const kept = {
          payments: await sql(
            `select currency, payments::int, reversals::int, amount::numeric(16,2)::text
               from private.payments_between($1, $2, $3) order by 1`,
            [org.id, from, to],
          ),
          expenses: await sql(
            `select currency, expenses::int, reversals::int, amount::numeric(16,2)::text
               from private.expenses_between($1, $2, $3) order by 1`,
            [org.id, from, to],
          ),
          invoices: await sql(
            `select currency, status, invoices::int, total::numeric(16,2)::text
               from private.invoices_between($1, $2, $3) order by 1, 2`,
            [org.id, from, to],
          ),
        };
        const direct = {
          // Net of the reversals made in the range, each counted on its own day.
          payments: await sql(
            `select currency, sum(n)::int as payments, sum(r)::int as reversals,
                    sum(amount)::numeric(16,2)::text as amount
               from (select currency::text, 1 as n, 0 as r, amount from public.payments
                      where org_id = $1 and received_at >= $2 and received_at < $3
                     union all
                     select currency::text, 0, 1, -amount from public.payment_reversals
                      where org_id = $1 and reversed_at >= $2 and reversed_at < $3) x
              group by 1 order by 1`,
            [org.id, from, to],
          ),
          expenses: await sql(
            `select currency, sum(n)::int as expenses, sum(r)::int as reversals,
                    sum(amount)::numeric(16,2)::text as amount
               from (select currency::text, 1 as n, 0 as r, amount from public.expenses
                      where org_id = $1 and paid_at >= $2 and paid_at < $3
                     union all
                     select currency::text, 0, 1, -amount from public.expense_reversals
                      where org_id = $1 and reversed_at >= $2 and reversed_at < $3) x
              group by 1 order by 1`,
            [org.id, from, to],
          ),
          invoices: await sql(
            `select currency::text, status, count(*)::int as invoices, sum(total)::numeric(16,2)::text as total
               from public.invoices
              where org_id = $1 and coalesce(issued_at, created_at) >= $2 and coalesce(issued_at, created_at) < $3
              group by 1, 2 order by 1, 2`,
            [org.id, from, to],
          ),
        };
        expect(kept, `${from} – ${to}`).toEqual(direct);
      }
    });
  });

  it("count a range's active customers as its invoices and payments say, also with a payment dated ahead", async () => {
    await asOwner(async (sql) => {
      const org = await busyOrganization(sql);
      const check = async () => {
        for (const days of [7, 30, 90, 365]) {
          const [row] = await sql<{ overview: { activeCustomers: number; range: Record<string, string> } }>(
            `select public.report_overview($1, $2) as overview`,
            [org.id, days],
          );
          const { range, activeCustomers } = row!.overview;
          const [direct] = await sql<{ n: number }>(
            `select count(*)::int as n
               from (select customer_id from public.invoices
                      where org_id = $1 and status <> 'VOID'
                        and coalesce(issued_at, created_at) >= $2 and coalesce(issued_at, created_at) < $3
                     union
                     select i.customer_id from public.payments p join public.invoices i on i.id = p.invoice_id
                      where p.org_id = $1 and p.received_at >= $2 and p.received_at < $3) c`,
            [org.id, range.startsAt, range.endsAt],
          );
          expect(activeCustomers, `${days} days`).toBe(direct!.n);
        }
      };
      await check();
      // Yaw bought 200 days ago and pays next week: active in the last 365 days only.
      const [yaw] = await sql<{ id: string }>(
        `insert into public.customers (org_id, name) values ($1, 'Yaw') returning id`,
        [org.id],
      );
      const old = await invoice(sql, org, yaw!.id, '80.00', at(24 * 200));
      await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [
        old,
        at(24 * 200),
      ]);
      await sql(
        `insert into public.payments (org_id, invoice_id, method, amount, received_at, created_by)
         values ($1, $2, 'cash', 10, $3, $4)`,
        [org.id, old, at(-24 * 8), org.ownerId],
      );
      await check();
    });
  });
});
