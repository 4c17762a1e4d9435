// Tenant isolation, generated from the fixture map: for every table with org_id, a member of
// organization A can neither see nor change organization B's rows, nor write rows into B; a row of A
// cannot point at a row of B; anon sees and writes nothing.
import { describe, expect, it } from 'vitest';
import { actAs, asOwner, expectSqlError, outcome, savepoint, sqlAs, user } from './harness.ts';
import {
  buildRow,
  byKey,
  createCustomer,
  createInvoice,
  createProduct,
  deleteRow,
  insertFixture,
  insertRow,
  selectRow,
  setupOrg,
  snapshot,
  tenantTables,
  touched,
  updateRow,
} from './fixtures.ts';

const catalogTenantTables = await asOwner((sql) =>
  sql<{ table: string }>(`
    select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_'
       and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped)
     order by 1`),
);

// Every foreign key of the form (org_id, x) -> other (org_id, y).
const compositeForeignKeys = await asOwner((sql) =>
  sql<{ table: string; column: string; refTable: string; refColumn: string }>(`
    select c.conrelid::regclass::text as table, a.attname as column,
           c.confrelid::regclass::text as "refTable", fa.attname as "refColumn"
      from pg_constraint c
      cross join lateral unnest(c.conkey, c.confkey) as k(attnum, fattnum)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = k.fattnum
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 2
       and a.attname <> 'org_id'
       and exists (select 1 from unnest(c.conkey) ck join pg_attribute oa
                     on oa.attrelid = c.conrelid and oa.attnum = ck and oa.attname = 'org_id')
     order by 1, 2`),
);

// Which error stops an OWNER of both organizations from pointing a row of A at a row of B: the composite
// foreign key (23503), unless a policy refuses the row first (42501).
// A share link is made by create_invoice_share only (ADR 006): a member's direct insert is refused first.
const crossReferenceRefusal: Record<string, string> = {
  'member_preferences.user_id': '42501',
  'invoice_share_tokens.invoice_id': '42501',
  'statement_share_tokens.customer_id': '42501',
  'credit_note_share_tokens.credit_note_id': '42501',
  // Reversals are written by functions only: a member has no INSERT on them at all.
  'payment_reversals.payment_id': '42501',
  'payment_reversals.invoice_id': '42501',
  'expense_reversals.expense_id': '42501',
  // Credit notes, their lines and refunds likewise (create_credit_note, record_refund).
  'credit_notes.invoice_id': '42501',
  'credit_note_lines.credit_note_id': '42501',
  'credit_note_lines.invoice_item_id': '42501',
  'credit_note_lines.product_id': '42501',
  'refunds.credit_note_id': '42501',
  'refunds.invoice_id': '42501',
  // Subscriptions, their cycles and subscription invoices likewise (subscribe and the billing run).
  'subscriptions.customer_id': '42501',
  'subscriptions.plan_id': '42501',
  'subscription_invoices.subscription_id': '42501',
  'subscription_invoices.invoice_id': '42501',
  'billing_cycles.subscription_id': '42501',
  'billing_cycles.invoice_id': '42501',
  // Notifications are written by the database's triggers only.
  'notifications.user_id': '42501',
};

describe('the fixture map', () => {
  it('has a fixture for every table with an org_id column', () => {
    expect(tenantTables).toEqual(catalogTenantTables.map((t) => t.table));
  });

  it('finds the composite foreign keys that tie rows to their organization', () => {
    expect(compositeForeignKeys.length).toBeGreaterThanOrEqual(20);
  });
});

describe.each(tenantTables)('isolation of %s', (table) => {
  it('shows none of organization B’s rows to the OWNER of organization A', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const key = await insertFixture(sql, table, b);
      const seenByB = await actAs(sql, user(b.ownerId), () => selectRow(sql, table, key));
      expect(seenByB).toHaveLength(1);
      expect(await actAs(sql, user(a.ownerId), () => selectRow(sql, table, key))).toEqual([]);
    });
  });

  it('lets the OWNER of organization A change none of B’s rows', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const key = await insertFixture(sql, table, b);
      const before = await snapshot(sql, table, key);
      expect(
        await touched(table, 'update', () => actAs(sql, user(a.ownerId), () => updateRow(sql, table, key))),
      ).toBe(0);
      expect(await snapshot(sql, table, key)).toBe(before);
    });
  });

  it('lets the OWNER of organization A delete none of B’s rows', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const key = await insertFixture(sql, table, b);
      expect(
        await touched(table, 'delete', () => actAs(sql, user(a.ownerId), () => deleteRow(sql, table, key))),
      ).toBe(0);
      expect(await selectRow(sql, table, key)).toHaveLength(1);
    });
  });

  it('refuses a row with org_id = B from the OWNER of organization A (42501)', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const row = await buildRow(sql, table, b, a.ownerId);
      const err = await expectSqlError(
        actAs(sql, user(a.ownerId), () => insertRow(sql, table, b.id, row)),
        '42501',
      );
      expect(err.message).toMatch(/row-level security|permission denied/);
    });
  });

  it('does not let the OWNER of organization A move one of A’s rows into B', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const key = await insertFixture(sql, table, a);
      const [where, params] = byKey(key, 2);
      const result = await outcome(
        sqlAs(sql, user(a.ownerId), `update public.${table} set org_id = $1 where ${where} returning 1`, [
          b.id,
          ...params,
        ]).then((rows) => expect(rows).toEqual([])),
      );
      expect(['ok', '42501']).toContain(result);
      expect(await selectRow(sql, table, key)).toMatchObject([{ org_id: a.id }]);
    });
  });

  it('shows anon nothing', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await insertFixture(sql, table, org);
      const [{ n }] = (await sqlAs<{ n: number }>(
        sql,
        { role: 'anon' },
        `select count(*)::int as n from public.${table}`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });
  });

  it('lets anon insert nothing (42501)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const row = await buildRow(sql, table, org);
      await expectSqlError(
        actAs(sql, { role: 'anon' }, () => insertRow(sql, table, org.id, row)),
        '42501',
      );
    });
  });
});

