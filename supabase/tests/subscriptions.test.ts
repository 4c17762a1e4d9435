// Recurring invoices: plans, subscriptions and their billing, in SQL. Each period of an ACTIVE
// subscription is billed once, in order, as one ISSUED invoice, one billing cycle and one subscription
// invoice; pausing, resuming and cancelling move the state only as the rules say, for the roles allowed.
// Time is played out by passing the billing run (and the private change function) the day it runs; the
// subscriptions start next year, so the real clock never bills them behind the test's back.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASE_URL } from '../../tests/env.ts';
import { addMember, asOwner, expectSqlError, ROLES, type Role, type Sql, sqlAs, user } from './harness.ts';
import { createCustomer, createProduct, type Org, pay, setupOrg as newOrg, stockOf } from './fixtures.ts';

const hint = (err: { hint?: string }) => JSON.parse(err.hint ?? '{}') as Record<string, unknown>;
/** A day of next year, so the real clock has not reached it. */
const YEAR = new Date().getUTCFullYear() + 1;
const day = (monthDay: string) => `${YEAR}-${monthDay}`;
/** How an invoice line writes a date (day-first, as en-GB and French readers do): 31/01/2027. */
const written = (iso: string) => iso.split('-').reverse().join('/');
/** Noon on that day in Accra (UTC), as the billing run would see it. */
const at = (monthDay: string) => `${day(monthDay)}T12:00:00Z`;

/** A new organization, the one the billing run of the test bills. */
async function setupOrg(sql: Sql, opts: Parameters<typeof newOrg>[1] = {}): Promise<Org> {
  const org = await newOrg(sql, opts);
  billOrg = org.id;
  return org;
}

async function team(sql: Sql, org: Org): Promise<Record<Role, string>> {
  const ids = { OWNER: org.ownerId } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'OWNER')) ids[role] = (await addMember(sql, org.id, role)).id;
  return ids;
}

interface PlanInput {
  price?: string;
  interval?: 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
  count?: number;
  trialDays?: number;
  currency?: string;
}
/** A plan created by the owner through the Data API path (RLS). */
async function createPlan(sql: Sql, org: Org, p: PlanInput = {}): Promise<string> {
  const [row] = await sqlAs<{ id: string }>(
    sql,
    user(org.ownerId),
    `insert into subscription_plans (org_id, name, price, currency, billing_interval, interval_count, trial_days)
     values ($1, 'Maintenance', $2, $3, $4, $5, $6) returning id`,
    [
      org.id,
      p.price ?? '100.00',
      p.currency ?? null,
      p.interval ?? 'MONTHLY',
      p.count ?? 1,
      p.trialDays ?? 0,
    ],
  );
  return row!.id;
}

type Answer = {
  data?: Record<string, unknown> & { id: string; status: string };
  error?: { code: string; reason: string };
};
/** rpc/subscribe as the member, with a fresh mutation id. */
async function subscribe(sql: Sql, actorId: string, orgId: string, input: Record<string, unknown>) {
  const [row] = await sqlAs<{ r: Answer }>(
    sql,
    user(actorId),
    `select public.subscribe($1, gen_random_uuid(), $2) as r`,
    [orgId, input],
  );
  return row!.r;
}
async function subscribed(sql: Sql, org: Org, input: Record<string, unknown>): Promise<string> {
  const answer = await subscribe(sql, org.ownerId, org.id, input);
  expect(answer.error).toBeUndefined();
  return answer.data!.id;
}
/** pause, resume, cancel or cancel_at_period_end on `when`, as the member (the public functions use now()). */
async function change(sql: Sql, actorId: string, orgId: string, id: string, action: string, when: string) {
  const [row] = await sqlAs<{ status: string }>(
    sql,
    user(actorId),
    `select (private.change_subscription($1, $2, $3, $4)).status::text as status`,
    [orgId, id, action, when],
  );
  return row!.status;
}
/** The billing run on `when`, for the test's organization only (the demo data's subscriptions are left alone). */
let billOrg = '';
const bill = async (sql: Sql, when: string, orgId = billOrg) =>
  (await sql<{ n: number }>(`select public.bill_due_subscriptions($1, $2) as n`, [when, orgId]))[0]!.n;

/** The subscription's billed periods, in cycle order, with their invoices. */
const cycles = (sql: Sql, subscriptionId: string) =>
  sql<{
    cycle: number;
    start: string;
    end: string;
    status: string;
    number: string;
    invoice: string;
    total: string;
    issued: string;
  }>(
    `select b.cycle_number as cycle, b.start_date::text as start, b.end_date::text as end, b.status::text as status,
            i.number, i.status::text as invoice, i.total::text as total, (i.issued_at at time zone 'UTC')::date::text as issued
       from billing_cycles b left join invoices i on i.id = b.invoice_id
      where b.subscription_id = $1 order by b.cycle_number`,
    [subscriptionId],
  );
