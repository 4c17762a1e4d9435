// People and their sessions, as the tests make them: an owner registered through /api, signed in as the
// form leaves a person (or through the form), calls to /api as them, and what the operator does to an
// organization through the Data API as the service role.
import { expect, type Page } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local/config.ts';
import { waitForServiceWorker } from './page.ts';

/** The access token signIn asked Auth for, per page: what apiAs uses before the app has loaded. */
const sessions = new WeakMap<Page, string>();

/**
 * Signs in through the /login form and waits for the app: for the tests whose subject is signing in (the
 * form, its refusals, its welcome). Others use signIn, which starts where the form leaves a person.
 */
export async function signInThroughForm(
  page: Page,
  email = 'demo@kasuwa.app',
  password = 'kasuwa-demo-2026',
) {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-mail)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign In|Se connecter)$/ }).click();
  await expect(page.getByLabel(/ (User menu|Menu utilisateur)$/)).toBeVisible();
}

/**
 * Signed in as the /login form leaves a person: Auth's password grant answers a session, kept where
 * supabase-js keeps it (`kasuwa-auth`) before the app's first page loads, and the app opens on the
 * dashboard. A returning member's visit, without drawing and filling the form (about 3 s a test on 2 cores);
 * the form itself is signInThroughForm's and the account tests'.
 */
export async function signIn(
  page: Page,
  email = 'demo@kasuwa.app',
  password = 'kasuwa-demo-2026',
  options: { keptOffline?: boolean; load?: boolean } = {},
) {
  const res = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as { access_token: string; expires_in: number; expires_at?: number };
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
  // Stored once, at the next page load (sessionStorage outlives reloads): after it, signing out, reloading
  // or signing in again is the app's business. A later signIn's script is newer and wins once.
  const seq = Date.now() + Math.random();
  await page.addInitScript(
    ({ stored, seq }) => {
      try {
        if (Number(sessionStorage.getItem('e2e-signed-in') ?? 0) >= seq) return;
        sessionStorage.setItem('e2e-signed-in', String(seq));
        localStorage.setItem('kasuwa-auth', stored);
      } catch {
        // A page with no storage (about:blank) is not the app.
      }
    },
    { stored: JSON.stringify(session), seq },
  );
  sessions.set(page, session.access_token);
  // `load: false`: the test's own next page load opens the app signed in, on the screen it is about, without
  // drawing the dashboard first (what is made meanwhile through the API, apiAs, is there when it opens).
  if (options.load === false) {
    // A page of the app already open (another person was signed in) holds the new session at once too.
    if (page.url().startsWith('http'))
      await page.evaluate((stored) => localStorage.setItem('kasuwa-auth', stored), JSON.stringify(session));
    return;
  }
  await page.goto('/');
  await expect(page.getByLabel(/ (User menu|Menu utilisateur)$/)).toBeVisible();
  // A test that goes offline next: the app is kept on the device (its service worker active) before the
  // test's next page load, which it then serves, every screen's code with it — a phone that visited before.
  if (options.keptOffline) await waitForServiceWorker(page);
}

/** A new owner with their own organization, registered through POST /api/auth/register. */
export async function registerOwner(page: Page, overrides: Record<string, string> = {}) {
  const id = Math.random().toString(36).slice(2, 10);
  const input = {
    email: `owner-${id}@test.kasuwa.app`,
    password: 'owner-secret-1',
    firstName: 'Efua',
    lastName: 'Boateng',
    organizationName: `Efua Provisions ${id}`,
    country: 'GH',
    currency: 'GHS',
    ...overrides,
  };
  const res = await page.request.post('/api/auth/register', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  return { ...input, id };
}

/** The Data API as the service role: what the scheduler and the operator can do, for a test's setup. */
const SERVICE_ROLE = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

async function organizationNamed(page: Page, name: string): Promise<{ id: string }> {
  const found = await page.request.get(
    `/rest/v1/organizations?select=id&name=eq.${encodeURIComponent(name)}`,
    { headers: SERVICE_ROLE },
  );
  const [org] = (await found.json()) as { id: string }[];
  if (!org) throw new Error(`no organization named ${name}`);
  return org;
}

/**
 * Moves an organization (by its name) to Enterprise, five businesses per owner, through the Data API as the
 * service role, so its owner may create more: the free plan allows one.
 */
export async function allowMoreOrganizations(page: Page, organizationName: string) {
  const org = await organizationNamed(page, organizationName);
  const upgraded = await page.request.patch(`/rest/v1/licenses?org_id=eq.${org.id}`, {
    headers: SERVICE_ROLE,
    data: { plan: 'BUSINESS' },
  });
  expect(upgraded.ok(), await upgraded.text()).toBe(true);
}

/**
 * Runs the recurring billing for one organization (by its name) as if it were `at`, as the
 * scheduler does every minute, through the Data API as the service role: a test makes a later period start
 * without waiting a month. Answers how many periods it billed.
 */
export async function billSubscriptions(page: Page, organizationName: string, at: Date): Promise<number> {
  const org = await organizationNamed(page, organizationName);
  const billed = await page.request.post('/rest/v1/rpc/bill_due_subscriptions', {
    headers: SERVICE_ROLE,
    data: { p_now: at.toISOString(), p_org_id: org.id },
  });
  expect(billed.ok(), await billed.text()).toBe(true);
  return (await billed.json()) as number;
}

/** Signs out through /api/logout and waits until the session is gone. */
export async function signOut(page: Page) {
  await page.goto('/api/logout');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kasuwa-auth'))).toBeNull();
}

/**
 * The access token of whoever is signed in on the page: the app's own (it may have refreshed it, or another
 * member may have signed in through the form), or before any app page has loaded, the one signIn stored.
 */
export async function tokenOf(page: Page): Promise<string> {
  const stored = page.url().startsWith('http')
    ? await page.evaluate(() => localStorage.getItem('kasuwa-auth'))
    : null;
  const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : sessions.get(page);
  if (!token) throw new Error('nobody is signed in on this page');
  return token;
}

/** Calls /api as the signed-in user of the page (to prepare data a test is not about). */
export async function apiAs(page: Page, path: string, body?: unknown) {
  const token = await tokenOf(page);
  const res = await page.request.fetch(`/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}
