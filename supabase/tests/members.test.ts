// Members, employees and preferences through the functions the app calls (20261122000500_team_functions.sql):
// changing roles and removing members with each role (a MANAGER never reaches OWNER, the last OWNER
// stays), employees saved by OWNER and MANAGER only, and each member's own saved preferences.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  asOwner,
  createUser,
  expectSqlError,
  type Role,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { setPlan, setupOrg } from './builders.ts';

interface Answer<T = Record<string, unknown>> {
  data?: T;
  error?: { code: string; message: string };
}

const call = async <T>(sql: Sql, actorId: string, fn: string, params: unknown[]) =>
  (await sqlAs<{ r: T }>(sql, user(actorId), `select public.${fn} as r`, params))[0]!.r;
const changeRole = (sql: Sql, actorId: string, orgId: string, userId: string, role: Role) =>
  call<Answer>(sql, actorId, 'change_member_role($1, $2, $3)', [orgId, userId, role]);
const remove = (sql: Sql, actorId: string, orgId: string, userId: string) =>
  call<Answer>(sql, actorId, 'remove_member($1, $2)', [orgId, userId]);
const roleOf = async (sql: Sql, orgId: string, userId: string) =>
  (
    await sql<{ role: string }>(`select role::text from memberships where org_id = $1 and user_id = $2`, [
      orgId,
      userId,
    ])
  )[0]?.role ?? null;
/** The answer's error message, or 'ok'. */
const said = (a: Answer) => a.error?.message ?? 'ok';

async function team(sql: Sql) {
  const org = await setupOrg(sql);
  await setPlan(sql, org.id, 'BUSINESS');
  const members: Record<Role, { id: string }> = {
    OWNER: { id: org.ownerId },
    MANAGER: await addMember(sql, org.id, 'MANAGER'),
    ACCOUNTANT: await addMember(sql, org.id, 'ACCOUNTANT'),
    SALES: await addMember(sql, org.id, 'SALES'),
  };
  return { org, members };
}

const NOBODY = 'Only owners and managers can change roles';
const OWNERS = 'Only an owner can grant or change the owner role';
const LAST = 'An organization needs at least one owner. Make another member an owner first.';

describe('changing a member’s role', () => {
  it('lets each role do exactly what the role matrix says', async () => {
    await asOwner(async (sql) => {
      const outcomes: Record<string, string> = {};
      const cases: [Role, Role, Role][] = [
        // actor, target's role, new role
        ['OWNER', 'SALES', 'OWNER'],
        ['OWNER', 'MANAGER', 'ACCOUNTANT'],
        ['MANAGER', 'SALES', 'ACCOUNTANT'],
        ['MANAGER', 'ACCOUNTANT', 'MANAGER'],
        ['MANAGER', 'SALES', 'OWNER'],
        ['MANAGER', 'OWNER', 'SALES'],
        ['ACCOUNTANT', 'SALES', 'MANAGER'],
        ['SALES', 'ACCOUNTANT', 'SALES'],
        ['SALES', 'SALES', 'MANAGER'],
      ];
      for (const [actor, target, to] of cases) {
        // A fresh team each time, with a second OWNER so the last-owner rule stays out of the way.
        const { org, members } = await team(sql);
        const targetId = target === actor ? (await addMember(sql, org.id, target)).id : members[target].id;
        if (target === 'OWNER') await addMember(sql, org.id, 'OWNER');
        const answer = await changeRole(sql, members[actor].id, org.id, targetId, to);
        const key = `${actor} makes ${target} ${to}`;
        outcomes[key] = said(answer);
        expect(await roleOf(sql, org.id, targetId), key).toBe(answer.error ? target : to);
      }
      expect(outcomes).toEqual({
        'OWNER makes SALES OWNER': 'ok',
        'OWNER makes MANAGER ACCOUNTANT': 'ok',
        'MANAGER makes SALES ACCOUNTANT': 'ok',
        'MANAGER makes ACCOUNTANT MANAGER': 'ok',
        'MANAGER makes SALES OWNER': OWNERS,
        'MANAGER makes OWNER SALES': OWNERS,
        'ACCOUNTANT makes SALES MANAGER': NOBODY,
        'SALES makes ACCOUNTANT SALES': NOBODY,
        'SALES makes SALES MANAGER': NOBODY,
      });
    });
  });

  it('answers FORBIDDEN for refusals and NOT_FOUND for another organization’s member or a stranger', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const other = await setupOrg(sql);
      expect(
        (await changeRole(sql, members.SALES.id, org.id, members.ACCOUNTANT.id, 'SALES')).error?.code,
      ).toBe('FORBIDDEN');
      const cross = await changeRole(sql, other.ownerId, org.id, members.SALES.id, 'MANAGER');
      expect(cross).toEqual({
        error: { code: 'NOT_FOUND', message: 'Member not found', reason: 'MEMBER_NOT_FOUND' },
      });
      const stranger = await createUser(sql);
      expect((await changeRole(sql, org.ownerId, org.id, stranger.id, 'SALES')).error?.code).toBe(
        'NOT_FOUND',
      );
      expect(await roleOf(sql, org.id, members.SALES.id)).toBe('SALES');
    });
  });

  it('keeps the last OWNER: they cannot demote themselves until another member is an OWNER', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      expect(await changeRole(sql, org.ownerId, org.id, org.ownerId, 'MANAGER')).toEqual({
        error: { code: 'CONFLICT', message: LAST, reason: 'LAST_OWNER' },
      });
      expect(await roleOf(sql, org.id, org.ownerId)).toBe('OWNER');
      expect(said(await changeRole(sql, org.ownerId, org.id, members.MANAGER.id, 'OWNER'))).toBe('ok');
      expect(said(await changeRole(sql, org.ownerId, org.id, org.ownerId, 'MANAGER'))).toBe('ok');
      expect(await roleOf(sql, org.id, org.ownerId)).toBe('MANAGER');
      // The database refuses it too when the function is bypassed.
      await expectSqlError(
        sqlAs(sql, user(members.MANAGER.id), `update memberships set role = 'SALES' where user_id = $1`, [
          members.MANAGER.id,
        ]),
        '23514',
      );
    });
  });

  it('answers without change when the role is already the one asked for', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      expect(await changeRole(sql, org.ownerId, org.id, org.ownerId, 'OWNER')).toEqual({
        data: { id: org.ownerId, role: 'OWNER' },
      });
    });
  });
});