describe.each(compositeForeignKeys)('the composite foreign key $table.$column -> $refTable', (fk) => {
  const code = crossReferenceRefusal[`${fk.table}.${fk.column}`] ?? '23503';
  it(`refuses a row of A pointing at a row of B, even from an OWNER of both (${code})`, async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      await sql(`insert into public.memberships (org_id, user_id, role) values ($1, $2, 'OWNER')`, [
        b.id,
        a.ownerId,
      ]);
      const foreign = await insertFixture(sql, fk.refTable, b);
      const row = { ...(await buildRow(sql, fk.table, a)), [fk.column]: foreign[fk.refColumn] };
      await expectSqlError(
        actAs(sql, user(a.ownerId), () => insertRow(sql, fk.table, a.id, row)),
        code,
      );
      // Whoever writes, even bypassing RLS, the foreign key holds.
      await expectSqlError(
        savepoint(sql, () => insertRow(sql, fk.table, a.id, row)),
        '23503',
      );
    });
  });
});

describe('cross-organization references, as the OWNER of organization A', () => {
  it('refuses an invoice of A for a customer of B, an item of A for a product of B, a payment of A for an invoice of B and a lead of A owned by a member of B only', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const asA = user(a.ownerId);
      const customerB = await createCustomer(sql, b);
      await expectSqlError(
        sqlAs(
          sql,
          asA,
          `insert into invoices (org_id, customer_id, currency, created_by) values ($1, $2, 'GHS', $3)`,
          [a.id, customerB, a.ownerId],
        ),
        '23503',
      );
      const quoteA = await createInvoice(sql, a);
      const productB = await createProduct(sql, b);
      await expectSqlError(
        sqlAs(
          sql,
          asA,
          `insert into invoice_items (org_id, invoice_id, product_id, description, qty, unit_price)
           values ($1, $2, $3, 'Stolen', 1, 1)`,
          [a.id, quoteA, productB],
        ),
        '23503',
      );
      const issuedB = await createInvoice(sql, b, { lines: [{ qty: 1, unitPrice: 50 }], status: 'ISSUED' });
      await expectSqlError(
        sqlAs(
          sql,
          asA,
          `insert into payments (org_id, invoice_id, method, amount, currency, created_by)
           values ($1, $2, 'cash', 10, 'GHS', $3)`,
          [a.id, issuedB, a.ownerId],
        ),
        '23503',
      );
      expect(await sql(`select amount_paid::text from invoices where id = $1`, [issuedB])).toEqual([
        { amount_paid: '0.00' },
      ]);
      await expectSqlError(
        sqlAs(sql, asA, `insert into leads (org_id, name, owner_id) values ($1, 'Lead', $2)`, [
          a.id,
          b.ownerId,
        ]),
        '23503',
      );
    });
  });
});

// The public tables without org_id, and a row anon might try to add to each.
const anonInserts: Record<string, string> = {
  achievements: `insert into achievements (name, type) values ('Hacker', 'SOCIAL')`,
  entitlements: `insert into entitlements (plan, key, value) values ('STARTER', 'max_anything', '1')`,
  organizations: `insert into organizations (name, country, currency) values ('Anon Org', 'GH', 'GHS')`,
  profiles: `insert into profiles (id, email) values (gen_random_uuid(), 'anon@example.com')`,
  user_achievements: `insert into user_achievements (user_id, achievement_id) values (gen_random_uuid(), gen_random_uuid())`,
};

describe('anon and the tables without org_id', () => {
  it('lists every public table without org_id', async () => {
    const tables = await asOwner((sql) =>
      sql<{ table: string }>(`
        select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_'
           and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'org_id')
         order by 1`),
    );
    expect(tables.map((t) => t.table)).toEqual(Object.keys(anonInserts).sort());
  });

  it.each(Object.keys(anonInserts))(
    'shows anon nothing of %s and refuses its insert (42501)',
    async (table) => {
      await asOwner(async (sql) => {
        const org = await setupOrg(sql);
        await sql(
          `with a as (insert into achievements (name, type) values ('First sale', 'BUSINESS') returning id)
         insert into user_achievements (user_id, achievement_id) select $1, id from a`,
          [org.ownerId],
        );
        const [{ n }] = (await sql<{ n: number }>(`select count(*)::int as n from public.${table}`)) as [
          { n: number },
        ];
        expect(n).toBeGreaterThan(0);
        expect(await sqlAs(sql, { role: 'anon' }, `select count(*)::int as n from public.${table}`)).toEqual([
          { n: 0 },
        ]);
        await expectSqlError(sqlAs(sql, { role: 'anon' }, anonInserts[table]!), '42501');
      });
    },
  );
});
