// Attempt limits on one-time codes and recovery mails (docs/local-stack-protocol.md, "Limits"). A 6-digit code
// cannot be guessed: wrong codes for one email are counted from whatever address they come; past the
// budget (AUTH_RATE_LIMIT_OTP_FAILURES, 5 per 5 minutes) the answer is 429 over_request_rate_limit, the
// right code included, and the code is void for good. The per-address budget on /verify is lifted for
// the suites and checked in local/auth/handler.test.ts.
import { describe, expect, it } from 'vitest';
import {
  adminFetch,
  anonClient,
  authFetch,
  expectError,
  json,
  PASSWORD,
  signIn,
  signUpUser,
} from './auth-helpers.ts';

const BUDGET = 5;

async function recoveryCode(email: string): Promise<string> {
  const res = await adminFetch('/admin/generate_link', { body: { type: 'recovery', email } });
  expect(res.status).toBe(200);
  return (await json(res)).email_otp;
}

const verify = (email: string, token: string) =>
  authFetch('/verify', { body: { type: 'recovery', email, token } });

/** A 6-digit code that is not `code`. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('Auth /verify attempt limits', () => {
  it('lets a person verify their code after a typo', async () => {
    const { email } = await signUpUser();
    const code = await recoveryCode(email);
    await expectError(await verify(email, wrong(code, 0)), 403, 'otp_expired');
    const res = await verify(email, code);
    expect(res.status).toBe(200);
    expect((await json(res)).access_token).toEqual(expect.any(String));
  });

  it('stops guessing a code: 429 past the budget, the right code included, and the code is void', async () => {
    const { email } = await signUpUser();
    const code = await recoveryCode(email);
    for (let i = 0; i < BUDGET; i++) {
      await expectError(await verify(email, wrong(code, i)), 403, 'otp_expired');
    }
    await expectError(await verify(email, wrong(code, BUDGET)), 429, 'over_request_rate_limit');
    // Guessing right now gets nothing either.
    await expectError(
      await verify(email, code),
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
    );
    // Supabase-js sees the same refusal.
    const { error } = await anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    // The account is untouched: the password still signs in.
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('voids the pending code when the budget runs out, so the link in the mail is dead too', async () => {
    const { email } = await signUpUser();
    const res = await adminFetch('/admin/generate_link', { body: { type: 'recovery', email } });
    const { email_otp: code, hashed_token: hash } = await json(res);
    for (let i = 0; i < BUDGET; i++) await verify(email, wrong(code, i));
    await expectError(
      await authFetch('/verify', { body: { type: 'recovery', token_hash: hash } }),
      403,
      'otp_expired',
    );
  });
});

describe('Auth /recover limits', () => {
  it('sends one address one recovery mail per max_frequency (60 s), as GoTrue', async () => {
    const { email } = await signUpUser();
    const first = await authFetch('/recover', { body: { email } });
    expect(first.status).toBe(200);
    await expectError(
      await authFetch('/recover', { body: { email } }),
      429,
      'over_email_send_rate_limit',
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
    // supabase-js reports it with the code the app translates.
    const { error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    // Another person is not held up by it.
    const other = await signUpUser();
    expect((await authFetch('/recover', { body: { email: other.email } })).status).toBe(200);
  });
});
