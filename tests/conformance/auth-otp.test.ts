// Sign-in by emailed link or code (supabase-js signInWithOtp → POST /otp) and mails sent again
// (supabase-js resend → POST /resend), as GoTrue answers them, with a real SMTP round trip through the
// catcher: the mail's link signs in, its code verifies, and the mail budgets hold (one mail per account per
// max_frequency, 60 s). The shared stack runs with autoconfirm; sign-ups waiting for confirmation, the
// captcha and small budgets are checked on an Auth of their own (local only).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ADMIN_URL, MAIL_URL, SUPABASE_URL } from '../env.ts';
import { codeIn, mailsTo, verifyLink, waitForMail } from '../mailbox.ts';
import {
  anonClient,
  authFetch,
  expectError,
  json,
  PASSWORD,
  signIn,
  signUpUser,
  uniqueEmail,
} from './auth-helpers.ts';
import { canStartOwnAuth, startOwnAuth, type OwnAuth } from './own-auth.ts';

const HOME = new URL('/', SUPABASE_URL).toString();

/** Follows a mail's link as the browser would: the session (or the error) is in the redirect's fragment. */
async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(res.headers.get('location')!.split('#')[1]);
}

/** Moves the last mail of `column` back by `seconds`, as if it had been sent that long ago. */
async function age(email: string, column: string, seconds: number) {
  const db = new pg.Client({ connectionString: DATABASE_ADMIN_URL });
  await db.connect();
  try {
    await db.query(
      `update auth.users set ${column} = ${column} - make_interval(secs => $2) where lower(email) = lower($1)`,
      [email, seconds],
    );
  } finally {
    await db.end();
  }
}

const TOO_SOON = /^For security purposes, you can only request this after (5\d|60) seconds\.$/;

describe.runIf(MAIL_URL)('signInWithOtp (POST /otp)', () => {
  it('mails a confirmed user a magic link that signs in, and a code that verifies as type email', async () => {
    const { email } = await signUpUser();
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { emailRedirectTo: HOME } });
    expect(error).toBeNull();
    const mail = await waitForMail(MAIL_URL, email);
    expect(verifyLink(mail)).toMatch(/\/verify\?token=[0-9a-f]+&type=magiclink&redirect_to=/);
    const fragment = await follow(verifyLink(mail));
    expect(fragment.get('type')).toBe('magiclink');
    const { data } = await anonClient().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);

    // A second mail once a minute has passed; its code signs in too.
    await age(email, 'recovery_sent_at', 61);
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    await expect.poll(async () => (await mailsTo(MAIL_URL, email)).length).toBe(2);
    const code = codeIn(await waitForMail(MAIL_URL, email));
    const verified = await anonClient().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
  });

  it('sends one account one link per max_frequency (60 s): 429 over_email_send_rate_limit', async () => {
    const { email } = await signUpUser();
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const { error } = await anonClient().auth.signInWithOtp({ email });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.message).toMatch(TOO_SOON);
    expect(await mailsTo(MAIL_URL, email)).toHaveLength(1);
  });

  it('with shouldCreateUser false, refuses an unknown address with 422 otp_disabled and creates nobody', async () => {
    const email = uniqueEmail('otp-unknown');
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
    expect(error?.message).toBe('Signups not allowed for otp');
    const { data } = await anonClient().auth.signInWithOtp({ email: uniqueEmail('otp-other') });
    expect(data).toEqual({ user: null, session: null });
    // Nobody was signed up for the refused address: a password sign-in finds no account.
    await expectError(await signIn(email), 400, 'invalid_credentials');
  });

  it('signs up an unknown address (shouldCreateUser by default), with its data, and mails it a link', async () => {
    const email = uniqueEmail('otp-new');
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { data: { locale: 'fr' } } });
    expect(error).toBeNull();
    const mail = await waitForMail(MAIL_URL, email);
    expect(mail.Subject).toBe('Votre lien de connexion Kasuwa');
    const fragment = await follow(verifyLink(mail));
    const { data } = await anonClient().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.user_metadata.locale).toBe('fr');
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('refuses a phone number with 400 phone_provider_disabled', async () => {
    await expectError(
      await authFetch('/otp', { body: { phone: '+233200000000' } }),
      400,
      'phone_provider_disabled',
    );
  });
});

