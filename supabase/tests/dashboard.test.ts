// public.get_dashboard against hand-computed figures: a KES organization in Nairobi (UTC+3, so local
// month starts are 21:00 UTC the day before) that also sells in USD, with rows on both sides of each
// month boundary; the pipeline's top 3 and totals; inventory alerts; activity capped at 5 with at most 2
// per kind; the Getting Started checklist ticking itself; and every role reading it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, type Org, rand, setPlan, setupOrg } from './fixtures.ts';
import { addMember, asOwner, createUser, expectSqlError, ROLES, type Sql, sqlAs, user } from './harness.ts';

type Json = Record<string, unknown>;
const TZ = 'Africa/Nairobi';
/** Local midnight on the first of the month, `offset` months from now in Nairobi (always +03:00). */
function monthStart(offset: number): Date {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date()).split('-').map(Number);
  const first = new Date(Date.UTC(y!, m! - 1 + offset, 1));
  return new Date(`${first.toISOString().slice(0, 10)}T00:00:00+03:00`);
}
const iso = (d: Date, plusSeconds = 0) => new Date(d.getTime() + plusSeconds * 1000).toISOString();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const dashboard = async (sql: Sql, actorId: string, orgId: string) =>
  (await sqlAs<{ d: Json }>(sql, user(actorId), `select public.get_dashboard($1) as d`, [orgId]))[0]!.d;

async function nairobiOrg(sql: Sql): Promise<Org> {
  const org = await setupOrg(sql, { country: 'KE', currency: 'KES' });
  await setPlan(sql, org.id, 'BUSINESS');
  await sql(`update public.organizations set timezone = $2 where id = $1`, [org.id, TZ]);
  return org;
}

/** An ISSUED invoice of one line, created at `createdAt` (the database owner may backdate). */
async function issued(
  sql: Sql,
  org: Org,
  currency: string,
  amount: string,
  createdAt = new Date().toISOString(),
) {
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, created_by, created_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [org.id, await createCustomer(sql, org), currency, org.ownerId, createdAt],
  );
  await sql(
    `insert into public.invoice_items (org_id, invoice_id, description, qty, unit_price) values ($1, $2, 'Goods', 1, $3)`,
    [org.id, inv!.id, amount],
  );
  await sql(`update public.invoices set status = 'ISSUED' where id = $1`, [inv!.id]);
  return inv!.id;
}

async function payment(sql: Sql, org: Org, invoiceId: string, amount: string, receivedAt: string) {
  const [p] = await sql<{ id: string }>(
    `insert into public.payments (org_id, invoice_id, method, amount, received_at, created_by)
     values ($1, $2, 'cash', $3, $4, $5) returning id`,
    [org.id, invoiceId, amount, receivedAt, org.ownerId],
  );
  return p!.id;
}

async function product(
  sql: Sql,
  org: Org,
  opts: { stock?: number; threshold?: number; updatedAt?: string; archived?: boolean },
) {
  const [p] = await sql<{ id: string }>(
    `insert into public.products (org_id, name, sku, low_stock_threshold, archived, updated_at)
     values ($1, $2, $2, $3, $4, coalesce($5::timestamptz, now())) returning id`,
    [org.id, `Product ${rand()}`, opts.threshold ?? 5, opts.archived ?? false, opts.updatedAt ?? null],
  );
  if (opts.stock) {
    await sql(
      `insert into public.stock_moves (org_id, product_id, delta, reason, created_by) values ($1, $2, $3, 'OPENING', $4)`,
      [org.id, p!.id, opts.stock, org.ownerId],
    );
  }
  return p!.id;
}

