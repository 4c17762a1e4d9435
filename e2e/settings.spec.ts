import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('settings', () => {
  test('an owner reads the plan and the activity log, then deletes the organization after typing its name and lands in a new one', async ({
    page,
  }) => {
    const owner = await registerOwner(page, { firstName: 'Zainab' });
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/customers', { name: 'Customer of the old shop' });
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
    const milo = await apiAs(page, '/products', { name: 'Milo', sku: 'MILO', cost: 1, price: 2 });
    await apiAs(page, `/products/${milo.id}/adjustments`, { delta: 5, note: 'Delivery' });
    await page.reload();
    await expect(page.getByTestId('plan-products')).toContainText('1 of 100');

    await page.getByRole('tab', { name: 'Activity log' }).click();
    const log = page.getByTestId('audit-log').getByRole('listitem');
    await expect(log.first()).toBeVisible();
    // When, day first (en-GB): today is dd/mm/yyyy, never month first.
    const today = new Date();
    const dayFirst = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
    await expect(page.getByTestId('audit-log').getByText(dayFirst).first()).toBeVisible();
    await page.getByLabel('What').selectOption({ label: 'Customers' });
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('Zainab Boateng · created a customer');
    await page.getByLabel('What').selectOption({ label: 'Everything' });
    await page.getByLabel('Who').selectOption({ label: 'Zainab Boateng' });
    await expect(log.filter({ hasText: 'created a product' })).toHaveCount(1);
    // What changed is said in words, not by the database's column names (stock_on_hand, updated_at).
    await expect(log.filter({ hasText: /changed a product \(.*stock on hand/ })).toHaveCount(1);
    await expect(page.getByTestId('audit-log')).not.toContainText('_');
    await page.getByLabel('From').fill('2099-01-01');
    await expect(page.getByText('No change matches these filters')).toBeVisible();

    await page.getByRole('tab', { name: 'Organization' }).click();
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

  test('en français : l’abonnement et la zone dangereuse', async ({ page }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
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
