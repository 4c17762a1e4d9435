import { describe, expect, it } from 'vitest';
import { api, client, fieldReasons, json, registerAndSignIn, registration, unique } from './helpers.ts';
import { allowMoreOrganizations } from './org-helpers.ts';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';

describe('/api accounts', () => {
  it('registers a user with an organization they own, on the Starter plan', async () => {
    const { input, token } = await registerAndSignIn();
    const res = await api('/auth/user', { token });
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user).toMatchObject({
      email: input.email,
      firstName: 'Adwoa',
      lastName: 'Owusu',
      locale: 'en',
      organizations: [{ name: input.organizationName, country: 'GH', currency: 'GHS', role: 'OWNER' }],
    });
    const { data: license } = await client(token).from('licenses').select('plan, status').single();
    expect(license).toEqual({ plan: 'STARTER', status: 'ACTIVE' });
  });

  it('refuses an organization name already taken, ignoring case and surrounding spaces, and creates no user', async () => {
    const first = registration();
    expect((await api('/auth/register', { body: first })).status).toBe(201);
    const second = registration({ organizationName: `  ${first.organizationName.toUpperCase()}  ` });
    const res = await api('/auth/register', { body: second });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({
      code: 'ALREADY_EXISTS',
      reason: 'ORGANIZATION_NAME_TAKEN',
      message: 'An organization with this name already exists',
      params: { name: second.organizationName.trim() },
      field: 'organizationName',
    });
    const { error } = await client().auth.signInWithPassword({
      email: second.email,
      password: second.password,
    });
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('refuses an email already registered and leaves the organization name free', async () => {
    const first = registration();
    expect((await api('/auth/register', { body: first })).status).toBe(201);
    const second = registration({ email: first.email });
    const res = await api('/auth/register', { body: second });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe('An account with this email already exists');
    // Only the service role asks (the registration route, after the caller's budget).
    const { data: free } = await supabaseClient(SERVICE_ROLE_KEY).rpc('organization_name_available', {
      p_name: second.organizationName,
    });
    expect(free).toBe(true);
  });

  it('validates registration with a message for each field', async () => {
    const res = await api('/auth/register', {
      body: registration({ email: 'not-an-email', password: 'short', country: 'FR', firstName: ' ' }),
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(fieldReasons(body)).toEqual({
      email: 'ENTER_VALID_EMAIL',
      password: 'PASSWORD_TOO_SHORT',
      country: 'COUNTRY_REQUIRED',
      firstName: 'FIRST_NAME_REQUIRED',
    });
  });

  it('answers 401 Unauthorized for the current user when signed out or with a bad token', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await api('/auth/user', { token });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('Unauthorized');
    }
  });

  it('signs in through /api/auth/login and refuses wrong credentials', async () => {
    const { input } = await registerAndSignIn();
    const ok = await api('/auth/login', { body: { email: input.email, password: input.password } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).session.access_token).toEqual(expect.any(String));
    const bad = await api('/auth/login', { body: { email: input.email, password: 'wrong-password' } });
    expect(bad.status).toBe(401);
    expect((await json(bad)).message).toBe('Invalid login credentials');
  });

  it('sends /api/login to the sign-in page and /api/logout to sign-out', async () => {
    const login = await api('/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');
    const logout = await api('/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/logout');
  });

  it("creates, reads and updates organizations, and hides other people's", async () => {
    const owner = await registerAndSignIn();
    const stranger = await registerAndSignIn();
    const name = `Second Branch ${unique()}`;
    // The free plan allows one organization per owner: refused until the first one is on Enterprise.
    const refused = await api('/organizations', {
      token: owner.token,
      body: { name, country: 'SN', currency: 'XOF' },
    });
    expect(refused.status).toBe(402);
    expect(await json(refused)).toMatchObject({ code: 'LIMIT_REACHED', reason: 'PLAN_LIMIT' });
    await allowMoreOrganizations(
      (await json(await api('/auth/user', { token: owner.token }))).organizations[0].id,
    );
    const created = await api('/organizations', {
      token: owner.token,
      body: { name, country: 'SN', currency: 'XOF' },
    });
    expect(created.status).toBe(201);
    const org = await json(created);
    expect(org).toMatchObject({ name, country: 'SN', currency: 'XOF' });
    expect((await json(await api(`/organizations/${org.id}`, { token: owner.token }))).name).toBe(name);

    const renamed = `${name} Dakar`;
    const update = await api(`/organizations/${org.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { name: renamed, country: 'SN', currency: 'XOF' },
    });
    expect(update.status).toBe(200);
    expect((await json(update)).name).toBe(renamed);

    expect((await api(`/organizations/${org.id}`, { token: stranger.token })).status).toBe(404);
    const hijack = await api(`/organizations/${org.id}`, {
      method: 'PUT',
      token: stranger.token,
      body: { name: 'Hijacked', country: 'SN', currency: 'XOF' },
    });
    expect(hijack.status).toBe(404);
  });

  it('lists the members of an organization with their names and roles', async () => {
    const { input, token } = await registerAndSignIn();
    const user = await json(await api('/auth/user', { token }));
    const res = await api(`/organizations/${user.organizations[0].id}/members`, { token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual([
      {
        id: user.id,
        role: 'OWNER',
        createdAt: expect.any(String),
        status: 'Active',
        user: { firstName: 'Adwoa', lastName: 'Owusu', email: input.email },
      },
    ]);
  });

  it('updates the profile and refuses an empty first name', async () => {
    const { token } = await registerAndSignIn();
    const res = await api('/profile', {
      method: 'PUT',
      token,
      body: { firstName: 'Adwoa', lastName: 'Mensah', locale: 'fr' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ firstName: 'Adwoa', lastName: 'Mensah', locale: 'fr' });
    const bad = await api('/profile', {
      method: 'PUT',
      token,
      body: { firstName: '', lastName: 'X', locale: 'en' },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad)).firstName).toBe('FIRST_NAME_REQUIRED');
  });

  it('lets exactly one of several simultaneous registrations have the same organization name', async () => {
    const name = `Makola Traders ${unique()}`;
    const attempts = Array.from({ length: 5 }, () => registration({ organizationName: name }));
    const answers = await Promise.all(attempts.map((body) => api('/auth/register', { body })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    // All or nothing: only the winner can sign in; the others left no account behind.
    const signIns = await Promise.all(
      attempts.map((a) => client().auth.signInWithPassword({ email: a.email, password: a.password })),
    );
    expect(signIns.filter((r) => !r.error)).toHaveLength(1);
  });

  it('keeps the language the visitor registered in', async () => {
    const { token } = await registerAndSignIn({ locale: 'fr' });
    expect((await json(await api('/auth/user', { token }))).locale).toBe('fr');
  });

  it("gives an organization its country's time zone and VAT rate, both editable and validated", async () => {
    const { token } = await registerAndSignIn({ country: 'SN', currency: 'XOF' });
    const user = await json(await api('/auth/user', { token }));
    const id = user.organizations[0].id;
    expect(await json(await api(`/organizations/${id}`, { token }))).toMatchObject({
      country: 'SN',
      currency: 'XOF',
      timezone: 'Africa/Dakar',
      defaultTaxRate: 18,
    });
    const moved = await api(`/organizations/${id}`, {
      method: 'PUT',
      token,
      body: {
        name: user.organizations[0].name,
        country: 'CI',
        currency: 'XOF',
        timezone: 'Africa/Abidjan',
        defaultTaxRate: 18.5,
      },
    });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({
      country: 'CI',
      timezone: 'Africa/Abidjan',
      defaultTaxRate: 18.5,
    });
    const bad = await api(`/organizations/${id}`, {
      method: 'PUT',
      token,
      body: { name: 'x', country: 'CI', currency: 'XOF', timezone: 'Europe/Paris', defaultTaxRate: 120 },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({
      timezone: 'TIMEZONE_REQUIRED',
      defaultTaxRate: 'TAX_RATE_RANGE',
    });
    expect((await json(await api(`/organizations/${id}`, { token }))).timezone).toBe('Africa/Abidjan');
  });
});
