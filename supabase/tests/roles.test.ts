// The role matrix of docs/roles.md as RLS enforces it: one table-driven matrix, one test per
// role × table × action. Rows are created by the organization's founder (another member than the one
// acting, for OWNER a second owner); "own" rows are the acting member's (created_by, user_id…).
// Allowed inserts succeed and refused ones fail with 42501; allowed updates and deletes touch the row,
// refused ones touch nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  actAs,
  addMember,
  asOwner,
  expectSqlError,
  outcome,
  ROLES,
  type Role,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import {
  addLine,
  buildRow,
  createCustomer,
  createInvoice,
  readInvoice,
  setStatus,
  deleteRow,
  insertFixture,
  insertRow,
  type Key,
  type Org,
  selectRow,
  setupOrg,
  snapshot,
  tenantTables,
  touched,
  updateRow,
} from './fixtures.ts';

import { type Action, matrix } from './role-matrix.ts';

// The organization row itself has no org_id, so it gets its own subject; every other table uses its fixture.
interface Subject {
  target(sql: Sql, org: Org, actorId: string): Promise<Key>;
  insert(sql: Sql, org: Org, actorId: string): Promise<() => Promise<unknown>>;
  select(sql: Sql, key: Key): Promise<unknown[]>;
  update(sql: Sql, key: Key): Promise<number>;
  delete(sql: Sql, key: Key): Promise<number>;
}
const fixtureSubject = (table: string): Subject => ({
  target: (sql, org, actorId) => insertFixture(sql, table, org, actorId),
  insert: async (sql, org, actorId) => {
    const row = await buildRow(sql, table, org, actorId);
    return () => insertRow(sql, table, org.id, row);
  },
  select: (sql, key) => selectRow(sql, table, key),
  update: (sql, key) => updateRow(sql, table, key),
  delete: (sql, key) => deleteRow(sql, table, key),
});
const organizationSubject: Subject = {
  target: async (_sql, org) => ({ id: org.id }),
  insert: async (sql) => () =>
    sql(`insert into organizations (name, country, currency) values ($1, 'GH', 'GHS')`, [
      `Org ${randomUUID()}`,
    ]),
  select: (sql, key) => sql(`select id from organizations where id = $1`, [key.id]),
  update: async (sql, key) =>
    (
      await sql(`update organizations set name = $2 where id = $1 returning 1`, [
        key.id,
        `Renamed ${randomUUID()}`,
      ])
    ).length,
  delete: async (sql, key) =>
    (await sql(`delete from organizations where id = $1 returning 1`, [key.id])).length,
};
const subject = (table: string) => (table === 'organizations' ? organizationSubject : fixtureSubject(table));

/** Runs `action` on `table` as a new member with `role`; returns what happened. */
async function attempt(table: string, role: Role, action: Action, own: boolean): Promise<string | number> {
  return asOwner(async (sql) => {
    const org = await setupOrg(sql, { plan: 'GROWTH' });
    const member = await addMember(sql, org.id, role);
    const s = subject(table);
    if (action === 'insert') {
      const run = await s.insert(sql, org, member.id);
      return outcome(actAs(sql, user(member.id), run));
    }
    const key = await s.target(sql, org, own ? member.id : org.ownerId);
    if (action === 'select')
      return actAs(sql, user(member.id), async () => (await s.select(sql, key)).length);
    const before = table === 'organizations' ? undefined : await snapshot(sql, table, key);
    const n = await touched(table, action, () =>
      actAs(sql, user(member.id), () => (action === 'update' ? s.update(sql, key) : s.delete(sql, key))),
    );
    // A refused write changed nothing.
    if (n === 0 && before !== undefined) expect(await snapshot(sql, table, key)).toBe(before);
    return n;
  });
}

describe('the role matrix', () => {
  it('covers every table with org_id', () => {
    expect(
      Object.keys(matrix)
        .filter((t) => t !== 'organizations')
        .sort(),
    ).toEqual(tenantTables);
  });
});

for (const [table, entry] of Object.entries(matrix)) {
  describe(`${table} (${entry.area})`, () => {
    for (const role of ROLES) {
      for (const action of ['select', 'insert', 'update', 'delete'] as const) {
        const allowed = entry[action].includes(role[0]!);
        it(`a member with role ${role} ${allowed ? 'can' : 'cannot'} ${action} ${action === 'insert' ? 'rows' : 'another member’s rows'}`, async () => {
          const result = await attempt(table, role, action, false);
          if (action === 'insert') expect(result).toBe(allowed ? 'ok' : '42501');
          else expect(result).toBe(allowed ? 1 : 0);
        });
      }
      for (const action of ['select', 'update', 'delete'] as const) {
        const own = entry.own?.[action];
        if (own === undefined) continue;
        const allowed = own.includes(role[0]!);
        it(`a member with role ${role} ${allowed ? 'can' : 'cannot'} ${action} their own rows`, async () => {
          expect(await attempt(table, role, action, true)).toBe(allowed ? 1 : 0);
        });
      }
    }
  });
}

describe('a SALES member and invoices', () => {
  it('lets a SALES member issue their own quote, but not another member’s, and not touch it once issued', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const customer = await createCustomer(sql, org);
      const [{ id: own }] = (await sqlAs<{ id: string }>(
        sql,
        user(sales.id),
        `insert into invoices (org_id, customer_id, currency, created_by) values ($1, $2, 'GHS', $3) returning id`,
        [org.id, customer, sales.id],
      )) as [{ id: string }];
      await actAs(sql, user(sales.id), () => addLine(sql, org, own, { qty: 2, unitPrice: 15 }));
      const others = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 10 }] });
      await expectSqlError(
        actAs(sql, user(sales.id), () => addLine(sql, org, others, { qty: 1, unitPrice: 1 })),
        '42501',
      );
      expect(await setStatus(sql, sales.id, others, 'ISSUED')).toEqual([]);
      expect(await setStatus(sql, sales.id, own, 'ISSUED')).toHaveLength(1);
      expect(
        await sqlAs(sql, user(sales.id), `update invoices set notes = 'x' where id = $1 returning 1`, [own]),
      ).toEqual([]);
      expect(await setStatus(sql, sales.id, own, 'VOID')).toEqual([]);
      expect([(await readInvoice(sql, own)).status, (await readInvoice(sql, others)).status]).toEqual([
        'ISSUED',
        'QUOTE',
      ]);
    });
  });
});
