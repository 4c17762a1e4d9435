// What a shopkeeper meets on the first day, in English and in French: dates are written day-first.
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

test.describe('dates', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`are day-first in ${locale === 'en' ? 'English' : 'French'}: 2 December is 02/12/2026`, async ({
      page,
    }) => {
      const owner = await registerOwner(page, { locale });
      await signIn(page, owner.email, owner.password);
      const customer = await apiAs(page, '/customers', { name: 'Ama Serwaa' });
      const invoice = await apiAs(page, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        total: 120,
        dueAt: '2026-12-02',
      });
      await page.goto(`/sales/invoices/${invoice.id}`);
      const document = page.locator('.invoice-document');
      await expect(document).toContainText(locale === 'en' ? 'Due 02/12/2026' : '02/12/2026');
      await expect(document).not.toContainText('12/2/2026');

      // The activity log writes when, day first, with the day and month of today.
      await page.goto('/settings?tab=activity');
      const today = new Date();
      const dayFirst = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
      await expect(page.getByTestId('audit-log').getByText(dayFirst).first()).toBeVisible();
    });
  }
});

test.describe('voiding an invoice', () => {
  const words = {
    en: { open: 'Void', keep: 'Keep Invoice', confirm: 'Void Invoice', voided: 'Void' },
    fr: {
      open: 'Annuler la facture',
      keep: 'Garder la facture',
      confirm: 'Oui, annuler la facture',
      voided: 'Annulée',
    },
  };
  for (const locale of ['en', 'fr'] as const) {
    test(`asks with two buttons that cannot be confused (${locale})`, async ({ page }) => {
      const w = words[locale];
      const owner = await registerOwner(page, { locale });
      await signIn(page, owner.email, owner.password);
      const customer = await apiAs(page, '/customers', { name: 'Ama Serwaa' });
      const invoice = await apiAs(page, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        total: 50,
      });
      await page.goto(`/sales/invoices/${invoice.id}`);

      await page.getByRole('button', { name: w.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const labels = await dialog.getByRole('button').allInnerTexts();
      expect(labels.filter((l) => l === w.keep || l === w.confirm)).toHaveLength(2);
      await dialog.getByRole('button', { name: w.keep, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('invoice-status')).not.toHaveText(w.voided);

      await page.getByRole('button', { name: w.open, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.confirm, exact: true }).click();
      await expect(page.getByTestId('invoice-status')).toHaveText(w.voided);
    });
  }
});