const state = async (sql: Sql, id: string) =>
  (
    await sql<{ status: string; next: string | null; cancel: boolean }>(
      `select status::text as status, next_billing_date::text as next, cancel_at_period_end as cancel
         from subscriptions where id = $1`,
      [id],
    )
  )[0]!;

describe('billing', () => {
  it('bills each started period once, in order, as an ISSUED invoice with its cycle and subscription invoice', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(`insert into business_profiles (org_id, payment_terms_days) values ($1, 15)`, [org.id]);
      const plan = await createPlan(sql, org, { price: '100.00' });
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        quantity: 2,
        taxPercent: 10,
        discountPercent: 25,
        startDate: day('01-31'),
      });
      expect(await bill(sql, at('01-30'))).toBe(0);
      // The scheduler was down for two months: the three periods started are billed in order, from the
      // 31st each time (the 28th or 29th in February, the 31st again in March).
      expect(await bill(sql, at('03-31'))).toBe(3);
      const feb = YEAR % 4 === 0 ? '02-29' : '02-28';
      const rows = await cycles(sql, id);
      expect(rows.map((r) => [r.cycle, r.start, r.end, r.status, r.invoice])).toEqual([
        [1, day('01-31'), day(feb === '02-29' ? '02-28' : '02-27'), 'BILLED', 'ISSUED'],
        [2, day(feb), day('03-30'), 'BILLED', 'ISSUED'],
        [3, day('03-31'), day('04-29'), 'BILLED', 'ISSUED'],
      ]);
      // Invoice numbers follow the periods; 2 × (100.00 less 25 %) = 150.00, plus 10 % tax.
      const numbers = rows.map((r) => Number(r.number.slice(4)));
      expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
      expect(rows.map((r) => r.total)).toEqual(['165.00', '165.00', '165.00']);
      const [invoice] = await sql<Record<string, string>>(
        `select i.due_at::text as due, it.description, it.qty::text as qty, it.unit_price::text as price,
                it.discount_percent::text as off, it.tax_rate::text as tax, i.subtotal::text as subtotal
           from invoices i join invoice_items it on it.invoice_id = i.id where i.org_id = $1 and i.number = $2`,
        [org.id, rows[0]!.number],
      );
      expect(invoice).toEqual({
        due: day('04-15'),
        description: `Maintenance (${written(day('01-31'))} – ${written(rows[0]!.end!)})`,
        qty: '2.000',
        price: '100.00',
        off: '25.00',
        tax: '10.00',
        subtotal: '150.00',
      });
      expect(
        await sql(
          `select period_start::text as s, period_end::text as e from subscription_invoices
            where subscription_id = $1 order by period_start`,
          [id],
        ),
      ).toEqual(rows.map((r) => ({ s: r.start, e: r.end })));
      // Never twice: the same day, or a later one before the next period, bills nothing more.
      expect(await bill(sql, at('03-31'))).toBe(0);
      expect(await bill(sql, at('04-29'))).toBe(0);
      expect(await state(sql, id)).toMatchObject({ status: 'ACTIVE', next: day('04-30') });
      expect(await bill(sql, at('04-30'))).toBe(1);
      expect((await cycles(sql, id)).map((r) => r.cycle)).toEqual([1, 2, 3, 4]);
    });
  });

  it('bills the periods already started when a customer is subscribed from a past day', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const plan = await createPlan(sql, org, { interval: 'WEEKLY' });
      const [today] = await sql<{ d: string }>(`select (current_date - 15)::text as d`);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        startDate: today!.d,
      });
      // 15, 8 and 1 days ago.
      expect((await cycles(sql, id)).map((r) => [r.cycle, r.invoice])).toEqual([
        [1, 'ISSUED'],
        [2, 'ISSUED'],
        [3, 'ISSUED'],
      ]);
      expect(await bill(sql, new Date().toISOString())).toBe(0);
    });
  });

  it('rounds to the currency’s decimals: XOF has none', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const bad = await expectSqlError(createPlan(sql, org, { price: '150.50' }), '23514');
      expect(hint(bad)).toMatchObject({ reason: 'CURRENCY_DECIMALS', field: 'price' });
      const plan = await createPlan(sql, org, { price: '999' });
      expect(await sql(`select currency from subscription_plans where id = $1`, [plan])).toEqual([
        { currency: 'XOF' },
      ]);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        quantity: 3,
        taxPercent: 18,
        discountPercent: 33.33,
        startDate: day('02-01'),
      });
      expect(await bill(sql, at('02-01'))).toBe(1);
      // 999 less 33.33 % is 666.03…, billed 666; 3 × 666 = 1998; 18 % of it, 359.64, is 360.
      const [invoice] = await sql(
        `select i.currency, i.subtotal::text, i.tax::text, i.total::text, b.amount::text as cycle
           from billing_cycles b join invoices i on i.id = b.invoice_id where b.subscription_id = $1`,
        [id],
      );
      expect(invoice).toEqual({
        currency: 'XOF',
        subtotal: '1998.00',
        tax: '360.00',
        total: '2358.00',
        cycle: '2358.00',
      });
    });
  });

  it('bills nothing during the trial, and the first period from its end', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const plan = await createPlan(sql, org, { trialDays: 14 });
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        startDate: day('03-01'),
      });
      expect(await sql(`select trial_end::text from subscriptions where id = $1`, [id])).toEqual([
        { trial_end: day('03-15') },
      ]);
      expect(await bill(sql, at('03-14'))).toBe(0);
      expect(await bill(sql, at('03-15'))).toBe(1);
      expect((await cycles(sql, id)).map((r) => [r.cycle, r.start, r.end])).toEqual([
        [1, day('03-15'), day('04-14')],
      ]);
      // A trial of its own replaces the plan's; none at all bills from the start.
      const none = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        startDate: day('03-01'),
        trialDays: 0,
      });
      expect(await bill(sql, at('03-01'))).toBe(1);
      expect((await cycles(sql, none)).map((r) => r.start)).toEqual([day('03-01')]);
    });
  });

  it('never bills a period twice when two runs overlap (two connections)', async () => {
    // Committed data, so that two sessions see it; removed at the end.
    const setup = await asOwner(
      async (sql) => {
        const org = await setupOrg(sql);
        const plan = await createPlan(sql, org, { interval: 'WEEKLY' });
        const id = await subscribed(sql, org, {
          customerId: await createCustomer(sql, org),
          planId: plan,
          startDate: day('01-01'),
        });
        return { org, id };
      },
      { commit: true },
    );
    const a = new pg.Client({ connectionString: DATABASE_URL });
    const b = new pg.Client({ connectionString: DATABASE_URL });
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      await b.query('begin');
      // The billing run itself, twice at the same moment (limited to the test's organization).
      const run = `select public.bill_due_subscriptions($1, $2) as n`;
      const first = await a.query(run, [at('02-01'), setup.org.id]);
      // The second run waits on the subscription's lock until the first commits, then finds nothing left.
      const second = b.query(run, [at('02-01'), setup.org.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.query('commit');
      expect(first.rows[0].n).toBe(5); // Jan 1, 8, 15, 22, 29
      expect((await second).rows[0].n).toBe(0);
      await b.query('commit');
      await asOwner(async (sql) => {
        const rows = await cycles(sql, setup.id);
        expect(rows.map((r) => r.cycle)).toEqual([1, 2, 3, 4, 5]);
        expect(new Set(rows.map((r) => r.number)).size).toBe(5);
      });
    } finally {
      await Promise.all([a.end(), b.end()]);
      await asOwner((sql) => sql(`delete from organizations where id = $1`, [setup.org.id]), {
        commit: true,
      });
    }
  });

  it('bills the periods the plan’s invoice limit allows, leaves the rest for a later run, and bills the others', async () => {
    await asOwner(async (sql) => {
      const full = await setupOrg(sql);
      const customer = await createCustomer(sql, full);
      // 48 of the free plan's 50 invoices this month are used.
      await sql(
        `insert into invoices (org_id, customer_id, currency, created_by)
         select $1, $2, 'GHS', $3 from generate_series(1, 48)`,
        [full.id, customer, full.ownerId],
      );
      const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      const weekly = await createPlan(sql, full, { interval: 'WEEKLY' });
      // Three weeks started (15, 8 and 1 days ago): two fit under the limit.
      const answer = await subscribe(sql, full.ownerId, full.id, {
        customerId: customer,
        planId: weekly,
        startDate: ago(15),
      });
      expect(answer.data?.status).toBe('ACTIVE');
      const held = answer.data!.id;
      expect((await cycles(sql, held)).map((r) => [r.cycle, r.start])).toEqual([
        [1, ago(15)],
        [2, ago(8)],
      ]);
      expect(await state(sql, held)).toMatchObject({ status: 'ACTIVE', next: ago(1) });
      // Numbers stay gap-free: the refused invoice gave its number back.
      expect(
        await sql(
          `select max(number) filter (where number like 'INV-%') as last, count(*)::int as n
             from invoices where org_id = $1`,
          [full.id],
        ),
      ).toEqual([{ last: 'INV-000002', n: 50 }]);
      // The run goes on with the other organizations.
      const other = await setupOrg(sql);
      const billed = await subscribed(sql, other, {
        customerId: await createCustomer(sql, other),
        planId: await createPlan(sql, other),
        startDate: day('01-01'),
      });
      expect(await bill(sql, at('01-01'), null as unknown as string)).toBeGreaterThanOrEqual(1);
      expect((await cycles(sql, held)).length).toBe(2);
      expect((await cycles(sql, billed)).length).toBe(1);
    });
  });

  it('refuses a second bill of the same period even when the subscription is not locked', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        startDate: day('01-01'),
      });
      await bill(sql, at('01-01'));
      const err = await expectSqlError(
        sql(
          `insert into billing_cycles (org_id, subscription_id, cycle_number, start_date, end_date, amount, currency)
           values ($1, $2, 1, $3, $3, 1, 'GHS')`,
          [org.id, id, day('01-01')],
        ),
        '23505',
      );
      expect(err.constraint).toBe('billing_cycles_org_id_subscription_id_cycle_number_key');
    });
  });
});

