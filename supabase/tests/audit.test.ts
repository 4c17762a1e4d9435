// The audit trail: every insert, update (changed columns only) and delete on a tenant table is written by
// triggers with the actor and the entity; the trail is append-only and SALES cannot read it.
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, expectSqlError, ROLES, savepoint, type Sql, sqlAs, user } from './harness.ts';
import {
  createInvoice,
  createProduct,
  deleteRow,
  fixtures,
  insertFixture,
  setStatus,
  setupOrg,
  tenantTables,
  touched,
  updateRow,
} from './fixtures.ts';

// Internal bookkeeping, deliberately not audited.
const notAudited = [
  'audit_logs',
  'gamification_events',
  'invoice_counters',
  'notifications',
  'sync_mutations',
];
// Rows no one may update, not even the database owner.
const appendOnly = ['payments', 'stock_moves'];
// Counter-entries (reversals): never updated nor deleted, but with their organization.
const final = ['payment_reversals', 'expense_reversals', 'credit_notes', 'credit_note_lines', 'refunds'];
const trail = (sql: Sql, entityId: string) =>
  sql<{ action: string; entity: string; actor_id: string | null; payload: string }>(
    `select action, entity, actor_id, payload::text from audit_logs where entity_id = $1 order by created_at, array_position(array['INSERT', 'UPDATE', 'DELETE'], action::text)`,
    [entityId],
  );

describe('the audit triggers', () => {
  it('are on every table with org_id, and on organizations, except the bookkeeping tables', async () => {
    const missing = await asOwner((sql) =>
      sql<{ table: string }>(`
        select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and c.relname !~ '^cf_'
           and (c.relname = 'organizations' or exists (select 1 from pg_attribute a
                 where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped))
           and (select count(*) from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                 where t.tgrelid = c.oid and p.proname = 'audit' and not t.tgisinternal) <> 3
         order by 1`),
    );
    expect(missing.map((t) => t.table)).toEqual(notAudited);
  });

  it.each(tenantTables.filter((t) => !notAudited.includes(t)))(
    'record the INSERT of a %s row',
    async (table) => {
      await asOwner(async (sql) => {
        const org = await setupOrg(sql);
        const key = await insertFixture(sql, table, org);
        const entityId = key.id ?? key.user_id ?? key.org_id!;
        const rows = await sql(
          `select org_id, actor_id from audit_logs where entity = $1 and entity_id = $2 and action = 'INSERT'`,
          [table, entityId],
        );
        // Written by the database owner (seed, dashboard): no actor.
        expect(rows).toEqual([{ org_id: org.id, actor_id: null }]);
      });
    },
  );
  it.each(tenantTables.filter((t) => !notAudited.includes(t)))(
    'record the UPDATE of a %s row with only the changed column, and its DELETE with the old row (a reversal: neither)',
    async (table) => {
      await asOwner(async (sql) => {
        const org = await setupOrg(sql);
        const key = await insertFixture(sql, table, org);
        const entityId = key.id ?? key.user_id ?? key.org_id!;
        const [column] = fixtures[table]!.change;
        if (final.includes(table)) {
          await expectSqlError(
            savepoint(sql, () => updateRow(sql, table, key)),
            '42501',
          );
          await expectSqlError(
            savepoint(sql, () => deleteRow(sql, table, key)),
            '42501',
          );
          const changes = await sql(
            `select 1 from audit_logs where entity = $1 and entity_id = $2 and action <> 'INSERT'`,
            [table, entityId],
          );
          expect(changes).toEqual([]);
          return;
        }
        if (appendOnly.includes(table)) {
          await expectSqlError(
            savepoint(sql, () => updateRow(sql, table, key)),
            '42501',
          );
        } else {
          expect(await updateRow(sql, table, key)).toBe(1);
        }
        expect(await deleteRow(sql, table, key)).toBe(1);
        const entries = await sql<{ action: string; payload: Record<string, unknown> }>(
          `select action, payload from audit_logs where entity = $1 and entity_id = $2 and action <> 'INSERT'
            order by action desc`,
          [table, entityId],
        );
        expect(entries.map((e) => e.action)).toEqual(
          appendOnly.includes(table) ? ['DELETE'] : ['UPDATE', 'DELETE'],
        );
        if (!appendOnly.includes(table)) expect(Object.keys(entries[0]!.payload)).toEqual([column]);
        expect(entries.at(-1)!.payload).toMatchObject({ org_id: org.id });
      });
    },
  );
});

