// Rules that a first version of the migrations broke, found by these tests and fixed; each comment
// names the migration and function that now holds the rule.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actAs, addMember, asOwner, createUser, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import { createCustomer, createInvoice, createProduct, readInvoice, setupOrg, stockOf } from './fixtures.ts';

const firstLine = async (sql: Sql, table: string, parent: string, id: string) =>
  (await sql<{ id: string }>(`select id from ${table} where ${parent} = $1`, [id]))[0]!.id;

describe('rules that once broke', () => {
  // 20261122000803_invoices.sql, private.guard_invoice_items: on UPDATE it checks only the NEW invoice.
  it('refuses to move a line off an ISSUED invoice onto a quote (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 10 });
      const issued = await createInvoice(sql, org, {
        lines: [{ productId: product, qty: 4, unitPrice: 25 }],
        status: 'ISSUED',
      });
      const quote = await createInvoice(sql, org);
      const line = await firstLine(sql, 'invoice_items', 'invoice_id', issued);
      const move = `update invoice_items set invoice_id = $2 where id = $1`;
      // A member may not set invoice_id at all (no column grant, ADR 006); the trigger refuses anyone else.
      await expectSqlError(sqlAs(sql, user(org.ownerId), move, [line, quote]), '42501');
      await expectSqlError(
        actAs(sql, { role: 'service_role' }, () => sql(move, [line, quote])),
        '23514',
      );
      expect(
        await sql(`select count(*)::int as n from invoice_items where invoice_id = $1`, [issued]),
      ).toEqual([{ n: 1 }]);
    });
  });

  // 20261122000600_inventory.sql, private.guard_purchase_order_lines: on UPDATE it checks only the NEW order.
  it('refuses to move a line off an APPROVED purchase order, so receiving it still adds its stock (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const [{ id: supplier }] = (await sql<{ id: string }>(
        `insert into suppliers (org_id, name) values ($1, 'S') returning id`,
        [org.id],
      )) as [{ id: string }];
      const po = async () =>
        (
          await sql<{ id: string }>(
            `insert into purchase_orders (org_id, supplier_id, currency) values ($1, $2, 'GHS') returning id`,
            [org.id, supplier],
          )
        )[0]!.id;
      const [approved, draft] = [await po(), await po()];
      await sql(
        `insert into purchase_order_lines (org_id, purchase_order_id, product_id, quantity) values ($1, $2, $3, 6)`,
        [org.id, approved, product],
      );
      await sql(`update purchase_orders set status = 'APPROVED' where id = $1`, [approved]);
      const line = await firstLine(sql, 'purchase_order_lines', 'purchase_order_id', approved);
      await expectSqlError(
        sqlAs(
          sql,
          user(org.ownerId),
          `update purchase_order_lines set purchase_order_id = $2 where id = $1`,
          [line, draft],
        ),
        '23514',
      );
      await sql(`update purchase_orders set status = 'RECEIVED' where id = $1`, [approved]);
      expect(await stockOf(sql, product)).toEqual(['6.000']);
    });
  });

  // 20261122000803_invoices.sql, private.guard_invoice: a QUOTE's currency can change, but its totals keep the
  // old currency's rounding; a 999.99 XOF invoice can then never be paid (XOF payments are whole francs).
  it('recomputes a quote’s totals in its new currency’s decimals when the currency changes', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 3, unitPrice: '333.33' }] });
      expect(await readInvoice(sql, id)).toMatchObject({ total: '999.99' });
      await sqlAs(sql, user(org.ownerId), `update invoices set currency = 'XOF' where id = $1`, [id]);
      expect(await readInvoice(sql, id)).toMatchObject({
        currency: 'XOF',
        subtotal: '1000.00',
        total: '1000.00',
      });
    });
  });

  // 20261122001200_billing.sql, private.enforce_invoice_limit: counts by created_at, which the client writes.
  it('counts an invoice in this month’s Starter limit whatever created_at the client sends (PT402)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      const backdated = `insert into invoices (org_id, customer_id, currency, created_by, created_at)
         select $1, $2, 'GHS', $3, '2000-01-01' from generate_series(1, 50)`;
      // A member may not send created_at at all (no column grant, ADR 006)…
      await expectSqlError(
        sqlAs(sql, user(org.ownerId), backdated, [org.id, customer, org.ownerId]),
        '42501',
      );
      // …and the 50 invoices a member makes in one statement all count, created today by the server.
      await sqlAs(
        sql,
        user(org.ownerId),
        `insert into invoices (org_id, customer_id, currency, created_by)
         select $1, $2, 'GHS', $3 from generate_series(1, 50)`,
        [org.id, customer, org.ownerId],
      );
      await expectSqlError(
        sqlAs(
          sql,
          user(org.ownerId),
          `insert into invoices (org_id, customer_id, currency, created_by) values ($1, $2, 'GHS', $3)`,
          [org.id, customer, org.ownerId],
        ),
        'PT402',
      );
    });
  });

  // 20261122000200_accounts.sql: `revoke update (id, created_by, created_at) on organizations` has no effect
  // while authenticated holds UPDATE on the whole table.
  it('does not let an OWNER rewrite who created the organization, or when (42501)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const stranger = await createUser(sql);
      for (const [column, value] of [
        ['created_by', stranger.id],
        ['created_at', '2000-01-01T00:00:00Z'],
      ]) {
        await expectSqlError(
          sqlAs(sql, user(org.ownerId), `update organizations set ${column} = $2 where id = $1`, [
            org.id,
            value,
          ]),
          '42501',
        );
      }
    });
  });

  // 20261122000400_team.sql, invitations_pending_email_key: an expired invitation still counts as pending.
  it('lets an OWNER invite an email again once its invitation has expired', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const invite = (expiresAt: string) =>
        sqlAs(
          sql,
          user(org.ownerId),
          `insert into invitations (org_id, email, token_hash, invited_by, expires_at) values ($1, 'ama@example.com', $2, $3, $4)`,
          [org.id, randomUUID(), org.ownerId, expiresAt],
        );
      await invite(new Date(Date.now() - 86_400_000).toISOString());
      await invite(new Date(Date.now() + 7 * 86_400_000).toISOString());
      expect(await sql(`select count(*)::int as n from invitations where org_id = $1`, [org.id])).toEqual([
        { n: 2 },
      ]);
    });
  });

  // 20261122001200_billing.sql, private.enforce_member_limit: unlike the product and invoice limits it does not
  // call private.require first, so a SALES member learns the plan is full instead of being refused.
  it('refuses an invitation from a SALES member as a permission error (42501), not a plan limit', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      await expectSqlError(
        sqlAs(
          sql,
          user(sales.id),
          `insert into invitations (org_id, email, token_hash, invited_by) values ($1, 'kofi@example.com', $2, $3)`,
          [org.id, randomUUID(), sales.id],
        ),
        '42501',
      );
    });
  });

  // 20261122001200_billing.sql, private.enforce_product_limit: checked on insert only, so un-archiving a
  // product takes a Starter organization past 100 active products.
  it('keeps a Starter organization at 100 active products when one is un-archived (PT402)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(
        `insert into products (org_id, name, sku) select $1, 'P' || i, 'SKU-' || i from generate_series(1, 100) i`,
        [org.id],
      );
      await sql(`update products set archived = true where org_id = $1 and sku = 'SKU-1'`, [org.id]);
      await sqlAs(
        sql,
        user(org.ownerId),
        `insert into products (org_id, name, sku) values ($1, 'New', 'NEW')`,
        [org.id],
      );
      await expectSqlError(
        sqlAs(
          sql,
          user(org.ownerId),
          `update products set archived = false where org_id = $1 and sku = 'SKU-1'`,
          [org.id],
        ),
        'PT402',
      );
    });
  });

  // 20261122001800_audit.sql, private.audit: UPDATE pairs old and new rows by id, else user_id, so one
  // statement changing a user's rows in two organizations writes 4 entries, 2 of them mixing the organizations.
  it('writes one UPDATE entry per row, in its own organization, for tables keyed by (org_id, user_id)', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const member = await addMember(sql, a.id, 'SALES');
      await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, 'SALES')`, [
        b.id,
        member.id,
      ]);
      for (const org of [a, b]) {
        await sql(`insert into member_preferences (org_id, user_id, theme) values ($1, $2, 'light')`, [
          org.id,
          member.id,
        ]);
      }
      await sqlAs(sql, user(member.id), `update member_preferences set theme = 'dark' where user_id = $1`, [
        member.id,
      ]);
      const entries = await sql(
        `select org_id, payload::text from audit_logs where entity = 'member_preferences' and action = 'UPDATE'
          and entity_id = $1 order by org_id`,
        [member.id],
      );
      expect(entries).toEqual(
        [a.id, b.id].sort().map((org_id) => ({ org_id, payload: '{"theme": ["light", "dark"]}' })),
      );
    });
  });

  // 20261122000803_invoices.sql: invoices has version and updated_at but no touch trigger (nor have documents,
  // document_categories and user_achievements for updated_at), so offline edits cannot detect conflicts.
  it('bumps version and updated_at on every update of a table that has them', async () => {
    const untouched = await asOwner((sql) =>
      sql<{ table: string }>(`
        select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and c.relname !~ '^cf_'
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'updated_at')
           and not exists (select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                            where t.tgrelid = c.oid and p.proname = case
                              when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'version')
                              then 'touch_versioned' else 'touch_updated_at' end)
         order by 1`),
    );
    expect(untouched).toEqual([]);
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org);
      await sqlAs(sql, user(org.ownerId), `update invoices set notes = 'Deliver Friday' where id = $1`, [id]);
      expect(await sql(`select version from invoices where id = $1`, [id])).toEqual([{ version: 2 }]);
    });
  });
});