describe('plans', () => {
  it('keeps the period and currency of a plan with subscribers, and lets the rest change', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const plan = await createPlan(sql, org);
      const edit = (set: string) =>
        sqlAs(sql, user(org.ownerId), `update subscription_plans set ${set} where id = $1 returning 1`, [
          plan,
        ]);
      expect(await edit(`interval_count = 2`)).toHaveLength(1); // no subscriber yet
      await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: plan,
        startDate: day('01-01'),
      });
      for (const set of [`billing_interval = 'WEEKLY'`, `interval_count = 1`]) {
        const err = await expectSqlError(edit(set), '23514');
        expect(hint(err)).toMatchObject({ reason: 'PLAN_PERIOD_IN_USE', field: 'interval' });
      }
      const currency = await expectSqlError(edit(`currency = 'NGN'`), '23514');
      expect(hint(currency)).toMatchObject({ reason: 'PLAN_CURRENCY_IN_USE', params: { currency: 'GHS' } });
      expect(await edit(`price = 120, trial_days = 7, is_active = false`)).toHaveLength(1);
    });
  });
});

describe('plans with lines', () => {
  it('bills the plan’s lines × the quantity, and takes their products out of stock like any issued invoice', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 50, price: '12.50' });
      const [saved] = await sqlAs<{ r: { data: { id: string; price: string; lines: unknown[] } } }>(
        sql,
        user(org.ownerId),
        `select public.save_subscription_plan($1, gen_random_uuid(), null, $2) as r`,
        [
          org.id,
          {
            name: 'Water delivery',
            interval: 'MONTHLY',
            lines: [
              { productId: product, description: 'Voltic pack', qty: 2, unitPrice: 12.5 },
              { description: 'Delivery', qty: 1, unitPrice: 5 },
            ],
          },
        ],
      );
      // The plan costs what its lines add up to.
      expect(saved!.r.data).toMatchObject({ price: 30 });
      expect(saved!.r.data.lines).toHaveLength(2);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: saved!.r.data.id,
        quantity: 3,
        taxPercent: 0,
        discountPercent: 10,
        startDate: day('02-01'),
      });
      expect(await bill(sql, at('02-01'))).toBe(1);
      const [row] = await cycles(sql, id);
      expect(
        await sql(
          `select it.product_id, it.description, it.qty::text, it.unit_price::text, it.discount_percent::text
             from invoice_items it join invoices i on i.id = it.invoice_id
            where i.org_id = $1 and i.number = $2 order by it.position`,
          [org.id, row!.number],
        ),
      ).toEqual([
        {
          product_id: product,
          description: `Voltic pack (${written(day('02-01'))} – ${written(day('02-28'))})`,
          qty: '6.000',
          unit_price: '12.50',
          discount_percent: '10.00',
        },
        {
          product_id: null,
          description: 'Delivery',
          qty: '3.000',
          unit_price: '5.00',
          discount_percent: '10.00',
        },
      ]);
      expect(row!.total).toBe('81.00');
      expect(await stockOf(sql, product)).toEqual(['44.000']);
    });
  });

  it('takes the discount off each line before rounding it (not off each unit), and a full credit note gives back the total', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const [saved] = await sqlAs<{ r: { data: { id: string } } }>(
        sql,
        user(org.ownerId),
        `select public.save_subscription_plan($1, gen_random_uuid(), null, $2) as r`,
        [
          org.id,
          {
            name: 'Panier du mois',
            interval: 'MONTHLY',
            lines: [
              { description: 'Riz', qty: 1, unitPrice: 12500 },
              { description: 'Huile', qty: 4, unitPrice: 1350 },
            ],
          },
        ],
      );
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: saved!.r.data.id,
        taxPercent: 18,
        discountPercent: 5,
        startDate: day('02-01'),
      });
      expect(await bill(sql, at('02-01'))).toBe(1);
      const [row] = await cycles(sql, id);
      // 11 875 + 5 130 (4 × 1 282.50, not 4 × 1 283) = 17 005, + 18 % = 20 066 (the field test read 20 069).
      const [invoice] = await sql<{ id: string; subtotal: string; tax: string; total: string }>(
        `select id, subtotal::text, tax::text, total::text from invoices where org_id = $1 and number = $2`,
        [org.id, row!.number],
      );
      expect(invoice).toMatchObject({ subtotal: '17005.00', tax: '3061.00', total: '20066.00' });
      const items = await sql<{ id: string; qty: string }>(
        `select id, qty::text from invoice_items where invoice_id = $1 order by position`,
        [invoice!.id],
      );
      const [note] = await sqlAs<{ r: { data?: { total: string } } }>(
        sql,
        user(org.ownerId),
        `select public.create_credit_note($1, gen_random_uuid(), $2, $3) as r`,
        [
          org.id,
          invoice!.id,
          { reason: 'Returned', lines: items.map((i) => ({ invoiceItemId: i.id, qty: Number(i.qty) })) },
        ],
      );
      expect(Number(note!.r.data?.total)).toBe(20066);
    });
  });
});