describe('removing a member', () => {
  it('lets OWNER remove anyone, MANAGER anyone but an OWNER, and ACCOUNTANT and SALES nobody else', async () => {
    await asOwner(async (sql) => {
      const outcomes: Record<string, string> = {};
      const cases: [Role, Role][] = [
        ['OWNER', 'OWNER'],
        ['OWNER', 'MANAGER'],
        ['MANAGER', 'SALES'],
        ['MANAGER', 'MANAGER'],
        ['MANAGER', 'OWNER'],
        ['ACCOUNTANT', 'SALES'],
        ['SALES', 'ACCOUNTANT'],
      ];
      for (const [actor, target] of cases) {
        const { org, members } = await team(sql);
        const targetId = target === actor ? (await addMember(sql, org.id, target)).id : members[target].id;
        if (target === 'OWNER') await addMember(sql, org.id, 'OWNER');
        const answer = await remove(sql, members[actor].id, org.id, targetId);
        const key = `${actor} removes ${target}`;
        outcomes[key] = said(answer);
        expect(await roleOf(sql, org.id, targetId), key).toBe(answer.error ? target : null);
      }
      expect(outcomes).toEqual({
        'OWNER removes OWNER': 'ok',
        'OWNER removes MANAGER': 'ok',
        'MANAGER removes SALES': 'ok',
        'MANAGER removes MANAGER': 'ok',
        'MANAGER removes OWNER': 'Only an owner can remove an owner',
        'ACCOUNTANT removes SALES': 'Only owners and managers can remove members',
        'SALES removes ACCOUNTANT': 'Only owners and managers can remove members',
      });
    });
  });

  it('lets any member leave, but not the last OWNER, and hides other organizations’ members', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const other = await setupOrg(sql);
      expect(said(await remove(sql, members.SALES.id, org.id, members.SALES.id))).toBe('ok');
      expect(said(await remove(sql, members.ACCOUNTANT.id, org.id, members.ACCOUNTANT.id))).toBe('ok');
      expect(await remove(sql, org.ownerId, org.id, org.ownerId)).toEqual({
        error: { code: 'CONFLICT', message: LAST, reason: 'LAST_OWNER' },
      });
      expect(await remove(sql, other.ownerId, org.id, members.MANAGER.id)).toEqual({
        error: { code: 'NOT_FOUND', message: 'Member not found', reason: 'MEMBER_NOT_FOUND' },
      });
      const left = await sql<{ role: string }>(
        `select role::text from memberships where org_id = $1 order by memberships.role`,
        [org.id],
      );
      expect(left).toEqual([{ role: 'OWNER' }, { role: 'MANAGER' }]);
    });
  });

  it('frees the seat on the Starter plan: a member removed makes room for an invitation', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const invite = () =>
        call<Answer>(sql, org.ownerId, 'create_invitation($1, null, $2, $3)', [
          org.id,
          'ama@example.com',
          'SALES',
        ]);
      expect((await invite()).error?.code).toBe('LIMIT_REACHED');
      await remove(sql, org.ownerId, org.id, sales.id);
      expect((await invite()).data).toMatchObject({ email: 'ama@example.com' });
    });
  });
});