describe.runIf(MAIL_URL)('resend (POST /resend)', () => {
  it('mails an email change again, at most once a minute, and the new code confirms the new address', async () => {
    const { email, accessToken } = await signUpUser();
    const next = uniqueEmail('moved');
    const change = await authFetch('/user', { method: 'PUT', token: accessToken, body: { email: next } });
    expect(change.status).toBe(200);
    await waitForMail(MAIL_URL, next);

    const soon = await anonClient().auth.resend({ type: 'email_change', email });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.message).toMatch(TOO_SOON);

    await age(email, 'email_change_sent_at', 61);
    expect((await anonClient().auth.resend({ type: 'email_change', email })).error).toBeNull();
    await expect.poll(async () => (await mailsTo(MAIL_URL, next)).length).toBe(2);
    const code = codeIn(await waitForMail(MAIL_URL, next));
    const { error } = await anonClient().auth.verifyOtp({ email: next, token: code, type: 'email_change' });
    expect(error).toBeNull();
    expect((await signIn(next)).status).toBe(200);
  });

  it('answers {} and mails nothing for an unknown address or an account already confirmed', async () => {
    const unknown = uniqueEmail('resend-unknown');
    const res = await authFetch('/resend', { body: { type: 'signup', email: unknown } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({});
    const { email } = await signUpUser();
    expect((await anonClient().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await mailsTo(MAIL_URL, unknown)).toEqual([]);
    expect(await mailsTo(MAIL_URL, email)).toEqual([]);
  });

  it('refuses another type with 400 validation_failed, and a sign-up resend without an address', async () => {
    await expectError(
      await authFetch('/resend', { body: { type: 'recovery', email: uniqueEmail() } }),
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
    await expectError(
      await authFetch('/resend', { body: { type: 'signup' } }),
      400,
      'validation_failed',
      'Type provided requires an email address',
    );
  });
});

describe.runIf(canStartOwnAuth)('sign-ups waiting for confirmation (local Auth, confirmations on)', () => {
  let auth: OwnAuth;
  beforeAll(async () => {
    auth = await startOwnAuth({ enableConfirmations: true, emailSentPerHour: 100_000 });
  });
  afterAll(() => auth?.stop());
  const js = () => auth.client();

  it('resends the confirmation at most once a minute; the newest link confirms and signs in', async () => {
    const email = uniqueEmail('resend-signup');
    const signed = await js().auth.signUp({ email, password: PASSWORD });
    expect(signed.data.session).toBeNull();
    const first = await waitForMail(auth.mailUrl, email);

    const soon = await js().auth.resend({ type: 'signup', email });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
    expect(soon.error?.message).toMatch(TOO_SOON);

    await age(email, 'confirmation_sent_at', 61);
    expect(
      (await js().auth.resend({ type: 'signup', email, options: { emailRedirectTo: HOME } })).error,
    ).toBeNull();
    await expect.poll(async () => (await mailsTo(auth.mailUrl, email)).length).toBe(2);
    // The first mail's link was replaced by the second's.
    expect((await follow(verifyLink(first))).get('error_code')).toBe('otp_expired');
    const fragment = await follow(verifyLink(await waitForMail(auth.mailUrl, email)));
    expect(fragment.get('type')).toBe('signup');
    expect((await js().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a second sign-up within the day mails the confirmation again and changes nothing (as GoTrue)', async () => {
    const email = uniqueEmail('twice');
    expect((await js().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const again = await js().auth.signUp({ email, password: 'another-long-password' });
    expect(again.error?.status).toBe(429);
    await age(email, 'confirmation_sent_at', 61);
    expect((await js().auth.signUp({ email, password: 'another-long-password' })).error).toBeNull();
    await expect.poll(async () => (await mailsTo(auth.mailUrl, email)).length).toBe(2);
    await follow(verifyLink(await waitForMail(auth.mailUrl, email)));
    expect((await js().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('an unconfirmed sign-up older than a day no longer holds the address: the next sign-up starts afresh', async () => {
    const email = uniqueEmail('stale');
    expect((await js().auth.signUp({ email, password: 'squatters-password-1' })).error).toBeNull();
    await age(email, 'created_at', 24 * 3600 + 60);
    await age(email, 'confirmation_sent_at', 24 * 3600 + 60);
    const fresh = await js().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { locale: 'fr' } },
    });
    expect(fresh.error).toBeNull();
    await follow(verifyLink(await waitForMail(auth.mailUrl, email)));
    const signedIn = await js().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata.locale).toBe('fr');
    const squatter = await js().auth.signInWithPassword({ email, password: 'squatters-password-1' });
    expect(squatter.error?.code).toBe('invalid_credentials');
  });

  it('signInWithOtp for an unconfirmed address mails the sign-up confirmation, whose link signs in', async () => {
    const email = uniqueEmail('otp-confirm');
    expect((await js().auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await waitForMail(auth.mailUrl, email);
    expect(verifyLink(mail)).toContain('type=signup');
    expect((await follow(verifyLink(mail))).get('access_token')).toEqual(expect.any(String));
  });
});

describe.runIf(canStartOwnAuth)('budgets per address and per project (local Auth)', () => {
  let auth: OwnAuth;
  beforeAll(async () => {
    auth = await startOwnAuth({
      enableConfirmations: true,
      signInSignUpsPer5Min: 3,
      emailSentPerHour: 100_000,
    });
  });
  afterAll(() => auth?.stop());

  it('sign-ups from one address are limited (sign_in_sign_ups): 429 over_request_rate_limit', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await auth.post('/signup', { email: uniqueEmail('burst'), password: PASSWORD });
      expect(res.status).toBe(200);
    }
    await expectError(
      await auth.post('/signup', { email: uniqueEmail('burst'), password: PASSWORD }),
      429,
      'over_request_rate_limit',
    );
    // /otp and /resend share the budget.
    await expectError(
      await auth.post('/otp', { email: uniqueEmail('burst') }),
      429,
      'over_request_rate_limit',
    );
    await expectError(
      await auth.post('/resend', { type: 'signup', email: uniqueEmail('burst') }),
      429,
      'over_request_rate_limit',
    );
  });
});

describe.runIf(canStartOwnAuth)('the project mail budget (email_sent, local Auth)', () => {
  let auth: OwnAuth;
  beforeAll(async () => {
    auth = await startOwnAuth({ enableConfirmations: true, emailSentPerHour: 2 });
  });
  afterAll(() => auth?.stop());

  it('confirmation mails count against email_sent: past it, 429 over_email_send_rate_limit and no account', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await auth.post('/signup', { email: uniqueEmail('budget'), password: PASSWORD })).status).toBe(
        200,
      );
    }
    const email = uniqueEmail('budget');
    await expectError(
      await auth.post('/signup', { email, password: PASSWORD }),
      429,
      'over_email_send_rate_limit',
      'email rate limit exceeded',
    );
    const { rows } = await auth.pool.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe.runIf(canStartOwnAuth)('[auth.captcha] enabled (local Auth)', () => {
  let auth: OwnAuth;
  beforeAll(async () => {
    auth = await startOwnAuth({ captchaEnabled: true });
  });
  afterAll(() => auth?.stop());
  const security = { gotrue_meta_security: { captcha_token: 'token-from-the-widget' } };

  it('refuses sign-up, password sign-in, recovery, /otp and /resend without a token: 400 captcha_failed', async () => {
    const email = uniqueEmail('captcha');
    const message = 'captcha protection: request disallowed (no captcha_token found)';
    await expectError(
      await auth.post('/signup', { email, password: PASSWORD }),
      400,
      'captcha_failed',
      message,
    );
    expect((await auth.post('/signup', { email, password: PASSWORD, ...security })).status).toBe(200);
    await expectError(
      await auth.post('/token?grant_type=password', { email, password: PASSWORD }),
      400,
      'captcha_failed',
    );
    expect(
      (await auth.post('/token?grant_type=password', { email, password: PASSWORD, ...security })).status,
    ).toBe(200);
    await expectError(await auth.post('/recover', { email }), 400, 'captcha_failed');
    await expectError(await auth.post('/otp', { email }), 400, 'captcha_failed');
    await expectError(await auth.post('/resend', { type: 'signup', email }), 400, 'captcha_failed');
    // supabase-js passes the widget's token as captchaToken.
    const js = auth.client();
    const { error } = await js.auth.signInWithPassword({
      email,
      password: PASSWORD,
      options: { captchaToken: 'token-from-the-widget' },
    });
    expect(error).toBeNull();
  });
});
