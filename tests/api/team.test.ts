// /api team and settings routes as the app calls them: invitations from the invite dialog to the invitee's
// first sign-in, members' roles, employees and each member's preferences — with every role and with a
// stranger from another organization.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { api, client, fieldReasons, json, registerAndSignIn, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

const admin = () => supabaseClient(SERVICE_ROLE_KEY);
const email = (name: string) => `${name}-${unique()}@test.kasuwa.app`;

/** Room for a whole team: the Business plan has no member limit. */
async function onBusinessPlan(o: Owner) {
  const { error } = await admin().from('licenses').update({ plan: 'BUSINESS' }).eq('org_id', o.orgId);
  if (error) throw error;
}

function invite(o: { token: string }, orgId: string, body: unknown, key?: string) {
  return call(`/organizations/${orgId}/invitations`, { token: o.token, body, key });
}

async function invited(o: Owner, address: string, role = 'SALES') {
  const res = await invite(o, o.orgId, { email: address, role });
  expect(res.status).toBe(201);
  return json(res);
}

/** A new person who signs up with the app's Auth (no organization yet); their access token. */
async function signUp(address: string, firstName = 'Kojo') {
  const { data, error } = await client().auth.signUp({
    email: address,
    password: 'correct-horse-battery',
    options: { data: { first_name: firstName, last_name: 'Asante' } },
  });
  if (error) throw error;
  return { token: data.session!.access_token, userId: data.user!.id };
}

const accept = (token: string, linkToken: string) =>
  call(`/invitations/${linkToken}/accept`, { token, method: 'POST' });

