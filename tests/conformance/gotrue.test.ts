// Supabase Auth (GoTrue) behaviour the app relies on, as documented (shared/design/SUPABASE-PROTOCOL.md §2).
// Runs against the local stack or any Supabase project (SUPABASE_URL and keys from the environment).
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';

const email = () => `auth-${randomUUID().slice(0, 8)}@test.kasuwa.app`;
const PASSWORD = 'a-long-enough-password';

function auth(
  path: string,
  init: { method?: string; body?: unknown; token?: string; modern?: boolean } = {},
) {
  const headers: Record<string, string> = { apikey: ANON_KEY, 'content-type': 'application/json' };
  headers.authorization = `Bearer ${init.token ?? ANON_KEY}`;
  if (init.modern !== false) headers['x-supabase-api-version'] = '2024-01-01';
  return fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();

async function signUp(address = email()) {
  const res = await auth('/signup', {
    body: { email: address, password: PASSWORD, data: { first_name: 'Efua' } },
  });
  expect(res.status).toBe(200);
  return { address, session: await json(res) };
}

describe('Auth: sign-up and sign-in', () => {
  it('signs up with autoconfirm and answers a session with the user and its identity', async () => {
    const { address, session } = await signUp();
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
    });
    expect(session.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Efua' },
      is_anonymous: false,
    });
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    expect(session.user.identities[0]).toMatchObject({ provider: 'email', user_id: session.user.id });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      aal: 'aal1',
    });
    expect(claims.exp).toBe(session.expires_at);
    expect(claims.session_id).toEqual(expect.any(String));
  });

  it('refuses a second sign-up with the same email, a weak password and a bad email', async () => {
    const { address } = await signUp();
    const again = await auth('/signup', { body: { email: address, password: PASSWORD } });
    expect(again.status).toBe(422);
    expect(await json(again)).toMatchObject({
      code: 'user_already_exists',
      message: 'User already registered',
    });
    const weak = await auth('/signup', { body: { email: email(), password: 'short' } });
    expect(weak.status).toBe(422);
    expect(await json(weak)).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length'] } });
    const bad = await auth('/signup', { body: { email: 'not-an-email', password: PASSWORD } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe('validation_failed');
  });

  it('signs in with a password and refuses wrong credentials in both error formats', async () => {
    const { address } = await signUp();
    const ok = await auth('/token?grant_type=password', { body: { email: address, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).user.last_sign_in_at).toEqual(expect.any(String));
    const modern = await auth('/token?grant_type=password', { body: { email: address, password: 'wrong' } });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await json(modern)).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const legacy = await auth('/token?grant_type=password', {
      body: { email: address, password: 'wrong' },
      modern: false,
    });
    expect(await json(legacy)).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers malformed JSON with bad_json', async () => {
    const res = await fetch(`${SUPABASE_URL}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe('bad_json');
  });
});

describe('Auth: sessions', () => {
  it('rotates refresh tokens and revokes the family when an old token is reused after a newer one', async () => {
    const { session } = await signUp();
    const first = await auth('/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.status).toBe(200);
    const rotated = await json(first);
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    const second = await json(
      await auth('/token?grant_type=refresh_token', { body: { refresh_token: rotated.refresh_token } }),
    );
    // The first token is now two generations old: reusing it is refused (within the reuse interval GoTrue
    // may still answer with the current token, so only a token that is neither current nor parent is tested).
    const reused = await auth('/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    if (reused.status === 400) {
      expect((await json(reused)).code).toBe('refresh_token_already_used');
    } else {
      expect((await json(reused)).refresh_token).toBe(second.refresh_token);
    }
    const unknown = await auth('/token?grant_type=refresh_token', {
      body: { refresh_token: 'abcdefghijklmnopqrstuvwxyz' },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).code).toBe('refresh_token_not_found');
  });

  it('reads and updates the user, merging metadata and refusing the same password', async () => {
    const { session } = await signUp();
    const me = await auth('/user', { token: session.access_token });
    expect(me.status).toBe(200);
    expect((await json(me)).id).toBe(session.user.id);
    const updated = await json(
      await auth('/user', {
        method: 'PUT',
        token: session.access_token,
        body: { data: { last_name: 'Mensah', first_name: null } },
      }),
    );
    expect(updated.user_metadata).toMatchObject({ last_name: 'Mensah' });
    expect(updated.user_metadata.first_name).toBeUndefined();
    const same = await auth('/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: PASSWORD },
    });
    expect(same.status).toBe(422);
    expect((await json(same)).code).toBe('same_password');
  });

  it('refuses /user without a token, with a bad one, and after logout', async () => {
    const none = await fetch(`${SUPABASE_URL}/auth/v1/user`, { headers: { apikey: ANON_KEY } });
    expect(none.status).toBe(401);
    const bad = await auth('/user', { token: `${ANON_KEY.slice(0, -3)}xyz` });
    expect(bad.status).toBe(403);
    expect((await json(bad)).code).toBe('bad_jwt');
    const anonKey = await auth('/user');
    expect(anonKey.status).toBe(403);
    const { session } = await signUp();
    const out = await auth('/logout?scope=global', { method: 'POST', token: session.access_token });
    expect(out.status).toBe(204);
    const after = await auth('/user', { token: session.access_token });
    expect(after.status).toBe(403);
    expect((await json(after)).code).toBe('session_not_found');
    const refresh = await auth('/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(400);
  });
});

describe('Auth: admin', () => {
  it('creates, lists with pagination headers, reads, updates and deletes users with the service role', async () => {
    const address = email();
    const created = await auth('/admin/users', {
      token: SERVICE_ROLE_KEY,
      body: {
        email: address,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { first_name: 'Kojo' },
      },
    });
    expect(created.status).toBe(200);
    const user = await json(created);
    expect(user).toMatchObject({ email: address, user_metadata: { first_name: 'Kojo' } });
    const list = await auth('/admin/users?page=1&per_page=1', { token: SERVICE_ROLE_KEY });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(list.headers.get('link')).toContain('rel="last"');
    expect((await json(list)).users).toHaveLength(1);
    const dup = await auth('/admin/users', {
      token: SERVICE_ROLE_KEY,
      body: { email: address, password: PASSWORD },
    });
    expect(dup.status).toBe(422);
    expect((await json(dup)).code).toBe('email_exists');
    const put = await json(
      await auth(`/admin/users/${user.id}`, {
        method: 'PUT',
        token: SERVICE_ROLE_KEY,
        body: { user_metadata: { last_name: 'Ansah' } },
      }),
    );
    expect(put.user_metadata).toMatchObject({ first_name: 'Kojo', last_name: 'Ansah' });
    expect(
      (await auth(`/admin/users/${user.id}`, { method: 'DELETE', token: SERVICE_ROLE_KEY })).status,
    ).toBe(200);
    const gone = await auth(`/admin/users/${user.id}`, { token: SERVICE_ROLE_KEY });
    expect(gone.status).toBe(404);
    expect((await json(gone)).code).toBe('user_not_found');
  });

  it('refuses the admin API to anyone but the service role', async () => {
    const { session } = await signUp();
    const res = await auth('/admin/users', { token: session.access_token, body: { email: email() } });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe('not_admin');
  });

  it('works through supabase-js: sign up, sign in, get and update the user, refresh, sign out, admin delete', async () => {
    const client = supabaseClient();
    const address = email();
    const up = await client.auth.signUp({
      email: address,
      password: PASSWORD,
      options: { data: { first_name: 'Ama' } },
    });
    expect(up.error).toBeNull();
    const inn = await client.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(inn.data.session?.access_token).toEqual(expect.any(String));
    const got = await client.auth.getUser(inn.data.session!.access_token);
    expect(got.data.user?.email).toBe(address);
    const refreshed = await client.auth.refreshSession({ refresh_token: inn.data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    const admin = supabaseClient(SERVICE_ROLE_KEY);
    const { error } = await admin.auth.admin.deleteUser(inn.data.user!.id);
    expect(error).toBeNull();
  });
});
