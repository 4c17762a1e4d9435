// Report functions against hand-computed figures over a fixed data set in an NGN organization in Lagos
// (UTC+1) that also sells and spends in XOF. The data sits on both sides of the range boundaries, which
// are local midnights: the 7-day range starts at 00:00 WAT six days ago, i.e. 23:00 UTC the day before.
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, createUser, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import { type Org, setupOrg } from './fixtures.ts';

type Json = Record<string, unknown>;
const TZ = 'Africa/Lagos';
const LAGOS_TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
/** The instant of local midnight `offset` days from today in Lagos (no daylight saving: always +01:00). */
const day = (offset: number, plusSeconds = 0) => {
  const d = new Date(`${LAGOS_TODAY}T00:00:00+01:00`);
  d.setUTCDate(d.getUTCDate() + offset);
  return new Date(d.getTime() + plusSeconds * 1000).toISOString();
};
/** The Lagos calendar date `offset` days from today. */
const date = (offset: number) =>
  new Date(Date.parse(`${LAGOS_TODAY}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

interface DataSet {
  org: Org;
  invoices: Record<'i1' | 'i2' | 'i3' | 'i4' | 'i5', string>;
  customers: Record<'a' | 'b' | 'c' | 'd', string>;
}

async function invoice(
  sql: Sql,
  org: Org,
  customer: string,
  currency: string,
  amount: string,
  opts: { issuedAt?: string; createdAt?: string; void?: boolean },
) {
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, created_by, created_at)
     values ($1, $2, $3, $4, coalesce($5::timestamptz, now())) returning id`,
    [org.id, customer, currency, org.ownerId, opts.createdAt ?? null],
  );
  await sql(
    `insert into public.invoice_items (org_id, invoice_id, description, qty, unit_price) values ($1, $2, 'Goods', 1, $3)`,
    [org.id, inv!.id, amount],
  );
  if (opts.issuedAt)
    await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [
      inv!.id,
      opts.issuedAt,
    ]);
  if (opts.void) await sql(`update public.invoices set status = 'VOID' where id = $1`, [inv!.id]);
  return inv!.id;
}

async function payment(sql: Sql, org: Org, invoiceId: string, amount: string, receivedAt: string) {
  await sql(
    `insert into public.payments (org_id, invoice_id, method, provider, amount, ref, received_at, created_by)
     values ($1, $2, 'mobile-money', 'MTN_MOMO', $3::numeric, 'MM-' || $3::text, $4, $5)`,
    [org.id, invoiceId, amount, receivedAt, org.ownerId],
  );
}

async function expense(sql: Sql, org: Org, vendor: string, currency: string, amount: string, paidAt: string) {
  await sql(
    `insert into public.expenses (org_id, vendor, category, amount, currency, paid_at, note, created_by)
     values ($1, $2, 'rent', $3, $4, $5, '=1+1', $6)`,
    [org.id, vendor, amount, currency, paidAt, org.ownerId],
  );
}

async function product(
  sql: Sql,
  org: Org,
  name: string,
  cost: string,
  price: string,
  stock: number,
  archived = false,
) {
  const [p] = await sql<{ id: string }>(
    `insert into public.products (org_id, name, sku, cost, price, low_stock_threshold)
     values ($1, $2, $2, $3, $4, 5) returning id`,
    [org.id, name, cost, price],
  );
  if (stock)
    await sql(
      `insert into public.stock_moves (org_id, product_id, delta, reason, created_by) values ($1, $2, $3, 'OPENING', $4)`,
      [org.id, p!.id, stock, org.ownerId],
    );
  if (archived) await sql(`update public.products set archived = true where id = $1`, [p!.id]);
}