describe('employees', () => {
  const save = (sql: Sql, actorId: string, orgId: string, input: object, mutationId: string | null = null) =>
    call<Answer<{ id: string; name: string; email: string | null; title: string | null; status: string }>>(
      sql,
      actorId,
      'save_employee($1, $2, $3)',
      [orgId, mutationId, JSON.stringify(input)],
    );

  it('lets OWNER and MANAGER add, edit and deactivate employees; ACCOUNTANT and SALES only read them', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const outcomes: Record<string, string> = {};
      for (const [role, { id }] of Object.entries(members)) {
        const added = await save(sql, id, org.id, { name: ` Musa ${role} `, title: 'Driver' });
        outcomes[role] = added.error?.code ?? 'ok';
        if (added.data) {
          expect(added.data).toMatchObject({
            name: `Musa ${role}`,
            title: 'Driver',
            status: 'ACTIVE',
            email: null,
          });
          const off = await save(sql, id, org.id, { id: added.data.id, status: 'INACTIVE' });
          expect(off.data).toMatchObject({ name: `Musa ${role}`, title: 'Driver', status: 'INACTIVE' });
        }
      }
      expect(outcomes).toEqual({ OWNER: 'ok', MANAGER: 'ok', ACCOUNTANT: 'FORBIDDEN', SALES: 'FORBIDDEN' });
      const [someone] = await sql<{ id: string }>(`select id from employees where org_id = $1 limit 1`, [
        org.id,
      ]);
      expect(
        (await save(sql, members.SALES.id, org.id, { id: someone!.id, status: 'ACTIVE' })).error,
      ).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only owners and managers can manage employees',
        reason: 'EMPLOYEES_FORBIDDEN',
      });
      for (const { id } of Object.values(members)) {
        const seen = await sqlAs(
          sql,
          user(id),
          `select name, status::text from employees where org_id = $1 order by name`,
          [org.id],
        );
        expect(seen).toEqual([
          { name: 'Musa MANAGER', status: 'INACTIVE' },
          { name: 'Musa OWNER', status: 'INACTIVE' },
        ]);
      }
    });
  });

  it('edits only the fields sent and clears email and title when sent empty', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const { data } = await save(sql, org.ownerId, org.id, {
        name: 'Fatou',
        email: 'fatou@example.com',
        title: 'Cashier',
      });
      expect(
        (await save(sql, org.ownerId, org.id, { id: data!.id, title: 'Head cashier' })).data,
      ).toMatchObject({
        name: 'Fatou',
        email: 'fatou@example.com',
        title: 'Head cashier',
      });
      expect(
        (await save(sql, org.ownerId, org.id, { id: data!.id, email: '', title: null })).data,
      ).toMatchObject({
        email: null,
        title: null,
      });
    });
  });

  it('refuses a blank name or a bad email, and another organization’s employee', async () => {
    await asOwner(async (sql) => {
      const [org, other] = [await setupOrg(sql), await setupOrg(sql)];
      expect((await save(sql, org.ownerId, org.id, { name: '  ' })).error?.code).toBe('VALIDATION_FAILED');
      expect((await save(sql, org.ownerId, org.id, { name: 'Ok', email: 'nope' })).error?.code).toBe(
        'VALIDATION_FAILED',
      );
      const theirs = await save(sql, other.ownerId, other.id, { name: 'Theirs' });
      const attempt = await save(sql, org.ownerId, org.id, { id: theirs.data!.id, name: 'Mine now' });
      expect(attempt.error).toBeDefined();
      expect(await sql(`select name, org_id from employees where id = $1`, [theirs.data!.id])).toEqual([
        { name: 'Theirs', org_id: other.id },
      ]);
      await save(sql, org.ownerId, other.id, { name: 'Sneaked in' });
      expect(
        await sql(`select 1 from employees where org_id = $1 and name = 'Sneaked in'`, [other.id]),
      ).toEqual([]);
    });
  });

  it('adds an employee once per mutation id', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const mutation = randomUUID();
      const first = await save(sql, org.ownerId, org.id, { name: 'Kwame' }, mutation);
      const again = await save(sql, org.ownerId, org.id, { name: 'Kwame' }, mutation);
      expect(again.data!.id).toBe(first.data!.id);
      expect(await sql(`select count(*)::int as n from employees where org_id = $1`, [org.id])).toEqual([
        { n: 1 },
      ]);
    });
  });
});

