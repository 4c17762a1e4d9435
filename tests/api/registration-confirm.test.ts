// Registration when the project confirms emails (hosted projects do; the local default does not): POST
// /api/auth/register goes through Auth's own sign-up, so Auth's per-address budget applies, and the
// organization waits with the unconfirmed user, reserving nothing, until the mail's link is followed; the
// app then creates it (POST /api/auth/register/complete), the name checked only then. An invitee's sign-up
// (with an invite link's token) also goes through Auth's sign-up and joins nothing until the mail's link,
// which leads back to the invitation, is followed. Runs on a stack of its own with confirmations on
// (tests/confirming-stack.ts), local only.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfirmingStack } from '../confirming-stack.ts';
import { SUPABASE_URL } from '../env.ts';
import { verifyLink, waitForMail } from '../mailbox.ts';
import { registration, unique } from './helpers.ts';

const local = ['localhost', '127.0.0.1'].includes(new URL(SUPABASE_URL).hostname);
const SIGN_INS_PER_ADDRESS = 6;

describe.runIf(local)('registration with email confirmation on', () => {
  let stack: Awaited<ReturnType<typeof startConfirmingStack>>;
  beforeAll(async () => {
    stack = await startConfirmingStack(Number(process.env.TEST_PORT ?? 24400) + 20, {
      AUTH_RATE_LIMIT_SIGN_IN: String(SIGN_INS_PER_ADDRESS),
    });
  }, 180_000);
  afterAll(() => stack?.stop());

  /** A caller at an address of its own (the stack believes X-Forwarded-For from this machine). */
  let callers = 0;
  const caller = () => `198.18.${++callers >> 8}.${callers & 255}`;

  function api(path: string, init: { body?: unknown; token?: string; from?: string } = {}) {
    const headers: Record<string, string> = {
      'X-Forwarded-For': init.from ?? caller(),
      origin: stack.url,
    };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${stack.url}/api${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const db = new pg.Client({ connectionString: stack.db.adminUrl });
    await db.connect();
    try {
      return (await db.query<T>(text, values)).rows;
    } finally {
      await db.end();
    }
  }

  /**
   * Follows the confirmation mail's link as the browser does: the session is in the fragment. It leads to
   * `path` (an ordinary registration's "Check your email" page, an invitee's invitation).
   */
  async function confirm(email: string, path = '/check-email') {
    const res = await fetch(verifyLink(await waitForMail(stack.mailUrl, email)), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.split('#')[0]).toBe(`${stack.url}${path}`);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('type')).toBe('signup');
    return fragment.get('access_token')!;
  }

  const nameFree = async (name: string) =>
    (await sql<{ free: boolean }>('select public.organization_name_available($1) as free', [name]))[0]!.free;

  it('answers 202 "confirm your email"; the name stays free and the account holds nothing until confirmed', async () => {
    const input = registration({ locale: 'fr' });
    const res = await api('/auth/register', { body: input });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ email: input.email, confirmationRequired: true });

    // Nothing reserved: the name is free, no organization or membership exists, the account is unconfirmed.
    expect(await nameFree(input.organizationName)).toBe(true);
    const [user] = await sql<{
      id: string;
      email_confirmed_at: string | null;
      meta: Record<string, unknown>;
    }>('select id, email_confirmed_at, raw_user_meta_data as meta from auth.users where email = $1', [
      input.email,
    ]);
    expect(user!.email_confirmed_at).toBeNull();
    expect(user!.meta.organization).toEqual({ name: input.organizationName, country: 'GH', currency: 'GHS' });
    expect(await sql('select 1 from public.memberships where user_id = $1', [user!.id])).toEqual([]);

    // Unconfirmed, the person cannot sign in, and the database creates no organization for them on any path.
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: stack.config.keys.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'X-Forwarded-For': caller(),
      },
      body: JSON.stringify({ email: input.email, password: input.password }),
    });
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).code).toBe('email_not_confirmed');
    await expect(
      sql(`select public.register_organization($1, 'Squatted Name ${unique()}', 'GH', 'GHS')`, [user!.id]),
    ).rejects.toMatchObject({ code: '42501', hint: expect.stringMatching(/"EMAIL_NOT_CONFIRMED"/) });

    // Someone else may register with the same name meanwhile: it was never theirs to hold.
    const other = await api('/auth/register', {
      body: registration({ organizationName: input.organizationName }),
    });
    expect(other.status).toBe(202);
  });

  it('the link signs in; completing creates the organization asked for, with the person as owner', async () => {
    const input = registration();
    expect((await api('/auth/register', { body: input })).status).toBe(202);
    const token = await confirm(input.email);

    const done = await api('/auth/register/complete', { body: {}, token });
    expect(done.status).toBe(201);
    expect((await done.json()).organization).toMatchObject({ name: input.organizationName });
    const me = await (await api('/auth/user', { token })).json();
    expect(me.organizations).toEqual([
      expect.objectContaining({
        name: input.organizationName,
        country: 'GH',
        currency: 'GHS',
        role: 'OWNER',
      }),
    ]);
    expect(me.firstName).toBe(input.firstName);
    expect(await nameFree(input.organizationName)).toBe(false);
    // Done once: a second call answers the same organization and creates nothing.
    const again = await api('/auth/register/complete', { body: {}, token });
    expect(again.status).toBe(200);
    expect((await again.json()).organization.name).toBe(input.organizationName);
    const [row] = await sql<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where email = $1',
      [input.email],
    );
    expect(row!.meta.organization).toBeUndefined();
  });

  it('a name taken meanwhile: 409 ORGANIZATION_NAME_TAKEN on the name, and the person picks another', async () => {
    const name = `Kumasi Market ${unique()}`;
    const first = registration({ organizationName: name });
    const second = registration({ organizationName: name });
    expect((await api('/auth/register', { body: first })).status).toBe(202);
    expect((await api('/auth/register', { body: second })).status).toBe(202);
    // The second confirms first, and gets the name.
    const secondToken = await confirm(second.email);
    expect((await api('/auth/register/complete', { body: {}, token: secondToken })).status).toBe(201);

    const firstToken = await confirm(first.email);
    const taken = await api('/auth/register/complete', { body: {}, token: firstToken });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      reason: 'ORGANIZATION_NAME_TAKEN',
      params: { name },
      field: 'name',
    });
    const other = await api('/organizations', {
      body: { name: `${name} Annex`, country: 'GH', currency: 'GHS' },
      token: firstToken,
    });
    expect(other.status).toBe(201);
    const me = await (await api('/auth/user', { token: firstToken })).json();
    expect(me.organizations.map((o: { name: string }) => o.name)).toEqual([`${name} Annex`]);
  });

  it('the same address again within a minute: 429 EMAIL_SEND_WAIT with Retry-After; no second account', async () => {
    const input = registration();
    expect((await api('/auth/register', { body: input })).status).toBe(202);
    const res = await api('/auth/register', { body: { ...input, organizationName: `Other ${unique()}` } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'EMAIL_SEND_WAIT' });
    expect(await sql('select 1 from auth.users where email = $1', [input.email])).toHaveLength(1);
  });

  it('registrations from one address are limited by Auth: 429 TOO_MANY_ATTEMPTS with Retry-After', async () => {
    const from = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i++) {
      expect((await api('/auth/register', { body: registration(), from })).status).toBe(202);
    }
    const input = registration();
    const res = await api('/auth/register', { body: input, from });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_ATTEMPTS' });
    expect(await sql('select 1 from auth.users where email = $1', [input.email])).toEqual([]);
    // Another address is not held up by it.
    expect((await api('/auth/register', { body: registration(), from: '192.0.2.251' })).status).toBe(202);
  });
  /** An owner whose registration is confirmed and complete: their access token and organization's id. */
  async function confirmedOwner() {
    const input = registration();
    expect((await api('/auth/register', { body: input })).status).toBe(202);
    const token = await confirm(input.email);
    const done = await api('/auth/register/complete', { body: {}, token });
    expect(done.status).toBe(201);
    return { token, orgId: (await done.json()).organization.id as string };
  }

  /** An invitation from `owner` to a new address; the address and the link's token. */
  async function invitation(owner: { token: string; orgId: string }, role = 'SALES') {
    const email = `invitee-${unique()}@test.kasuwa.app`;
    const res = await api(`/organizations/${owner.orgId}/invitations`, {
      body: { email, role },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    return { email, link: (await res.json()).token as string };
  }

  const invitee = (email: string, invitationToken: string) => ({
    invitationToken,
    firstName: 'Efua',
    lastName: 'Mensah',
    email,
    password: 'correct-horse-battery',
    locale: 'fr',
  });

  it('an invitee’s sign-up answers 202 and joins nothing; the mail’s link leads to the invitation, accepted there', async () => {
    const owner = await confirmedOwner();
    const { email, link } = await invitation(owner, 'ACCOUNTANT');
    const res = await api('/auth/register', { body: invitee(email, link) });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ email, confirmationRequired: true });

    // Nothing joined, nothing confirmed: the link is still pending, the account unconfirmed and in no
    // organization, and the database lets it join on no path until it is confirmed.
    const [user] = await sql<{ id: string; email_confirmed_at: string | null }>(
      'select id, email_confirmed_at from auth.users where email = $1',
      [email],
    );
    expect(user!.email_confirmed_at).toBeNull();
    expect(await sql('select 1 from public.memberships where user_id = $1', [user!.id])).toEqual([]);
    expect((await (await api(`/invitations/${link}`)).json()).status).toBe('PENDING');
    const [{ answer }] = (await sql<{ answer: { error: { reason: string } } }>(
      'select public.register_invitee($1, $2) as answer',
      [user!.id, link],
    )) as [{ answer: { error: { reason: string } } }];
    expect(answer.error.reason).toBe('EMAIL_NOT_CONFIRMED');

    // The mail's link signs them in on the invitation's page, where they accept it.
    const token = await confirm(email, `/invite/${link}`);
    const accepted = await api(`/invitations/${link}/accept`, { body: {}, token });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      organization: { id: owner.orgId },
      role: 'ACCOUNTANT',
      alreadyMember: false,
    });
    const me = await (await api('/auth/user', { token })).json();
    expect(me).toMatchObject({ firstName: 'Efua', lastName: 'Mensah', locale: 'fr' });
    expect(me.organizations).toEqual([expect.objectContaining({ id: owner.orgId, role: 'ACCOUNTANT' })]);
  });

  it('an invitee’s sign-up counts against Auth’s per-address sign-up budget', async () => {
    const owner = await confirmedOwner();
    // Room for two invitations (Starter counts a pending one as a seat).
    await sql(`update public.licenses set plan = 'BUSINESS' where org_id = $1`, [owner.orgId]);
    const { email, link } = await invitation(owner);
    const from = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    // The invitee's sign-up takes one of the address's sign-ups; the rest go to ordinary registrations.
    expect((await api('/auth/register', { body: invitee(email, link), from })).status).toBe(202);
    for (let i = 1; i < SIGN_INS_PER_ADDRESS; i++) {
      expect((await api('/auth/register', { body: registration(), from })).status).toBe(202);
    }
    const input = registration();
    const res = await api('/auth/register', { body: input, from });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_ATTEMPTS' });
    // And an invitee is refused like anyone once the address's budget is spent.
    const second = await invitation(owner);
    const refused = await api('/auth/register', { body: invitee(second.email, second.link), from });
    expect(refused.status).toBe(429);
    expect(await sql('select 1 from auth.users where email = $1', [second.email])).toEqual([]);
  });
});
