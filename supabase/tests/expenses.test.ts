// record_expense: an expense recorded once per mutation id, its amount in the currency's decimals, its
// currency and date defaulted from the organization; expenses are for owners, managers and accountants.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, createUser, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import { type Org, setupOrg } from './fixtures.ts';

type Answer = {
  data?: Record<string, unknown>;
  error?: { code: string; message: string };
};

const record = async (
  sql: Sql,
  actorId: string,
  orgId: string,
  input: object,
  mutationId: string | null = null,
) =>
  (
    await sqlAs<{ a: Answer }>(sql, user(actorId), `select public.record_expense($1, $2, $3) as a`, [
      orgId,
      mutationId,
      input,
    ])
  )[0]!.a;

const count = async (sql: Sql, org: Org) =>
  Number(
    (await sql<{ n: string }>(`select count(*) as n from public.expenses where org_id = $1`, [org.id]))[0]!.n,
  );

const rent = { vendor: 'Landlord Ltd', category: 'rent', amount: 1500.5 };

describe('record_expense', () => {
  it("records the vendor, category and amount, in the organization's currency and now by default", async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'NG', currency: 'NGN' });
      const answer = await record(sql, org.ownerId, org.id, {
        ...rent,
        vendor: '  Landlord Ltd ',
        note: ' Nov ',
      });
      expect(answer.data).toMatchObject({
        vendor: 'Landlord Ltd',
        category: 'rent',
        amount: 1500.5,
        currency: 'NGN',
        note: 'Nov',
        created_by: org.ownerId,
      });
      const [row] = await sql<{ recent: boolean }>(
        `select paid_at = now() as recent from public.expenses where id = $1`,
        [answer.data!.id],
      );
      expect(row!.recent).toBe(true);
    });
  });

  it("reads a bare paid date as midnight of that day in the organization's time zone", async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'KE', currency: 'KES' });
      await sql(`update public.organizations set timezone = 'Africa/Nairobi' where id = $1`, [org.id]);
      const answer = await record(sql, org.ownerId, org.id, { ...rent, paidAt: '2026-11-20' });
      const [row] = await sql<{ paid: string }>(
        `select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as paid from public.expenses where id = $1`,
        [answer.data!.id],
      );
      expect(row!.paid).toBe('2026-11-19 21:00');
      const instant = await record(sql, org.ownerId, org.id, { ...rent, paidAt: '2026-11-20T10:30:00Z' });
      expect(Date.parse(String(instant.data!.paid_at))).toBe(Date.parse('2026-11-20T10:30:00Z'));
    });
  });

  it('applies the same mutation id once and answers the same; another change under that id is refused', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = randomUUID();
      const first = await record(sql, org.ownerId, org.id, rent, id);
      const again = await record(sql, org.ownerId, org.id, rent, id);
      expect(again).toEqual(first);
      expect(await count(sql, org)).toBe(1);
      await expectSqlError(record(sql, org.ownerId, org.id, { ...rent, amount: 2 }, id), '22023');
      expect(await count(sql, org)).toBe(1);
    });
  });

  it('refuses bad input with a clear message, writes nothing, and replays the same refusal', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const cases: [object, string][] = [
        [{ ...rent, vendor: ' ' }, 'Vendor is required'],
        [{ ...rent, category: '' }, 'Category is required'],
        [{ ...rent, category: 'food' }, 'Category must be one of'],
        [{ vendor: 'x', category: 'rent' }, 'Amount is required'],
        [{ ...rent, amount: 0 }, 'Amount must be more than zero'],
        [{ ...rent, amount: 1500.5 }, 'XOF amounts have no decimals'],
        [{ ...rent, amount: 10.005, currency: 'ghs' }, 'GHS amounts have at most 2 decimals'],
        [{ ...rent, amount: 10, currency: 'CFA1' }, 'Currency must be a 3-letter code'],
        [{ ...rent, amount: 10, paidAt: 'next week' }, 'Invalid date: next week'],
      ];
      for (const [input, message] of cases) {
        const id = randomUUID();
        const answer = await record(sql, org.ownerId, org.id, input, id);
        expect(answer.error?.code, message).toBe('VALIDATION_FAILED');
        expect(answer.error?.message).toContain(message);
        expect(await record(sql, org.ownerId, org.id, input, id)).toEqual(answer);
      }
      expect(await count(sql, org)).toBe(0);
      const fine = await record(sql, org.ownerId, org.id, { ...rent, amount: 1500 });
      expect(fine.data).toMatchObject({ amount: 1500, currency: 'XOF' });
    });
  });

  it('lets owners, managers and accountants record and read expenses; sales members neither', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const read = (actorId: string) =>
        sqlAs<{ vendor: string }>(
          sql,
          user(actorId),
          `select vendor from public.expenses where org_id = $1`,
          [org.id],
        );
      for (const role of ['MANAGER', 'ACCOUNTANT'] as const) {
        const m = await addMember(sql, org.id, role);
        expect((await record(sql, m.id, org.id, { ...rent, vendor: role })).data).toBeDefined();
      }
      expect((await record(sql, org.ownerId, org.id, { ...rent, vendor: 'OWNER' })).data).toBeDefined();
      const sales = await addMember(sql, org.id, 'SALES');
      const refused = await record(sql, sales.id, org.id, rent, randomUUID());
      expect(refused.error?.code).toBe('FORBIDDEN');
      expect(await read(sales.id)).toEqual([]);
      expect((await read(org.ownerId)).map((r) => r.vendor).sort()).toEqual([
        'ACCOUNTANT',
        'MANAGER',
        'OWNER',
      ]);
    });
  });

  it('refuses a stranger and never writes into another organization', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const stranger = await createUser(sql);
      await expectSqlError(record(sql, stranger.id, org.id, rent, randomUUID()), '42501');
      const other = await setupOrg(sql);
      const answer = await record(sql, other.ownerId, org.id, rent);
      expect(answer.error?.code).toBe('FORBIDDEN');
      expect(await count(sql, org)).toBe(0);
    });
  });
});
