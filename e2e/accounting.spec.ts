import type { Page } from '@playwright/test';
import { expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('accounting', () => {
  test('an accountant records the month’s expenses and a payment and sees the three cards add up', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/accounting');
    for (const card of ['invoiced', 'cashReceived', 'totalExpenses'])
      await expect(page.getByTestId(`card-${card}`)).toContainText('₵0.00');
    await expect(page.getByTestId('card-invoiced')).toContainText('Invoiced');
    await expect(page.getByTestId('card-cashReceived')).toContainText('Cash received');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('Total Expenses');
    await expect(page.getByRole('tab', { name: 'Expenses' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No expenses recorded')).toBeVisible();

    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByText('No payments recorded')).toBeVisible();
    await expect(button(page, 'Record Payment')).toBeDisabled();
    await expect(page.getByText('No invoice is waiting for payment')).toBeVisible();

    await page.getByRole('tab', { name: 'Expenses' }).click();
    await button(page, 'Record Expense').click();
    const dialog = page.getByRole('dialog', { name: 'Record Expense' });
    await expect(dialog.getByLabel('Currency')).toHaveValue('GHS');
    await dialog.getByRole('button', { name: 'Record Expense' }).click();
    await expect(dialog.getByText('Vendor is required')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await expect(dialog.getByText('Amount is required')).toBeVisible();
    await dialog.getByLabel('Vendor').fill('Electricity Company of Ghana');
    await dialog.getByLabel('Category').selectOption({ label: 'Utilities' });
    await dialog.getByLabel('Amount').fill('150.50');
    await dialog.getByLabel('Note (optional)').fill('Prepaid meter, November');
    await dialog.getByRole('button', { name: 'Record Expense' }).click();
    await expect(page.getByText('Expense recorded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const rows = page.getByTestId('expenses-table').locator('[data-row]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Electricity Company of Ghana');
    await expect(rows.first()).toContainText('Utilities');
    await expect(rows.first()).toContainText('₵150.50');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('₵150.50');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('1 expense recorded');

    await button(page, 'Record Expense').click();
    await dialog.getByLabel('Vendor').fill('Landlord');
    await dialog.getByLabel('Category').selectOption({ label: 'Rent' });
    await dialog.getByLabel('Amount').fill('1200');
    await dialog.getByRole('button', { name: 'Record Expense' }).click();
    // The list is read again before the dialog closes: wait until it is gone before typing on the page
    // (typing while it still covers the page goes into the dialog).
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('card-totalExpenses')).toContainText('₵1,350.50');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('2 expenses recorded');
    await page.getByLabel('Search expenses').fill('meter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Electricity Company of Ghana');

    const invoice = await issuedInvoice(page, 500);
    await page.reload();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await button(page, 'Record Payment').click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    await pay.getByLabel('Invoice').selectOption(invoice.id);
    await pay.getByLabel('Payment Method').selectOption({ label: 'Cash' });
    await pay.getByLabel('Amount').fill('200');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Payment recorded successfully')).toBeVisible();
    await expect(page.getByTestId('payments-table').locator('[data-row]')).toHaveCount(1);
    await expect(page.getByTestId('payments-table')).toContainText(invoice.number);
    await expect(page.getByTestId('card-cashReceived')).toContainText('₵200.00');
    await expect(page.getByTestId('card-cashReceived')).toContainText('1 payment received');
    // Revenue is what was invoiced, not the same figure as the money received.
    await expect(page.getByTestId('card-invoiced')).toContainText('₵500.00');
    await expect(page.getByTestId('card-invoiced')).toContainText('1 invoice issued');
    await expect(page.getByTestId('card-invoiced')).toContainText('₵300.00 still owed');
  });

  test('en français, les dépenses et leurs messages ; un montant en XOF sans décimales', async ({ page }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/accounting');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('Total des dépenses');
    await expect(page.getByTestId('card-totalExpenses')).toContainText('0 CFA');
    await expect(page.getByText('Aucune dépense enregistrée')).toBeVisible();
    await button(page, 'Enregistrer une dépense').click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer une dépense' });
    await dialog.getByRole('button', { name: 'Enregistrer une dépense' }).click();
    await expect(dialog.getByText('Le fournisseur est obligatoire')).toBeVisible();
    await expect(dialog.getByText('La catégorie est obligatoire')).toBeVisible();
    await expect(dialog.getByText('Le montant est obligatoire')).toBeVisible();
    await dialog.getByLabel('Fournisseur').fill('Senelec');
    await dialog.getByLabel('Catégorie').selectOption({ label: 'Services publics' });
    await dialog.getByLabel('Montant').fill('1500.5');
    await dialog.getByRole('button', { name: 'Enregistrer une dépense' }).click();
    await expect(dialog.getByText('Pas de décimales en XOF : saisissez un montant entier')).toBeVisible();
    await dialog.getByLabel('Montant').fill('15000');
    await dialog.getByRole('button', { name: 'Enregistrer une dépense' }).click();
    await expect(page.getByText('Dépense enregistrée avec succès')).toBeVisible();
    await expect(page.getByTestId('expenses-table')).toContainText('Senelec');
    await expect(page.getByTestId('card-totalExpenses')).toContainText(/15\s000 CFA/);
    await expect(page.getByTestId('card-totalExpenses')).toContainText('1 dépense enregistrée');
    await page.getByRole('tab', { name: 'Paiements' }).click();
    await expect(page.getByText('Aucun paiement enregistré')).toBeVisible();
  });
});