/**
 * The fixed data set (amounts by hand):
 * - I1 NGN 1000.00, customer A, issued 8 days ago; paid 600.00 at exactly the 7-day start and 400.00 one
 *   second before it (inside 30 days only) -> PAID.
 * - I2 XOF 5000, customer B, issued today; 2000 received now -> ISSUED.
 * - I3 NGN 250.50, customer C, issued 40 days ago (90 and 365 only) -> ISSUED.
 * - I4 NGN 99.99 quote of customer C, created yesterday.  I5 NGN 10.00, customer D, voided two days ago.
 * - Expenses: NGN 300.25 yesterday, XOF 1500 now, NGN 50.00 one second before the 7-day start, NGN 1000
 *   400 days ago (outside every range).
 * - Products: 10 at cost 2.50 / price 4.00; 3 at 100.00 / 150.00 (low); 0 at 7 / 9 (out); one archived.
 * - Another organization with its own payment and expense, never counted.
 */
async function dataSet(sql: Sql): Promise<DataSet> {
  const org = await setupOrg(sql, { country: 'NG', currency: 'NGN', plan: 'GROWTH' });
  await sql(`update public.organizations set timezone = $2 where id = $1`, [org.id, TZ]);
  const customer = async (name: string) =>
    (
      await sql<{ id: string }>(`insert into public.customers (org_id, name) values ($1, $2) returning id`, [
        org.id,
        name,
      ])
    )[0]!.id;
  const customers = {
    a: await customer('Adaeze'),
    b: await customer('Binta'),
    c: await customer('Chidi'),
    d: await customer('Dayo'),
  };
  const invoices = {
    i1: await invoice(sql, org, customers.a, 'NGN', '1000.00', {
      createdAt: day(-8),
      issuedAt: day(-8, 3600),
    }),
    i2: await invoice(sql, org, customers.b, 'XOF', '5000', { issuedAt: day(0, 60) }),
    i3: await invoice(sql, org, customers.c, 'NGN', '250.50', {
      createdAt: day(-40),
      issuedAt: day(-40, 60),
    }),
    i4: await invoice(sql, org, customers.c, 'NGN', '99.99', { createdAt: day(-1, 7200) }),
    i5: await invoice(sql, org, customers.d, 'NGN', '10.00', { createdAt: day(-2, 60), void: true }),
  };
  await payment(sql, org, invoices.i1, '600.00', day(-6));
  await payment(sql, org, invoices.i1, '400.00', day(-6, -1));
  await payment(sql, org, invoices.i2, '2000', new Date().toISOString());
  await expense(sql, org, 'Landlord', 'NGN', '300.25', day(-1, 3600));
  await expense(sql, org, 'Senelec', 'XOF', '1500', day(0, 120));
  await expense(sql, org, 'Kiosk', 'NGN', '50.00', day(-6, -1));
  await expense(sql, org, 'Old rent', 'NGN', '1000.00', day(-400));
  await product(sql, org, 'Bag of rice', '2.50', '4.00', 10);
  await product(sql, org, 'Cooking oil', '100.00', '150.00', 3);
  await product(sql, org, 'Sugar', '7.00', '9.00', 0);
  await product(sql, org, 'Old stock', '1000.00', '1000.00', 50, true);

  const other = await setupOrg(sql, { country: 'NG', currency: 'NGN' });
  const [c] = await sql<{ id: string }>(
    `insert into public.customers (org_id, name) values ($1, 'Other') returning id`,
    [other.id],
  );
  const otherInvoice = await invoice(sql, other, c!.id, 'NGN', '777.00', { issuedAt: day(0, 60) });
  await payment(sql, other, otherInvoice, '777.00', day(0, 90));
  await expense(sql, other, 'Other', 'NGN', '88.00', day(0, 90));
  return { org, invoices, customers };
}

const report = async <T = Json>(sql: Sql, actorId: string, fn: string, args: unknown[]): Promise<T> => {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  return (await sqlAs<{ r: T }>(sql, user(actorId), `select public.${fn}(${placeholders}) as r`, args))[0]!.r;
};

