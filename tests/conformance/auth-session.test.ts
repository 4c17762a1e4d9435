// Signing in and out: the password grant, GET/PUT /user and POST /logout, raw and through
// supabase-js (docs/local-stack-protocol.md, "Sessions").
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import {
  anonClient,
  authFetch,
  expectError,
  json,
  PASSWORD,
  refresh,
  signIn,
  signUpUser,
  TIMESTAMP,
  uniqueEmail,
} from './auth-helpers.ts';

describe('Auth password sign-in', () => {
  it('answers a new session and records the sign-in', async () => {
    const { email, session: first } = await signUpUser();
    const res = await signIn(email);
    expect(res.status).toBe(200);
    const session = await json(res);
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: first.user.id, email },
    });
    expect(session.user.last_sign_in_at).toMatch(TIMESTAMP);
    expect(session.refresh_token).not.toBe(first.refresh_token);
    const claims = decodeJwt(session.access_token);
    expect(claims.session_id).not.toBe(decodeJwt(first.access_token).session_id);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('matches the address case-insensitively', async () => {
    const { email } = await signUpUser();
    expect((await signIn(email.toUpperCase())).status).toBe(200);
  });

  it('refuses a wrong password and an unknown address alike: 400 invalid_credentials', async () => {
    const { email } = await signUpUser();
    await expectError(
      await signIn(email, 'wrong-password-123'),
      400,
      'invalid_credentials',
      'Invalid login credentials',
    );
    await expectError(await signIn(uniqueEmail()), 400, 'invalid_credentials', 'Invalid login credentials');
  });

  it('refuses a sign-in without an address with 400 validation_failed', async () => {
    const res = await authFetch('/token?grant_type=password', { body: { password: PASSWORD } });
    await expectError(res, 400, 'validation_failed', 'missing email or phone');
  });

  it('refuses an unknown grant type with 400', async () => {
    const res = await authFetch('/token?grant_type=magic', { body: {} });
    await expectError(res, 400, 'invalid_credentials', 'unsupported_grant_type');
  });

  it('supabase-js signInWithPassword returns the session and the user', async () => {
    const { email, userId } = await signUpUser();
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
    expect(data.session?.refresh_token).toEqual(expect.any(String));
  });

  it('supabase-js signInWithPassword reports bad credentials as invalid_credentials', async () => {
    const { error } = await anonClient().auth.signInWithPassword({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' });
  });
});

describe('Auth GET /user', () => {
  it('answers the bare user for a user access token', async () => {
    const { accessToken, session } = await signUpUser({ first_name: 'Ama' });
    const res = await authFetch('/user', { token: accessToken });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user).toMatchObject({
      id: session.user.id,
      email: session.user.email,
      user_metadata: { first_name: 'Ama' },
    });
    expect(user).not.toHaveProperty('access_token');
  });

  it('wants a Bearer token: 401 no_authorization without one', async () => {
    const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    await expectError(res, 401, 'no_authorization');
  });

  it('refuses a token with a bad signature with 403 bad_jwt', async () => {
    const { accessToken } = await signUpUser();
    const tampered = `${accessToken.slice(0, -4)}${accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expectError(await authFetch('/user', { token: tampered }), 403, 'bad_jwt', /^invalid JWT/);
  });

  it('refuses the anon key, which has no sub, with 403 bad_jwt', async () => {
    await expectError(await authFetch('/user'), 403, 'bad_jwt', 'invalid claim: missing sub claim');
  });

  it('supabase-js getUser returns the user of the session', async () => {
    const { email, userId } = await signUpUser();
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
  });
});

describe('Auth PUT /user', () => {
  it('merges user metadata, a null value deleting the key', async () => {
    const { accessToken } = await signUpUser({ first_name: 'Esi', last_name: 'Owusu', locale: 'en' });
    const res = await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { data: { locale: 'fr', last_name: null, nickname: 'Esi O.' } },
    });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user.user_metadata).toMatchObject({ first_name: 'Esi', locale: 'fr', nickname: 'Esi O.' });
    expect(user.user_metadata).not.toHaveProperty('last_name');
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { email, accessToken } = await signUpUser();
    const res = await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: 'a-brand-new-password', current_password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await signIn(email, 'a-brand-new-password')).status).toBe(200);
    await expectError(await signIn(email), 400, 'invalid_credentials');
  });

  it('ends the other sessions when the password changes, keeping the current one', async () => {
    const { email, accessToken } = await signUpUser();
    const other = await json(await signIn(email));
    await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: 'another-new-password', current_password: PASSWORD },
    });
    expect((await authFetch('/user', { token: accessToken })).status).toBe(200);
    await expectError(await authFetch('/user', { token: other.access_token }), 403, 'session_not_found');
    expect((await refresh(other.refresh_token)).status).toBe(400);
  });

  it('refuses the current password with 422 same_password', async () => {
    const { accessToken } = await signUpUser();
    const res = await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: PASSWORD, current_password: PASSWORD },
    });
    await expectError(res, 422, 'same_password', 'New password should be different from the old password.');
  });

  it('refuses a short new password with 422 weak_password', async () => {
    const { accessToken } = await signUpUser();
    const res = await authFetch('/user', { method: 'PUT', token: accessToken, body: { password: 'short' } });
    const body = await expectError(res, 422, 'weak_password');
    expect(body.weak_password).toEqual({ reasons: ['length'] });
  });

  it('asks for the current password (require_current_password): none or a wrong one changes nothing', async () => {
    const { email, accessToken } = await signUpUser();
    const change = (body: Record<string, unknown>) =>
      authFetch('/user', {
        method: 'PUT',
        token: accessToken,
        body: { password: 'a-thief-s-password', ...body },
      });
    const message = 'Current password required when setting new password.';
    await expectError(await change({}), 400, 'current_password_required', message);
    await expectError(await change({ current_password: '' }), 400, 'current_password_required', message);
    await expectError(
      await change({ current_password: 'not-the-password' }),
      400,
      'current_password_mismatch',
      message,
    );
    expect((await signIn(email)).status).toBe(200);
    await expectError(await signIn(email, 'a-thief-s-password'), 400, 'invalid_credentials');
    // supabase-js sends it as current_password.
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.updateUser({
      password: 'my-own-new-password',
      current_password: PASSWORD,
    });
    expect(error).toBeNull();
    expect((await signIn(email, 'my-own-new-password')).status).toBe(200);
  });

  it('refuses one of the most common passwords with 422 weak_password (pwned), and over 72 bytes', async () => {
    const { accessToken } = await signUpUser();
    for (const password of ['password123', 'Azertyuiop', 'aaaaaaaa', 'kasuwa2026']) {
      const res = await authFetch('/user', {
        method: 'PUT',
        token: accessToken,
        body: { password, current_password: PASSWORD },
      });
      const body = await expectError(
        res,
        422,
        'weak_password',
        'Password is known to be weak and easy to guess, please choose a different one.',
      );
      expect(body.weak_password).toEqual({ reasons: ['pwned'] });
    }
    // 72 bytes pass (bcrypt's limit), 73 do not: 'é' and 'è' are two bytes each.
    const ok = await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: 'éè'.repeat(18), current_password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    const res = await authFetch('/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: `${'éè'.repeat(18)}x`, current_password: 'éè'.repeat(18) },
    });
    await expectError(res, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
  });

  it('keeps a requested email change pending as new_email until it is confirmed', async () => {
    const { email, accessToken } = await signUpUser();
    const newEmail = uniqueEmail('changed');
    const res = await authFetch('/user', { method: 'PUT', token: accessToken, body: { email: newEmail } });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user).toMatchObject({ email, new_email: newEmail });
    expect(user.email_change_sent_at).toMatch(TIMESTAMP);
  });

  it("refuses another account's address with 422 email_exists", async () => {
    const { email: taken } = await signUpUser();
    const { accessToken } = await signUpUser();
    const res = await authFetch('/user', { method: 'PUT', token: accessToken, body: { email: taken } });
    await expectError(res, 422, 'email_exists');
  });

  it('supabase-js updateUser returns the updated user', async () => {
    const { email } = await signUpUser();
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await client.auth.updateUser({ data: { locale: 'fr' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ locale: 'fr' });
  });
});

describe('Auth POST /logout', () => {
  it('answers 204 and ends the session: its access token and refresh token stop working', async () => {
    const { accessToken, session } = await signUpUser();
    const res = await authFetch('/logout?scope=global', { method: 'POST', token: accessToken });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await expectError(await authFetch('/user', { token: accessToken }), 403, 'session_not_found');
    await expectError(await refresh(session.refresh_token), 400, 'refresh_token_not_found');
  });

  it('scope=local ends only the calling session', async () => {
    const { email, accessToken } = await signUpUser();
    const other = await json(await signIn(email));
    expect((await authFetch('/logout?scope=local', { method: 'POST', token: accessToken })).status).toBe(204);
    await expectError(await authFetch('/user', { token: accessToken }), 403, 'session_not_found');
    expect((await authFetch('/user', { token: other.access_token })).status).toBe(200);
  });

  it('scope=others ends every session but the calling one', async () => {
    const { email, accessToken } = await signUpUser();
    const other = await json(await signIn(email));
    expect((await authFetch('/logout?scope=others', { method: 'POST', token: accessToken })).status).toBe(
      204,
    );
    expect((await authFetch('/user', { token: accessToken })).status).toBe(200);
    await expectError(await authFetch('/user', { token: other.access_token }), 403, 'session_not_found');
  });

  it('refuses an unknown scope with 400 validation_failed', async () => {
    const { accessToken } = await signUpUser();
    const res = await authFetch('/logout?scope=everywhere', { method: 'POST', token: accessToken });
    await expectError(res, 400, 'validation_failed');
  });

  it('supabase-js signOut ends the session on the server', async () => {
    const { email } = await signUpUser();
    const client = anonClient();
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await client.auth.signOut()).error).toBeNull();
    await expectError(
      await authFetch('/user', { token: data.session!.access_token }),
      403,
      'session_not_found',
    );
  });
});
