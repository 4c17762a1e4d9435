// Invites, password recovery and redeeming one-time codes: /invite, /verify, /recover
// (docs/local-stack-protocol.md, "Invites, one-time codes and recovery"). The codes a mail would carry
// come from POST /admin/generate_link, so the suite needs no mailbox.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  adminFetch,
  anonClient,
  authFetch,
  expectError,
  json,
  PASSWORD,
  signIn,
  signUpUser,
  TIMESTAMP,
  uniqueEmail,
} from './auth-helpers.ts';

async function generateLink(body: Record<string, unknown>) {
  const res = await adminFetch('/admin/generate_link', { body });
  expect(res.status).toBe(200);
  return json(res);
}

describe('Auth POST /invite', () => {
  it('creates an invited user without a confirmed address', async () => {
    const email = uniqueEmail('invite');
    const res = await adminFetch('/invite', { body: { email, data: { first_name: 'Nana' } } });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user).toMatchObject({ email, role: 'authenticated', user_metadata: { first_name: 'Nana' } });
    expect(user.invited_at).toMatch(TIMESTAMP);
    expect(user.confirmation_sent_at).toMatch(TIMESTAMP);
    expect(user).not.toHaveProperty('email_confirmed_at');
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'email' })]);
  });

  it('refuses an address with a confirmed account with 422 email_exists', async () => {
    const { email } = await signUpUser();
    await expectError(await adminFetch('/invite', { body: { email } }), 422, 'email_exists');
  });

  it('is for admins only', async () => {
    await expectError(await authFetch('/invite', { body: { email: uniqueEmail() } }), 403, 'not_admin');
  });
});

describe('Auth POST /verify', () => {
  it('accepts an invite by token hash: 200 session, address confirmed, amr otp', async () => {
    const email = uniqueEmail('invite');
    const link = await generateLink({ type: 'invite', email });
    expect(link).toMatchObject({ email, verification_type: 'invite', hashed_token: expect.any(String) });
    expect(link.action_link).toContain('/verify?token=');
    const res = await authFetch('/verify', { body: { type: 'invite', token_hash: link.hashed_token } });
    expect(res.status).toBe(200);
    const session = await json(res);
    expect(session.user).toMatchObject({ email });
    expect(session.user.email_confirmed_at).toMatch(TIMESTAMP);
    expect(decodeJwt(session.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
  });

  it('accepts the code typed in with the address', async () => {
    const email = uniqueEmail('invite');
    const link = await generateLink({ type: 'invite', email });
    const res = await authFetch('/verify', { body: { type: 'invite', email, token: link.email_otp } });
    expect(res.status).toBe(200);
  });

  it('does not accept a code twice: 403 otp_expired', async () => {
    const link = await generateLink({ type: 'invite', email: uniqueEmail('invite') });
    const body = { type: 'invite', token_hash: link.hashed_token };
    expect((await authFetch('/verify', { body })).status).toBe(200);
    await expectError(
      await authFetch('/verify', { body }),
      403,
      'otp_expired',
      'Email link is invalid or has expired',
    );
  });

  it('refuses a wrong code with 403 otp_expired', async () => {
    const email = uniqueEmail('invite');
    await generateLink({ type: 'invite', email });
    const res = await authFetch('/verify', { body: { type: 'invite', email, token: '000000' } });
    await expectError(res, 403, 'otp_expired', 'Token has expired or is invalid');
  });

  it('refuses a request without a type, or with both token and token_hash, with 400 validation_failed', async () => {
    await expectError(await authFetch('/verify', { body: { token_hash: 'abc' } }), 400, 'validation_failed');
    const both = { type: 'signup', token: '123456', token_hash: 'abc', email: uniqueEmail() };
    await expectError(await authFetch('/verify', { body: both }), 400, 'validation_failed');
  });

  it('confirms a sign-up link', async () => {
    const email = uniqueEmail('signup-link');
    const link = await generateLink({ type: 'signup', email, password: PASSWORD });
    const { data, error } = await anonClient().auth.verifyOtp({
      type: 'signup',
      token_hash: link.hashed_token,
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toMatch(TIMESTAMP);
    expect((await signIn(email)).status).toBe(200);
  });

  it('signs in with a recovery code, and the session may set a new password', async () => {
    const { email } = await signUpUser();
    const link = await generateLink({ type: 'recovery', email });
    const res = await authFetch('/verify', { body: { type: 'recovery', token_hash: link.hashed_token } });
    expect(res.status).toBe(200);
    const session = await json(res);
    const update = await authFetch('/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: 'recovered-password' },
    });
    expect(update.status).toBe(200);
    expect((await signIn(email, 'recovered-password')).status).toBe(200);
  });

  it('confirms an email change with the code sent to the new address', async () => {
    const { email, accessToken } = await signUpUser();
    const newEmail = uniqueEmail('moved');
    await authFetch('/user', { method: 'PUT', token: accessToken, body: { email: newEmail } });
    const link = await generateLink({ type: 'email_change_new', email, new_email: newEmail });
    const res = await authFetch('/verify', {
      body: { type: 'email_change', email: newEmail, token: link.email_otp },
    });
    expect(res.status).toBe(200);
    const session = await json(res);
    expect(session.user.email).toBe(newEmail);
    expect(session.user).not.toHaveProperty('new_email');
    expect((await signIn(newEmail)).status).toBe(200);
  });
});

describe('Auth GET /verify (mail links)', () => {
  it('redirects with 303 and the session in the URL fragment', async () => {
    const link = await generateLink({ type: 'invite', email: uniqueEmail('invite') });
    const res = await authFetch(
      `/verify?token=${link.hashed_token}&type=invite&redirect_to=http://localhost:3000/welcome`,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('access_token')).toEqual(expect.any(String));
    expect(fragment.get('refresh_token')).toEqual(expect.any(String));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.has('sb')).toBe(true);
  });

  it('redirects with the error in the fragment when the link is no good', async () => {
    const res = await authFetch(
      '/verify?token=not-a-real-token&type=invite&redirect_to=http://localhost:3000/',
    );
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(res.headers.get('location')!.split('#')[1]);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });
});

describe('Auth POST /recover', () => {
  it('answers 200 {} for a known address and for an unknown one alike', async () => {
    const { email } = await signUpUser();
    for (const address of [email, uniqueEmail('nobody')]) {
      const res = await authFetch('/recover', { body: { email: address } });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({});
    }
  });

  it('refuses a request without an address with 400 validation_failed', async () => {
    await expectError(await authFetch('/recover', { body: {} }), 400, 'validation_failed');
  });
});

describe('Auth admin invite through supabase-js', () => {
  it('inviteUserByEmail returns the invited user', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await adminClient().auth.admin.inviteUserByEmail(email, {
      data: { locale: 'fr' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { locale: 'fr' } });
    expect(data.user?.invited_at).toMatch(TIMESTAMP);
  });
});