describe('the invitation journey', () => {
  it('owner invites an accountant by link; the new person previews it, signs up, accepts and belongs with that role', async () => {
    const o = await owner();
    const address = email('kojo');
    const created = await invite(
      o,
      o.orgId,
      { email: address.toUpperCase(), role: 'ACCOUNTANT' },
      randomUUID(),
    );
    expect(created.status).toBe(201);
    const invitation = await json(created);
    expect(invitation).toEqual({
      id: expect.any(String),
      email: address,
      role: 'ACCOUNTANT',
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      link: `/invite/${invitation.token}`,
    });

    const listed = await json(await call(`/organizations/${o.orgId}/invitations`, { token: o.token }));
    expect(listed).toEqual([
      {
        id: invitation.id,
        email: address,
        role: 'ACCOUNTANT',
        status: 'Invited',
        expiresAt: invitation.expiresAt,
        createdAt: expect.any(String),
        invitedBy: 'Adwoa Owusu',
      },
    ]);

    // Opening the link, not signed in.
    const preview = await api(`/invitations/${invitation.token}`);
    expect(preview.status).toBe(200);
    expect(await json(preview)).toEqual({
      organizationName: o.input.organizationName,
      inviterName: 'Adwoa Owusu',
      email: address,
      role: 'ACCOUNTANT',
      status: 'PENDING',
      expiresAt: expect.any(String),
    });

    const kojo = await signUp(address);
    const joined = await accept(kojo.token, invitation.token);
    expect(joined.status).toBe(200);
    expect(await json(joined)).toEqual({
      organization: { id: o.orgId, name: o.input.organizationName },
      role: 'ACCOUNTANT',
      alreadyMember: false,
    });
    const me = await json(await api('/auth/user', { token: kojo.token }));
    expect(me.organizations).toEqual([expect.objectContaining({ id: o.orgId, role: 'ACCOUNTANT' })]);

    const members = await json(await call(`/organizations/${o.orgId}/members`, { token: kojo.token }));
    expect(members).toEqual([
      {
        id: o.userId,
        role: 'OWNER',
        createdAt: expect.any(String),
        status: 'Active',
        user: { firstName: 'Adwoa', lastName: 'Owusu', email: o.input.email },
      },
      {
        id: kojo.userId,
        role: 'ACCOUNTANT',
        createdAt: expect.any(String),
        status: 'Active',
        user: { firstName: 'Kojo', lastName: 'Asante', email: address },
      },
    ]);
    expect(await json(await call(`/organizations/${o.orgId}/invitations`, { token: o.token }))).toEqual([]);
    expect((await json(await api(`/invitations/${invitation.token}`))).status).toBe('ACCEPTED');
    // The same link again: already a member, nothing changes.
    expect(await json(await accept(kojo.token, invitation.token))).toMatchObject({ alreadyMember: true });
  });

  it('lets someone who registered with their own organization join as SALES and keep theirs', async () => {
    const o = await owner();
    const address = email('ama');
    const invitation = await invited(o, address, 'SALES');
    const ama = await registerAndSignIn({ email: address, firstName: 'Ama' });
    expect((await accept(ama.token, invitation.token)).status).toBe(200);
    const me = await json(await api('/auth/user', { token: ama.token }));
    expect(
      me.organizations.map((org: { role: string; id: string }) => [org.id === o.orgId, org.role]),
    ).toEqual([
      [false, 'OWNER'],
      [true, 'SALES'],
    ]);
  });

  it('refuses the link to someone signed in with another email (403) and to nobody signed in (401)', async () => {
    const o = await owner();
    const invitation = await invited(o, email('ama'));
    const stranger = await owner();
    const res = await accept(stranger.token, invitation.token);
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation was sent to another email address',
    });
    const anonymous = await api(`/invitations/${invitation.token}/accept`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const me = await json(await api('/auth/user', { token: stranger.token }));
    expect(me.organizations.map((org: { id: string }) => org.id)).toEqual([stranger.orgId]);
  });

  it('answers 410 for an expired or revoked link and 404 for an unknown one', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const [lateAddress, revokedAddress] = [email('late'), email('revoked')];
    const late = await invited(o, lateAddress);
    const { error } = await admin()
      .from('invitations')
      .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', late.id);
    if (error) throw error;
    expect((await json(await api(`/invitations/${late.token}`))).status).toBe('EXPIRED');
    const lateUser = await signUp(lateAddress);
    const expired = await accept(lateUser.token, late.token);
    expect(expired.status).toBe(410);
    expect(await json(expired)).toMatchObject({
      code: 'GONE',
      message: 'This invitation has expired. Ask for a new one.',
    });

    const revoked = await invited(o, revokedAddress);
    const revoking = await call(`/organizations/${o.orgId}/invitations/${revoked.id}`, {
      token: o.token,
      method: 'DELETE',
    });
    expect(revoking.status).toBe(200);
    expect(await json(revoking)).toMatchObject({ id: revoked.id, revokedAt: expect.any(String) });
    expect((await json(await api(`/invitations/${revoked.token}`))).status).toBe('REVOKED');
    const gone = await accept((await signUp(revokedAddress)).token, revoked.token);
    expect(gone.status).toBe(410);
    expect((await json(gone)).message).toBe('This invitation has been revoked');

    const unknown = await api('/invitations/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This invitation link is not valid',
    });
    expect((await accept(lateUser.token, 'not-a-real-token')).status).toBe(404);
  });
});