describe('paying', () => {
  it('marks the cycle PAID when its invoice is paid in full, and BILLED again when the payment is reversed', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org, { price: '80.00' }),
        taxPercent: 0,
        startDate: day('01-01'),
      });
      await bill(sql, at('01-01'));
      const [row] = await cycles(sql, id);
      const [invoice] = await sql<{ id: string }>(
        `select id from invoices where org_id = $1 and number = $2`,
        [org.id, row!.number],
      );
      await pay(sql, org, org.ownerId, invoice!.id, '30.00');
      expect((await cycles(sql, id))[0]!.status).toBe('BILLED');
      await pay(sql, org, org.ownerId, invoice!.id, '50.00');
      const [paid] = await sql<{ status: string; paid: boolean }>(
        `select status::text, paid_at is not null as paid from billing_cycles where subscription_id = $1`,
        [id],
      );
      expect(paid).toEqual({ status: 'PAID', paid: true });
      const [payment] = await sql<{ id: string }>(
        `select id from payments where invoice_id = $1 order by amount desc limit 1`,
        [invoice!.id],
      );
      const [answer] = await sqlAs<{ r: { error?: unknown } }>(
        sql,
        user(org.ownerId),
        `select public.reverse_payment($1, gen_random_uuid(), $2, 'Cheque bounced') as r`,
        [org.id, payment!.id],
      );
      expect(answer!.r.error).toBeUndefined();
      expect(
        await sql(`select status::text, paid_at from billing_cycles where subscription_id = $1`, [id]),
      ).toEqual([{ status: 'BILLED', paid_at: null }]);
    });
  });
});

