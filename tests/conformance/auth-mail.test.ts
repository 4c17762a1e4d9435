// The Auth's mails travel over SMTP and are read back from the mail catcher (MAIL_URL: the local stack's,
// or a CLI stack's Mailpit): a recovery request mails one message to that address, in the user's language
// (user_metadata.locale), whose link signs in and lets the person set a new password; invitations and
// email changes are mailed the same way. Signing up with confirmations on is checked on an Auth of its own
// (the shared stack runs with autoconfirm), local only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local/config.ts';
import { createAuth } from '../../local/auth/index.ts';
import { startMailCatcher, type MailCatcher } from '../../local/mail/catcher.ts';
import { createMailSender } from '../../local/mail/send.ts';
import { DATABASE_ADMIN_URL, MAIL_URL, SUPABASE_URL } from '../env.ts';
import { codeIn, mailsTo, verifyLink, waitForMail, words } from '../mailbox.ts';
import {
  adminFetch,
  authFetch,
  expectError,
  json,
  PASSWORD,
  signIn,
  signUpUser,
  uniqueEmail,
} from './auth-helpers.ts';

const RESET_PAGE = new URL('/reset-password', SUPABASE_URL).toString();
const recover = (email: string) =>
  authFetch(`/recover?redirect_to=${encodeURIComponent(RESET_PAGE)}`, { body: { email } });

/** Follows a mail's link as the browser would: the session (or the error) is in the redirect's fragment. */
async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  return { location, fragment: new URLSearchParams(location.split('#')[1]) };
}

describe.runIf(MAIL_URL)('Auth mail through SMTP', () => {
  it('a recovery request mails one message in French to a French user, whose link signs in to set a new password', async () => {
    const { email } = await signUpUser({ locale: 'fr', first_name: 'Awa' });
    expect((await recover(email)).status).toBe(200);

    const mail = await waitForMail(MAIL_URL, email);
    expect(await mailsTo(MAIL_URL, email)).toHaveLength(1);
    expect(mail.Subject).toBe('Réinitialisez votre mot de passe Kasuwa');
    expect(mail.From.Name).toBe('Kasuwa');
    expect(words(mail)).toMatch(
      /Vous recevez ce message parce qu’une réinitialisation du mot de passe a été demandée/,
    );
    expect(words(mail)).toContain(email);
    expect(words(mail)).toMatch(/\b\d{6}\b/);

    // The link goes through Auth's /verify to the reset page, with a recovery session in the fragment.
    const link = verifyLink(mail);
    expect(link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]+&type=recovery&redirect_to=/);
    const { location, fragment } = await follow(link);
    expect(location.split('#')[0]).toBe(RESET_PAGE);
    expect(fragment.get('type')).toBe('recovery');

    // That session sets a new password without the current one (require_current_password spares it).
    const update = await authFetch('/user', {
      method: 'PUT',
      token: fragment.get('access_token')!,
      body: { password: 'a-new-secret-after-reset' },
    });
    expect(update.status).toBe(200);
    expect((await signIn(email, 'a-new-secret-after-reset')).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(400);

    // The link works once.
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('mails an English user in English, with the code that /verify accepts too', async () => {
    const { email } = await signUpUser({ locale: 'en' });
    expect((await recover(email)).status).toBe(200);
    const mail = await waitForMail(MAIL_URL, email);
    expect(mail.Subject).toBe('Reset your Kasuwa password');
    expect(words(mail)).toMatch(/You got this mail because a password reset was requested on Kasuwa/);
    const res = await authFetch('/verify', { body: { type: 'recovery', email, token: codeIn(mail) } });
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe(email);
  });

  it('mails nothing for an address without an account, and answers the same', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await recover(nobody);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(MAIL_URL, nobody)).toEqual([]);
  });

  it('refuses a second request for the same address within a minute with 429, and mails once', async () => {
    const { email } = await signUpUser();
    expect((await recover(email)).status).toBe(200);
    await expectError(await recover(email), 429, 'over_email_send_rate_limit');
    await waitForMail(MAIL_URL, email);
    expect(await mailsTo(MAIL_URL, email)).toHaveLength(1);
  });

  it('mails an invitation in the language its data names, and its link accepts it', async () => {
    const email = uniqueEmail('invited');
    const res = await adminFetch('/invite', { body: { email, data: { locale: 'fr' } } });
    expect(res.status).toBe(200);
    const mail = await waitForMail(MAIL_URL, email);
    expect(mail.Subject).toBe('Vous êtes invité sur Kasuwa');
    const { fragment } = await follow(verifyLink(mail));
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toEqual(expect.any(String));
  });

  it('mails an email change to the new address, naming both', async () => {
    const { email, accessToken } = await signUpUser();
    const newEmail = uniqueEmail('moved');
    await authFetch('/user', { method: 'PUT', token: accessToken, body: { email: newEmail } });
    const mail = await waitForMail(MAIL_URL, newEmail);
    expect(mail.Subject).toBe('Confirm your new Kasuwa email address');
    expect(words(mail)).toContain(email);
    expect(words(mail)).toContain(newEmail);
    const res = await authFetch('/verify', {
      body: { type: 'email_change', email: newEmail, token: codeIn(mail) },
    });
    expect(res.status).toBe(200);
    expect((await signIn(newEmail)).status).toBe(200);
  });
});

