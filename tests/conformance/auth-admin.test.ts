// The admin user API with the service_role key: create, list with paging headers, read, update,
// ban and hard delete (docs/local-stack-protocol.md, "Admin").
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  adminFetch,
  authFetch,
  expectError,
  json,
  PASSWORD,
  refresh,
  signIn,
  signUpUser,
  TIMESTAMP,
  uniqueEmail,
  UUID,
} from './auth-helpers.ts';

async function createUser(body: Record<string, unknown>) {
  const res = await adminFetch('/admin/users', { body });
  expect(res.status).toBe(200);
  return json(res);
}

describe('Auth admin: who may call it', () => {
  it('refuses the anon key and user tokens with 403 not_admin', async () => {
    await expectError(await authFetch('/admin/users'), 403, 'not_admin', 'User not allowed');
    const { accessToken } = await signUpUser();
    await expectError(await authFetch('/admin/users', { token: accessToken }), 403, 'not_admin');
  });
});

describe('Auth admin: POST /admin/users', () => {
  it('creates a confirmed user with metadata, app_metadata merged onto the provider keys', async () => {
    const email = uniqueEmail('admin');
    const user = await createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Kwame' },
      app_metadata: { plan: 'pro' },
    });
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
      user_metadata: { first_name: 'Kwame', email_verified: true },
      identities: [{ provider: 'email', user_id: user.id }],
    });
    expect(user.id).toMatch(UUID);
    expect(user.email_confirmed_at).toMatch(TIMESTAMP);
    expect((await signIn(email)).status).toBe(200);
  });

  it('creates an unconfirmed user without email_confirm, who cannot sign in yet', async () => {
    const email = uniqueEmail('admin');
    const user = await createUser({ email, password: PASSWORD });
    expect(user).not.toHaveProperty('email_confirmed_at');
    await expectError(await signIn(email), 400, 'email_not_confirmed', 'Email not confirmed');
  });

  it('does not apply the password policy to admins', async () => {
    const email = uniqueEmail('admin');
    await createUser({ email, password: 'short', email_confirm: true });
    expect((await signIn(email, 'short')).status).toBe(200);
  });

  it('refuses a taken address with 422 email_exists', async () => {
    const { email } = await signUpUser();
    const res = await adminFetch('/admin/users', { body: { email, password: PASSWORD } });
    await expectError(res, 422, 'email_exists');
  });

  it('supabase-js auth.admin.createUser returns the user', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await adminClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { locale: 'fr' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { locale: 'fr' } });
  });
});

describe('Auth admin: GET /admin/users', () => {
  it('pages newest first with X-Total-Count and Link headers', async () => {
    await createUser({ email: uniqueEmail('list'), password: PASSWORD });
    const newest = await createUser({ email: uniqueEmail('list'), password: PASSWORD });
    const res = await adminFetch('/admin/users?page=1&per_page=1');
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(2);
    const link = res.headers.get('link')!;
    expect(link).toMatch(
      /^<[^>]*\/admin\/users\?page=2&per_page=1>; rel="next", <[^>]*\?page=\d+&per_page=1>; rel="last"$/,
    );
    expect(link).toContain(`page=${total}&per_page=1>; rel="last"`);
    const body = await json(res);
    expect(body.aud).toBe('authenticated');
    expect(body.users).toHaveLength(1);
    expect(body.users[0].created_at >= newest.created_at).toBe(true);
  });

  it('has no next link past the last page', async () => {
    const first = await adminFetch('/admin/users?page=1&per_page=1');
    // Far past the end, so users other suites create meanwhile cannot add a page.
    const beyond = Number(first.headers.get('x-total-count')) + 1000;
    const res = await adminFetch(`/admin/users?page=${beyond}&per_page=1`);
    expect(res.headers.get('link')).not.toContain('rel="next"');
    expect(res.headers.get('link')).toContain('rel="last"');
    expect((await json(res)).users).toEqual([]);
  });

  it('supabase-js auth.admin.listUsers returns the page and the paging numbers', async () => {
    await createUser({ email: uniqueEmail('list'), password: PASSWORD });
    await createUser({ email: uniqueEmail('list'), password: PASSWORD });
    const { data, error } = await adminClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    if (error) throw error;
    expect(data.users).toHaveLength(1);
    expect(data).toMatchObject({ nextPage: 2, total: expect.any(Number) });
    expect(data.total).toBeGreaterThanOrEqual(2);
  });
});

describe('Auth admin: /admin/users/{id}', () => {
  it('reads a user by id', async () => {
    const { userId, email } = await signUpUser();
    const res = await adminFetch(`/admin/users/${userId}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: userId, email });
  });

  it('answers 404 user_not_found for an unknown id and 404 validation_failed for a malformed one', async () => {
    await expectError(
      await adminFetch(`/admin/users/${randomUUID()}`),
      404,
      'user_not_found',
      'User not found',
    );
    await expectError(
      await adminFetch('/admin/users/not-a-uuid'),
      404,
      'validation_failed',
      'user_id must be an UUID',
    );
  });

  it('updates metadata, role-independent fields and the password', async () => {
    const { userId, email } = await signUpUser({ first_name: 'Adjoa', locale: 'en' });
    const res = await adminFetch(`/admin/users/${userId}`, {
      method: 'PUT',
      body: {
        user_metadata: { locale: 'fr', first_name: null },
        app_metadata: { plan: 'team' },
        password: 'set-by-an-admin',
      },
    });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user.user_metadata).toMatchObject({ locale: 'fr' });
    expect(user.user_metadata).not.toHaveProperty('first_name');
    expect(user.app_metadata).toMatchObject({ provider: 'email', plan: 'team' });
    expect((await signIn(email, 'set-by-an-admin')).status).toBe(200);
  });

  it('bans a user: sign-in answers 400 user_banned, and lifting the ban restores it', async () => {
    const { userId, email } = await signUpUser();
    const banned = await json(
      await adminFetch(`/admin/users/${userId}`, { method: 'PUT', body: { ban_duration: '24h' } }),
    );
    expect(banned.banned_until).toMatch(TIMESTAMP);
    await expectError(await signIn(email), 400, 'user_banned');
    await adminFetch(`/admin/users/${userId}`, { method: 'PUT', body: { ban_duration: 'none' } });
    expect((await signIn(email)).status).toBe(200);
  });

  it('hard-deletes a user: 200 {}, then the tokens and the id are gone', async () => {
    const { userId, accessToken, session } = await signUpUser();
    const res = await adminFetch(`/admin/users/${userId}`, {
      method: 'DELETE',
      body: { should_soft_delete: false },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({});
    await expectError(await authFetch('/user', { token: accessToken }), 403, 'user_not_found');
    await expectError(await refresh(session.refresh_token), 400, 'refresh_token_not_found');
    await expectError(await adminFetch(`/admin/users/${userId}`), 404, 'user_not_found');
  });

  it('supabase-js auth.admin.deleteUser deletes the user', async () => {
    const { userId } = await signUpUser();
    const admin = adminClient();
    expect((await admin.auth.admin.deleteUser(userId)).error).toBeNull();
    const { error } = await admin.auth.admin.getUserById(userId);
    expect(error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});