describe('periods without payment', () => {
  it('records a period with nothing to pay (a full discount) as paid, without an invoice', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        discountPercent: 100,
        startDate: day('01-01'),
      });
      expect(await bill(sql, at('01-01'))).toBe(0);
      expect((await cycles(sql, id)).map((r) => [r.cycle, r.status, r.number])).toEqual([[1, 'PAID', null]]);
      expect(await sql(`select count(*)::int as n from invoices where org_id = $1`, [org.id])).toEqual([
        { n: 0 },
      ]);
    });
  });

  it('marks the period CANCELLED when its invoice is voided, and never bills it again', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        startDate: day('01-01'),
      });
      await bill(sql, at('01-01'));
      const [row] = await cycles(sql, id);
      await sqlAs(
        sql,
        user(org.ownerId),
        `update invoices set status = 'VOID' where org_id = $1 and number = $2`,
        [org.id, row!.number],
      );
      expect((await cycles(sql, id)).map((r) => [r.cycle, r.status, r.invoice])).toEqual([
        [1, 'CANCELLED', 'VOID'],
      ]);
      expect(await bill(sql, at('01-20'))).toBe(0);
    });
  });
});

describe('states', () => {
  async function scene(sql: Sql) {
    const org = await setupOrg(sql);
    const members = await team(sql, org);
    const plan = await createPlan(sql, org);
    const customer = await createCustomer(sql, org);
    const start = async () => {
      const id = await subscribed(sql, org, { customerId: customer, planId: plan, startDate: day('01-10') });
      await bill(sql, at('01-10'));
      return id;
    };
    return { org, members, plan, customer, start };
  }

  it('pauses (nothing billed while paused) and resumes from the next period, without billing the paused time', async () => {
    await asOwner(async (sql) => {
      const { org, start } = await scene(sql);
      const id = await start();
      expect(await change(sql, org.ownerId, org.id, id, 'pause', at('01-15'))).toBe('PAUSED');
      expect(await state(sql, id)).toMatchObject({ status: 'PAUSED', next: null });
      expect(await bill(sql, at('04-01'))).toBe(0);
      // Resumed on March 26th: February 10th and March 10th passed while paused and are never billed.
      expect(await change(sql, org.ownerId, org.id, id, 'resume', at('03-26'))).toBe('ACTIVE');
      expect(await state(sql, id)).toMatchObject({ status: 'ACTIVE', next: day('04-10') });
      expect(await bill(sql, at('04-09'))).toBe(0);
      expect(await bill(sql, at('04-10'))).toBe(1);
      expect((await cycles(sql, id)).map((r) => [r.cycle, r.start])).toEqual([
        [1, day('01-10')],
        [4, day('04-10')],
      ]);
    });
  });

  it('bills a started period before pausing, and bills at once when resumed on the first day of a period', async () => {
    await asOwner(async (sql) => {
      const { org, start } = await scene(sql);
      const id = await start();
      // The run has not billed February 10th yet when the owner pauses that afternoon: it was owed.
      await change(sql, org.ownerId, org.id, id, 'pause', at('02-10'));
      expect((await cycles(sql, id)).map((r) => r.cycle)).toEqual([1, 2]);
      await change(sql, org.ownerId, org.id, id, 'resume', at('04-10'));
      expect((await cycles(sql, id)).map((r) => r.cycle)).toEqual([1, 2, 4]);
    });
  });

  it('cancels now (nothing more billed) or at the end of the billed period (then CANCELLED instead of billed)', async () => {
    await asOwner(async (sql) => {
      const { org, start } = await scene(sql);
      const now = await start();
      expect(await change(sql, org.ownerId, org.id, now, 'cancel', at('01-20'))).toBe('CANCELLED');
      const later = await start();
      expect(await change(sql, org.ownerId, org.id, later, 'cancel_at_period_end', at('01-20'))).toBe(
        'ACTIVE',
      );
      expect(await state(sql, later)).toMatchObject({ status: 'ACTIVE', cancel: true });
      expect(await bill(sql, at('02-09'))).toBe(0);
      expect(await bill(sql, at('02-10'))).toBe(0);
      expect(await state(sql, now)).toMatchObject({ status: 'CANCELLED', next: null });
      expect(await state(sql, later)).toMatchObject({ status: 'CANCELLED', next: null });
      expect((await cycles(sql, now)).length).toBe(1);
      expect((await cycles(sql, later)).length).toBe(1);
    });
  });

  it('takes back a cancellation at period end with resume; cancels at once when nothing was billed yet', async () => {
    await asOwner(async (sql) => {
      const { org, start, plan, customer } = await scene(sql);
      const id = await start();
      await change(sql, org.ownerId, org.id, id, 'cancel_at_period_end', at('01-20'));
      expect(await change(sql, org.ownerId, org.id, id, 'resume', at('01-21'))).toBe('ACTIVE');
      expect(await state(sql, id)).toMatchObject({ cancel: false });
      expect(await bill(sql, at('02-10'))).toBe(1);
      // In its trial (no period billed), at period end is now.
      const trial = await subscribed(sql, org, {
        customerId: customer,
        planId: plan,
        startDate: day('05-01'),
        trialDays: 30,
      });
      expect(await change(sql, org.ownerId, org.id, trial, 'cancel_at_period_end', at('05-02'))).toBe(
        'CANCELLED',
      );
    });
  });

  it('edits the quantity, tax, discount and end for the periods not billed yet (owners and managers)', async () => {
    await asOwner(async (sql) => {
      const { org, members, start } = await scene(sql);
      const id = await start();
      const edit = (actorId: string, input: Record<string, unknown>) =>
        sqlAs<{ r: Answer }>(
          sql,
          user(actorId),
          `select public.update_subscription($1, gen_random_uuid(), $2, $3) as r`,
          [org.id, id, input],
        ).then((rows) => rows[0]!.r);
      for (const role of ['ACCOUNTANT', 'SALES'] as const)
        expect((await edit(members[role], { quantity: 9 })).error).toMatchObject({
          reason: 'SUBSCRIPTION_FORBIDDEN',
        });
      expect((await edit(org.ownerId, { endDate: day('01-01') })).error).toMatchObject({
        reason: 'SUBSCRIPTION_END_BEFORE_START',
        field: 'endDate',
      });
      expect(
        (await edit(members.MANAGER, { quantity: 3, taxPercent: 0, discountPercent: 50 })).data,
      ).toMatchObject({
        quantity: 3,
      });
      await bill(sql, at('02-10'));
      // 100.00 and Ghana's 20 % VAT before the edit; 3 × 50.00 without tax after it.
      expect((await cycles(sql, id)).map((r) => r.total)).toEqual(['120.00', '150.00']);
      await edit(org.ownerId, { endDate: day('02-20') });
      await bill(sql, at('03-10'));
      expect(await state(sql, id)).toMatchObject({ status: 'EXPIRED' });
      expect((await edit(org.ownerId, { quantity: 1 })).error).toMatchObject({
        reason: 'SUBSCRIPTION_ENDED',
      });
    });
  });

  it('expires after its end date', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        startDate: day('01-01'),
        endDate: day('02-15'),
      });
      expect(await bill(sql, at('06-01'))).toBe(2);
      expect(await state(sql, id)).toMatchObject({ status: 'EXPIRED', next: null });
    });
  });

  it('refuses every transition the rules do not allow, with its reason, and changes nothing', async () => {
    await asOwner(async (sql) => {
      const { org, start } = await scene(sql);
      const id = await start();
      const refused = async (action: string, from: string, to: string) => {
        const err = await expectSqlError(change(sql, org.ownerId, org.id, id, action, at('01-20')), '23514');
        expect(hint(err)).toMatchObject({ reason: 'SUBSCRIPTION_STATUS_TRANSITION', params: { from, to } });
        expect((await state(sql, id)).status).toBe(from);
      };
      await refused('resume', 'ACTIVE', 'ACTIVE');
      await change(sql, org.ownerId, org.id, id, 'pause', at('01-20'));
      await refused('pause', 'PAUSED', 'PAUSED');
      await change(sql, org.ownerId, org.id, id, 'cancel', at('01-20'));
      for (const [action, to] of [
        ['pause', 'PAUSED'],
        ['resume', 'ACTIVE'],
        ['cancel', 'CANCELLED'],
        ['cancel_at_period_end', 'CANCELLED'],
      ] as const)
        await refused(action, 'CANCELLED', to);
      // Through the public function too: the refusal is the answer, recorded for the mutation id.
      const [answer] = await sqlAs<{ r: Answer }>(
        sql,
        user(org.ownerId),
        `select public.pause_subscription($1, gen_random_uuid(), $2) as r`,
        [org.id, id],
      );
      expect(answer!.r.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        reason: 'SUBSCRIPTION_STATUS_TRANSITION',
      });
      // Even the database owner cannot bring a cancelled subscription back or bill a period again.
      const err = await expectSqlError(
        sql(`update subscriptions set status = 'ACTIVE' where id = $1`, [id]),
        '23514',
      );
      expect(hint(err)).toMatchObject({ reason: 'SUBSCRIPTION_ENDED' });
    });
  });

  it('replays a mutation id with the same answer, and bills nothing more for it', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const input = {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org, { interval: 'WEEKLY' }),
        startDate: new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10),
      };
      const call = () =>
        sqlAs<{ r: Answer }>(
          sql,
          user(org.ownerId),
          `select public.subscribe($1, 'a1b2c3d4-0000-4000-8000-000000000026', $2) as r`,
          [org.id, input],
        );
      const [first] = await call();
      const [again] = await call();
      expect(again!.r).toEqual(first!.r);
      expect(await sql(`select count(*)::int as n from subscriptions where org_id = $1`, [org.id])).toEqual([
        { n: 1 },
      ]);
      expect(await sql(`select count(*)::int as n from invoices where org_id = $1`, [org.id])).toEqual([
        { n: 2 },
      ]);
    });
  });
});

