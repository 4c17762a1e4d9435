// What a phone on 3G downloads before it can show the first pages: the JavaScript of the landing page and of
// sign-in, as the server sends it (gzip), stays under 150 KB; the first Inventory visit of a signed-in member
// under 250 KB with one page of products. The service worker is blocked: its precache (every chunk, for
// offline use) is fetched after the page has loaded and is not what the page needs. The files are counted
// too: on 3G each is a round trip of its own (150 ms, six at a time), however small.
import type { Page, Request } from '@playwright/test';
import { expect, holdWarmUp, signIn, test, useLanguage } from './fixtures.ts';

test.use({ serviceWorkers: 'block' });

const KB = 1024;

interface Script {
  /** When it was asked for (ms since 1970). */
  startTime: number;
  path: string;
  bytes: number;
  encoding: string | undefined;
  cache: string | undefined;
}

/**
 * The scripts a page downloads for its first screen, with the bytes that went over the wire: those asked for
 * before the app marks the screen done and turns to background work (lib/idle.ts: what the next dialogs and
 * tabs need, for offline use), until the network is quiet.
 */
async function scriptsOf(page: Page, open: () => Promise<void>): Promise<Script[]> {
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = (await response?.allHeaders()) ?? {};
        scripts.push({
          startTime: request.timing().startTime,
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
        });
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await open();
  // Everything the page loads by itself: the route's chunk, its strings, what they import.
  const done = await page.waitForFunction(() => {
    const mark = performance.getEntriesByName('kasuwa:first-screen-done')[0];
    return mark && performance.timeOrigin + mark.startTime;
  });
  const doneAt = (await done.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  await Promise.all(pending);
  return scripts.filter((s) => s.startTime < doneAt);
}

const total = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.bytes, 0);
const listing = (scripts: Script[]) =>
  scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${(s.bytes / KB).toFixed(1)} KB ${s.path}`)
    .join('\n');

/** Every script came compressed, and a hashed one may be kept by the browser for a year. */
function expectServedWell(scripts: Script[]) {
  for (const s of scripts) {
    expect(s.encoding, `${s.path} is compressed`).toBe('gzip');
    if (s.path.startsWith('/assets/'))
      expect(s.cache, `${s.path} is cached`).toBe('public, max-age=31536000, immutable');
  }
}

for (const locale of ['en', 'fr'] as const) {
  test.describe(`a visitor's first page (${locale})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, locale));

    test('the landing page shows its headline with less than 150 KB of JavaScript, in a few files', async ({
      page,
    }) => {
      const scripts = await scriptsOf(page, async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          locale === 'en' ? 'Run your whole business from your phone' : /\S/,
        );
      });
      expectServedWell(scripts);
      expect(total(scripts), listing(scripts)).toBeLessThan(150 * KB);
      expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(8);
    });

    test('the sign-in page shows its form with less than 150 KB of JavaScript, in a few files', async ({
      page,
    }) => {
      const scripts = await scriptsOf(page, async () => {
        await page.goto('/login');
        await expect(page.getByLabel(locale === 'en' ? 'Password' : 'Mot de passe')).toBeVisible();
        await expect(
          page.getByRole('button', { name: locale === 'en' ? 'Sign In' : 'Se connecter' }),
        ).toBeVisible();
      });
      expectServedWell(scripts);
      expect(total(scripts), listing(scripts)).toBeLessThan(150 * KB);
      expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(10);
      // What checking and sending the form needs comes with the first submit.
      expect(listing(scripts)).not.toMatch(/supabase|zod/);
    });

    // Registration drew with the form library and the fields the screens share, from files holding more than it
    // needs (about 170 KB), and before that with zod, the Supabase client and every feature's strings (260 KB).
    test('the registration page shows its form with less than 150 KB of JavaScript, without zod, a form library or the Supabase client', async ({
      page,
    }) => {
      const scripts = await scriptsOf(page, async () => {
        await page.goto('/register');
        await expect(page.getByLabel(locale === 'en' ? 'First name' : 'Prénom')).toBeVisible();
        await expect(page.getByRole('button', { name: locale === 'en' ? 'Next' : 'Suivant' })).toBeVisible();
      });
      expectServedWell(scripts);
      expect(total(scripts), listing(scripts)).toBeLessThan(150 * KB);
      expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(11);
      expect(listing(scripts)).not.toMatch(/supabase|zod|screens|member/);
    });
  });
}