describe('POST /api/auth/register with an invitation token', () => {
  const person = (address: string, invitationToken: string) => ({
    invitationToken,
    firstName: 'Efua',
    lastName: 'Mensah',
    email: address,
    password: 'correct-horse-battery',
    locale: 'fr',
  });
  const signIn = async (address: string) => {
    const { data, error } = await client().auth.signInWithPassword({
      email: address,
      password: 'correct-horse-battery',
    });
    if (error) throw error;
    return data.session.access_token;
  };

  it('creates the person, who joins the inviting organization with the role and has no organization of their own', async () => {
    const o = await owner();
    const address = email('efua');
    const invitation = await invited(o, address, 'ACCOUNTANT');
    const res = await api('/auth/register', { body: person(address.toUpperCase(), invitation.token) });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toEqual({
      id: expect.any(String),
      email: address.toUpperCase(),
      organization: { id: o.orgId, name: o.input.organizationName },
      role: 'ACCOUNTANT',
      // The session Auth's sign-up started, which the app keeps instead of signing in again.
      session: { access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 3600 },
    });
    expect((await json(await api('/auth/user', { token: body.session.access_token }))).id).toBe(body.id);
    const me = await json(await api('/auth/user', { token: await signIn(address) }));
    expect(me).toMatchObject({ firstName: 'Efua', lastName: 'Mensah', locale: 'fr' });
    expect(me.organizations).toEqual([expect.objectContaining({ id: o.orgId, role: 'ACCOUNTANT' })]);
    expect((await json(await api(`/invitations/${invitation.token}`))).status).toBe('ACCEPTED');
    // The link is used: nobody registers with it again.
    const again = await api('/auth/register', { body: person(email('again'), invitation.token) });
    expect(again.status).toBe(410);
    expect(await json(again)).toMatchObject({ reason: 'INVITATION_USED' });
  });

  it('refuses another email, an unknown, revoked or expired link, and leaves no account behind', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const address = email('yaw');
    const invitation = await invited(o, address);

    const other = email('other');
    const wrong = await api('/auth/register', { body: person(other, invitation.token) });
    expect(wrong.status).toBe(403);
    expect(await json(wrong)).toMatchObject({ reason: 'INVITATION_OTHER_EMAIL', field: 'email' });
    const unknown = await api('/auth/register', { body: person(other, 'not-a-real-token') });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ reason: 'INVITATION_INVALID' });

    const late = await invited(o, email('late'));
    await admin()
      .from('invitations')
      .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', late.id);
    const expired = await api('/auth/register', { body: person(late.email, late.token) });
    expect(expired.status).toBe(410);
    expect(await json(expired)).toMatchObject({ reason: 'INVITATION_EXPIRED' });

    const revoked = await invited(o, email('revoked'));
    await call(`/organizations/${o.orgId}/invitations/${revoked.id}`, { token: o.token, method: 'DELETE' });
    const gone = await api('/auth/register', { body: person(revoked.email, revoked.token) });
    expect(gone.status).toBe(410);
    expect(await json(gone)).toMatchObject({ reason: 'INVITATION_REVOKED' });

    const { data: profiles } = await admin()
      .from('profiles')
      .select('email')
      .in('email', [other, late.email, revoked.email]);
    expect(profiles).toEqual([]);
    // Names are checked like any registration's.
    const invalid = await api('/auth/register', {
      body: { ...person(address, invitation.token), firstName: '' },
    });
    expect(invalid.status).toBe(400);
    expect(fieldReasons(await json(invalid))).toEqual({ firstName: 'FIRST_NAME_REQUIRED' });
  });
});

