// A first visit draws each screen once: the answer that comes last does not push down what is already on
// screen (Team's explainer under the invitations, Accounting's list under its cards, Inventory's list under
// its low-stock card). Each answer is held back in turn, as a slow line would, and what moved is measured.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, shifted, signIn, test, watchShifts } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

/**
 * Opens `path` afresh (nothing kept on the device) with the answers to `held` held back until released; the
 * page's layout shifts counted from its start (fixtures' watchShifts, installed once by the test).
 */
async function openHolding(page: Page, path: string, held: string) {
  // Before the page's own scripts: the app still open would otherwise write its cache back in the meantime.
  await page.addInitScript(() => localStorage.removeItem('kasuwa-cache'));
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await until;
    await route.continue();
  });
  await page.goto(path);
  return release;
}

const loading = (page: Page) => page.getByRole('main').getByRole('status');

test(
  'nothing moves as the last answer comes: Team, Accounting and Inventory each held back in turn',
  { tag: '@wide' },
  async ({ page }) => {
    const owner = await registerOwner(page);
    // Signed in for the first page the test opens: each screen it measures, with nothing kept from before.
    await signIn(page, owner.email, owner.password, { load: false });
    const orgId = (await apiAs(page, '/auth/user')).organizations[0].id as string;
    await apiAs(page, `/organizations/${orgId}/invitations`, {
      email: 'kwame@test.kasuwa.app',
      role: 'SALES',
    });
    await issuedInvoice(page, 500);
    await apiAs(page, '/expenses', { vendor: 'ECG', category: 'utilities', amount: 45 });
    await apiAs(page, '/products', {
      name: 'Milo',
      sku: 'MILO',
      cost: 1,
      price: 2,
      openingStock: 1,
      lowStockThreshold: 5,
    });
    await watchShifts(page);

    // Team: the members, their invitations and the roles explainer come together.
    let release = await openHolding(page, '/team', '**/invitations');
    await expect(loading(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Role Permissions' })).toHaveCount(0);
    release();
    await expect(page.getByTestId('invitation-row').filter({ visible: true })).toContainText(
      'kwame@test.kasuwa.app',
    );
    await expect(page.getByRole('heading', { name: 'Role Permissions' })).toBeVisible();
    expect(await shifted(page), 'Team').toBeLessThan(0.01);

    // Accounting: the expenses are not drawn until the cards have their figures.
    release = await openHolding(page, '/accounting', '**/api/accounting/summary');
    await expect(loading(page)).toBeVisible();
    await expect(page.getByText('ECG')).toBeHidden();
    release();
    await expect(page.getByTestId('card-invoiced')).toContainText('still owed');
    await expect(page.getByTestId('expenses-table').locator('[data-row]').first()).toContainText('ECG');
    await expect(loading(page)).toHaveCount(0);
    expect(await shifted(page), 'Accounting').toBeLessThan(0.01);

    // Inventory: the products wait for the low-stock card above them.
    release = await openHolding(page, '/inventory', '**/api/reports/metrics');
    await expect(loading(page)).toBeVisible();
    await expect(page.getByText('Milo')).toBeHidden();
    release();
    await expect(page.getByTestId('low-stock-alert')).toBeVisible();
    await expect(page.getByTestId('products-table').filter({ visible: true })).toContainText('Milo');
    expect(await shifted(page), 'Inventory').toBeLessThan(0.01);
  },
);
