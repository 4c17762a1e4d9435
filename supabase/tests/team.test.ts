// Team rules: an organization always keeps an owner, a MANAGER cannot reach the OWNER role, one pending
// invitation per email, members may leave, and deleting an organization removes all of its rows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import { createInvoice, createProduct, insertFixture, pay, setupOrg, tenantTables } from './fixtures.ts';

const setRole = (sql: Sql, actorId: string, orgId: string, userId: string, role: string) =>
  sqlAs(
    sql,
    user(actorId),
    `update memberships set role = $3 where org_id = $1 and user_id = $2 returning 1`,
    [orgId, userId, role],
  );
const remove = (sql: Sql, actorId: string, orgId: string, userId: string) =>
  sqlAs(sql, user(actorId), `delete from memberships where org_id = $1 and user_id = $2 returning 1`, [
    orgId,
    userId,
  ]);
const invite = (sql: Sql, actorId: string, orgId: string, email: string, role = 'SALES') =>
  sqlAs(
    sql,
    user(actorId),
    `insert into invitations (org_id, email, role, token_hash, invited_by) values ($1, $2, $3, $4, $5) returning id`,
    [orgId, email, role, randomUUID(), actorId],
  );

describe('memberships', () => {
  it('keeps the last OWNER: they can be neither demoted nor removed, even by themselves (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const err = await expectSqlError(setRole(sql, org.ownerId, org.id, org.ownerId, 'MANAGER'), '23514');
      expect(err.message).toBe('An organization needs at least one owner');
      await expectSqlError(remove(sql, org.ownerId, org.id, org.ownerId), '23514');
      const second = await addMember(sql, org.id, 'OWNER');
      expect(await setRole(sql, second.id, org.id, org.ownerId, 'MANAGER')).toHaveLength(1);
      await expectSqlError(remove(sql, second.id, org.id, second.id), '23514');
      expect(
        await sql(`select user_id from memberships where org_id = $1 and role = 'OWNER'`, [org.id]),
      ).toEqual([{ user_id: second.id }]);
    });
  });

  it('stops a MANAGER from granting OWNER, changing or removing an OWNER, or inviting an OWNER', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const manager = await addMember(sql, org.id, 'MANAGER');
      const sales = await addMember(sql, org.id, 'SALES');
      await expectSqlError(setRole(sql, manager.id, org.id, sales.id, 'OWNER'), '42501');
      await expectSqlError(setRole(sql, manager.id, org.id, manager.id, 'OWNER'), '42501');
      expect(await setRole(sql, manager.id, org.id, org.ownerId, 'SALES')).toEqual([]);
      expect(await remove(sql, manager.id, org.id, org.ownerId)).toEqual([]);
      await expectSqlError(invite(sql, manager.id, org.id, 'boss@example.com', 'OWNER'), '42501');
      // What a manager may do.
      expect(await setRole(sql, manager.id, org.id, sales.id, 'ACCOUNTANT')).toHaveLength(1);
      expect(await invite(sql, manager.id, org.id, 'clerk@example.com', 'MANAGER')).toHaveLength(1);
      expect(await remove(sql, manager.id, org.id, sales.id)).toHaveLength(1);
      const roles = await sql(
        `select user_id, role::text from memberships where org_id = $1 order by memberships.role`,
        [org.id],
      );
      expect(roles).toEqual([
        { user_id: org.ownerId, role: 'OWNER' },
        { user_id: manager.id, role: 'MANAGER' },
      ]);
    });
  });

  it('refuses to move a membership to another user or organization (42501)', async () => {
    await asOwner(async (sql) => {
      const [org, other] = [await setupOrg(sql), await setupOrg(sql)];
      const sales = await addMember(sql, org.id, 'SALES');
      for (const [column, value] of [
        ['user_id', org.ownerId],
        ['org_id', other.id],
      ]) {
        await expectSqlError(
          sqlAs(sql, user(org.ownerId), `update memberships set ${column} = $2 where user_id = $1`, [
            sales.id,
            value,
          ]),
          '42501',
        );
      }
    });
  });

  it('lets any member leave, which clears them as owner of their leads', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const [lead] = await sql<{ id: string }>(
        `insert into leads (org_id, name, owner_id) values ($1, 'Hotel minibar', $2) returning id`,
        [org.id, sales.id],
      );
      expect(await remove(sql, sales.id, org.id, sales.id)).toHaveLength(1);
      expect(await sql(`select owner_id from leads where id = $1`, [lead!.id])).toEqual([{ owner_id: null }]);
      expect(await sql(`select 1 from memberships where user_id = $1`, [sales.id])).toEqual([]);
    });
  });
});