// An Auth of its own on the test database, with confirmations on and mail to a catcher of its own.
const local = ['localhost', '127.0.0.1'].includes(new URL(SUPABASE_URL).hostname) && DATABASE_ADMIN_URL;
describe.runIf(local)('Auth mail with confirmations on (local Auth)', () => {
  let catcher: MailCatcher;
  let server: Server;
  let pool: pg.Pool;
  let base: string;
  let smtpPort: number;
  const sender = { current: createMailSender({ ...loadConfig().mail.smtp, port: 1 }) };

  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    smtpPort = catcher.smtpPort;
    const config = loadConfig();
    config.auth.enableConfirmations = true;
    pool = new pg.Pool({ connectionString: DATABASE_ADMIN_URL, max: 2 });
    // The sender is swapped by the tests (the catcher, or a port where nothing listens).
    const mail = {
      send: (m: Parameters<typeof sender.current.send>[0]) => sender.current.send(m),
      describe: () => sender.current.describe(),
      close: () => sender.current.close(),
    };
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      url.pathname = url.pathname.replace(/^\/auth\/v1/, '');
      void handler(req, res, url);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1`;
    const { handler } = createAuth({ pool, config, issuer: base, mail });
  });
  afterAll(async () => {
    sender.current.close();
    server?.closeAllConnections();
    server?.close();
    await pool?.end();
    await catcher?.stop();
  });

  const signup = (email: string, data: Record<string, unknown>) =>
    fetch(`${base}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: PASSWORD, data }),
    });

  it('signing up mails a confirmation in the user’s language, whose link confirms the address', async () => {
    sender.current.close();
    sender.current = createMailSender({ ...loadConfig().mail.smtp, host: '127.0.0.1', port: smtpPort });
    const email = uniqueEmail('confirm');
    const res = await signup(email, { locale: 'fr' });
    expect(res.status).toBe(200);
    expect((await res.json()).email_confirmed_at).toBeFalsy();
    const mail = await waitForMail(catcher.url, email);
    expect(mail.Subject).toBe('Confirmez votre adresse e-mail Kasuwa');
    expect(words(mail)).toMatch(/aucun compte n’est ouvert sans cette confirmation/);
    const { fragment } = await follow(verifyLink(mail));
    expect(fragment.get('type')).toBe('signup');
    const user = await fetch(`${base}/user`, {
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect((await user.json()).email_confirmed_at).toEqual(expect.any(String));
  });

  it('a mail that cannot be sent fails the request with 500, and leaves no user behind', async () => {
    sender.current.close();
    sender.current = createMailSender({ ...loadConfig().mail.smtp, host: '127.0.0.1', port: 1 });
    const email = uniqueEmail('unsent');
    const res = await signup(email, {});
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({
      code: 'unexpected_failure',
      message: 'Error sending confirmation email',
    });
    const { rows } = await pool.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});
