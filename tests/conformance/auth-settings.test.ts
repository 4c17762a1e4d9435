// GET /health and GET /settings: what the auth service is and how this project is configured.
import { describe, expect, it } from 'vitest';
import { authFetch, json } from './auth-helpers.ts';

describe('Auth service information', () => {
  it('GET /health names the service', async () => {
    const res = await authFetch('/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      version: expect.any(String),
      name: 'GoTrue',
      description: expect.any(String),
    });
  });

  it('GET /settings reports email sign-up on, with autoconfirm', async () => {
    const res = await authFetch('/settings');
    expect(res.status).toBe(200);
    const settings = await json(res);
    expect(settings).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      saml_enabled: false,
    });
    for (const value of Object.values(settings.external)) expect(typeof value).toBe('boolean');
  });
});
