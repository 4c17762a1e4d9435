// The installed app around the outbox: it opens without a network after one visit (a browser restarted
// offline), a new release asks before it takes over, an expired session pauses the queue without losing it,
// and the app asks the browser to keep its storage.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage, waitForServiceWorker } from './fixtures.ts';

// About the app kept on the phone: its service worker runs (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

async function addCustomer(page: Page, name: string) {
  await button(page, 'Add Customer').click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
}

/**
 * The app on an origin of its own, in front of the test stack, whose /sw.js a test can change the way a new
 * release changes it (Playwright's routing does not see the browser's service-worker update checks).
 */
async function releasableApp(target: string) {
  const state = { release: 1 };
  const server: Server = createServer((req, res) => {
    const sw = req.url?.startsWith('/sw.js') && state.release > 1;
    const headers = { ...req.headers, host: new URL(target).host };
    if (sw) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers }, (up) => {
      if (!sw) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// release ${state.release}\n`)]);
        const { etag: _etag, 'last-modified': _modified, ...kept } = up.headers;
        res.writeHead(up.statusCode ?? 200, { ...kept, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('the installed app', () => {
  test('opens in a browser started again without a network, with the lists seen and the changes not yet sent', async ({
    page,
    baseURL,
    browserName,
    playwright,
  }, testInfo) => {
    test.slow(); // the browser is started three times
    const owner = await registerOwner(page);
    const { defaultBrowserType: _type, ...device } = testInfo.project.use as Record<string, unknown>;
    const profile = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-cold-'));
    const launch = (offline: boolean) =>
      playwright[browserName].launchPersistentContext(profile, {
        ...device,
        ...testInfo.project.use.launchOptions,
        baseURL,
        offline,
        serviceWorkers: 'allow', // the project's options say block; this test is about the worker
      });
    const errors: string[] = [];
    const watch = (p: Page) => {
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('console', (m) => {
        if (
          m.type() === 'error' &&
          !/^Failed to load resource: (net::ERR_|the server responded with a status of 4)/.test(m.text())
        )
          errors.push(m.text());
      });
      return p;
    };
    try {
      // One visit with a network: sign in, see the dashboard and the customers.
      let browser = await launch(false);
      let tab = watch(browser.pages()[0] ?? (await browser.newPage()));
      await signIn(tab, owner.email, owner.password);
      await expect(tab.getByRole('heading', { name: 'Welcome, Efua' })).toBeVisible();
      await tab.goto('/sales?tab=customers');
      await expect(tab.getByText('No customers yet')).toBeVisible();
      await waitForServiceWorker(tab);
      // What was seen is in the browser's storage (written a moment after it is shown).
      await tab.waitForFunction(() => /api\/customers/.test(localStorage.getItem('kasuwa-cache') ?? ''));
      await browser.close();

      // The phone loses its network, and the app is opened from the home screen: a cold start.
      browser = await launch(true);
      tab = watch(browser.pages()[0] ?? (await browser.newPage()));
      await tab.goto('/');
      await expect(tab.getByRole('heading', { name: 'Welcome, Efua' })).toBeVisible();
      await expect(tab.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
      await tab.goto('/sales?tab=customers');
      await expect(tab.getByText('No customers yet')).toBeVisible();
      await addCustomer(tab, 'Cold-Start Kwame');
      await expect(tab.getByTestId('pending-changes')).toHaveText('1 pending change');
      await browser.close();

      // Opened again, still offline: the change is still there; then the network returns and it is sent once.
      browser = await launch(true);
      tab = watch(browser.pages()[0] ?? (await browser.newPage()));
      await tab.goto('/sales?tab=customers');
      await expect(tab.getByTestId('pending-changes')).toHaveText('1 pending change');
      await expect(tab.getByTestId('customers-table')).toContainText('Cold-Start Kwame');
      await browser.setOffline(false);
      await tab.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect(tab.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });
      expect(await apiAs(tab, '/customers?search=Cold-Start')).toHaveLength(1);
      await browser.close();
      expect(errors, 'console errors').toEqual([]);
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('a new release asks "A new version is available" during the visit that installed the app and on a later visit, and Update reloads into it', async ({
    page,
    baseURL,
  }) => {
    test.slow(); // the app downloaded three times, through a proxy that can change release
    const app = await releasableApp(baseURL!);
    try {
      const owner = await registerOwner(page);
      await page.goto(`${app.url}/login`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByLabel('User menu')).toBeVisible();
      await waitForServiceWorker(page);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);

      /** A release deployed while the app is open: the app asks, and Update reloads into it. */
      const deployed = async (release: number) => {
        app.state.release = release;
        await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        await expect(page.getByText('A new version is available. Would you like to update?')).toBeVisible();
        await Promise.all([
          page.waitForEvent('load'),
          page.getByTestId('update-prompt').getByRole('button', { name: 'Update' }).click(),
        ]);
        await expect(page.getByLabel('User menu')).toBeVisible();
        expect(
          await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate),
        ).toBeUndefined();
        await expect(page.getByTestId('update-prompt')).toHaveCount(0);
        // The new release is the one running, and nothing else waits.
        expect(
          await page.evaluate(async () => {
            const r = (await navigator.serviceWorker.getRegistration())!;
            return { waiting: !!r.waiting, controlled: !!navigator.serviceWorker.controller };
          }),
        ).toEqual({ waiting: false, controlled: true });
      };
      // During the visit that installed the app.
      await deployed(2);
      // A later visit: the app opened again, served by the installed version.
      await expect(async () => {
        await page.goto(`${app.url}/sales`);
        expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      }).toPass();
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      await deployed(3);
    } finally {
      await app.close();
    }
  });

  test('keeps its storage, and an expired session pauses the queue until the member signs in again; nothing is dropped', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      const w = window as { persistAsked?: number };
      w.persistAsked = 0;
      const original = navigator.storage.persist.bind(navigator.storage);
      navigator.storage.persist = () => {
        w.persistAsked! += 1;
        return original();
      };
    });
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/sales?tab=customers');
    await expect(page.getByText('No customers yet')).toBeVisible();
    // The app asks the browser to keep its storage, so the changes it holds are not evicted.
    await expect
      .poll(() => page.evaluate(() => (window as { persistAsked?: number }).persistAsked))
      .toBeGreaterThan(0);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await addCustomer(page, 'Abena Expired-Session');
    await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change');

    // While the phone is offline the session ends: signed out everywhere on the server, and the access
    // token this device holds is past its time.
    const session = await page.evaluate(
      () => JSON.parse(localStorage.getItem('kasuwa-auth')!) as { access_token: string },
    );
    const revoked = await page.request.post('/auth/v1/logout?scope=global', {
      headers: { authorization: `Bearer ${session.access_token}`, apikey: ANON_KEY },
    });
    expect(revoked.status()).toBe(204);
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('kasuwa-auth')!) as { expires_at: number };
      localStorage.setItem(
        'kasuwa-auth',
        JSON.stringify({ ...s, expires_at: Math.floor(Date.now() / 1000) - 60 }),
      );
    });

    await context.setOffline(false);
    // The browser's own 'online' event may already have sent the queue, met the ended session and gone to
    // sign-in: the page this would run in is then gone, which is what the test waits for anyway.
    await page
      .evaluate(() => window.dispatchEvent(new Event('online')))
      .catch((e: Error) => expect(e.message).toContain('Execution context was destroyed'));
    // Nothing was sent, nothing was dropped: the change waits on the device.
    const kept = () =>
      page
        .evaluate(async () => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const r = indexedDB.open('kasuwa');
            r.onsuccess = () => resolve(r.result);
            r.onerror = () => reject(r.error);
          });
          const all = await new Promise<{ label: string; status: string }[]>((resolve, reject) => {
            const r = db.transaction('outbox').objectStore('outbox').getAll();
            r.onsuccess = () => resolve(r.result as { label: string; status: string }[]);
            r.onerror = () => reject(r.error);
          });
          db.close();
          return all.map((e) => `${e.label}: ${e.status}`);
        })
        // Read again on the next poll if the page was just being replaced by the sign-in page.
        .catch((e: Error) =>
          e.message.includes('Execution context was destroyed') ? null : Promise.reject(e),
        );
    // The app says the session ended and goes to sign-in (the toast, then /login), keeping the change.
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(kept).toEqual(['Abena Expired-Session: needs-sign-in']);
    await expect(page.getByLabel('User menu')).toHaveCount(0); // the app no longer has a session
    expect(await customersOnServer(page, owner, 'Expired-Session')).toBe(0);

    // The member opens sign-in (wherever the app sent them) and signs in again, without a reload after it:
    // the queue resumes and the change arrives, once.
    await expect(async () => {
      await page.goto('/login');
      await expect(page.getByLabel('Email')).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('User menu')).toBeVisible();
    await expect.poll(kept, { timeout: 15_000 }).toEqual([]);
    await expect(page.getByTestId('pending-changes')).toHaveCount(0);
    expect(await customersOnServer(page, owner, 'Expired-Session')).toBe(1);
  });

  test.describe('on a connection that says it is up but answers nothing', () => {
    test.use({ serviceWorkers: 'block' });
    test('a list seen once stays on the device through failed refreshes and reloads', async ({ page }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password, { load: false });
      await apiAs(page, '/customers', { name: 'Lie-Fi Ama' });
      await page.goto('/sales?tab=customers');
      await expect(page.getByTestId('customers-table')).toContainText('Lie-Fi Ama');
      await page.waitForFunction(() => (localStorage.getItem('kasuwa-cache') ?? '').includes('Lie-Fi Ama'));
      // The phone shows full bars, but every call to the server is dropped (a 3G cell that lost its backhaul).
      await page.route('**/api/**', (route) => route.abort('connectionreset'));
      const reloaded = await page.evaluate(() => Date.now());
      await page.reload();
      await expect(page.getByTestId('customers-table')).toContainText('Lie-Fi Ama');
      // The app tried to read again and failed; the copy it keeps, written after that, still has the list.
      await page.waitForFunction((since) => {
        const kept = JSON.parse(localStorage.getItem('kasuwa-cache') ?? 'null') as {
          timestamp: number;
        } | null;
        return !!kept && kept.timestamp > since;
      }, reloaded);
      expect(await page.evaluate(() => localStorage.getItem('kasuwa-cache'))).toContain('Lie-Fi Ama');
      await page.reload();
      await expect(page.getByTestId('customers-table')).toContainText('Lie-Fi Ama');
    });
  });

  test.describe('on a connection that takes a change and never answers', () => {
    test.use({ serviceWorkers: 'block' });
    test('the form is told its change is kept instead of waiting for ever, and a change made offline behind it too', async ({
      page,
      context,
    }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password, { load: false });
      await page.goto('/sales?tab=customers');
      await expect(page.getByText('No customers yet')).toBeVisible();
      // The request goes out and nothing ever comes back (a 3G cell that lost its backhaul mid-call).
      await page.route('**/api/customers', (route) =>
        route.request().method() === 'POST' ? undefined : route.fallback(),
      );
      // The form waits 20 s for the answer: on a clock the test moves, once the change has gone out.
      await page.clock.install();
      await button(page, 'Add Customer').click();
      const dialog = page.getByRole('dialog', { name: 'Add Customer' });
      await dialog.getByLabel('Name').fill('Stalled Adjoa');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/customers'));
      await dialog.getByRole('button', { name: 'Save Customer' }).click();
      await sent;
      await page.clock.runFor(19_000);
      await expect(dialog).toBeVisible(); // still waiting for the answer
      await page.clock.runFor(1_500);
      await expect(page.getByText('Saved on this device').first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // Offline now, with the queue still waiting on that call: the next form is told at once.
      await context.setOffline(true);
      await button(page, 'Add Customer').click();
      await dialog.getByLabel('Name').fill('Offline Kwesi');
      await dialog.getByRole('button', { name: 'Save Customer' }).click();
      await expect(dialog).toHaveCount(0, { timeout: 3_000 });
      await expect(page.getByTestId('pending-changes').filter({ visible: true })).toHaveText(
        '2 pending changes',
      );
    });
  });

  test.describe('a screen whose code cannot be downloaded', () => {
    // No service worker: the network drops before the app is kept for offline use.
    test.use({
      serviceWorkers: 'block',
      expectedConsoleErrors: [/Failed to fetch dynamically imported module/],
    });
    // In French only: its English words are the catalogues' own (checked complete in both languages by unit
    // tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
    for (const locale of ['fr'] as ('en' | 'fr')[]) {
      test(`says so in the member's language and opens on Try again once the network is back (${locale})`, async ({
        page,
      }) => {
        const words = {
          en: { title: 'This screen could not be opened', retry: 'Try again', type: 'Report Type' },
          fr: { title: 'Cet écran n’a pas pu s’ouvrir', retry: 'Réessayer', type: 'Type de rapport' },
        }[locale];
        await useLanguage(page, locale);
        const owner = await registerOwner(page, { locale });
        await signIn(page, owner.email, owner.password);
        await expect(page.getByLabel(locale === 'en' ? 'User menu' : 'Menu utilisateur')).toBeVisible();
        await page.context().setOffline(true);
        await page.evaluate(() => {
          history.pushState({}, '', '/reports');
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
        await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
        await expect(page.getByRole('alert')).toContainText(
          locale === 'en' ? 'Nothing you saved is lost.' : 'Rien de ce que vous avez enregistré n’est perdu.',
        );
        await page.context().setOffline(false);
        await page.getByRole('button', { name: words.retry }).click();
        await expect(page.getByLabel(words.type)).toBeVisible();
        await expect(page.getByRole('heading', { name: words.title })).toHaveCount(0);
      });
    }
  });
});

/** How many customers match, read with a session of their own (not the page's). */
async function customersOnServer(page: Page, owner: { email: string; password: string }, search: string) {
  const token = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email: owner.email, password: owner.password },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await page.request.get(`/api/customers?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as unknown[]).length;
}

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