describe('POST /api/organizations/:id/invitations', () => {
  it('validates the email with its message, defaults the role to SALES and needs a signed-in caller', async () => {
    const o = await owner();
    const bad = await invite(o, o.orgId, { email: 'not-an-email', role: 'SALES' });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({ email: 'INVALID_EMAIL' });
    const badRole = await invite(o, o.orgId, { email: email('x'), role: 'BOSS' });
    expect(badRole.status).toBe(400);
    expect((await invited(o, email('sales'))).role).toBe('SALES');
    const anonymous = await api(`/organizations/${o.orgId}/invitations`, {
      body: { email: email('y'), role: 'SALES' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('follows the role matrix: OWNER invites anyone, MANAGER anyone but OWNER, ACCOUNTANT and SALES nobody', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const stranger = await owner();
    const people = {
      MANAGER: await member(o, 'MANAGER'),
      ACCOUNTANT: await member(o, 'ACCOUNTANT'),
      SALES: await member(o, 'SALES'),
    };
    expect((await invite(o, o.orgId, { email: email('co-owner'), role: 'OWNER' })).status).toBe(201);
    expect((await invite(people.MANAGER, o.orgId, { email: email('m'), role: 'MANAGER' })).status).toBe(201);
    const managerOwner = await invite(people.MANAGER, o.orgId, { email: email('boss'), role: 'OWNER' });
    expect(managerOwner.status).toBe(403);
    expect(await json(managerOwner)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only an owner can invite someone as owner',
    });
    for (const who of [people.ACCOUNTANT, people.SALES, stranger]) {
      const res = await invite(who, o.orgId, { email: email('z'), role: 'SALES' });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe('Only owners and managers can invite members');
    }
    // Every member reads the pending invitations; the stranger sees none.
    for (const who of Object.values(people)) {
      expect(
        await json(await call(`/organizations/${o.orgId}/invitations`, { token: who.token })),
      ).toHaveLength(2);
    }
    expect(
      await json(await call(`/organizations/${o.orgId}/invitations`, { token: stranger.token })),
    ).toEqual([]);
  });

  it('refreshes a pending invitation when the same email is invited again, and the old link stops working', async () => {
    const o = await owner();
    const address = email('ama');
    const first = await invited(o, address, 'SALES');
    const again = await invited(o, address.toUpperCase(), 'ACCOUNTANT');
    expect(again).toMatchObject({ id: first.id, role: 'ACCOUNTANT' });
    expect(again.token).not.toBe(first.token);
    expect((await api(`/invitations/${first.token}`)).status).toBe(404);
    expect(await json(await call(`/organizations/${o.orgId}/invitations`, { token: o.token }))).toHaveLength(
      1,
    );
  });

  it('counts the pending invitation as a seat on Starter (402) and refuses an existing member (409)', async () => {
    const o = await owner();
    await invited(o, email('first'));
    const full = await invite(o, o.orgId, { email: email('second'), role: 'SALES' });
    expect(full.status).toBe(402);
    expect(await json(full)).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'Your plan allows 2 members, including pending invitations. Upgrade to add more.',
    });
    const self = await invite(o, o.orgId, { email: o.input.email, role: 'SALES' });
    expect(self.status).toBe(409);
    // The reason and the field are what the invite dialog shows under its email (invite-dialog.test.tsx).
    expect(await json(self)).toMatchObject({
      code: 'ALREADY_EXISTS',
      message: 'This person is already a member of this organization',
      reason: 'ALREADY_MEMBER',
      field: 'email',
    });
  });
});

describe('DELETE /api/organizations/:id/invitations/:invitationId', () => {
  it('lets a MANAGER revoke, but not SALES, and answers 404 for an unknown invitation', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const [manager, sales] = [await member(o, 'MANAGER'), await member(o, 'SALES')];
    const invitation = await invited(o, email('ama'));
    const revoke = (token: string, id: string) =>
      call(`/organizations/${o.orgId}/invitations/${id}`, { token, method: 'DELETE' });
    const refused = await revoke(sales.token, invitation.id);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('Only owners and managers can revoke invitations');
    expect((await revoke(manager.token, invitation.id)).status).toBe(200);
    expect((await revoke(o.token, randomUUID())).status).toBe(404);
    expect((await revoke(o.token, 'not-a-uuid')).status).toBe(404);
    expect(await json(await call(`/organizations/${o.orgId}/invitations`, { token: o.token }))).toEqual([]);
  });
});

