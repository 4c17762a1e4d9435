import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { memberOf } from './people.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('settings', () => {
  test('Plan shows the Starter plan and how much of each limit is used', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Plan' }).click();
    const plan = page.getByTestId('plan');
    await expect(plan.getByRole('heading', { name: 'Starter' })).toBeVisible();
    await expect(plan).toContainText('Active');
    await expect(page.getByTestId('plan-members')).toContainText(
      'Team members (including pending invitations)',
    );
    await expect(page.getByTestId('plan-members')).toContainText('1 of 2');
    await expect(page.getByTestId('plan-invoicesPerMonth')).toContainText('0 of 50');
    await expect(page.getByTestId('plan-products')).toContainText('0 of 100');
    await apiAs(page, '/products', { name: 'Milo', sku: 'MILO', cost: 1, price: 2, openingStock: 1 });
    await page.reload();
    await expect(page.getByTestId('plan-products')).toContainText('1 of 100');
  });

  test('an owner deletes the organization after typing its name and lands in a new one', async ({ page }) => {
    const owner = await registerOwner(page, { firstName: 'Zainab' });
    await signIn(page, owner.email, owner.password);
    await apiAs(page, '/customers', { name: 'Customer of the old shop' });
    await page.goto('/settings');
    const danger = page.getByTestId('danger-zone');
    await expect(danger).toContainText('Danger zone');
    await danger.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete organization' });
    await expect(dialog).toContainText(`This deletes ${owner.organizationName} and everything in it`);
    const confirm = dialog.getByRole('button', { name: 'Delete forever' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${owner.organizationName} to confirm`).fill('Another shop');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${owner.organizationName} to confirm`).fill(owner.organizationName);
    await confirm.click();
    await expect(page.getByText(`${owner.organizationName} was deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await apiAs(page, '/auth/user')).organizations.map((o: { name: string }) => o.name))
      .toEqual([expect.stringMatching(/^Zainab Organization/)]);
    await page.goto('/sales?tab=customers');
    await expect(page.getByText('No customers yet')).toBeVisible();
  });

  test('an accountant sees the plan but cannot delete the organization; the log filters by what, who and when', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people sign in
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await apiAs(page, '/customers', { name: 'Ama Serwaa' });
    const milo = await apiAs(page, '/products', { name: 'Milo', sku: 'MILO', cost: 1, price: 2 });
    await apiAs(page, `/products/${milo.id}/adjustments`, { delta: 5, note: 'Delivery' });
    const accountant = await memberOf(browser, page, 'ACCOUNTANT');
    await accountant.goto('/settings');
    await expect(accountant.getByLabel('Organization Name')).toBeDisabled();
    await expect(accountant.getByTestId('danger-zone')).toHaveCount(0);
    await accountant.getByRole('tab', { name: 'Plan' }).click();
    await expect(accountant.getByTestId('plan-members')).toContainText('2 of 2');

    await accountant.getByRole('tab', { name: 'Activity log' }).click();
    const log = accountant.getByTestId('audit-log').getByRole('listitem');
    await expect(log.first()).toBeVisible();
    await accountant.getByLabel('What').selectOption({ label: 'Customers' });
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('Efua Boateng · created a customer');
    await accountant.getByLabel('What').selectOption({ label: 'Everything' });
    await accountant.getByLabel('Who').selectOption({ label: 'Efua Boateng' });
    await expect(log.filter({ hasText: 'created a product' })).toHaveCount(1);
    // What changed is said in words, not by the database's column names (stock_on_hand, updated_at).
    await expect(log.filter({ hasText: /changed a product \(.*stock on hand/ })).toHaveCount(1);
    await expect(accountant.getByTestId('audit-log')).not.toContainText('_');
    await expect(log.filter({ hasText: 'Yaw Darko' })).toHaveCount(0);
    await accountant.getByLabel('From').fill('2099-01-01');
    await expect(accountant.getByText('No change matches these filters')).toBeVisible();
    await accountant.context().close();
  });

  test('en français : l’abonnement et la zone dangereuse', async ({ page }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { locale: 'fr' });
    await signIn(page, owner.email, owner.password);
    await page.goto('/settings');
    await expect(page.getByTestId('danger-zone')).toContainText('Zone dangereuse');
    await button(page, 'Supprimer l’entreprise').click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer l’entreprise' });
    await expect(dialog.getByRole('button', { name: 'Supprimer définitivement' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('tab', { name: 'Abonnement' }).click();
    await expect(page.getByTestId('plan-invoicesPerMonth')).toContainText('Factures ce mois-ci');
    await expect(page.getByTestId('plan-invoicesPerMonth')).toContainText('0 sur 50');
    await expect(page.getByTestId('plan')).toContainText('Actif');
  });
});