describe('invitations', () => {
  it('allows one pending invitation per email per organization, whatever its case (23505)', async () => {
    await asOwner(async (sql) => {
      const [org, other] = [await setupOrg(sql, { plan: 'GROWTH' }), await setupOrg(sql)];
      const [first] = await invite(sql, org.ownerId, org.id, 'ama@example.com');
      await expectSqlError(invite(sql, org.ownerId, org.id, 'AMA@Example.com'), '23505');
      expect(await invite(sql, other.ownerId, other.id, 'ama@example.com')).toHaveLength(1);
      await sqlAs(sql, user(org.ownerId), `update invitations set revoked_at = now() where id = $1`, [
        first!.id,
      ]);
      expect(await invite(sql, org.ownerId, org.id, 'ama@example.com')).toHaveLength(1);
    });
  });
});

describe('deleting an organization', () => {
  it('removes every row of the organization when its OWNER deletes it, despite the guards', async () => {
    await asOwner(async (sql) => {
      const [org, bystander] = [
        await setupOrg(sql, { plan: 'GROWTH' }),
        await setupOrg(sql, { plan: 'GROWTH' }),
      ];
      // The invoice counter first: a credit note's fixture issues an invoice, which makes the counter row.
      const counterFirst = [...tenantTables].sort(
        (a, b) => Number(b === 'invoice_counters') - Number(a === 'invoice_counters'),
      );
      for (const table of counterFirst) {
        await insertFixture(sql, table, org);
        await insertFixture(sql, table, bystander);
      }
      // The guarded states: a paid and an issued invoice with stock moves, a received purchase order, two owners.
      const product = await createProduct(sql, org, { stock: 20 });
      const lines = [{ productId: product, qty: 2, unitPrice: 10 }];
      await createInvoice(sql, org, { lines, status: 'PAID' });
      await pay(sql, org, org.ownerId, await createInvoice(sql, org, { lines, status: 'ISSUED' }), '5');
      const [po] = await sql<{ id: string }>(
        `select purchase_order_id as id from purchase_order_lines where org_id = $1`,
        [org.id],
      );
      await sql(`update purchase_orders set status = 'APPROVED' where id = $1`, [po!.id]);
      await sql(`update purchase_orders set status = 'RECEIVED' where id = $1`, [po!.id]);
      await addMember(sql, org.id, 'OWNER');

      const deleted = await sqlAs(
        sql,
        user(org.ownerId),
        `delete from organizations where id = $1 returning 1`,
        [org.id],
      );
      expect(deleted).toHaveLength(1);
      const left: Record<string, number> = {};
      const kept: Record<string, number> = {};
      for (const table of tenantTables.filter((t) => t !== 'audit_logs')) {
        const count = `select count(*)::int as n from public.${table} where org_id = $1`;
        left[table] = (await sql<{ n: number }>(count, [org.id]))[0]!.n;
        kept[table] = (await sql<{ n: number }>(count, [bystander.id]))[0]!.n > 0 ? 1 : 0;
      }
      expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
      expect(Object.values(kept)).not.toContain(0);
      // The trail keeps who deleted the organization.
      const trail = await sql(
        `select actor_id from audit_logs where org_id = $1 and entity = 'organizations' and action = 'DELETE'`,
        [org.id],
      );
      expect(trail).toEqual([{ actor_id: org.ownerId }]);
    });
  });
});
