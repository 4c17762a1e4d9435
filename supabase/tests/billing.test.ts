// Plan limits: a new organization is on the free Starter plan (100 products, 50 invoices a calendar month
// in the organization's time zone, 2 members including pending invitations); Growth lifts them; a paid
// license past its grace days falls back to Starter. Refusals are PT402 (HTTP 402 through PostgREST).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import { createCustomer, type Org, setPlan, setupOrg } from './fixtures.ts';

/** Inserts `n` products as the database owner (the limit applies to everyone, so stay under it). */
const addProducts = (sql: Sql, org: Org, n: number) =>
  sql(
    `insert into products (org_id, name, sku) select $1, 'P' || i, 'SKU-' || i from generate_series(1, $2) i`,
    [org.id, n],
  );
const addProduct = (sql: Sql, org: Org) =>
  sqlAs(sql, user(org.ownerId), `insert into products (org_id, name, sku) values ($1, 'One more', $2)`, [
    org.id,
    `SKU-${randomUUID()}`,
  ]);
const addInvoice = async (sql: Sql, org: Org) =>
  sqlAs(
    sql,
    user(org.ownerId),
    `insert into invoices (org_id, customer_id, currency, created_by) values ($1, $2, 'GHS', $3)`,
    [org.id, await createCustomer(sql, org), org.ownerId],
  );
/** 50 invoices created at `offset` from the start of this month in the organization's time zone. */
const invoicesAtMonthStart = async (sql: Sql, org: Org, offset: string) =>
  sql(
    `insert into invoices (org_id, customer_id, currency, created_by, created_at)
     select o.id, $2, 'GHS', $3, make_timestamptz(extract(year from now() at time zone o.timezone)::int,
                                                  extract(month from now() at time zone o.timezone)::int,
                                                  1, 0, 0, 0, o.timezone) + $4::interval
       from organizations o, generate_series(1, 50) where o.id = $1`,
    [org.id, await createCustomer(sql, org), org.ownerId, offset],
  );
const invite = (sql: Sql, org: Org, email: string) =>
  sqlAs(
    sql,
    user(org.ownerId),
    `insert into invitations (org_id, email, token_hash, invited_by) values ($1, $2, $3, $4) returning id`,
    [org.id, email, randomUUID(), org.ownerId],
  );

describe('plans', () => {
  it('puts a new organization on an ACTIVE Starter license, in its country’s time zone and VAT rate', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'KE', currency: 'KES' });
      expect(await sql(`select plan::text, status::text from licenses where org_id = $1`, [org.id])).toEqual([
        { plan: 'STARTER', status: 'ACTIVE' },
      ]);
      expect(
        await sql(`select currency, timezone, default_tax_rate::text from organizations where id = $1`, [
          org.id,
        ]),
      ).toEqual([{ currency: 'KES', timezone: 'Africa/Nairobi', default_tax_rate: '16.00' }]);
    });
  });

  it('allows 100 products on Starter and refuses the 101st with PT402 and a clear message; archived ones do not count', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await addProducts(sql, org, 99);
      await addProduct(sql, org);
      const err = await expectSqlError(addProduct(sql, org), 'PT402');
      expect(err.message).toBe('Your plan allows 100 products. Upgrade to add more.');
      expect(JSON.parse(err.hint ?? '{}')).toMatchObject({
        reason: 'PLAN_LIMIT',
        params: { limit: 'max_products' },
      });
      await sql(`update products set archived = true where org_id = $1 and sku = 'SKU-1'`, [org.id]);
      await addProduct(sql, org);
    });
  });

  it('allows 50 invoices a calendar month, counted in the organization’s time zone (UTC+14)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(`update organizations set timezone = 'Pacific/Kiritimati' where id = $1`, [org.id]);
      // Still last month in UTC, already this month in Kiritimati.
      await invoicesAtMonthStart(sql, org, '1 hour');
      const err = await expectSqlError(addInvoice(sql, org), 'PT402');
      expect(err.message).toBe('Your plan allows 50 invoices a month. Upgrade to add more.');
    });
  });

  it('does not count last month’s invoices, counted in the organization’s time zone (UTC−11)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(`update organizations set timezone = 'Pacific/Pago_Pago' where id = $1`, [org.id]);
      // Already this month in UTC, still last month in Pago Pago.
      await invoicesAtMonthStart(sql, org, '-1 hour');
      await addInvoice(sql, org);
    });
  });

  it('counts members and pending invitations together: 2 on Starter; revoked and expired invitations free their seat', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const [first] = await invite(sql, org, 'kofi@example.com');
      const err = await expectSqlError(invite(sql, org, 'ama@example.com'), 'PT402');
      expect(err.message).toBe(
        'Your plan allows 2 members, including pending invitations. Upgrade to add more.',
      );
      await sql(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [first!.id]);
      const [second] = await invite(sql, org, 'ama@example.com');
      await sql(`update invitations set revoked_at = now() where id = $1`, [second!.id]);
      await invite(sql, org, 'yaw@example.com');
    });
  });

  it('lifts the product, invoice and member limits on Growth', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      await addProducts(sql, org, 100);
      await addProduct(sql, org);
      await invoicesAtMonthStart(sql, org, '1 hour');
      await addInvoice(sql, org);
      for (const name of ['kofi', 'ama', 'yaw']) await invite(sql, org, `${name}@example.com`);
      expect(await sql(`select count(*)::int as n from invitations where org_id = $1`, [org.id])).toEqual([
        { n: 3 },
      ]);
    });
  });

  it('falls back to Starter once a Growth license is past its grace days, not before', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await addProducts(sql, org, 100);
      await setPlan(sql, org.id, 'GROWTH', {
        endAt: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        graceDays: 7,
      });
      await expectSqlError(addProduct(sql, org), 'PT402');
      await setPlan(sql, org.id, 'GROWTH', {
        endAt: new Date(Date.now() - 6 * 86_400_000).toISOString(),
        graceDays: 7,
      });
      await addProduct(sql, org);
      await sql(`update licenses set status = 'SUSPENDED', end_at = null where org_id = $1`, [org.id]);
      await expectSqlError(addProduct(sql, org), 'PT402');
    });
  });
});
