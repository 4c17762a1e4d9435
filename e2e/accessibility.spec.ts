// Every screen passes axe-core's WCAG 2.1 A and AA rules with no serious or critical violation, in English
// and French, light and dark, on the phone and the desktop project: a visitor's pages, each app screen of
// a shop with data in it, an invoice, the public page a customer opens, and the dialogs a shopkeeper uses.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, signOut, stockedShop, test, useLanguage } from './fixtures.ts';

const SERIOUS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one line each (rule, element, text). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** Opens a screen, waits for what shows it is ready, and checks it. */
async function check(page: Page, path: string, ready: (p: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  expect.soft(await violations(page), path).toEqual([]);
}

const visible = (testId: string) => async (p: Page) => {
  await expect(p.getByTestId(testId).first()).toBeVisible();
};
const heading = async (p: Page) => {
  await expect(p.locator('main h1, h1').first()).toBeVisible();
};

/**
 * Each language in each theme, spread over the two projects (a full cross would double the run for little):
 * the phone checks English light and French dark, the desktop English dark and French light.
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

test.describe('accessibility', () => {
  test('the pages a visitor sees are accessible, in both languages and both themes', async ({
    page,
    isMobile,
  }) => {
    test.slow(); // nine pages, each analysed, in two languages and themes
    for (const [locale, theme] of runs(isMobile))
      await test.step(`${locale}, ${theme}`, async () => {
        // The last init script wins: each pair's language and theme replace the previous pair's.
        await prepare(page, locale, theme);
        for (const path of [
          '/',
          '/features',
          '/pricing',
          '/about',
          '/testimonials',
          '/demo',
          '/login',
          '/register',
        ])
          await check(page, path, async (p) => {
            await heading(p);
            await inTheme(p, theme);
          });
        await check(page, '/no-such-page', heading);
      });
  });

  test('every app screen, its dialogs and the shared invoice are accessible, in both languages and both themes', async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(360_000); // some fifteen screens, each analysed, for two owners
    for (const [locale, theme] of runs(isMobile))
      await test.step(`${locale}, ${theme}`, async () => {
        await prepare(page, locale, theme);
        const owner = await registerOwner(page, { locale });
        await signIn(page, owner.email, owner.password);
        // In the app the theme is the one saved with the member's preferences.
        const token = await page.evaluate(
          () => (JSON.parse(localStorage.getItem('kasuwa-auth')!) as { access_token: string }).access_token,
        );
        const saved = await page.request.put('/api/preferences', {
          headers: { authorization: `Bearer ${token}` },
          data: { theme },
        });
        expect(saved.ok(), await saved.text()).toBe(true);
        const { invoice } = await stockedShop(page);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute(
          'data-theme',
          theme === 'dark' ? 'kasuwa-dark' : 'kasuwa',
        );
        await check(page, '/', visible('metric-activeCustomers'));
        await check(page, '/inventory', async (p) => {
          await expect(p.locator('[data-row]').first()).toBeVisible();
        });
        await check(page, '/sales', async (p) => {
          await expect(p.locator('[data-row]').first()).toBeVisible();
        });
        await check(page, `/sales/invoices/${invoice.id}`, async (p) => {
          await expect(p.locator('.invoice-document')).toBeVisible();
        });
        await check(page, '/crm', async (p) => {
          await expect(p.getByText('Kofi Mensah').first()).toBeVisible();
        });
        await check(page, '/accounting', async (p) => {
          await expect(p.locator('[data-row]').first()).toBeVisible();
        });
        await check(page, '/reports', visible('report-cashReceived'));
        await check(page, '/team', async (p) => {
          await expect(p.locator('[data-row]').first()).toBeVisible();
        });
        for (const tab of ['organization', 'profile', 'preferences', 'notifications', 'plan', 'activity'])
          await check(page, `/settings?tab=${tab}`, async (p) => {
            await expect(p.getByRole('tabpanel')).toBeVisible();
          });

        // The dialogs a shopkeeper opens most: a new product, a new invoice.
        await page.goto('/inventory');
        await page
          .getByRole('button', { name: locale === 'en' ? 'Add Product' : 'Ajouter un produit' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect.soft(await violations(page), 'product dialog').toEqual([]);
        await page.goto('/sales');
        await page
          .getByRole('button', { name: locale === 'en' ? 'Create Invoice' : 'Créer une facture' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect.soft(await violations(page), 'invoice dialog').toEqual([]);

        // What a customer opens: the shared invoice.
        const { path } = await apiAs(page, `/invoices/${invoice.id}/share`, {});
        await signOut(page);
        await check(page, path, async (p) => {
          await expect(p.locator('.invoice-document')).toBeVisible();
        });
      });
  });
});