describe('members', () => {
  const setRole = (token: string, orgId: string, memberId: string, role: unknown) =>
    call(`/organizations/${orgId}/members/${memberId}`, { token, method: 'PUT', body: { role } });
  const remove = (token: string, orgId: string, memberId: string) =>
    call(`/organizations/${orgId}/members/${memberId}`, { token, method: 'DELETE' });

  it('lets OWNER and MANAGER change roles, a MANAGER never to or from OWNER; ACCOUNTANT and SALES cannot', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const [manager, accountant, sales] = [
      await member(o, 'MANAGER'),
      await member(o, 'ACCOUNTANT'),
      await member(o, 'SALES'),
    ];
    const ok = await setRole(manager.token, o.orgId, sales.userId, 'ACCOUNTANT');
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ id: sales.userId, role: 'ACCOUNTANT' });
    for (const [memberId, role] of [
      [sales.userId, 'OWNER'],
      [o.userId, 'SALES'],
    ] as const) {
      const res = await setRole(manager.token, o.orgId, memberId, role);
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe('Only an owner can grant or change the owner role');
    }
    for (const who of [accountant, sales]) {
      const res = await setRole(who.token, o.orgId, manager.userId, 'SALES');
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe('Only owners and managers can change roles');
    }
    expect((await setRole(o.token, o.orgId, manager.userId, 'OWNER')).status).toBe(200);
    const bad = await setRole(o.token, o.orgId, manager.userId, 'BOSS');
    expect(bad.status).toBe(400);
    const roles = await json(await call(`/organizations/${o.orgId}/members`, { token: o.token }));
    expect(roles.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [o.userId, 'OWNER'],
      [manager.userId, 'OWNER'],
      [accountant.userId, 'ACCOUNTANT'],
      [sales.userId, 'ACCOUNTANT'],
    ]);
  });

  it('keeps the last OWNER (409) and hides another organization’s members (404)', async () => {
    const o = await owner();
    const stranger = await owner();
    for (const res of [
      await setRole(o.token, o.orgId, o.userId, 'MANAGER'),
      await remove(o.token, o.orgId, o.userId),
    ]) {
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({
        code: 'CONFLICT',
        message: 'An organization needs at least one owner. Make another member an owner first.',
      });
    }
    const cross = await setRole(stranger.token, o.orgId, o.userId, 'SALES');
    expect(cross.status).toBe(404);
    expect((await remove(stranger.token, o.orgId, o.userId)).status).toBe(404);
    expect(await json(await call(`/organizations/${o.orgId}/members`, { token: stranger.token }))).toEqual(
      [],
    );
  });

  it('lets a MANAGER remove a salesperson but not an OWNER, and a member leave', async () => {
    const o = await owner();
    await onBusinessPlan(o);
    const [manager, sales, accountant] = [
      await member(o, 'MANAGER'),
      await member(o, 'SALES'),
      await member(o, 'ACCOUNTANT'),
    ];
    const refused = await remove(manager.token, o.orgId, o.userId);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('Only an owner can remove an owner');
    expect((await remove(sales.token, o.orgId, accountant.userId)).status).toBe(403);
    expect((await remove(manager.token, o.orgId, sales.userId)).status).toBe(200);
    expect((await remove(accountant.token, o.orgId, accountant.userId)).status).toBe(200);
    const left = await json(await call(`/organizations/${o.orgId}/members`, { token: o.token }));
    expect(left.map((m: { id: string }) => m.id)).toEqual([o.userId, manager.userId]);
    // The removed salesperson no longer sees the organization.
    expect((await call(`/organizations/${o.orgId}`, { token: sales.token })).status).toBe(404);
  });
});

