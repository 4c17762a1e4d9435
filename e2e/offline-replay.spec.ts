// Sending the queue when things go wrong half-way: the server stopped and started again in the middle of a
// replay (a real local stack of this file's own, stopped and restarted), a gateway answering 502 for a while,
// and two tabs of the app coming back online together. Each time: nothing lost, nothing doubled, order kept.
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { loadConfig } from '../local/config.ts';
import { startStack, type Stack } from '../local/server.ts';
import { apiAs, expect, registerOwner, signIn, test, waitForServiceWorker } from './fixtures.ts';

// About the app kept on the phone: its service worker runs (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

const backOnline = async (page: Page) => {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
};

/** The outbox as the device holds it: ids in sending order, with what each is and how often it was tried. */
const outboxOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('kasuwa');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    type Entry = { id: string; seq: number; path: string; label: string; status: string; attempts: number };
    const all = await new Promise<Entry[]>((resolve, reject) => {
      const r = db.transaction('outbox').objectStore('outbox').index('seq').getAll();
      r.onsuccess = () => resolve(r.result as never);
      r.onerror = () => reject(r.error);
    });
    db.close();
    return all.map(({ id, path, label, status, attempts }) => ({ id, path, label, status, attempts }));
  });

/** A sale made in the invoice dialog for a customer added from it, with one free-text line. */
async function saleToNewCustomer(page: Page, customerName: string, item: string, price: string) {
  await button(page, 'Create Invoice').click();
  const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
  await invoice.getByRole('button', { name: 'New customer' }).click();
  const customer = page.getByRole('dialog', { name: 'Add Customer' });
  await customer.getByLabel('Name').fill(customerName);
  await customer.getByRole('button', { name: 'Save Customer' }).click();
  await expect(invoice.getByTestId('chosen-customer')).toHaveText(customerName);
  await invoice.locator('#line-0-description').fill(item);
  await invoice.locator('#line-0-qty').fill('1');
  await invoice.locator('#line-0-price').fill(price);
  await invoice.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Invoice' })).toHaveCount(0);
}

/**
 * Stops a stack the way a crash does for its clients: every open connection is cut at once. (The stack's own
 * stop() waits for its keep-alive connections, and the edge runtime may keep one open for a long time.)
 */
async function stop(stack: Stack | undefined) {
  if (!stack) return;
  const server = (process as unknown as { _getActiveHandles(): unknown[] })
    ._getActiveHandles()
    .find(
      (h): h is Server =>
        h instanceof Server && (h.address() as AddressInfo | null)?.port === stack.config.port,
    );
  const stopping = stack.stop(); // stops listening at once
  server?.closeAllConnections();
  await stopping;
}

const POSTS = /\/api\/(customers|invoices|products|payments|leads)$/;

