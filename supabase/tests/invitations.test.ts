// Invitations through the functions the app calls (20261122000500_team_functions.sql): who may invite with
// which role, one pending invitation per email (re-inviting refreshes it), the plan's seats, revoking,
// the public preview of a link, and accepting it as the invited person — never as someone else.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  addMember,
  asOwner,
  createUser,
  expectSqlError,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { type Org, setPlan, setupOrg } from './builders.ts';

interface Answer<T = Record<string, unknown>> {
  data?: T;
  error?: { code: string; message: string };
}
interface Invitation {
  id: string;
  email: string;
  role: string;
  token: string | null;
  expiresAt: string;
}

const call = async <T>(sql: Sql, actor: Actor, fn: string, params: unknown[]) =>
  (await sqlAs<{ r: T }>(sql, actor, `select public.${fn} as r`, params))[0]!.r;
const invite = (
  sql: Sql,
  actorId: string,
  orgId: string,
  email: string,
  role = 'SALES',
  mutationId?: string,
) =>
  call<Answer<Invitation>>(sql, user(actorId), 'create_invitation($1, $2, $3, $4)', [
    orgId,
    mutationId ?? null,
    email,
    role,
  ]);
const revoke = (sql: Sql, actorId: string, orgId: string, invitationId: string) =>
  call<Answer>(sql, user(actorId), 'revoke_invitation($1, $2)', [orgId, invitationId]);
const accept = (sql: Sql, actorId: string, token: string) =>
  call<Answer<{ organization: { id: string; name: string }; role: string; alreadyMember: boolean }>>(
    sql,
    user(actorId),
    'accept_invitation($1)',
    [token],
  );
// Only /api shows an invitation (as the service role, after the visitor's request budget).
const preview = (sql: Sql, token: string) =>
  call<Record<string, unknown> | null>(sql, { role: 'service_role' }, 'invitation_preview($1)', [token]);
const pending = (sql: Sql, actorId: string, orgId: string) =>
  sqlAs<{ email: string; role: string; invited_by_name: string | null }>(
    sql,
    user(actorId),
    `select email, role::text, invited_by_name from public.list_invitations($1)`,
    [orgId],
  );
const roleOf = async (sql: Sql, orgId: string, userId: string) =>
  (
    await sql<{ role: string }>(`select role::text from memberships where org_id = $1 and user_id = $2`, [
      orgId,
      userId,
    ])
  )[0]?.role ?? null;

/** An invitation created by the organization's owner; its token. */
async function invited(sql: Sql, org: Org, email: string, role = 'SALES') {
  const answer = await invite(sql, org.ownerId, org.id, email, role);
  expect(answer.error).toBeUndefined();
  return answer.data!;
}

/** An organization on Business (no member limit) with one member of each role besides its owner. */
async function team(sql: Sql) {
  const org = await setupOrg(sql);
  await setPlan(sql, org.id, 'BUSINESS');
  const members = {
    OWNER: { id: org.ownerId },
    MANAGER: await addMember(sql, org.id, 'MANAGER'),
    ACCOUNTANT: await addMember(sql, org.id, 'ACCOUNTANT'),
    SALES: await addMember(sql, org.id, 'SALES'),
  };
  return { org, members };
}