describe('who may do what', () => {
  it('lets owners, managers and salespeople subscribe a customer to an active plan; not accountants', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const plan = await createPlan(sql, org);
      const customerId = await createCustomer(sql, org);
      for (const role of ROLES) {
        const answer = await subscribe(sql, members[role], org.id, {
          customerId,
          planId: plan,
          startDate: day('01-01'),
        });
        if (role === 'ACCOUNTANT')
          expect(answer.error).toMatchObject({ code: 'FORBIDDEN', reason: 'SUBSCRIPTION_FORBIDDEN' });
        else expect(answer.data?.status, role).toBe('ACTIVE');
      }
      await sqlAs(sql, user(org.ownerId), `update subscription_plans set is_active = false where id = $1`, [
        plan,
      ]);
      const inactive = await subscribe(sql, members.SALES, org.id, { customerId, planId: plan });
      expect(inactive.error).toMatchObject({ reason: 'PLAN_INACTIVE' });
    });
  });

  it('lets owners and managers pause, resume and cancel; refuses accountants and salespeople', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        startDate: day('01-01'),
      });
      for (const role of ['ACCOUNTANT', 'SALES'] as const) {
        const err = await expectSqlError(
          change(sql, members[role], org.id, id, 'pause', at('01-02')),
          '42501',
        );
        expect(hint(err)).toMatchObject({ reason: 'SUBSCRIPTION_FORBIDDEN' });
      }
      expect((await state(sql, id)).status).toBe('ACTIVE');
      expect(await change(sql, members.MANAGER, org.id, id, 'pause', at('01-02'))).toBe('PAUSED');
      expect(await change(sql, members.MANAGER, org.id, id, 'resume', at('01-03'))).toBe('ACTIVE');
    });
  });

  it('keeps organizations apart: another organization’s member can neither subscribe nor change nor see', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const other = await setupOrg(sql);
      const plan = await createPlan(sql, org);
      const customerId = await createCustomer(sql, org);
      const id = await subscribed(sql, org, { customerId, planId: plan, startDate: day('01-01') });
      // Refused before anything is recorded, as every mutation of a non-member (its id cannot be stored).
      await expectSqlError(subscribe(sql, other.ownerId, org.id, { customerId, planId: plan }), '42501');
      // Their own organization with the other's plan and customer: not found.
      const foreign = await subscribe(sql, other.ownerId, other.id, { customerId, planId: plan });
      expect(foreign.error).toMatchObject({ code: 'NOT_FOUND', reason: 'PLAN_NOT_FOUND' });
      const err = await expectSqlError(
        change(sql, other.ownerId, org.id, id, 'cancel', at('01-02')),
        '42501',
      );
      expect(hint(err)).toMatchObject({ reason: 'NOT_A_MEMBER' });
      const wrongOrg = await expectSqlError(
        change(sql, other.ownerId, other.id, id, 'cancel', at('01-02')),
        '23503',
      );
      expect(hint(wrongOrg)).toMatchObject({ reason: 'SUBSCRIPTION_NOT_FOUND' });
      for (const table of ['subscriptions', 'billing_cycles', 'subscription_invoices', 'subscription_plans'])
        expect(
          await sqlAs(sql, user(other.ownerId), `select 1 from ${table} where org_id = $1`, [org.id]),
        ).toEqual([]);
      expect(await sqlAs(sql, user(other.ownerId), `select * from list_subscriptions($1)`, [org.id])).toEqual(
        [],
      );
      expect((await state(sql, id)).status).toBe('ACTIVE');
    });
  });

  it('closes the subscription tables to direct writes by every member, and the billing run to members', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const id = await subscribed(sql, org, {
        customerId: await createCustomer(sql, org),
        planId: await createPlan(sql, org),
        startDate: day('01-01'),
      });
      for (const role of ROLES) {
        const err = await expectSqlError(
          sqlAs(sql, user(members[role]), `update subscriptions set status = 'CANCELLED' where id = $1`, [
            id,
          ]),
          '42501',
        );
        expect(err.message).toBe('permission denied for table subscriptions');
        await expectSqlError(
          sqlAs(sql, user(members[role]), `select public.bill_due_subscriptions($1)`, [at('06-01')]),
          '42501',
        );
      }
      expect((await state(sql, id)).status).toBe('ACTIVE');
      expect(
        await sql(`select count(*)::int as n from billing_cycles where subscription_id = $1`, [id]),
      ).toEqual([{ n: 0 }]);
    });
  });
});

