// Auth endpoints around email links, without a mail server: invite, verify, recover, and the settings.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();
const email = () => `mail-${randomUUID().slice(0, 8)}@test.kasuwa.app`;

function auth(path: string, body?: unknown, token = ANON_KEY) {
  return fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('Auth: settings, invitations and recovery', () => {
  it('describes its settings: email sign-up on, autoconfirm on', async () => {
    const res = await auth('/settings');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
  });

  it('invites a new user with the service role only, and refuses to invite a confirmed one', async () => {
    const address = email();
    const invited = await auth(
      '/invite',
      { email: address, data: { first_name: 'Kwesi' } },
      SERVICE_ROLE_KEY,
    );
    expect(invited.status).toBe(200);
    expect(await json(invited)).toMatchObject({
      email: address,
      invited_at: expect.any(String),
      user_metadata: { first_name: 'Kwesi' },
    });
    const notAdmin = await auth('/invite', { email: email() });
    expect(notAdmin.status).toBe(403);
    await auth(
      '/admin/users',
      { email: `${address}.gh`, password: 'a-long-enough-password', email_confirm: true },
      SERVICE_ROLE_KEY,
    );
    const confirmed = await auth('/invite', { email: `${address}.gh` }, SERVICE_ROLE_KEY);
    expect(confirmed.status).toBe(422);
    expect((await json(confirmed)).code).toBe('email_exists');
  });

  it('refuses to verify a wrong or unknown token with otp_expired', async () => {
    const address = email();
    await auth('/invite', { email: address }, SERVICE_ROLE_KEY);
    const res = await auth('/verify', { type: 'invite', email: address, token: '000000x' });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe('otp_expired');
  });

  it('answers a recovery request with {} whether or not the email is known', async () => {
    const unknown = await auth('/recover', { email: email() });
    expect(unknown.status).toBe(200);
    expect(await json(unknown)).toEqual({});
    const bad = await auth('/recover', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe('validation_failed');
  });
});