describe('the audit trail', () => {
  it('records an INSERT with the actor and the new row, an UPDATE with only the changed columns, a DELETE with the old row', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const manager = await addMember(sql, org.id, 'MANAGER');
      const asManager = user(manager.id);
      const [{ id }] = (await sqlAs<{ id: string }>(
        sql,
        asManager,
        `insert into products (org_id, name, sku, price) values ($1, 'Gari 1kg', 'GARI-1', 10) returning id`,
        [org.id],
      )) as [{ id: string }];
      await sqlAs(sql, asManager, `update products set name = 'Gari 2kg', price = 12.5 where id = $1`, [id]);
      // Changes nothing the user did (only version): no entry.
      await sqlAs(sql, asManager, `update products set name = name where id = $1`, [id]);
      await sqlAs(sql, asManager, `delete from products where id = $1`, [id]);
      const rows = await trail(sql, id);
      expect(rows.map((r) => [r.action, r.entity, r.actor_id])).toEqual([
        ['INSERT', 'products', manager.id],
        ['UPDATE', 'products', manager.id],
        ['DELETE', 'products', manager.id],
      ]);
      expect(JSON.parse(rows[0]!.payload)).toMatchObject({
        id,
        org_id: org.id,
        name: 'Gari 1kg',
        sku: 'GARI-1',
      });
      expect(rows[1]!.payload).toBe('{"name": ["Gari 1kg", "Gari 2kg"], "price": [10.00, 12.50]}');
      expect(JSON.parse(rows[2]!.payload)).toMatchObject({ id, name: 'Gari 2kg', version: 3 });
    });
  });

  it('records what an invoice’s issue does, with the SALES member who issued it as actor', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const product = await createProduct(sql, org, { stock: 9 });
      const id = await createInvoice(sql, org, {
        createdBy: sales.id,
        lines: [{ productId: product, qty: 2, unitPrice: 5 }],
      });
      await setStatus(sql, sales.id, id, 'ISSUED');
      const [invoice] = (await trail(sql, id)).filter(
        (r) => r.action === 'UPDATE' && r.actor_id === sales.id,
      );
      expect(JSON.parse(invoice!.payload)).toMatchObject({ status: ['QUOTE', 'ISSUED'] });
      const [stock] = (await trail(sql, product)).filter((r) => r.actor_id === sales.id);
      expect(stock!.payload).toBe('{"stock_on_hand": [9.000, 7.000]}');
      const moves = await sql(
        `select a.actor_id from audit_logs a join stock_moves m on m.id::text = a.entity_id where m.ref_id = $1`,
        [id],
      );
      expect(moves).toEqual([{ actor_id: sales.id }]);
    });
  });

  it('is append-only: members change, delete and add no entry, and the database owner cannot update one', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createProduct(sql, org);
      const asOwnerMember = user(org.ownerId);
      // Members hold no write privilege on the trail (ADR 006): refused, or nothing touched.
      expect(
        await touched(
          'audit_logs',
          'update',
          async () =>
            (
              await sqlAs(
                sql,
                asOwnerMember,
                `update audit_logs set action = 'DELETE' where entity_id = $1 returning 1`,
                [id],
              )
            ).length,
        ),
      ).toBe(0);
      expect(
        await touched(
          'audit_logs',
          'delete',
          async () =>
            (await sqlAs(sql, asOwnerMember, `delete from audit_logs where entity_id = $1 returning 1`, [id]))
              .length,
        ),
      ).toBe(0);
      await expectSqlError(
        sqlAs(
          sql,
          asOwnerMember,
          `insert into audit_logs (org_id, action, entity) values ($1, 'DELETE', 'products')`,
          [org.id],
        ),
        '42501',
      );
      await expectSqlError(
        savepoint(sql, () => sql(`update audit_logs set action = 'DELETE' where entity_id = $1`, [id])),
        '42501',
      );
      expect((await trail(sql, id)).map((r) => r.action)).toEqual(['INSERT']);
    });
  });

  it('is read by OWNER, MANAGER and ACCOUNTANT, not by SALES', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await createProduct(sql, org);
      const seen: Record<string, boolean> = {};
      for (const role of ROLES) {
        const member = await addMember(sql, org.id, role);
        const rows = await sqlAs(sql, user(member.id), `select 1 from audit_logs where org_id = $1`, [
          org.id,
        ]);
        seen[role] = rows.length > 0;
      }
      expect(seen).toEqual({ OWNER: true, MANAGER: true, ACCOUNTANT: true, SALES: false });
    });
  });
});
