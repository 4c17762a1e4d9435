import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** Waits until the service worker controls the page, so a reload works without the network. */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return !!registration?.active;
  });
}

test.describe('offline', () => {
  test('a day without network: a product, a customer and an invoice for them made offline survive a reload and reach the server once', async ({
    page,
    context,
  }) => {
    test.slow(); // a whole day's journey in one test
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await page.goto('/sales?tab=customers');
    await expect(page.getByText('No customers yet')).toBeVisible();
    await page.goto('/inventory');
    await expect(page.getByText('No products yet')).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await expect(page.getByText("You're Offline")).toBeVisible();
    await expect(
      page
        .getByText('You can continue working. Changes will sync when you’re back online.')
        .or(page.getByText("You can continue working. Changes will sync when you're back online.")),
    ).toBeVisible();

    await button(page, 'Add Your First Product').click();
    const product = page.getByRole('dialog', { name: 'Add Product' });
    await product.getByLabel('Product Name').fill('Offline Rice 5kg');
    await product.getByLabel('SKU').fill('OFF-RICE');
    await product.getByLabel('Cost Price').fill('60');
    await product.getByLabel('Selling Price').fill('75');
    await product.getByLabel('Opening stock').fill('10');
    await product.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(page.getByText('Offline Rice 5kg').filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('pending-badge').filter({ visible: true })).toBeVisible();

    await page.goto('/sales?tab=invoices');
    await button(page, 'Create Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
    await invoice.getByRole('button', { name: 'New customer' }).click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Offline Ama');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(invoice.getByTestId('chosen-customer')).toHaveText('Offline Ama');
    await invoice.locator('#line-0-product').selectOption({ label: 'Offline Rice 5kg (OFF-RICE)' });
    await invoice.locator('#line-0-qty').fill('2');
    await invoice.getByLabel('Status').selectOption('ISSUED');
    await invoice.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(page.getByTestId('pending-changes')).toHaveText('3 pending changes');

    // Closed and reopened without a connection: the app opens, the changes are still there.
    await page.reload();
    await expect(page.getByTestId('pending-changes')).toHaveText('3 pending changes');
    await expect(page.getByTestId('invoices-table')).toContainText('Offline Ama');
    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(page.getByTestId('customers-table')).toContainText('Offline Ama');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Back Online')).toBeVisible();
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });

    const customers = await apiAs(page, '/customers?search=Offline%20Ama');
    expect(customers).toHaveLength(1);
    const products = await apiAs(page, '/products?search=OFF-RICE');
    expect(products).toHaveLength(1);
    expect(products[0].stockOnHand).toBe(8);
    const invoices = await apiAs(page, '/invoices');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      number: 'INV-000001',
      status: 'ISSUED',
      customer: { id: customers[0].id },
    });
  });

  test('a reply lost on the way back does not make a second customer', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await page.goto('/sales?tab=customers');
    let dropped = 0;
    await page.route('**/api/customers', async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
      dropped++;
      await route.fetch(); // the server applies it...
      await route.abort('connectionreset'); // ...and the answer never arrives
    });
    await button(page, 'Add Customer').click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByLabel('Name').fill('Kofi Lost-Reply');
    await dialog.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });
    expect(dropped).toBe(1);
    expect(await apiAs(page, '/customers?search=Lost-Reply')).toHaveLength(1);
  });

  test('a change the server refuses stays listed with its reason; changes that need it wait; Discard removes them', async ({
    page,
    context,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await apiAs(page, '/products', { name: 'Taken', sku: 'TAKEN-1', cost: 1, price: 2 });
    await page.goto('/inventory');
    await expect(page.getByText('TAKEN-1').filter({ visible: true })).toBeVisible();
    await context.setOffline(true);
    await button(page, 'Add Product').click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Product Name').fill('Duplicate SKU');
    await dialog.getByLabel('SKU').fill('taken-1');
    await dialog.getByLabel('Cost Price').fill('1');
    await dialog.getByLabel('Selling Price').fill('2');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await button(page, 'Add Product').click();
    await dialog.getByLabel('Product Name').fill('Independent');
    await dialog.getByLabel('SKU').fill('INDEP-1');
    await dialog.getByLabel('Cost Price').fill('1');
    await dialog.getByLabel('Selling Price').fill('2');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByTestId('pending-changes')).toHaveText('2 pending changes');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change', { timeout: 15_000 });
    expect(await apiAs(page, '/products?search=INDEP-1')).toHaveLength(1);
    await page.getByTestId('pending-changes').click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    await expect(panel.getByText('Refused by the server')).toBeVisible();
    await expect(panel.getByText('A product with this SKU already exists')).toBeVisible();
    await panel.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('pending-changes')).toHaveCount(0);
    expect(await apiAs(page, '/products?search=Duplicate')).toHaveLength(0);
  });
});