describe('get_dashboard', () => {
  it('compares revenue this month with last month per currency, at local midnights in the organization time zone', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const thisMonth = monthStart(0);
      const lastMonth = monthStart(-1);
      const kes = await issued(sql, org, 'KES', '10000.00');
      await payment(sql, org, kes, '100.00', iso(thisMonth)); // this month, its first second
      await payment(sql, org, kes, '200.00', iso(thisMonth, -1)); // last month, its last second
      await payment(sql, org, kes, '400.00', iso(lastMonth)); // last month
      await payment(sql, org, kes, '800.00', iso(lastMonth, -1)); // two months ago: total only
      await issued(sql, org, 'KES', '300.00');
      const usd = await issued(sql, org, 'USD', '50.00');
      await payment(sql, org, usd, '20.00', iso(thisMonth, 3600));
      const [quote] = await sql<{ id: string }>(
        `insert into public.invoices (org_id, customer_id, currency, created_by) values ($1, $2, 'KES', $3) returning id`,
        [org.id, await createCustomer(sql, org), org.ownerId],
      );
      expect(quote).toBeDefined();

      const d = await dashboard(sql, org.ownerId, org.id);
      expect(d).toMatchObject({ currency: 'KES', timezone: TZ });
      expect(new Date(d.monthStart as string).toISOString()).toBe(thisMonth.toISOString());
      expect(new Date(d.lastMonthStart as string).toISOString()).toBe(lastMonth.toISOString());
      expect(d.hints).toMatchObject({
        revenue: [
          { currency: 'KES', thisMonth: 100, lastMonth: 600, changePercent: -83.3 },
          { currency: 'USD', thisMonth: 20, lastMonth: 0, changePercent: null },
        ],
        outstanding: [
          { currency: 'KES', amount: 10300 - 1500 },
          { currency: 'USD', amount: 30 },
        ],
      });
      expect(d.metrics).toMatchObject({
        cashReceived: [
          { currency: 'KES', amount: 1500 },
          { currency: 'USD', amount: 20 },
        ],
        pendingInvoices: 3,
      });
    });
  });

  it('counts new customers from the first local second of the month, archived ones left out', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const at = async (createdAt: string, archived = false) =>
        sql(`insert into public.customers (org_id, name, created_at, archived) values ($1, $2, $3, $4)`, [
          org.id,
          `Customer ${rand()}`,
          createdAt,
          archived,
        ]);
      await at(iso(monthStart(0)));
      await at(iso(monthStart(0), 86_400));
      await at(iso(monthStart(0), -1));
      await at(iso(monthStart(0), 60), true);
      const d = await dashboard(sql, org.ownerId, org.id);
      expect(d.hints).toMatchObject({
        newCustomersThisMonth: 2,
        revenue: [{ currency: 'KES', changePercent: null }],
      });
      // Customers on file who bought nothing are new, not active.
      expect(d.metrics).toMatchObject({ activeCustomers: 0, cashReceived: [{ currency: 'KES', amount: 0 }] });
    });
  });

  it('shows four pipeline stages with every lead counted and totalled and the 3 biggest, latest first on ties', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const lead = async (
        name: string,
        stage: string,
        value: string | null,
        updatedAt: string,
        currency?: string,
      ) =>
        sql(
          `insert into public.leads (org_id, name, stage, value, currency, owner_id, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [org.id, name, stage, value, currency ?? null, org.ownerId, updatedAt],
        );
      await lead('Small', 'PROPOSAL', '500.00', ago(60));
      await lead('No value', 'PROPOSAL', null, ago(1));
      await lead('Biggest', 'PROPOSAL', '900.00', ago(120));
      await lead('Small, touched later', 'PROPOSAL', '500.00', ago(30));
      await lead('Dollar deal', 'QUALIFIED', '70.00', ago(5), 'USD');
      await lead('Cedi deal', 'QUALIFIED', '30.00', ago(6));
      await lead('Lost', 'CLOSED_LOST', '1000.00', ago(1));

      const d = await dashboard(sql, org.ownerId, org.id);
      const pipeline = d.pipeline as Json[];
      expect(pipeline.map((s) => s.stage)).toEqual(['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON']);
      expect(pipeline[0]).toEqual({
        stage: 'PROSPECT',
        count: 0,
        totals: [{ currency: 'KES', amount: 0 }],
        leads: [],
      });
      expect(pipeline[1]).toMatchObject({
        count: 2,
        totals: [
          { currency: 'KES', amount: 30 },
          { currency: 'USD', amount: 70 },
        ],
      });
      expect(pipeline[2]).toMatchObject({ count: 4, totals: [{ currency: 'KES', amount: 1900 }] });
      expect((pipeline[2]!.leads as Json[]).map((l) => l.name)).toEqual([
        'Biggest',
        'Small, touched later',
        'Small',
      ]);
      expect((pipeline[2]!.leads as Json[])[0]).toMatchObject({ value: 900, currency: 'KES', company: null });
    });
  });

  it('lists up to 5 inventory alerts, lowest stock first, and counts them all', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const stocks = [4, 0, 3, 5, 1, 2, 4];
      const ids = [];
      for (const stock of stocks) ids.push(await product(sql, org, { stock, threshold: 5 }));
      await product(sql, org, { stock: 0, archived: true });
      await product(sql, org, { stock: 6, threshold: 5 });
      const d = await dashboard(sql, org.ownerId, org.id);
      const alerts = d.inventoryAlerts as { count: number; items: Json[] };
      expect(alerts.count).toBe(7);
      expect(alerts.items.map((i) => i.stockOnHand)).toEqual([0, 1, 2, 3, 4]);
      expect(alerts.items[0]).toMatchObject({ id: ids[1], status: 'OUT_OF_STOCK', lowStockThreshold: 5 });
      expect(alerts.items[1]).toMatchObject({ id: ids[4], status: 'LOW_STOCK' });
      expect(d.metrics).toMatchObject({ lowStockItems: 7 });
    });
  });

  it('keeps recent activity to 5 entries, newest first, at most 2 invoices, 2 payments and 2 low-stock products', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const lowStock = [
        await product(sql, org, { updatedAt: ago(10) }),
        await product(sql, org, { updatedAt: ago(20) }),
        await product(sql, org, { updatedAt: ago(30) }),
      ];
      const invoices = [
        await issued(sql, org, 'KES', '100.00', ago(60)),
        await issued(sql, org, 'KES', '100.00', ago(120)),
        await issued(sql, org, 'KES', '100.00', ago(130)),
      ];
      const payments = [
        await payment(sql, org, invoices[2]!, '10.00', ago(180)),
        await payment(sql, org, invoices[2]!, '10.00', ago(240)),
        await payment(sql, org, invoices[2]!, '10.00', ago(300)),
      ];
      const d = await dashboard(sql, org.ownerId, org.id);
      const activity = d.activity as Json[];
      expect(activity.map((a) => [a.kind, a.id])).toEqual([
        ['lowStock', lowStock[0]],
        ['lowStock', lowStock[1]],
        ['invoice', invoices[0]],
        ['invoice', invoices[1]],
        ['payment', payments[0]],
      ]);
      expect(activity[2]).toMatchObject({
        status: 'ISSUED',
        amount: 100,
        currency: 'KES',
        number: expect.any(String),
      });
      expect(activity[4]).toMatchObject({
        invoiceId: invoices[2],
        method: 'cash',
        amount: 10,
        currency: 'KES',
      });
      const [named] = await sql<{ number: string; name: string }>(
        `select i.number, c.name from public.invoices i join public.customers c on c.id = i.customer_id where i.id = $1`,
        [invoices[2]],
      );
      expect(activity[4]).toMatchObject({ invoiceNumber: named!.number, customerName: named!.name });
      expect(new Date(activity[0]!.at as string).getTime()).toBeGreaterThan(
        new Date(activity[1]!.at as string).getTime(),
      );
    });
  });

  it('ticks Getting Started as the first product, customer, invoice, payment and team member arrive', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const steps = async () => (await dashboard(sql, org.ownerId, org.id)).gettingStarted;
      expect(await steps()).toEqual({
        hasProduct: false,
        hasCustomer: false,
        hasInvoice: false,
        hasPayment: false,
        hasTeamMember: false,
      });
      expect(await dashboard(sql, org.ownerId, org.id)).toMatchObject({
        activity: [],
        inventoryAlerts: { count: 0, items: [] },
        hints: { outstanding: [{ currency: 'KES', amount: 0 }] },
      });
      await product(sql, org, { stock: 10 });
      expect(await steps()).toMatchObject({ hasProduct: true, hasCustomer: false });
      await createCustomer(sql, org);
      expect(await steps()).toMatchObject({ hasCustomer: true, hasInvoice: false });
      const invoice = await issued(sql, org, 'KES', '100.00');
      expect(await steps()).toMatchObject({ hasInvoice: true, hasPayment: false });
      await payment(sql, org, invoice, '100.00', new Date().toISOString());
      expect(await steps()).toMatchObject({ hasPayment: true, hasTeamMember: false });

      const invite = async (expiresAt: string) =>
        (
          await sql<{ id: string }>(
            `insert into public.invitations (org_id, email, role, token_hash, invited_by, expires_at)
             values ($1, $2, 'SALES', $3, $4, $5) returning id`,
            [org.id, `invitee-${rand()}@test.kasuwa.app`, randomUUID(), org.ownerId, expiresAt],
          )
        )[0]!.id;
      await invite(ago(1));
      expect(await steps()).toMatchObject({ hasTeamMember: false });
      const pending = await invite(ago(-60 * 24));
      expect(await steps()).toMatchObject({ hasTeamMember: true });
      await sql(`update public.invitations set revoked_at = now() where id = $1`, [pending]);
      expect(await steps()).toMatchObject({ hasTeamMember: false });
      await addMember(sql, org.id, 'SALES');
      expect(await steps()).toEqual({
        hasProduct: true,
        hasCustomer: true,
        hasInvoice: true,
        hasPayment: true,
        hasTeamMember: true,
      });
    });
  });

  it('answers every role the same figures and refuses anyone outside the organization', async () => {
    await asOwner(async (sql) => {
      const org = await nairobiOrg(sql);
      const invoice = await issued(sql, org, 'KES', '500.00');
      await payment(sql, org, invoice, '200.00', new Date().toISOString());
      await product(sql, org, { stock: 1 });
      await sql(`insert into public.leads (org_id, name, value, owner_id) values ($1, 'Deal', 250, $2)`, [
        org.id,
        org.ownerId,
      ]);
      const members = [];
      for (const role of ROLES.filter((r) => r !== 'OWNER'))
        members.push([role, await addMember(sql, org.id, role)] as const);
      const ownerView = await dashboard(sql, org.ownerId, org.id);
      expect(ownerView).toMatchObject({
        metrics: { cashReceived: [{ currency: 'KES', amount: 200 }], pendingInvoices: 1, lowStockItems: 1 },
        hints: { outstanding: [{ currency: 'KES', amount: 300 }] },
        pipeline: [{ stage: 'PROSPECT', count: 1, totals: [{ currency: 'KES', amount: 250 }] }, {}, {}, {}],
        activity: [{}, {}, {}],
      });
      for (const [role, member] of members) {
        expect(await dashboard(sql, member.id, org.id), role).toEqual(ownerView);
      }
      const stranger = await createUser(sql);
      await expectSqlError(dashboard(sql, stranger.id, org.id), '42501');
      const other = await setupOrg(sql);
      await expectSqlError(dashboard(sql, other.ownerId, org.id), '42501');
    });
  });
});
