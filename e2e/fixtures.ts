// Playwright fixtures: every test fails on a console error or an uncaught page error, and can choose the
// interface language before the app loads. A spec imports everything from here: the fixtures, what a test
// does to the page (page.ts) and the people and sessions it makes (session.ts).
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';

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
export * from './page.ts';
export * from './session.ts';

/**
 * The device warm-up's code is not served to `target` (a page, or a context a test opens itself), as when
 * the connection drops before it downloads: the app goes on without it (see the warmUp option).
 */
export const holdWarmUp = (target: Page | BrowserContext) =>
  target.route(/\/assets\/warm-device-[^/]*\.js$/, (route) => route.abort());
