// The permissions table is one table on every layer: the database's private.role_permissions holds exactly
// packages/shared/permissions.ts, its helpers answer from it for each role, refuse with 42501 and the reason
// given, and a policy asks it once per statement, not once per row.
import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, PERMISSIONS } from '../../packages/shared/permissions.ts';
import { actAs, addMember, as, asOwner, expectSqlError, ROLES, sqlAs, user } from './harness.ts';
import { setupOrg } from './fixtures.ts';

const hint = (err: { hint?: string }) => JSON.parse(err.hint ?? '{}') as Record<string, unknown>;

describe('the permissions table', () => {
  it('in the database is packages/shared/permissions.ts, row for row (read as the service role)', async () => {
    const rows = await as({ role: 'service_role' }, (sql) =>
      sql<{ permission: string; role: string }>(
        `select permission::text, role::text from private.role_permissions order by permission, role`,
      ),
    );
    const shared = PERMISSION_NAMES.flatMap((permission) =>
      PERMISSIONS[permission].roles.map((role) => ({ permission, role })),
    );
    const key = (r: { permission: string; role: string }) => `${r.permission} ${r.role}`;
    expect(rows.map(key).sort()).toEqual(shared.map(key).sort());
  });

  it('names the same permissions, in the same order (the enum private.permission)', async () => {
    const [row] = await as({ role: 'service_role' }, (sql) =>
      sql<{ names: string[] }>(`select enum_range(null::private.permission)::text[] as names`),
    );
    expect(row!.names).toEqual(PERMISSION_NAMES);
  });

  it('answers each role as the shared table does (public.can, private.can)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      for (const role of ROLES) {
        const member = role === 'OWNER' ? { id: org.ownerId } : await addMember(sql, org.id, role);
        const rows = await sqlAs<{ permission: string; public: boolean; private: boolean }>(
          sql,
          user(member.id),
          `select p as permission, public.can($1, p) as public, private.can($1, p::private.permission) as private
             from unnest($2::text[]) p`,
          [org.id, PERMISSION_NAMES],
        );
        for (const r of rows) {
          const expected = can(role, r.permission as (typeof PERMISSION_NAMES)[number]);
          expect({ role, ...r }).toEqual({
            role,
            permission: r.permission,
            public: expected,
            private: expected,
          });
        }
      }
    });
  });

  it('gives an outsider nothing and refuses an unknown name', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const outsider = await setupOrg(sql);
      const [row] = await sqlAs<{ can: boolean; member: boolean }>(
        sql,
        user(outsider.ownerId),
        `select public.can($1, 'invoice.create') as can, private.can($1) as member`,
        [org.id],
      );
      expect(row).toEqual({ can: false, member: false });
      await expectSqlError(
        sqlAs(sql, user(org.ownerId), `select public.can($1, 'invoice.creat')`, [org.id]),
        '22P02',
      );
    });
  });

  it('refuses with 42501 and the reason given, or NOT_A_MEMBER (private.require)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const seller = await addMember(sql, org.id, 'SALES');
      const outsider = await setupOrg(sql);
      const refused = await expectSqlError(
        sqlAs(
          sql,
          user(seller.id),
          `select private.require($1, 'payment.reverse', 'No', 'PAYMENT_REVERSE_FORBIDDEN')`,
          [org.id],
        ),
        '42501',
      );
      expect([refused.message, hint(refused).reason]).toEqual(['No', 'PAYMENT_REVERSE_FORBIDDEN']);
      const stranger = await expectSqlError(
        sqlAs(sql, user(outsider.ownerId), `select private.require($1)`, [org.id]),
        '42501',
      );
      expect(hint(stranger).reason).toBe('NOT_A_MEMBER');
      await sqlAs(sql, user(seller.id), `select private.require($1), private.require($1, 'invoice.create')`, [
        org.id,
      ]);
    });
  });

  it('is asked once per statement by a policy, not once per row', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(
        `insert into public.expenses (org_id, vendor, category, amount, currency, created_by)
         select $1, 'Vendor ' || n, 'rent', 10, 'GHS', $2 from generate_series(1, 50) n`,
        [org.id, org.ownerId],
      );
      const plan = await actAs(sql, user(org.ownerId), async () => {
        const rows = await sql<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off, summary off) select * from public.expenses`,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      // The permission's organizations are computed once (a hashed subplan or an initplan) and each row is
      // looked up in them: no step of the plan runs once per row.
      expect(plan).toMatch(/hashed SubPlan|InitPlan/);
      expect(plan).not.toMatch(/loops=(?!1\b)\d+/);
      expect(plan).toMatch(/rows=50 loops=1/);
    });
  });
});