describe('preferences', () => {
  const COLUMNS = `theme, compact_view, notify_low_stock, notify_payment_reminders, notify_new_leads,
                   notify_team_activity, notify_marketing`;
  const get = (sql: Sql, actorId: string, orgId: string) =>
    sqlAs(sql, user(actorId), `select ${COLUMNS} from public.get_preferences($1)`, [orgId]);
  const save = (sql: Sql, actorId: string, orgId: string, input: object) =>
    sqlAs(sql, user(actorId), `select ${COLUMNS} from public.save_preferences($1, $2)`, [
      orgId,
      JSON.stringify(input),
    ]);

  it('gives a member who never saved the table’s defaults: the first three notifications on, the last two off', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const [defaults] = await get(sql, org.ownerId, org.id);
      expect(defaults).toEqual({
        theme: 'system',
        compact_view: false,
        notify_low_stock: true,
        notify_payment_reminders: true,
        notify_new_leads: true,
        notify_team_activity: false,
        notify_marketing: false,
      });
      // The same as a row stored with the column defaults, so the two cannot drift apart.
      const [stored] = await sql(
        `insert into member_preferences (org_id, user_id) values ($1, $2) returning ${COLUMNS}`,
        [org.id, org.ownerId],
      );
      expect(stored).toEqual(defaults);
    });
  });

  it('saves only the fields sent, per member and per organization', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const colleague = await addMember(sql, org.id, 'SALES');
      const second = await setupOrg(sql);
      await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, 'ACCOUNTANT')`, [
        second.id,
        colleague.id,
      ]);
      await save(sql, colleague.id, org.id, { theme: 'dark', marketingUpdates: true });
      const [saved] = await save(sql, colleague.id, org.id, { compactView: true, lowStockAlerts: false });
      expect(saved).toMatchObject({
        theme: 'dark',
        compact_view: true,
        notify_low_stock: false,
        notify_marketing: true,
        notify_payment_reminders: true,
      });
      expect((await get(sql, colleague.id, second.id))[0]).toMatchObject({
        theme: 'system',
        compact_view: false,
      });
      expect((await get(sql, org.ownerId, org.id))[0]).toMatchObject({
        theme: 'system',
        notify_marketing: false,
      });
      // Nobody reads another member's preferences.
      expect(
        await sqlAs(sql, user(org.ownerId), `select 1 from member_preferences where user_id = $1`, [
          colleague.id,
        ]),
      ).toEqual([]);
    });
  });

  it('two saves at the same moment keep both changes (one switch does not put back the other)', async () => {
    const org = await asOwner((sql) => setupOrg(sql), { commit: true });
    await asOwner((sql) => save(sql, org.ownerId, org.id, { compactView: true }), { commit: true });
    const saving = (input: object, holdMs: number) =>
      asOwner(
        async (sql) => {
          await save(sql, org.ownerId, org.id, input);
          await new Promise((r) => setTimeout(r, holdMs)); // committed only after the other save began
        },
        { commit: true },
      );
    const first = saving({ paymentReminders: false }, 400);
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all([first, saving({ marketingUpdates: true }, 0)]);
    const [now] = await asOwner((sql) => get(sql, org.ownerId, org.id));
    expect(now).toMatchObject({
      compact_view: true,
      notify_payment_reminders: false,
      notify_marketing: true,
    });
  });

  it('refuses an organization the caller does not belong to, and a theme that does not exist', async () => {
    await asOwner(async (sql) => {
      const [org, other] = [await setupOrg(sql), await setupOrg(sql)];
      await expectSqlError(get(sql, other.ownerId, org.id), '42501');
      await expectSqlError(save(sql, other.ownerId, org.id, { compactView: true }), '42501');
      await expectSqlError(save(sql, org.ownerId, org.id, { theme: 'purple' }), '23514');
      expect(await sql(`select 1 from member_preferences where org_id = $1`, [org.id])).toEqual([]);
    });
  });
});