describe('report_overview', () => {
  it('computes every figure per currency over 7, 30, 90 and 365 days in the organization time zone', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const overview = (days: number) => report(sql, org.ownerId, 'report_overview', [org.id, days]);
      const inventory = {
        currency: 'NGN',
        totalProducts: 3,
        lowStockItems: 2,
        outOfStockItems: 1,
        stockValue: 325,
        potentialRevenue: 490,
      };
      expect(await overview(7)).toEqual({
        range: {
          days: 7,
          timezone: TZ,
          fromDate: date(-6),
          toDate: date(0),
          startsAt: day(-6).replace('.000Z', '+00:00'),
          endsAt: day(1).replace('.000Z', '+00:00'),
        },
        currency: 'NGN',
        revenue: [
          { currency: 'NGN', amount: 600 },
          { currency: 'XOF', amount: 2000 },
        ],
        expenses: [
          { currency: 'NGN', amount: 300.25 },
          { currency: 'XOF', amount: 1500 },
        ],
        profit: [
          { currency: 'NGN', amount: 299.75 },
          { currency: 'XOF', amount: 500 },
        ],
        activeCustomers: 3,
        sales: {
          totalInvoices: 2,
          paidInvoices: 0,
          pendingInvoices: 1,
          quotes: 1,
          averageInvoiceValue: [
            { currency: 'NGN', amount: 0 },
            { currency: 'XOF', amount: 5000 },
          ],
          // ISSUED and PAID invoices dated in the range, net of the credit notes made in it (none here).
          invoiced: [
            { currency: 'NGN', amount: 0 },
            { currency: 'XOF', amount: 5000 },
          ],
        },
        inventory,
        // Recurring invoices, as of now (none here; subscriptions.test.ts has them).
        subscriptions: { monthlyRecurringRevenue: [{ currency: 'NGN', amount: 0 }], activeSubscriptions: 0 },
      });
      expect(await overview(30)).toMatchObject({
        revenue: [
          { currency: 'NGN', amount: 1000 },
          { currency: 'XOF', amount: 2000 },
        ],
        expenses: [
          { currency: 'NGN', amount: 350.25 },
          { currency: 'XOF', amount: 1500 },
        ],
        profit: [
          { currency: 'NGN', amount: 649.75 },
          { currency: 'XOF', amount: 500 },
        ],
        activeCustomers: 3,
        sales: {
          totalInvoices: 3,
          paidInvoices: 1,
          pendingInvoices: 1,
          quotes: 1,
          averageInvoiceValue: [
            { currency: 'NGN', amount: 1000 },
            { currency: 'XOF', amount: 5000 },
          ],
        },
        inventory,
      });
      for (const days of [90, 365]) {
        expect(await overview(days)).toMatchObject({
          range: { days, fromDate: date(1 - days), toDate: date(0) },
          revenue: [
            { currency: 'NGN', amount: 1000 },
            { currency: 'XOF', amount: 2000 },
          ],
          expenses: [
            { currency: 'NGN', amount: 350.25 },
            { currency: 'XOF', amount: 1500 },
          ],
          activeCustomers: 3,
          sales: {
            totalInvoices: 4,
            paidInvoices: 1,
            pendingInvoices: 2,
            quotes: 1,
            averageInvoiceValue: [
              { currency: 'NGN', amount: 625.25 },
              { currency: 'XOF', amount: 5000 },
            ],
          },
        });
      }
    });
  });

  it('counts as active a customer whose only activity in the range is paying an older invoice', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'NG', currency: 'NGN' });
      await sql(`update public.organizations set timezone = $2 where id = $1`, [org.id, TZ]);
      const [c] = await sql<{ id: string }>(
        `insert into public.customers (org_id, name) values ($1, 'Emeka') returning id`,
        [org.id],
      );
      const old = await invoice(sql, org, c!.id, 'NGN', '80.00', {
        createdAt: day(-400),
        issuedAt: day(-400),
      });
      const voided = await invoice(sql, org, c!.id, 'NGN', '5.00', { createdAt: day(-1), void: true });
      expect(voided).toBeTruthy();
      for (const days of [7, 30, 90, 365])
        expect(await report(sql, org.ownerId, 'report_overview', [org.id, days]), `${days}`).toMatchObject({
          activeCustomers: 0,
        });
      await payment(sql, org, old, '30.00', day(-1));
      for (const days of [7, 30, 90, 365])
        expect(await report(sql, org.ownerId, 'report_overview', [org.id, days]), `${days}`).toMatchObject({
          activeCustomers: 1,
          revenue: [{ currency: 'NGN', amount: 30 }],
          sales: { totalInvoices: 0 },
        });
    });
  });

  it('shows a loss as a negative amount and an empty organization as zeros in its own currency', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      expect(await report(sql, org.ownerId, 'report_overview', [org.id, 30])).toMatchObject({
        currency: 'XOF',
        revenue: [{ currency: 'XOF', amount: 0 }],
        profit: [{ currency: 'XOF', amount: 0 }],
        activeCustomers: 0,
        sales: { totalInvoices: 0, averageInvoiceValue: [{ currency: 'XOF', amount: 0 }] },
        inventory: { totalProducts: 0, stockValue: 0 },
      });
      await expense(sql, org, 'Senelec', 'XOF', '1500', new Date().toISOString());
      expect(await report(sql, org.ownerId, 'report_overview', [org.id, 7])).toMatchObject({
        profit: [{ currency: 'XOF', amount: -1500 }],
      });
    });
  });
});