describe('figures', () => {
  it('gives the monthly recurring revenue per currency, exactly, and the active subscriptions on the dashboard and overview', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customerId = await createCustomer(sql, org);
      const [dates] = await sql<{ today: string; past: string; later: string }>(
        `select current_date::text as today, (current_date - 10)::text as past, (current_date + 10)::text as later`,
      );
      const sub = (planId: string, extra: Record<string, unknown> = {}) =>
        subscribed(sql, org, { customerId, planId, startDate: dates!.past, ...extra });
      // Weekly 100.00: 433.33 a month; monthly 2 × 50.00 less 10 %: 90.00; quarterly 300.00: 100.00; yearly
      // 1,200.00 every 2 years: 50.00; a plan in XOF of 12,000 a year: 1,000. A paused one counts nowhere; one
      // in its trial and one starting later count as active subscriptions, not yet in the revenue.
      await sub(await createPlan(sql, org, { interval: 'WEEKLY', price: '100.00' }));
      await sub(await createPlan(sql, org, { price: '50.00' }), { quantity: 2, discountPercent: 10 });
      await sub(await createPlan(sql, org, { interval: 'QUARTERLY', price: '300.00' }));
      await sub(await createPlan(sql, org, { interval: 'YEARLY', price: '1200.00', count: 2 }));
      await sub(await createPlan(sql, org, { interval: 'YEARLY', price: '12000', currency: 'XOF' }));
      const paused = await sub(await createPlan(sql, org, { price: '1000.00' }));
      await change(sql, org.ownerId, org.id, paused, 'pause', new Date().toISOString());
      await sub(await createPlan(sql, org, { price: '1000.00', trialDays: 30 }), { startDate: dates!.today });
      await sub(await createPlan(sql, org, { price: '1000.00' }), { startDate: dates!.later });
      const [dashboard] = await sqlAs<{ m: Record<string, unknown> }>(
        sql,
        user(org.ownerId),
        `select get_dashboard($1) -> 'metrics' as m`,
        [org.id],
      );
      const expected = {
        monthlyRecurringRevenue: [
          { currency: 'GHS', amount: 673.33 },
          { currency: 'XOF', amount: 1000 },
        ],
        activeSubscriptions: 7,
      };
      expect(dashboard!.m).toMatchObject(expected);
      const [overview] = await sqlAs<{ s: unknown }>(
        sql,
        user(org.ownerId),
        `select report_overview($1, 30) -> 'subscriptions' as s`,
        [org.id],
      );
      expect(overview!.s).toEqual(expected);
    });
  });
});
