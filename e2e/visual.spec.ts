// Visual regression: the main screens at the phone's and the desktop's width, in English and French,
// compared with the pictures kept beside this file (e2e/visual.spec.ts-snapshots, made with
// `npx playwright test e2e/visual.spec.ts --update-snapshots` and looked at before committing). A control
// drawn without its border, a badge without its colour or a column pushed off the screen changes enough
// pixels to fail; text that changes from run to run (names with a random part, dates) is masked.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';

/** A date (day-first, as every screen writes them): different every day, so masked. */
const DATE = /\b\d{1,2}[/.]\d{1,2}[/.]\d{4}\b/;

const options = (page: Page, volatile: string[] = []) => ({
  fullPage: false,
  animations: 'disabled' as const,
  caret: 'hide' as const,
  // Antialiasing differs by a few pixels from run to run; an unstyled control changes thousands.
  maxDiffPixelRatio: 0.01,
  mask: [page.getByText(DATE), ...volatile.map((text) => page.getByText(text))],
});

/** The app with its fixed theme and no toast in the way. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  // react-hot-toast's messages are live regions; the welcome toast goes after a few seconds.
  await expect(page.locator('[role=status][aria-live]')).toHaveCount(0, { timeout: 15_000 });
}

for (const locale of ['en', 'fr'] as const) {
  test.describe(`looks as it should (${locale})`, { tag: '@wide' }, () => {
    test.beforeEach(async ({ page, isMobile }) => {
      // The widths the screens are designed for: a 360 px phone, a 1366 px laptop.
      await page.setViewportSize(isMobile ? { width: 360, height: 780 } : { width: 1366, height: 768 });
      await useLanguage(page, locale);
      await page.addInitScript(() => localStorage.setItem('kasuwa-theme', 'light'));
    });

    test('the pages a visitor sees', async ({ page }) => {
      for (const [name, path] of [
        ['landing', '/'],
        ['pricing', '/pricing'],
        ['login', '/login'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${locale}.png`, options(page));
      }
    });

    test('the screens a shopkeeper works in', async ({ page }) => {
      test.slow(); // a shop is set up, then five screens are compared
      const owner = await registerOwner(page, {
        locale,
        firstName: 'Efua',
        lastName: 'Boateng',
        ...(locale === 'fr' ? { country: 'SN', currency: 'XOF' } : {}),
      });
      await signIn(page, owner.email, owner.password, { load: false });
      const rice = await apiAs(page, '/products', {
        name: 'Rice 5kg',
        sku: 'RICE-5',
        cost: 100,
        price: 150,
        openingStock: 2,
        lowStockThreshold: 5,
      });
      await apiAs(page, '/products', {
        name: 'Palm oil 1L',
        sku: 'OIL-1',
        cost: 50,
        price: 80,
        openingStock: 40,
        lowStockThreshold: 5,
      });
      const customer = await apiAs(page, '/customers', { name: 'Adébáyọ̀ Ọlá Stores' });
      const invoice = await apiAs(page, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        lines: [{ productId: rice.id, description: 'Rice 5kg', qty: 1, unitPrice: 150 }],
      });
      await apiAs(page, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 50 });
      await apiAs(page, '/expenses', { vendor: 'Landlord', category: 'rent', amount: 300 });

      for (const [name, path, ready] of [
        ['inventory', '/inventory', '[data-row]'],
        ['sales', '/sales', '[data-row]'],
        ['invoice', `/sales/invoices/${invoice.id}`, '.invoice-document'],
        ['accounting', '/accounting', '[data-row]'],
        ['settings', '/settings?tab=preferences', '[role=tabpanel]'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${locale}.png`, options(page, [owner.organizationName]));
      }
    });
  });
}