describe('report lists', () => {
  it('lists the invoices dated in the range, newest first, with paging and the whole count', async () => {
    await asOwner(async (sql) => {
      const { org, invoices } = await dataSet(sql);
      const sales = (days: number, limit = 50, offset = 0) =>
        report<{ total: number; rows: Json[] }>(sql, org.ownerId, 'report_sales', [
          org.id,
          days,
          limit,
          offset,
        ]);
      const seven = await sales(7);
      expect(seven.total).toBe(3);
      expect(seven.rows.map((r) => r.id)).toEqual([invoices.i2, invoices.i4, invoices.i5]);
      expect(seven.rows[0]).toEqual({
        id: invoices.i2,
        number: 'INV-000002',
        customerName: 'Binta',
        status: 'ISSUED',
        currency: 'XOF',
        total: 5000,
        amountCredited: 0,
        amountPaid: 2000,
        issuedAt: day(0, 60).replace('.000Z', '+00:00'),
        createdAt: expect.any(String),
        dueAt: null,
      });
      expect(seven.rows.map((r) => r.status)).toEqual(['ISSUED', 'QUOTE', 'VOID']);
      expect((await sales(30)).rows.map((r) => r.id)).toEqual([
        invoices.i2,
        invoices.i4,
        invoices.i5,
        invoices.i1,
      ]);
      const page = await sales(90, 2, 2);
      expect(page.total).toBe(5);
      expect(page.rows.map((r) => r.id)).toEqual([invoices.i5, invoices.i1]);
      expect((await sales(90, 2, 10)).rows).toEqual([]);
    });
  });

  it('lists payments received in the range with invoice, customer, method and totals per currency', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const payments = (days: number) =>
        report<{ total: number; totals: Json[]; rows: Json[] }>(sql, org.ownerId, 'report_payments', [
          org.id,
          days,
          50,
          0,
        ]);
      const seven = await payments(7);
      expect(seven.total).toBe(2);
      expect(seven.totals).toEqual([
        { currency: 'NGN', amount: 600 },
        { currency: 'XOF', amount: 2000 },
      ]);
      expect(seven.rows.map((r) => [r.invoiceNumber, r.customerName, r.amount, r.currency])).toEqual([
        ['INV-000002', 'Binta', 2000, 'XOF'],
        ['INV-000001', 'Adaeze', 600, 'NGN'],
      ]);
      expect(seven.rows[1]).toMatchObject({
        method: 'mobile-money',
        provider: 'MTN_MOMO',
        ref: 'MM-600.00',
        receivedAt: day(-6).replace('.000Z', '+00:00'),
      });
      const thirty = await payments(30);
      expect(thirty.total).toBe(3);
      expect(thirty.totals).toEqual([
        { currency: 'NGN', amount: 1000 },
        { currency: 'XOF', amount: 2000 },
      ]);
    });
  });

  it('lists expenses paid in the range with totals per currency, and nothing older than the range', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const expenses = (days: number) =>
        report<{ total: number; totals: Json[]; rows: Json[] }>(sql, org.ownerId, 'report_expenses', [
          org.id,
          days,
          50,
          0,
        ]);
      const seven = await expenses(7);
      expect(seven.rows.map((r) => [r.vendor, r.amount, r.currency])).toEqual([
        ['Senelec', 1500, 'XOF'],
        ['Landlord', 300.25, 'NGN'],
      ]);
      expect(seven.rows[0]).toMatchObject({ category: 'rent', note: '=1+1' });
      const year = await expenses(365);
      expect(year.total).toBe(3);
      expect(year.totals).toEqual([
        { currency: 'NGN', amount: 350.25 },
        { currency: 'XOF', amount: 1500 },
      ]);
      expect(year.rows.map((r) => r.vendor)).toEqual(['Senelec', 'Landlord', 'Kiosk']);
    });
  });

  it('lists the inventory now, by name, with stock value at cost and status', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const inv = await report<{ currency: string; total: number; rows: Json[] }>(
        sql,
        org.ownerId,
        'report_inventory',
        [org.id, 50, 0],
      );
      expect(inv.currency).toBe('NGN');
      expect(inv.total).toBe(3);
      expect(
        inv.rows.map((r) => [r.name, r.stock, r.threshold, r.cost, r.price, r.stockValue, r.status]),
      ).toEqual([
        ['Bag of rice', 10, 5, 2.5, 4, 25, 'IN_STOCK'],
        ['Cooking oil', 3, 5, 100, 150, 300, 'LOW_STOCK'],
        ['Sugar', 0, 5, 7, 9, 0, 'OUT_OF_STOCK'],
      ]);
      expect(inv.rows[0]).toMatchObject({ sku: 'Bag of rice', unit: 'pcs' });
    });
  });
});

