// POST /signup and the shapes every session answer shares: the token response, the User and
// Identity objects and the access token's claims (docs/local-stack-protocol.md, "The objects every
// answer is made of" and "Sign-up").
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  authFetch,
  expectError,
  json,
  PASSWORD,
  signUpUser,
  TIMESTAMP,
  uniqueEmail,
  UUID,
} from './auth-helpers.ts';

describe('Auth sign-up', () => {
  it('answers a session for a new address, with the user already confirmed (autoconfirm)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { email, session } = await signUpUser({ first_name: 'Efua', locale: 'fr' });
    expect(Object.keys(session)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'expires_at',
      'refresh_token',
      'user',
    ]);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
    expect(session.refresh_token).toMatch(/^\S{12,}$/);

    const user = session.user;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Efua', locale: 'fr', email_verified: true },
      is_anonymous: false,
    });
    expect(user.id).toMatch(UUID);
    for (const key of ['email_confirmed_at', 'confirmed_at', 'last_sign_in_at', 'created_at', 'updated_at']) {
      expect(user[key], key).toMatch(TIMESTAMP);
    }
    for (const absent of ['invited_at', 'new_email', 'banned_until', 'deleted_at', 'recovery_sent_at']) {
      expect(user, absent).not.toHaveProperty(absent);
    }
  });

  it('orders the user fields as GoTrue serializes them', async () => {
    const { session } = await signUpUser();
    const keys = Object.keys(session.user);
    const order = [
      'id',
      'aud',
      'role',
      'email',
      'email_confirmed_at',
      'phone',
      'confirmed_at',
      'last_sign_in_at',
    ];
    expect(keys.filter((k) => order.includes(k))).toEqual(order);
    const tail = ['app_metadata', 'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous'];
    expect(keys.filter((k) => tail.includes(k))).toEqual(tail);
    expect(keys.at(-1)).toBe('is_anonymous');
  });

  it('creates the email identity, with the sign-up data copied into identity_data', async () => {
    const { email, session } = await signUpUser({ first_name: 'Kofi' });
    expect(session.user.identities).toHaveLength(1);
    const identity = session.user.identities[0];
    expect(identity).toMatchObject({
      id: session.user.id,
      user_id: session.user.id,
      provider: 'email',
      email,
      identity_data: { sub: session.user.id, email, first_name: 'Kofi', phone_verified: false },
    });
    expect(identity.identity_id).toMatch(UUID);
    expect(identity.created_at).toMatch(TIMESTAMP);
  });

  it('signs access tokens with GoTrue claims in GoTrue order', async () => {
    const { email, session } = await signUpUser({ first_name: 'Abena' });
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Abena' },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.iss).toMatch(/\/auth\/v1$/);
    expect(claims.exp).toBe(session.expires_at);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(UUID);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('stores addresses in lower case', async () => {
    const email = uniqueEmail('MixedCase');
    const { session } = await signUpUser({}, email);
    expect(session.user.email).toBe(email.toLowerCase());
  });

  it('refuses an address that already has a confirmed account with 422 user_already_exists', async () => {
    const { email } = await signUpUser();
    const res = await authFetch('/signup', { body: { email, password: PASSWORD } });
    await expectError(res, 422, 'user_already_exists', 'User already registered');
  });

  it('refuses a short password with 422 weak_password and its reasons', async () => {
    const res = await authFetch('/signup', { body: { email: uniqueEmail(), password: 'short' } });
    const body = await expectError(res, 422, 'weak_password');
    expect(body.weak_password).toEqual({ reasons: ['length'] });
    expect(body.message).toMatch(/at least 8 characters/);
  });

  it('refuses one of the most common passwords, or one character repeated, with 422 weak_password (pwned)', async () => {
    for (const password of ['12345678', 'aaaaaaaa', 'motdepasse', 'iloveyou1']) {
      const res = await authFetch('/signup', { body: { email: uniqueEmail(), password } });
      const body = await expectError(res, 422, 'weak_password', /known to be weak and easy to guess/);
      expect(body.weak_password).toEqual({ reasons: ['pwned'] });
    }
    // Both reasons at once, as GoTrue lists them.
    const res = await authFetch('/signup', { body: { email: uniqueEmail(), password: 'aaaa' } });
    expect((await expectError(res, 422, 'weak_password')).weak_password).toEqual({
      reasons: ['length', 'pwned'],
    });
  });

  it('refuses a password over 72 bytes with 400 validation_failed (bcrypt would ignore the rest)', async () => {
    const res = await authFetch('/signup', { body: { email: uniqueEmail(), password: 'x'.repeat(73) } });
    await expectError(res, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
  });

  it('answers the legacy error shape to clients without X-Supabase-Api-Version', async () => {
    const res = await authFetch('/signup', {
      body: { email: uniqueEmail(), password: 'short' },
      legacy: true,
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(await json(res)).toMatchObject({
      code: 422,
      error_code: 'weak_password',
      msg: expect.stringMatching(/at least 8 characters/),
      weak_password: { reasons: ['length'] },
    });
  });

  it('refuses a malformed address with 400 validation_failed', async () => {
    const res = await authFetch('/signup', { body: { email: 'not-an-address', password: PASSWORD } });
    await expectError(res, 400, 'validation_failed', /Unable to validate email address/);
  });

  it('refuses a sign-up without a password with 400 validation_failed', async () => {
    const res = await authFetch('/signup', { body: { email: uniqueEmail() } });
    await expectError(res, 400, 'validation_failed', 'Signup requires a valid password');
  });

  it('refuses malformed JSON with 400 bad_json', async () => {
    const res = await authFetch('/signup', { rawBody: '{"email": "a@b.c",' });
    await expectError(res, 400, 'bad_json');
  });

  it('supabase-js signUp returns the session and the user', async () => {
    const email = uniqueEmail();
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Yaw', last_name: 'Boateng' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ email, user_metadata: { first_name: 'Yaw', last_name: 'Boateng' } });
  });

  it('supabase-js signUp reports an existing address as AuthApiError user_already_exists', async () => {
    const { email } = await signUpUser();
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', status: 422, code: 'user_already_exists' });
  });
});