test.describe('a replay interrupted', () => {
  test.describe('by the server stopping', () => {
    // What the app reads in the background (the device's warm-up, a list's refresh) may reach the server
    // while it stops: the browser logs the 503 it answers ("try again"), which the app handles.
    test.use({ expectedConsoleErrors: [/status of 503/] });
    // A stack of this file's own (its own ports and data folder per project, so desktop and phone never
    // share one, and two runs of the suite on other E2E_PORTs never meet), stopped and started again while the app is sending.
    let stack: Stack;
    let config: ReturnType<typeof loadConfig>;
    const logs: string[] = [];

    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(240_000);
      // Beside the suite's own stack (E2E_PORT), past its mail catcher (+4, +5) and the other files' (+20, +30).
      const base = Number(process.env.E2E_PORT ?? 24500) + 40;
      const port = testInfo.project.name === 'phone' ? base + 10 : base;
      config = loadConfig({
        ...process.env,
        PORT: String(port),
        DATA_DIR: `.data/offline-restart-${testInfo.project.name}`,
        AUTH_RATE_LIMIT_SIGN_IN: '100000',
      });
      stack = await startStack({ reset: true, config, log: (line) => logs.push(line) });
    });

    test.afterAll(async () => {
      await stop(stack);
    });

    test('nothing is lost, nothing is doubled and the order is kept when the server stops mid-replay and starts again', async ({
      page,
    }) => {
      test.setTimeout(180_000); // the server is stopped and started again during the test
      const url = stack.url;
      const owner = {
        email: `restart-${Date.now()}@test.kasuwa.app`,
        password: 'owner-secret-1',
        firstName: 'Efua',
        lastName: 'Boateng',
        organizationName: 'Restart Provisions',
        country: 'GH',
        currency: 'GHS',
      };
      const registered = await page.request.post(`${url}/api/auth/register`, { data: owner });
      expect(registered.status(), await registered.text()).toBe(201);
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByLabel('User menu')).toBeVisible();
      await page.goto(`${url}/sales?tab=invoices`);
      await expect(page.getByText('No invoices found')).toBeVisible();
      await waitForServiceWorker(page);

      // A morning offline: three sales, each to a customer added on the spot.
      await page.context().setOffline(true);
      await saleToNewCustomer(page, 'Adjoa First', 'Sugar 1kg', '10');
      await saleToNewCustomer(page, 'Bright Second', 'Milk tin', '20');
      await saleToNewCustomer(page, 'Comfort Third', 'Rice 5kg', '30');
      await expect(page.getByTestId('pending-changes')).toHaveText('6 pending changes');
      const queued = await outboxOnDevice(page);
      expect(queued.map((e) => `${e.path} ${e.label}`)).toEqual([
        '/api/customers Adjoa First',
        '/api/invoices Adjoa First',
        '/api/customers Bright Second',
        '/api/invoices Bright Second',
        '/api/customers Comfort Third',
        '/api/invoices Comfort Third',
      ]);

      // Back online; the server stops right after it has applied the third change, before its reply
      // leaves: the device never hears back, and the next tries find nobody there.
      let applied = 0;
      let stopped: Promise<void> | undefined;
      await page.route(POSTS, async (route) => {
        if (route.request().method() !== 'POST' || stopped || ++applied < 3) return route.continue();
        await route.fetch();
        stopped = stop(stack);
        await route.abort('connectionreset');
      });
      await backOnline(page);
      await expect.poll(() => stopped !== undefined, { timeout: 15_000 }).toBe(true);
      await stopped;
      await page.unroute(POSTS);
      // The app keeps trying against a dead server (its next change is tried again): nothing is dropped.
      await expect
        .poll(async () => (await outboxOnDevice(page))[0]?.attempts ?? 0, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      expect((await outboxOnDevice(page)).map((e) => e.id)).toEqual(queued.slice(2).map((e) => e.id));
      await expect(page.getByTestId('pending-changes')).toHaveText('4 pending changes');

      // The server starts again on the same data; the app sends the rest on its next try.
      stack = await startStack({ config, log: (line) => logs.push(line) });
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 30_000 });

      const db = new pg.Client({ connectionString: stack.db.postgresUrl });
      await db.connect();
      try {
        const org = await db.query<{ id: string }>('select id from organizations where name = $1', [
          owner.organizationName,
        ]);
        const orgId = org.rows[0]!.id;
        const customers = await db.query<{ name: string; n: number }>(
          'select name, count(*)::int as n from customers where org_id = $1 group by name order by name',
          [orgId],
        );
        expect(customers.rows).toEqual([
          { name: 'Adjoa First', n: 1 },
          { name: 'Bright Second', n: 1 },
          { name: 'Comfort Third', n: 1 },
        ]);
        // Numbers are given as the server applies them (quotes here): they follow the order of the morning.
        const invoices = await db.query<{ number: string; name: string; total: string }>(
          `select i.number, c.name, i.total::text from invoices i join customers c on c.id = i.customer_id
            where i.org_id = $1 order by i.number`,
          [orgId],
        );
        expect(invoices.rows.map((r) => `${r.number} ${r.name}`)).toEqual([
          'QUO-000001 Adjoa First',
          'QUO-000002 Bright Second',
          'QUO-000003 Comfort Third',
        ]);
        // Each change applied once, in the order it was made.
        const mutations = await db.query<{ mutation_id: string }>(
          'select mutation_id from sync_mutations where org_id = $1 order by created_at, mutation_id',
          [orgId],
        );
        expect(mutations.rows.map((r) => r.mutation_id)).toEqual(queued.map((e) => e.id));
      } finally {
        await db.end();
      }
    });
  });

  test('a gateway answering 502 half-way through holds the rest back until it recovers; then each arrives once, in order', async ({
    browser,
    baseURL,
  }, testInfo) => {
    // A page of its own: Chromium itself logs every 502 as a console error, which the shared fixture would
    // count against the app. Any other console error still fails the test.
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
    const context = await browser.newContext({
      baseURL,
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (
        m.type() === 'error' &&
        !/^Failed to load resource: (net::ERR_|the server responded with a status of (4\d\d|502))/.test(
          m.text(),
        )
      )
        errors.push(m.text());
    });
    test.slow(); // two sales typed in, then a wait for the app's next try
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/sales?tab=invoices');
    // The screen is loaded before the network goes (this first visit's page is not served by the app's
    // service worker yet, so a screen not loaded by then could not load offline).
    await expect(page.getByText('No invoices found')).toBeVisible();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await saleToNewCustomer(page, 'Gateway One', 'Soap', '5');
    await saleToNewCustomer(page, 'Gateway Two', 'Oil', '15');
    await expect(page.getByTestId('pending-changes')).toHaveText('4 pending changes');
    const queued = await outboxOnDevice(page);

    // Every call after the second answers 502 until the gateway recovers.
    let calls = 0;
    let down = true;
    const refused: string[] = [];
    await page.route('**/api/**', async (route) => {
      const isWrite = route.request().method() === 'POST' && POSTS.test(route.request().url());
      if (isWrite) calls++;
      if (!down || (isWrite && calls <= 2) || !isWrite) return route.continue();
      refused.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
    });
    await backOnline(page);
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Only the third change was tried: the fourth, made after it, waits its turn.
    expect(new Set(refused)).toEqual(new Set([queued[2]!.id]));
    await expect(page.getByTestId('pending-changes')).toHaveText('2 pending changes');
    expect((await outboxOnDevice(page)).map((e) => e.id)).toEqual([queued[2]!.id, queued[3]!.id]);

    down = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });
    const invoices = (await apiAs(page, '/invoices')) as { number: string; customer: { name: string } }[];
    expect(invoices.map((i) => `${i.number} ${i.customer.name}`).sort()).toEqual([
      'QUO-000001 Gateway One',
      'QUO-000002 Gateway Two',
    ]);
    expect(await apiAs(page, '/customers?search=Gateway')).toHaveLength(2);
    await context.close();
    expect(errors, 'console errors').toEqual([]);
  });

  test('two tabs offline then online: one sends, each change once, and both show the same queue', async ({
    page,
    context,
  }) => {
    test.slow(); // two tabs
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/sales?tab=customers');
    await expect(page.getByText('No customers yet')).toBeVisible();
    await waitForServiceWorker(page);
    const other = await context.newPage();
    await other.goto('/crm');
    await expect(other.getByTestId('column-PROSPECT')).toBeVisible();

    await context.setOffline(true);
    // In the first tab a customer, in the second a lead: each tab shows both.
    await button(page, 'Add Customer').click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Two-Tab Kojo');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await button(other, 'Add Lead').click();
    const lead = other.getByRole('dialog', { name: 'Add Lead' });
    await lead.getByLabel('Name').fill('Two-Tab Lead');
    await lead.getByRole('button', { name: 'Save Lead' }).click();
    await expect(other.getByText('Saved on this device')).toBeVisible();
    for (const tab of [page, other])
      await expect(tab.getByTestId('pending-changes')).toHaveText('2 pending changes');

    // Both tabs learn at once that the network is back, and both try to send. What counts is what the
    // server answered: a retry timer may fire just before the network is back, and that attempt fails in
    // the browser (ERR_INTERNET_DISCONNECTED) without reaching the server; sending it again is right.
    const sent: string[] = [];
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && POSTS.test(request.url()))
        sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await context.setOffline(false);
    await Promise.all(
      [page, other].map((tab) => tab.evaluate(() => window.dispatchEvent(new Event('online')))),
    );
    for (const tab of [page, other])
      await expect(tab.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });
    // One tab sent each change, once: no second request for any of them.
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    expect(await apiAs(page, '/customers?search=Two-Tab')).toHaveLength(1);
    expect(await apiAs(page, '/leads?search=Two-Tab')).toHaveLength(1);
    await other.close();
  });
});