test('a first Inventory visit shows one page of products with less than 250 KB of JavaScript, in at most 20 files', async ({
  page,
  browser,
}) => {
  await signIn(page);
  // A bookmark to /inventory in a browser that has never downloaded the app: the session only.
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: 'block',
  });
  // The warm-up's reads for other screens, after this one is done, are not what is measured.
  await holdWarmUp(context);
  const visit = await context.newPage();
  const requests: Request[] = [];
  visit.on('request', (r) => r.url().includes('/api/') && requests.push(r));
  const scripts = await scriptsOf(visit, async () => {
    await visit.goto('/inventory');
    await expect(visit.locator('[data-row]').first()).toBeVisible();
  });
  // The screen's own calls, up to when it is done (then, once idle, the device keeps what other screens show).
  const doneAt = await visit.evaluate(
    () => performance.timeOrigin + performance.getEntriesByName('kasuwa:first-screen-done')[0]!.startTime,
  );
  // When the browser sent each call, by its own clock as the mark (not when the test heard of it), known once
  // it is answered.
  const calls = await Promise.all(
    requests.map(async (r) => {
      await r.response();
      return { url: new URL(r.url()), at: r.timing().startTime };
    }),
  );
  const asked = calls.filter((c) => c.at <= doneAt).map((c) => c.url);
  expectServedWell(scripts);
  expect(total(scripts), listing(scripts)).toBeLessThan(250 * KB);
  expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(20);
  // The forms come when a dialog opens; the list asks for its first page once, not a call per product.
  expect(listing(scripts)).not.toMatch(/zod|reasons-/);
  const lists = asked.filter((c) => c.pathname === '/api/products');
  const timeline = calls.map((c) => `${c.at - doneAt} ms ${c.url.pathname}${c.url.search}`).join('\n');
  expect(
    lists.map((c) => c.searchParams.get('limit')),
    `asked, from the screen done:\n${timeline}`,
  ).toEqual(['25']);
  expect(asked.filter((c) => c.pathname.startsWith('/api/products/'))).toEqual([]);
  await context.close();
});

// A member's first screen: its data does not wait for its code. index.html asks for it as soon as it knows the
// member (web/vite.config.ts), and the app takes those answers rather than asking again.
const FIRST_READS: [screen: string, reads: string[]][] = [
  ['/', ['/api/dashboard']],
  ['/inventory', ['/api/products?offset=0&limit=25']],
  ['/sales', ['/api/invoices?offset=0&limit=25']],
  [
    '/crm',
    [
      ...['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'].map(
        (s) => `/api/leads?stage=${s}&limit=25`,
      ),
      '/api/leads/summary',
    ],
  ],
  ['/accounting', ['/api/accounting/summary', '/api/expenses?offset=0&limit=25']],
  [
    '/reports',
    ['/api/reports/overview?days=30&offset=0&limit=25', '/api/reports/timeseries?days=30&offset=0&limit=25'],
  ],
  ['/team', ['/api/organizations/{org}/members', '/api/organizations/{org}/invitations']],
  [
    '/settings',
    [
      '/api/organizations/{org}/payment-reminders',
      '/api/organizations/{org}',
      '/api/organizations/{org}/profile',
    ],
  ],
];

test("a member's first visit to each screen asks for its data while the code downloads, only once, and draws without zod", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const storageState = await page.context().storageState();
  const orgId = (
    await page.evaluate(() =>
      fetch('/api/auth/user', {
        headers: { Authorization: `Bearer ${JSON.parse(localStorage.getItem('kasuwa-auth')!).access_token}` },
      }).then((r) => r.json()),
    )
  ).organizations[0].id as string;
  // Each screen visited once, in a browser that has nothing of the app yet.
  for (const [screen, reads] of FIRST_READS) {
    const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
    await holdWarmUp(context); // what is read after the screen is done is not what is measured
    const expected = reads.map((r) => r.replace('{org}', orgId));
    const asked: { path: string; at: number }[] = [];
    let allAsked = () => {};
    const readsAsked = new Promise<void>((resolve) => (allAsked = resolve));
    // The app's code is held back until the screen's reads have been asked for, or 5 s: a page that asks
    // for its data only once its code is here never does, and its reads come after.
    let released = Infinity;
    await context.route('**/assets/*.js', async (route) => {
      await Promise.race([readsAsked, new Promise((r) => setTimeout(r, 5000))]);
      released = Math.min(released, Date.now());
      await route.continue();
    });
    // And zod cannot be downloaded (the route added last is asked first): a screen that imports it with its
    // code could not be opened at all; its forms load their check later.
    await context.route(/\/assets\/zod-[\w-]+\.js$/, (route) => route.abort());
    const visit = await context.newPage();
    visit.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/') || r.method() !== 'GET') return;
      asked.push({ path: url.pathname + url.search, at: Date.now() });
      if (expected.every((p) => asked.some((a) => a.path === p))) allAsked();
    });
    await visit.goto(screen);
    await expect(visit.getByRole('main')).toBeVisible();
    // Drawn with its data: every read it makes on the way has been asked by then.
    await visit.waitForFunction(() => performance.getEntriesByName('kasuwa:first-screen-done').length > 0);
    for (const read of expected) {
      const times = asked.filter((a) => a.path === read);
      expect(times.length, `${screen}: ${read} asked once`).toBe(1);
      expect(times[0]!.at, `${screen}: ${read} asked before the code came`).toBeLessThanOrEqual(released);
    }
    // Drawn: not waiting ("Loading..."), not the screen's error, and with its controls.
    await expect(visit.getByRole('main').getByRole('status'), screen).toHaveCount(0);
    await expect(visit.getByRole('alert').filter({ hasText: 'could not be opened' }), screen).toHaveCount(0);
    await expect(visit.getByRole('main').getByRole('button').first(), screen).toBeVisible();
    await context.close();
  }
});