describe('report_timeseries', () => {
  type Bucket = { start: string; revenue: Json[]; expenses: Json[] };
  type Series = { unit: string; currencies: string[]; buckets: Bucket[] };
  const amountOf = (list: Json[], currency: string) => list.find((m) => m.currency === currency)?.amount;

  it('buckets revenue and expenses per local day for 7 and 30 days', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const seven = await report<Series>(sql, org.ownerId, 'report_timeseries', [org.id, 7]);
      expect(seven.unit).toBe('day');
      expect(seven.currencies).toEqual(['NGN', 'XOF']);
      expect(seven.buckets.map((b) => b.start)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(date));
      // The payment at 00:00 WAT (23:00 UTC the day before) belongs to the Lagos day it was received on.
      expect(seven.buckets[0]).toEqual({
        start: date(-6),
        revenue: [
          { currency: 'NGN', amount: 600 },
          { currency: 'XOF', amount: 0 },
        ],
        expenses: [
          { currency: 'NGN', amount: 0 },
          { currency: 'XOF', amount: 0 },
        ],
      });
      expect(amountOf(seven.buckets[5]!.expenses, 'NGN')).toBe(300.25);
      expect(seven.buckets[6]).toMatchObject({
        revenue: [
          { currency: 'NGN', amount: 0 },
          { currency: 'XOF', amount: 2000 },
        ],
        expenses: [
          { currency: 'NGN', amount: 0 },
          { currency: 'XOF', amount: 1500 },
        ],
      });
      const thirty = await report<Series>(sql, org.ownerId, 'report_timeseries', [org.id, 30]);
      expect(thirty.buckets).toHaveLength(30);
      const dayBefore = thirty.buckets.find((b) => b.start === date(-7))!;
      expect([amountOf(dayBefore.revenue, 'NGN'), amountOf(dayBefore.expenses, 'NGN')]).toEqual([400, 50]);
    });
  });

  it('buckets per week from Monday for 90 days and per month for 365 days, adding up to the overview', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      for (const [days, unit] of [
        [90, 'week'],
        [365, 'month'],
      ] as const) {
        const series = await report<Series>(sql, org.ownerId, 'report_timeseries', [org.id, days]);
        expect(series.unit).toBe(unit);
        const starts = series.buckets.map((b) => b.start);
        // One bucket for the (partial) first week or month, then one per Monday or 1st of the month after it.
        const boundaries = Array.from({ length: days - 1 }, (_, i) => date(2 - days + i)).filter((d) =>
          unit === 'week' ? new Date(`${d}T00:00:00Z`).getUTCDay() === 1 : d.endsWith('-01'),
        );
        expect(starts).toEqual([date(1 - days), ...boundaries]);
        const sum = (key: 'revenue' | 'expenses', currency: string) =>
          series.buckets.reduce((s, b) => s + Number(amountOf(b[key], currency)), 0);
        expect([
          sum('revenue', 'NGN'),
          sum('revenue', 'XOF'),
          sum('expenses', 'NGN'),
          sum('expenses', 'XOF'),
        ]).toEqual([1000, 2000, 350.25, 1500]);
      }
    });
  });
});