describe('creating an invitation', () => {
  it('gives the inviter a random link secret valid 7 days and stores only its SHA-256', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const { data } = await invite(sql, org.ownerId, org.id, '  Ama.Mensah@Example.com ', 'ACCOUNTANT');
      expect(data).toMatchObject({ email: 'ama.mensah@example.com', role: 'ACCOUNTANT' });
      expect(data!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const days = (Date.parse(data!.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);
      const [row] = await sql<{ token_hash: string; invited_by: string }>(
        `select token_hash, invited_by from invitations where id = $1`,
        [data!.id],
      );
      expect(row).toEqual({
        token_hash: createHash('sha256').update(data!.token!).digest('hex'),
        invited_by: org.ownerId,
      });
      const other = await invite(sql, org.ownerId, org.id, 'kofi@example.com');
      expect(other.data!.token).not.toBe(data!.token);
    });
  });

  it('lets an OWNER invite any role, a MANAGER any role but OWNER, and refuses ACCOUNTANT and SALES', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const outcomes: Record<string, string> = {};
      for (const [actor, { id }] of Object.entries(members)) {
        for (const role of ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES']) {
          const answer = await invite(sql, id, org.id, `${actor}-${role}@example.com`.toLowerCase(), role);
          outcomes[`${actor} invites ${role}`] = answer.error?.message ?? 'ok';
        }
      }
      const owners = 'Only an owner can invite someone as owner';
      const nobody = 'Only owners and managers can invite members';
      expect(outcomes).toEqual({
        'OWNER invites OWNER': 'ok',
        'OWNER invites MANAGER': 'ok',
        'OWNER invites ACCOUNTANT': 'ok',
        'OWNER invites SALES': 'ok',
        'MANAGER invites OWNER': owners,
        'MANAGER invites MANAGER': 'ok',
        'MANAGER invites ACCOUNTANT': 'ok',
        'MANAGER invites SALES': 'ok',
        'ACCOUNTANT invites OWNER': nobody,
        'ACCOUNTANT invites MANAGER': nobody,
        'ACCOUNTANT invites ACCOUNTANT': nobody,
        'ACCOUNTANT invites SALES': nobody,
        'SALES invites OWNER': nobody,
        'SALES invites MANAGER': nobody,
        'SALES invites ACCOUNTANT': nobody,
        'SALES invites SALES': nobody,
      });
      const refused = await invite(sql, members.SALES.id, org.id, 'x@example.com');
      expect(refused.error!.code).toBe('FORBIDDEN');
      expect(await sql(`select count(*)::int as n from invitations where org_id = $1`, [org.id])).toEqual([
        { n: 7 },
      ]);
    });
  });

  it('refuses the owner of another organization, who cannot invite into it', async () => {
    await asOwner(async (sql) => {
      const [org, other] = [await setupOrg(sql), await setupOrg(sql)];
      const answer = await invite(sql, other.ownerId, org.id, 'kofi@example.com');
      expect(answer.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Only owners and managers can invite members',
        reason: 'INVITE_FORBIDDEN',
        sqlstate: '42501',
      });
      expect(await sql(`select 1 from invitations where org_id = $1`, [org.id])).toEqual([]);
    });
  });

  it('refreshes the pending invitation when the same email is invited again: same seat, new link, role and expiry', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const first = await invited(sql, org, 'ama@example.com', 'SALES');
      await sql(`update invitations set expires_at = now() + interval '1 day' where id = $1`, [first.id]);
      const again = await invite(sql, org.ownerId, org.id, 'AMA@example.com', 'ACCOUNTANT');
      expect(again.data).toMatchObject({ id: first.id, role: 'ACCOUNTANT' });
      expect(again.data!.token).not.toBe(first.token);
      expect(Date.parse(again.data!.expiresAt) - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
      expect(await preview(sql, first.token!)).toBeNull();
      expect(await preview(sql, again.data!.token!)).toMatchObject({ role: 'ACCOUNTANT' });
      expect(await sql(`select count(*)::int as n from invitations where org_id = $1`, [org.id])).toEqual([
        { n: 1 },
      ]);
    });
  });

  it('does not let a MANAGER refresh a pending invitation to join as OWNER', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const boss = await invited(sql, org, 'boss@example.com', 'OWNER');
      const answer = await invite(sql, members.MANAGER.id, org.id, 'boss@example.com', 'SALES');
      expect(answer.error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only an owner can change an invitation to join as owner',
        reason: 'OWNER_INVITATION_CHANGE_FORBIDDEN',
      });
      expect(await preview(sql, boss.token!)).toMatchObject({ role: 'OWNER' });
    });
  });

  it('refuses an email that already belongs to a member, whatever its case, and an invalid email', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const ama = await createUser(sql, { email: 'ama@example.com' });
      await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, 'SALES')`, [org.id, ama.id]);
      expect((await invite(sql, org.ownerId, org.id, 'Ama@Example.COM')).error).toEqual({
        code: 'ALREADY_EXISTS',
        message: 'This person is already a member of this organization',
        reason: 'ALREADY_MEMBER',
        field: 'email',
        sqlstate: '23505',
      });
      expect((await invite(sql, org.ownerId, org.id, 'not-an-email')).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid email address',
        reason: 'INVALID_EMAIL',
      });
      expect(await sql(`select 1 from invitations where org_id = $1`, [org.id])).toEqual([]);
    });
  });

  it('counts pending invitations against the Starter plan’s 2 members; a refresh takes no new seat, revoking frees one', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const kofi = await invited(sql, org, 'kofi@example.com');
      const full = await invite(sql, org.ownerId, org.id, 'ama@example.com');
      expect(full.error).toEqual({
        code: 'LIMIT_REACHED',
        message: 'Your plan allows 2 members, including pending invitations. Upgrade to add more.',
        sqlstate: 'PT402',
        reason: 'PLAN_LIMIT',
        params: { limit: 'max_members', max: 2 },
      });
      expect((await invite(sql, org.ownerId, org.id, 'kofi@example.com', 'ACCOUNTANT')).data?.id).toBe(
        kofi.id,
      );
      expect((await revoke(sql, org.ownerId, org.id, kofi.id)).data).toMatchObject({ id: kofi.id });
      expect((await invite(sql, org.ownerId, org.id, 'ama@example.com')).data?.email).toBe('ama@example.com');
    });
  });

  it('answers a repeated mutation id with the same invitation and a fresh link, and keeps no secret in the record', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const mutation = randomUUID();
      const first = await invite(sql, org.ownerId, org.id, 'ama@example.com', 'SALES', mutation);
      const replay = await invite(sql, org.ownerId, org.id, 'ama@example.com', 'SALES', mutation);
      expect(replay.data!.id).toBe(first.data!.id);
      expect(replay.data!.token).not.toBe(first.data!.token);
      expect(await preview(sql, first.data!.token!)).toBeNull();
      expect(await preview(sql, replay.data!.token!)).toMatchObject({ status: 'PENDING' });
      const [record] = await sql<{ response: string }>(
        `select response::text from sync_mutations where org_id = $1 and mutation_id = $2`,
        [org.id, mutation],
      );
      expect(record!.response).toContain(first.data!.id);
      expect(record!.response).not.toContain('token');
      await expectSqlError(invite(sql, org.ownerId, org.id, 'kofi@example.com', 'SALES', mutation), '22023');
      expect(await sql(`select count(*)::int as n from invitations where org_id = $1`, [org.id])).toEqual([
        { n: 1 },
      ]);
    });
  });
});

describe('revoking and listing invitations', () => {
  it('lets OWNER and MANAGER revoke, a MANAGER not an OWNER invitation, and refuses ACCOUNTANT, SALES and other organizations', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const outsider = await setupOrg(sql);
      const boss = await invited(sql, org, 'boss@example.com', 'OWNER');
      const clerk = await invited(sql, org, 'clerk@example.com', 'SALES');
      for (const id of [members.ACCOUNTANT.id, members.SALES.id]) {
        expect((await revoke(sql, id, org.id, clerk.id)).error).toEqual({
          code: 'FORBIDDEN',
          message: 'Only owners and managers can revoke invitations',
          reason: 'INVITATION_REVOKE_FORBIDDEN',
        });
      }
      expect((await revoke(sql, outsider.ownerId, org.id, clerk.id)).error).toEqual({
        code: 'NOT_FOUND',
        message: 'Invitation not found',
        reason: 'INVITATION_NOT_FOUND',
      });
      expect((await revoke(sql, members.MANAGER.id, org.id, boss.id)).error).toEqual({
        code: 'FORBIDDEN',
        message: 'Only an owner can revoke an invitation to join as owner',
        reason: 'OWNER_INVITATION_REVOKE_FORBIDDEN',
      });
      expect((await revoke(sql, members.MANAGER.id, org.id, clerk.id)).data).toMatchObject({
        id: clerk.id,
        revokedAt: expect.any(String),
      });
      expect((await revoke(sql, org.ownerId, org.id, boss.id)).data).toMatchObject({ id: boss.id });
      // Revoking again changes nothing and says so without an error.
      expect((await revoke(sql, org.ownerId, org.id, boss.id)).data).toMatchObject({ id: boss.id });
      expect(await preview(sql, clerk.token!)).toMatchObject({ status: 'REVOKED' });
    });
  });

  it('refuses to revoke an accepted invitation (CONFLICT)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const ama = await createUser(sql, { email: 'ama@example.com' });
      const invitation = await invited(sql, org, 'ama@example.com');
      expect((await accept(sql, ama.id, invitation.token!)).data?.role).toBe('SALES');
      expect((await revoke(sql, org.ownerId, org.id, invitation.id)).error).toEqual({
        code: 'CONFLICT',
        message: 'This invitation has already been accepted',
        reason: 'INVITATION_ACCEPTED',
      });
    });
  });

  it('lists only pending invitations, with the inviter’s name, to every member and to nobody outside', async () => {
    await asOwner(async (sql) => {
      const { org, members } = await team(sql);
      const outsider = await setupOrg(sql);
      await sql(`update profiles set first_name = 'Adwoa', last_name = 'Owusu' where id = $1`, [org.ownerId]);
      await invited(sql, org, 'pending@example.com', 'ACCOUNTANT');
      const revoked = await invited(sql, org, 'revoked@example.com');
      await revoke(sql, org.ownerId, org.id, revoked.id);
      const expired = await invited(sql, org, 'expired@example.com');
      await sql(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [
        expired.id,
      ]);
      const taken = await createUser(sql, { email: 'taken@example.com' });
      await accept(sql, taken.id, (await invited(sql, org, 'taken@example.com')).token!);
      for (const { id } of Object.values(members)) {
        expect(await pending(sql, id, org.id)).toEqual([
          { email: 'pending@example.com', role: 'ACCOUNTANT', invited_by_name: 'Adwoa Owusu' },
        ]);
      }
      expect(await pending(sql, outsider.ownerId, org.id)).toEqual([]);
      expect(
        await sqlAs(sql, user(outsider.ownerId), `select id from invitations where org_id = $1`, [org.id]),
      ).toEqual([]);
    });
  });
});

describe('the invitation link', () => {
  it('shows anyone holding it the organization, inviter, email, role and status, and nothing for an unknown token', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(`update profiles set first_name = 'Adwoa', last_name = 'Owusu' where id = $1`, [org.ownerId]);
      const [{ name }] = (await sql<{ name: string }>(`select name from organizations where id = $1`, [
        org.id,
      ])) as [{ name: string }];
      const invitation = await invited(sql, org, 'ama@example.com', 'MANAGER');
      expect(await preview(sql, invitation.token!)).toEqual({
        organizationName: name,
        inviterName: 'Adwoa Owusu',
        email: 'ama@example.com',
        role: 'MANAGER',
        status: 'PENDING',
        expiresAt: expect.any(String),
      });
      expect(await preview(sql, 'not-a-real-token')).toBeNull();
      expect(await preview(sql, '')).toBeNull();
      // Not through the Data API: anon and members go through /api, which spends their budget first.
      const stranger = await createUser(sql);
      for (const actor of [{ role: 'anon' } as const, user(stranger.id)])
        await expectSqlError(
          sqlAs(sql, actor, 'select invitation_preview($1)', [invitation.token!]),
          '42501',
        );
      await sql(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [
        invitation.id,
      ]);
      expect(await preview(sql, invitation.token!)).toMatchObject({ status: 'EXPIRED' });
    });
  });

  it('lets the anonymous visitor preview but not accept, nor read invitations', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const invitation = await invited(sql, org, 'ama@example.com');
      await expectSqlError(
        sqlAs(sql, { role: 'anon' }, `select public.accept_invitation($1)`, [invitation.token]),
        '42501',
      );
      expect(
        await sqlAs(sql, { role: 'anon' }, `select id from invitations where id = $1`, [invitation.id]),
      ).toEqual([]);
      expect(await preview(sql, invitation.token!)).toMatchObject({ status: 'PENDING' });
    });
  });
});

describe('accepting an invitation', () => {
  it('makes the invited person a member with the invitation’s role, whatever the case of their email; again is a no-op', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const [{ name }] = (await sql<{ name: string }>(`select name from organizations where id = $1`, [
        org.id,
      ])) as [{ name: string }];
      const invitation = await invited(sql, org, 'Ama@Example.com', 'ACCOUNTANT');
      const ama = await createUser(sql, { email: 'ama@EXAMPLE.com' });
      expect(await accept(sql, ama.id, invitation.token!)).toEqual({
        data: { organization: { id: org.id, name }, role: 'ACCOUNTANT', alreadyMember: false },
      });
      expect(await roleOf(sql, org.id, ama.id)).toBe('ACCOUNTANT');
      const [row] = await sql(
        `select accepted_by, accepted_at is not null as accepted from invitations where id = $1`,
        [invitation.id],
      );
      expect(row).toEqual({ accepted_by: ama.id, accepted: true });
      expect((await accept(sql, ama.id, invitation.token!)).data).toMatchObject({
        role: 'ACCOUNTANT',
        alreadyMember: true,
      });
      expect(await preview(sql, invitation.token!)).toMatchObject({ status: 'ACCEPTED' });
      // The new member now sees the organization and its team.
      expect(
        await sqlAs(sql, user(ama.id), `select id from organizations where id = $1`, [org.id]),
      ).toHaveLength(1);
    });
  });

  it('refuses someone signed in with another email, even a member of another organization, and adds nobody', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const other = await setupOrg(sql);
      const invitation = await invited(sql, org, 'ama@example.com', 'MANAGER');
      const stranger = await createUser(sql, { email: 'kofi@example.com' });
      for (const id of [stranger.id, other.ownerId]) {
        expect(await accept(sql, id, invitation.token!)).toEqual({
          error: {
            code: 'FORBIDDEN',
            message: 'This invitation was sent to another email address',
            reason: 'INVITATION_OTHER_EMAIL',
          },
        });
        expect(await roleOf(sql, org.id, id)).toBeNull();
      }
      expect(await preview(sql, invitation.token!)).toMatchObject({ status: 'PENDING' });
    });
  });

  it('refuses an expired, a revoked, an unknown and an already used link (GONE, NOT_FOUND)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const [ama, kofi, yaw] = [
        await createUser(sql, { email: 'ama@example.com' }),
        await createUser(sql, { email: 'kofi@example.com' }),
        await createUser(sql, { email: 'yaw@example.com' }),
      ];
      const expired = await invited(sql, org, 'ama@example.com');
      await sql(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [
        expired.id,
      ]);
      expect(await accept(sql, ama.id, expired.token!)).toEqual({
        error: {
          code: 'GONE',
          message: 'This invitation has expired. Ask for a new one.',
          reason: 'INVITATION_EXPIRED',
        },
      });
      const revoked = await invited(sql, org, 'kofi@example.com');
      await revoke(sql, org.ownerId, org.id, revoked.id);
      expect(await accept(sql, kofi.id, revoked.token!)).toEqual({
        error: { code: 'GONE', message: 'This invitation has been revoked', reason: 'INVITATION_REVOKED' },
      });
      expect(await accept(sql, kofi.id, 'no-such-token')).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'This invitation link is not valid',
          reason: 'INVITATION_INVALID',
        },
      });
      // Used, then the member left: the link does not let them back in.
      const used = await invited(sql, org, 'yaw@example.com');
      await accept(sql, yaw.id, used.token!);
      await sqlAs(sql, user(yaw.id), `delete from memberships where org_id = $1 and user_id = $2`, [
        org.id,
        yaw.id,
      ]);
      expect(await accept(sql, yaw.id, used.token!)).toEqual({
        error: { code: 'GONE', message: 'This invitation has already been used', reason: 'INVITATION_USED' },
      });
      for (const id of [ama.id, kofi.id, yaw.id]) expect(await roleOf(sql, org.id, id)).toBeNull();
    });
  });

  it('refuses an unconfirmed address on both paths (the invitee, the service role’s register_invitee) and adds nobody', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const invitation = await invited(sql, org, 'efua@example.com', 'ACCOUNTANT');
      // A sign-up waiting for its confirmation mail, as Auth keeps it where the project confirms emails.
      const efua = await createUser(sql, { email: 'efua@example.com' });
      await sql(`update auth.users set email_confirmed_at = null where id = $1`, [efua.id]);
      const refusal = {
        error: {
          code: 'FORBIDDEN',
          message: 'Confirm your email address before joining an organization',
          reason: 'EMAIL_NOT_CONFIRMED',
        },
      };
      expect(await accept(sql, efua.id, invitation.token!)).toEqual(refusal);
      expect(
        await call(sql, { role: 'service_role' }, 'register_invitee($1, $2)', [efua.id, invitation.token!]),
      ).toEqual(refusal);
      expect(await roleOf(sql, org.id, efua.id)).toBeNull();
      expect(await preview(sql, invitation.token!)).toMatchObject({ status: 'PENDING' });
      // Once the address is confirmed (the mail's link followed), the same link lets them in.
      await sql(`update auth.users set email_confirmed_at = now() where id = $1`, [efua.id]);
      expect((await accept(sql, efua.id, invitation.token!)).data?.role).toBe('ACCOUNTANT');
    });
  });

  it('lets an invitee who already belongs to other organizations join with the role, keeping their own', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const theirs = await setupOrg(sql);
      const [{ email }] = (await sql<{ email: string }>(`select email from auth.users where id = $1`, [
        theirs.ownerId,
      ])) as [{ email: string }];
      const invitation = await invited(sql, org, email, 'SALES');
      expect((await accept(sql, theirs.ownerId, invitation.token!)).data?.alreadyMember).toBe(false);
      expect(await roleOf(sql, org.id, theirs.ownerId)).toBe('SALES');
      expect(await roleOf(sql, theirs.id, theirs.ownerId)).toBe('OWNER');
    });
  });
});

describe('direct changes to invitations', () => {
  it('cannot bring a revoked or expired invitation back, move it to another email or mark it accepted', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const update = (set: string, id: string) =>
        sqlAs(sql, user(org.ownerId), `update invitations set ${set} where id = $1`, [id]);
      const revoked = await invited(sql, org, 'revoked@example.com');
      await revoke(sql, org.ownerId, org.id, revoked.id);
      expect((await expectSqlError(update('revoked_at = null', revoked.id), '23514')).message).toBe(
        'This invitation is no longer pending',
      );
      const expired = await invited(sql, org, 'expired@example.com');
      await sql(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [
        expired.id,
      ]);
      expect(
        (await expectSqlError(update(`expires_at = now() + interval '7 days'`, expired.id), '23514')).message,
      ).toBe('An expired invitation cannot be extended: invite again');
      const live = await invited(sql, org, 'live@example.com');
      await expectSqlError(update(`email = 'someone@example.com'`, live.id), '42501');
      await expectSqlError(update(`accepted_at = now()`, live.id), '42501');
      expect(await sql(`select email, accepted_at from invitations where id = $1`, [live.id])).toEqual([
        { email: 'live@example.com', accepted_at: null },
      ]);
    });
  });
});