describe('/api/employees', () => {
  it('lets an OWNER add, edit and deactivate employees, read by every member; SALES cannot add', async () => {
    const o = await owner();
    const sales = await member(o, 'SALES');
    const bad = await call('/employees', {
      token: o.token,
      orgId: o.orgId,
      body: { name: ' ', email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({
      name: 'NAME_REQUIRED',
      email: 'INVALID_EMAIL',
    });
    const key = randomUUID();
    const body = { name: 'Musa Diallo', title: 'Driver', email: 'musa@example.com' };
    const created = await call('/employees', { token: o.token, orgId: o.orgId, body, key });
    expect(created.status).toBe(201);
    const musa = await json(created);
    expect(musa).toEqual({
      id: expect.any(String),
      name: 'Musa Diallo',
      email: 'musa@example.com',
      title: 'Driver',
      status: 'ACTIVE',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The outbox replays the same write: still one employee.
    expect((await json(await call('/employees', { token: o.token, orgId: o.orgId, body, key }))).id).toBe(
      musa.id,
    );
    const off = await call(`/employees/${musa.id}`, {
      token: o.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { status: 'INACTIVE' },
    });
    expect(await json(off)).toMatchObject({
      id: musa.id,
      name: 'Musa Diallo',
      title: 'Driver',
      status: 'INACTIVE',
    });
    const listed = await json(await call('/employees', { token: sales.token, orgId: o.orgId }));
    expect(listed).toEqual([expect.objectContaining({ id: musa.id, status: 'INACTIVE' })]);
    const refused = await call('/employees', { token: sales.token, orgId: o.orgId, body: { name: 'Awa' } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('Only owners and managers can manage employees');
    const edit = await call(`/employees/${musa.id}`, {
      token: sales.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { status: 'ACTIVE' },
    });
    expect(edit.status).toBe(403);
  });

  it('answers 404 for an unknown employee or another organization’s', async () => {
    const [o, stranger] = [await owner(), await owner()];
    const theirs = await json(await call('/employees', { token: stranger.token, body: { name: 'Theirs' } }));
    for (const id of [theirs.id, randomUUID()]) {
      const res = await call(`/employees/${id}`, { token: o.token, method: 'PUT', body: { name: 'Mine' } });
      expect(res.status).toBe(404);
    }
    expect(await json(await call('/employees', { token: o.token }))).toEqual([]);
    expect(await json(await call('/employees', { token: stranger.token }))).toMatchObject([
      { name: 'Theirs' },
    ]);
  });
});

describe('/api/preferences', () => {
  it('starts from the default switches and saves each member’s switches in each organization', async () => {
    const o = await owner();
    const sales = await member(o, 'SALES');
    const defaults = await json(await call('/preferences', { token: sales.token, orgId: o.orgId }));
    expect(defaults).toEqual({
      theme: 'system',
      darkMode: false,
      compactView: false,
      lowStockAlerts: true,
      paymentReminders: true,
      newLeadNotifications: true,
      teamActivity: false,
      marketingUpdates: false,
      updatedAt: null,
    });
    const saved = await call('/preferences', {
      token: sales.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { darkMode: true, compactView: true, paymentReminders: false },
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({
      theme: 'dark',
      darkMode: true,
      compactView: true,
      paymentReminders: false,
    });
    expect(await json(await call('/preferences', { token: sales.token, orgId: o.orgId }))).toMatchObject({
      darkMode: true,
      compactView: true,
      lowStockAlerts: true,
      paymentReminders: false,
      updatedAt: expect.any(String),
    });
    // Their own organization and the owner keep the defaults.
    expect(await json(await call('/preferences', { token: sales.token }))).toMatchObject({ darkMode: false });
    expect(await json(await call('/preferences', { token: o.token, orgId: o.orgId }))).toMatchObject({
      compactView: false,
    });
  });

  it('refuses unknown fields (400) and an organization the caller does not belong to (403)', async () => {
    const [o, stranger] = [await owner(), await owner()];
    const unknown = await call('/preferences', { token: o.token, method: 'PUT', body: { fontSize: 20 } });
    expect(unknown.status).toBe(400);
    const theme = await call('/preferences', { token: o.token, method: 'PUT', body: { theme: 'purple' } });
    expect(theme.status).toBe(400);
    expect((await call('/preferences', { token: stranger.token, orgId: o.orgId })).status).toBe(403);
    const write = await call('/preferences', {
      token: stranger.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { marketingUpdates: true },
    });
    expect(write.status).toBe(403);
  });
});