describe('corrections in the reports (docs/decisions/010-corrections.md)', () => {
  type Money = { currency: string; amount: number };
  type Series = { buckets: { revenue: Money[]; expenses: Money[] }[] };
  type ListReport = { total: number; totals: Money[]; rows: (Json & { currency: string; amount: number })[] };
  it('count a reversal on the day it is made, as minus the amount: a range before it keeps the original', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      // The 400.00 NGN received a week ago (in the 30-day range, not the 7-day one) and the 50.00 NGN kiosk
      // expense of the same day are reversed today; the 300.25 NGN rent is edited to 310.25.
      await sql(
        `insert into public.payment_reversals (org_id, payment_id, reason, created_by)
         select org_id, id, 'Cheque bounced', $2 from public.payments where org_id = $1 and amount = 400`,
        [org.id, org.ownerId],
      );
      await sql(
        `insert into public.expense_reversals (org_id, expense_id, reason, created_by)
         select org_id, id, 'Refunded', $2 from public.expenses where org_id = $1 and vendor = 'Kiosk'`,
        [org.id, org.ownerId],
      );
      await sql(`update public.expenses set amount = 310.25 where org_id = $1 and vendor = 'Landlord'`, [
        org.id,
      ]);
      const ngn = (list: Money[]) => list.find((m) => m.currency === 'NGN')?.amount;
      const figures = async (days: number) => {
        const o = await report<Record<string, Money[]>>(sql, org.ownerId, 'report_overview', [org.id, days]);
        return [ngn(o.revenue!), ngn(o.expenses!), ngn(o.profit!)];
      };
      // 7 days: 600 received less the 400 reversed today; 310.25 spent less the 50 reversed today.
      expect(await figures(7)).toEqual([200, 260.25, -60.25]);
      // 30 days: the payment and its reversal are both in the range, as are the expense and its reversal.
      expect(await figures(30)).toEqual([600, 310.25, 289.75]);
      for (const days of [7, 30, 90, 365]) {
        const series = await report<Series>(sql, org.ownerId, 'report_timeseries', [org.id, days]);
        const sum = (key: 'revenue' | 'expenses') =>
          series.buckets.reduce(
            (s, b) => s + Number(b[key].find((m) => m.currency === 'NGN')?.amount ?? 0),
            0,
          );
        const [revenue, expenses] = await figures(days);
        expect([sum('revenue'), sum('expenses')], `${days} days`).toEqual([revenue, expenses]);
        // The list reports' rows add up to their totals.
        for (const type of ['payments', 'expenses'] as const) {
          const page = await report<ListReport>(sql, org.ownerId, `report_${type}`, [org.id, days, 100, 0]);
          const rows = page.rows.filter((r) => r.currency === 'NGN');
          const total = Math.round(rows.reduce((s, r) => s + Number(r.amount), 0) * 100) / 100;
          expect(total, `${type}, ${days} days`).toBe(ngn(page.totals));
          expect(page.total).toBe(page.rows.length);
        }
      }
      const payments = await report<ListReport>(sql, org.ownerId, 'report_payments', [org.id, 7, 100, 0]);
      expect(payments.rows.filter((r) => r.kind === 'reversal')).toEqual([
        expect.objectContaining({ amount: -400, currency: 'NGN', reason: 'Cheque bounced', reversed: false }),
      ]);
      const month = await report<ListReport>(sql, org.ownerId, 'report_payments', [org.id, 30, 100, 0]);
      expect(month.rows.find((r) => r.kind === 'payment' && r.amount === 400)).toMatchObject({
        reversed: true,
      });
    });
  });
});

