// Every screen passes axe-core's WCAG 2.1 A and AA rules with no serious or critical violation, in English
// and French, light and dark, on the phone and the desktop project, each screen analysed once per project: a
// visitor's pages (which also fit a 360 px phone and a 1280 px laptop without scrolling sideways), each app
// screen of a shop with data in it, an invoice, the public page a customer opens, and the dialogs a
// shopkeeper uses.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, signOut, test, useLanguage, tokenOf } from './fixtures.ts';
import { stockedShop } from './shop.ts';

const SERIOUS = new Set(['serious', 'critical']);

/**
 * The serious and critical violations on the page as it is now, one line each (rule, element, text): the
 * whole page, or only `within` (a screen's <main> once its header and navigation were checked, a dialog).
 */
async function violations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** Opens a screen, waits for what shows it is ready, and checks it. */
async function check(page: Page, path: string, ready: (p: Page) => Promise<void>, within?: string) {
  await page.goto(path);
  await ready(page);
  expect.soft(await violations(page, within), path).toEqual([]);
}

const visible = (testId: string) => async (p: Page) => {
  await expect(p.getByTestId(testId).first()).toBeVisible();
};
const rows = async (p: Page) => {
  await expect(p.locator('[data-row]').first()).toBeVisible();
};
const heading = async (p: Page) => {
  await expect(p.locator('main h1, h1').first()).toBeVisible();
};

/**
 * Each language in each theme, spread over the two projects and over the screens (a full cross would
 * quadruple the run for little): the phone checks English light and French dark, the desktop English dark and
 * French light, each screen in one pair per project — so each screen in both themes and both languages.
 */
const RUNS = {
  phone: [
    ['en', 'light'],
    ['fr', 'dark'],
  ],
  desktop: [
    ['en', 'dark'],
    ['fr', 'light'],
  ],
} as const;

async function prepare(page: Page, locale: 'en' | 'fr', theme: 'light' | 'dark') {
  await useLanguage(page, locale);
  await page.addInitScript((t) => localStorage.setItem('kasuwa-theme', t), theme);
}

/** The visitor's pages are in the theme chosen on this device. */
async function inTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute(
    'data-theme',
    theme === 'dark' ? 'kasuwa-dark' : 'kasuwa',
  );
}

/** The pairs this project checks (the phone project is the one with a mobile viewport). */
const runs = (isMobile: boolean) => RUNS[isMobile ? 'phone' : 'desktop'];

/** Screen `i` of a list is checked in the project's pair `i % 2`: each screen once per project. */
const pairFor = (isMobile: boolean, i: number) => runs(isMobile)[i % 2]!;

test.describe('accessibility', { tag: '@wide' }, () => {
  test('the pages a visitor sees are accessible, in both languages and both themes, and fit the screen', async ({
    page,
    isMobile,
  }) => {
    test.slow(); // eleven pages, each analysed
    // The narrowest phone we support, and a laptop: no page scrolls sideways at either width.
    await page.setViewportSize(isMobile ? { width: 360, height: 800 } : { width: 1280, height: 800 });
    const paths = [
      '/',
      '/features',
      '/pricing',
      '/about',
      '/testimonials',
      '/demo',
      '/login',
      '/register',
      '/terms',
      '/privacy',
    ];
    for (const [i, path] of [...paths, '/no-such-page'].entries()) {
      const [locale, theme] = pairFor(isMobile, i);
      // The language and theme this device keeps, as the switches save them, before the page loads.
      await page.addInitScript(
        ([l, t]) => {
          localStorage.setItem('kasuwa-locale', l);
          localStorage.setItem('kasuwa-theme', t);
        },
        [locale, theme] as const,
      );
      await check(page, path, async (p) => {
        await heading(p);
        if (path !== '/no-such-page') await inTheme(p, theme);
        await expect(p.locator('html')).toHaveAttribute('lang', locale);
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect.soft(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });

  // Two tests, one per language and theme of the project, so the two halves run side by side.
  for (const pass of [0, 1] as const)
    test(`every app screen, its dialogs and the shared invoice are accessible (${pass ? 'second' : 'first'} language and theme)`, async ({
      page,
      isMobile,
    }) => {
      test.slow(); // some eight screens and a dialog, each analysed once
      // The screens, each checked once: the even ones by the project's first pair, the odd by its second.
      const screens: [string, (p: Page) => Promise<void>][] = [
        ['/', visible('metric-activeCustomers')],
        ['/inventory', rows],
        ['/sales', rows],
        ['INVOICE', async (p) => expect(p.locator('.invoice-document')).toBeVisible()],
        ['/crm', async (p) => expect(p.getByText('Kofi Mensah').first()).toBeVisible()],
        ['/accounting', rows],
        ['/reports', visible('report-cashReceived')],
        ['/team', rows],
        ...['organization', 'profile', 'preferences', 'notifications', 'plan', 'activity'].map(
          (tab) =>
            [`/settings?tab=${tab}`, async (p: Page) => expect(p.getByRole('tabpanel')).toBeVisible()] as [
              string,
              (p: Page) => Promise<void>,
            ],
        ),
      ];
      const [locale, theme] = runs(isMobile)[pass];
      await prepare(page, locale, theme);
      const owner = await registerOwner(page, { locale });
      await signIn(page, owner.email, owner.password);
      // In the app the theme is the one saved with the member's preferences.
      const token = await tokenOf(page);
      const saved = await page.request.put('/api/preferences', {
        headers: { authorization: `Bearer ${token}` },
        data: { theme },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const { invoice } = await stockedShop(page);
      // The header and the navigation are the same on every screen: the first screen is checked whole, the
      // others for what they add (their <main>).
      let first = true;
      for (const [i, [path, ready]] of screens.entries())
        if (i % 2 === pass) {
          await check(
            page,
            path === 'INVOICE' ? `/sales/invoices/${invoice.id}` : path,
            ready,
            first ? undefined : 'main',
          );
          if (first)
            await expect(page.locator('html')).toHaveAttribute(
              'data-theme',
              theme === 'dark' ? 'kasuwa-dark' : 'kasuwa',
            );
          first = false;
        }

      if (pass === 0) {
        // The dialog a shopkeeper opens most: a new product.
        await page.goto('/inventory');
        await page
          .getByRole('button', { name: locale === 'en' ? 'Add Product' : 'Ajouter un produit' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect.soft(await violations(page, 'dialog[open]'), 'product dialog').toEqual([]);
      } else {
        // And a new invoice; then what a customer opens: the shared invoice.
        await page.goto('/sales');
        await page
          .getByRole('button', { name: locale === 'en' ? 'Create Invoice' : 'Créer une facture' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect.soft(await violations(page, 'dialog[open]'), 'invoice dialog').toEqual([]);
        const { path } = await apiAs(page, `/invoices/${invoice.id}/share`, {});
        await signOut(page);
        await check(page, path, async (p) => {
          await expect(p.locator('.invoice-document')).toBeVisible();
        });
      }
    });
});
