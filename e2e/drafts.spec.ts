import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('what a member types is never lost', () => {
  test('an expense half typed survives a reload and a dialog closed by mistake, until it is saved', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/accounting');
    await button(page, 'Record Expense').click();
    let dialog = page.getByRole('dialog', { name: 'Record Expense' });
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
    await dialog.getByLabel('Vendor').fill('Electricity Company of Ghana');
    await dialog.getByLabel('Amount').fill('150.50');
    await page.reload(); // the phone killed the tab
    await button(page, 'Record Expense').click();
    dialog = page.getByRole('dialog', { name: 'Record Expense' });
    await expect(dialog.getByTestId('draft-notice')).toContainText('We kept what you typed last time.');
    await expect(dialog.getByLabel('Vendor')).toHaveValue('Electricity Company of Ghana');
    await expect(dialog.getByLabel('Amount')).toHaveValue('150.50');
    await page.keyboard.press('Escape');
    await button(page, 'Record Expense').click();
    await expect(dialog.getByLabel('Vendor')).toHaveValue('Electricity Company of Ghana');
    await dialog.getByLabel('Category').selectOption({ label: 'Utilities' });
    await dialog.getByRole('button', { name: 'Record Expense' }).click();
    await expect(page.getByText('Expense recorded successfully')).toBeVisible();
    await button(page, 'Record Expense').click();
    await expect(dialog.getByLabel('Vendor')).toHaveValue('');
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
  });

  test('an invoice comes back with its customer and lines; Start over empties it', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/customers', { name: 'Ama Serwaa' });
    await page.goto('/sales');
    await button(page, 'Create Invoice').click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByLabel('Find a customer by name, phone or email').fill('ama');
    await dialog.getByRole('button', { name: 'Ama Serwaa' }).click();
    await dialog.locator('#line-0-description').fill('Rice 5kg');
    await dialog.locator('#line-0-price').fill('75');
    await page.reload();
    await button(page, 'Create Invoice').click();
    await expect(dialog.getByTestId('draft-notice')).toBeVisible();
    await expect(dialog.getByTestId('chosen-customer')).toHaveText('Ama Serwaa');
    await expect(dialog.locator('#line-0-description')).toHaveValue('Rice 5kg');
    await expect(dialog.getByTestId('invoice-totals')).toContainText('75.00');
    await dialog.getByRole('button', { name: 'Start over' }).click();
    await expect(dialog.locator('#line-0-description')).toHaveValue('');
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
    await page.reload();
    await button(page, 'Create Invoice').click();
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
  });
  // A product's draft, in French: the product dialog's French test in e2e/amounts.spec.ts.
});
