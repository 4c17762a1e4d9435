// Playwright fixtures: every test fails on a console error or an uncaught page error, and can choose the
// interface language before the app loads.
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local/config.ts';

export const test = base.extend<{
  appOverPrerender: void;
  failOnConsoleErrors: void;
  expectedConsoleErrors: RegExp[];
  budget: void;
  warmUp: boolean;
  warmUpServed: void;
}>({
  /**
   * Every test's time budget (its timeout, after test.slow() or test.setTimeout) goes with its result, so the
   * run's summary can name the tests that used more than half of theirs (scripts/test-all.ts).
   */
  budget: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      await use();
      testInfo.annotations.push({ type: 'budget', description: String(testInfo.timeout) });
    },
    { auto: true },
  ],
  /**
   * A visitor's first page (/, /login) is first a prerendered picture, inert until the app draws the same
   * page over it (index.html, web/vite.config.ts). A test acts on the app: after a page load, it waits for the
   * picture to go, as a person waits for the page to respond. (e2e/prerender.spec.ts looks at the picture
   * itself, with `waitUntil: 'commit'`.)
   */
  appOverPrerender: [
    async ({ page }, use) => {
      for (const method of ['goto', 'reload'] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
        Object.assign(page, {
          [method]: async (...args: unknown[]) => {
            const answer = await original(...args);
            const options = args.find((a) => typeof a === 'object' && a !== null) as
              { waitUntil?: string } | undefined;
            if (options?.waitUntil !== 'commit')
              await page
                .waitForFunction(() => !document.querySelector('[data-prerendered]'), undefined, {
                  timeout: 15_000,
                })
                .catch(() => {}); // the app did not start (offline, no code kept): the test says what it sees
            return answer;
          },
        });
      }
      await use();
    },
    { auto: true },
  ],
  /**
   * Whether the app keeps every screen's data on the device once idle (app-layout.tsx's WarmDevice): some
   * thirty reads after each signed-in page load, on the same two cores as the test. On for the tests about
   * offline use (which allow the service worker) and those that say `test.use({ warmUp: true })`; elsewhere
   * its code is not served, as when the connection drops before it downloads, and the app goes on without it.
   */
  warmUp: [false, { option: true }],
  warmUpServed: [
    async ({ page, serviceWorkers, warmUp }, use) => {
      if (!warmUp && serviceWorkers !== 'allow') await holdWarmUp(page);
      await use();
    },
    { auto: true },
  ],
  /** Console lines a test provokes on purpose (a download made to fail), which are then not failures. */
  expectedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        // The browser's own line for an answered 4xx (a refused sign-in) is not an error of the app.
        if (
          m.type() === 'error' &&
          !m.text().startsWith('Failed to load resource: the server responded with a status of 4') &&
          // A request that found no network (offline tests) is the browser's line; the app handles it.
          !m.text().startsWith('Failed to load resource: net::ERR_') &&
          !expectedConsoleErrors.some((e) => e.test(m.text()))
        ) {
          errors.push(m.text());
        }
      });
      page.on('pageerror', (e) => {
        if (!expectedConsoleErrors.some((x) => x.test(e.message))) errors.push(e.message);
      });
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Text with its narrow and non-breaking spaces (amounts, dates) read as plain spaces. */
export const squash = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

/** Sets the interface language (as the language switch saves it) before the first page load. */
export async function useLanguage(page: Page, locale: 'en' | 'fr') {
  await page.addInitScript((l) => localStorage.setItem('kasuwa-locale', l), locale);
}

/** On a phone the navigation sits in the slide-in menu: open it. On wider screens it is always there. */
export async function openNavigation(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Open menu' }).click();
}

/**
 * Waits until the app's service worker is activated, so the pages opened next (and reloads) are served by it
 * without the network. (`page.waitForFunction` would not do: it takes an async predicate's promise for a
 * truthy answer and returns at once, while the worker may still be installing.)
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active && active.state !== 'activated')
      await new Promise<void>((resolve) =>
        active.addEventListener('statechange', () => active.state === 'activated' && resolve()),
      );
  });
}

/**
 * Counts, from the next page load on, how far the page's content moved by itself (layout shifts not caused by
 * the person, as the browser measures them); `shifted(page)` reads the total.
 */
export async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const shifted = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifted: number }).shifted);

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

/**
 * Moves an organization (by its name) to Enterprise, five businesses per owner, through the Data API as the
 * service role, so its owner may create more: the free plan allows one.
 */
export async function allowMoreOrganizations(page: Page, organizationName: string) {
  const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const found = await page.request.get(
    `/rest/v1/organizations?select=id&name=eq.${encodeURIComponent(organizationName)}`,
    { headers },
  );
  const [org] = (await found.json()) as { id: string }[];
  const upgraded = await page.request.patch(`/rest/v1/licenses?org_id=eq.${org!.id}`, {
    headers,
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
  const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const found = await page.request.get(
    `/rest/v1/organizations?select=id&name=eq.${encodeURIComponent(organizationName)}`,
    { headers },
  );
  const [org] = (await found.json()) as { id: string }[];
  const billed = await page.request.post('/rest/v1/rpc/bill_due_subscriptions', {
    headers,
    data: { p_now: at.toISOString(), p_org_id: org!.id },
  });
  expect(billed.ok(), await billed.text()).toBe(true);
  return (await billed.json()) as number;
}

/** Signs out through /api/logout and waits until the session is gone. */
export async function signOut(page: Page) {
  await page.goto('/api/logout');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kasuwa-auth'))).toBeNull();
}

/** Calls /api as the signed-in user of the page (to prepare data a test is not about). */
/** The access token signIn asked Auth for, per page: what apiAs uses before the app has loaded. */
const sessions = new WeakMap<Page, string>();

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

/**
 * The device warm-up's code is not served to `target` (a page, or a context a test opens itself), as when
 * the connection drops before it downloads: the app goes on without it (see the warmUp option).
 */
export const holdWarmUp = (target: Page | BrowserContext) =>
  target.route(/\/assets\/warm-device-[^/]*\.js$/, (route) => route.abort());