describe('report access', () => {
  it('lets owners, managers and accountants read every report and sales members only sales and inventory', async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const calls: [string, unknown[]][] = [
        ['report_overview', [org.id, 30]],
        ['report_sales', [org.id, 30, 10, 0]],
        ['report_payments', [org.id, 30, 10, 0]],
        ['report_expenses', [org.id, 30, 10, 0]],
        ['report_inventory', [org.id, 10, 0]],
        ['report_timeseries', [org.id, 30]],
      ];
      for (const role of ['MANAGER', 'ACCOUNTANT'] as const) {
        const m = await addMember(sql, org.id, role);
        for (const [fn, args] of calls)
          expect(await report(sql, m.id, fn, args), `${role} ${fn}`).toBeTruthy();
        expect(await report(sql, m.id, 'report_overview', [org.id, 7])).toMatchObject({
          revenue: [
            { currency: 'NGN', amount: 600 },
            { currency: 'XOF', amount: 2000 },
          ],
        });
      }
      const sales = await addMember(sql, org.id, 'SALES');
      for (const [fn, args] of calls) {
        if (fn === 'report_sales' || fn === 'report_inventory') {
          expect(await report<{ total: number }>(sql, sales.id, fn, args)).toMatchObject({
            total: fn === 'report_sales' ? 4 : 3,
          });
        } else {
          const err = await expectSqlError(report(sql, sales.id, fn, args), '42501');
          expect(err.message).toBe('Sales members can see only the sales and inventory reports');
        }
      }
    });
  });

  it("refuses a member of another organization every report, and counts none of that organization's data", async () => {
    await asOwner(async (sql) => {
      const { org } = await dataSet(sql);
      const stranger = await createUser(sql);
      const other = await setupOrg(sql);
      for (const actor of [stranger.id, other.ownerId]) {
        for (const [fn, args] of [
          ['report_overview', [org.id, 7]],
          ['report_sales', [org.id, 7, 10, 0]],
          ['report_inventory', [org.id, 10, 0]],
          ['report_timeseries', [org.id, 7]],
        ] as const) {
          const err = await expectSqlError(report(sql, actor, fn, [...args]), '42501');
          expect(err.message).toBe('You are not a member of this organization');
        }
      }
      expect(await report(sql, other.ownerId, 'report_overview', [other.id, 7])).toMatchObject({
        revenue: [{ currency: 'GHS', amount: 0 }],
        expenses: [{ currency: 'GHS', amount: 0 }],
        inventory: { totalProducts: 0 },
      });
    });
  });

  it('refuses a date range other than 7, 30, 90 or 365 days (22023)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      for (const days of [0, 1, 8, 31, 366, -7, null]) {
        const err = await expectSqlError(
          report(sql, org.ownerId, 'report_overview', [org.id, days]),
          '22023',
        );
        expect(err.message).toBe('The date range must be 7, 30, 90 or 365 days');
      }
      await expectSqlError(report(sql, org.ownerId, 'report_payments', [org.id, 14, 10, 0]), '22023');
      await expectSqlError(report(sql, org.ownerId, 'report_timeseries', [org.id, 60]), '22023');
    });
  });
});
