// Corrections of recorded money on the narrowest phone (docs/decisions/010-corrections.md), in English and in
// French: a payment recorded on an invoice's page and reversed with a reason (the balance is due again, the
// payment stays struck through with its reason), then an expense edited and reversed on Accounting (it stays
// listed, marked, and no longer counts in the cards).
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage, waitForServiceWorker } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** The toast says `text`; it is then closed (on a phone it sits at the bottom, over the buttons there). */
async function toastSays(page: Page, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

const words = {
  en: {
    record: 'Record Payment',
    method: 'Payment Method',
    cash: 'Cash',
    recorded: 'Payment recorded successfully',
    reverse: 'Reverse',
    reverseTitle: 'Reverse payment',
    reason: 'Reason',
    reasonRequired: 'A reason is required',
    paymentReason: 'Recorded on the wrong invoice',
    reversed: 'Payment reversed',
    reversedBadge: 'Reversed',
    issued: 'Issued',
    paid: 'Paid',
    payments: 'Payments',
    reversedCount: '1 reversed',
    expensesReversed: '1 reversed',
    edit: /^Edit the expense Landlord$/,
    editTitle: 'Edit Expense',
    amount: 'Amount',
    save: 'Save changes',
    updated: 'Expense updated',
    reverseExpense: /^Reverse the expense Landlord$/,
    reverseExpenseTitle: 'Reverse expense',
    expenseReason: 'Refunded by the landlord',
    expenseReversed: 'Expense reversed',
    expensesCount: '0 expenses recorded',
  },
  fr: {
    record: 'Enregistrer un paiement',
    method: 'Moyen de paiement',
    cash: 'Espèces',
    recorded: 'Paiement enregistré avec succès',
    reverse: 'Contre-passer',
    reverseTitle: 'Contre-passer le paiement',
    reason: 'Motif',
    reasonRequired: 'Le motif est obligatoire',
    paymentReason: 'Saisi sur la mauvaise facture',
    reversed: 'Paiement contre-passé',
    reversedBadge: 'Contre-passé',
    issued: 'Émise',
    paid: 'Payée',
    payments: 'Paiements',
    reversedCount: '1 contre-passé',
    expensesReversed: '1 contre-passée',
    edit: /^Modifier la dépense Landlord$/,
    editTitle: 'Modifier la dépense',
    amount: 'Montant',
    save: 'Enregistrer les modifications',
    updated: 'Dépense modifiée',
    reverseExpense: /^Contre-passer la dépense Landlord$/,
    reverseExpenseTitle: 'Contre-passer la dépense',
    expenseReason: 'Remboursée par le propriétaire',
    expenseReversed: 'Dépense contre-passée',
    expensesCount: '0 dépense enregistrée',
  },
};

// In French only: its English words are the catalogues' own (checked complete in both languages by unit
// tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
for (const locale of ['fr'] as ('en' | 'fr')[]) {
  const w = words[locale];
  test(`a payment is reversed with its reason and an expense edited then reversed, at 360 px (${locale})`, async ({
    page,
  }) => {
    test.slow(); // a long journey: an invoice, a payment, a reversal, an expense edited and reversed
    await useLanguage(page, locale);
    const owner = await registerOwner(
      page,
      locale === 'fr' ? { country: 'CI', currency: 'XOF', locale: 'fr' } : { country: 'GH', currency: 'GHS' },
    );
    await signIn(page, owner.email, owner.password, { load: false });
    const amounts =
      locale === 'fr'
        ? {
            total: 50000,
            due: /50\s000\sCFA/,
            zero: /^0\sCFA$/,
            zeroIn: /0\sCFA/,
            expense: '30000',
            edited: '35000',
          }
        : { total: 500, due: /₵500\.00/, zero: /^₵0\.00$/, zeroIn: '₵0.00', expense: '300', edited: '350' };
    const invoice = await issuedInvoice(page, amounts.total);

    // Record a payment of the whole balance on the invoice's page.
    await page.goto(`/sales/invoices/${invoice.id}`);
    await button(page, w.record).click();
    const pay = page.getByRole('dialog', { name: w.record });
    await pay.getByLabel(w.method).selectOption({ label: w.cash });
    await pay.getByRole('button', { name: w.record }).click();
    await toastSays(page, w.recorded);
    await expect(page.getByTestId('invoice-status')).toHaveText(w.paid);
    await expect(page.getByTestId('balance-due')).toHaveText(amounts.zero);

    // Reverse it: a reason is asked for, then the balance is due again.
    const payments = page.getByTestId('invoice-payments');
    await expect(payments.getByRole('heading', { name: w.payments })).toBeVisible();
    await payments.getByRole('button', { name: w.reverse, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.reverseTitle });
    await dialog.getByRole('button', { name: w.reverse, exact: true }).click();
    await expect(dialog.getByText(w.reasonRequired)).toBeVisible();
    await dialog.getByLabel(w.reason).fill(w.paymentReason);
    await dialog.getByRole('button', { name: w.reverse, exact: true }).click();
    await toastSays(page, w.reversed);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invoice-status')).toHaveText(w.issued);
    await expect(page.getByTestId('balance-due')).toHaveText(amounts.due);
    const row = payments.getByTestId('invoice-payment');
    await expect(row).toHaveAttribute('data-reversed', '');
    await expect(row.getByTestId('reversal-reason')).toContainText(w.reversedBadge);
    await expect(row.getByTestId('reversal-reason')).toContainText(w.paymentReason);
    await expect(row.locator('.line-through')).toBeVisible();
    await expect(payments.getByRole('button', { name: w.reverse, exact: true })).toHaveCount(0);
    // The document (what is printed and sent) lists only the payments that count.
    await expect(page.getByTestId('payment-history')).toHaveCount(0);
    // Record Payment is offered again for the reopened balance.
    await expect(button(page, w.record)).toBeVisible();

    // Accounting: the payment no longer counts, and the card says one was reversed.
    await apiAs(page, '/expenses', { vendor: 'Landlord', category: 'rent', amount: Number(amounts.expense) });
    await page.goto('/accounting');
    await expect(page.getByTestId('card-cashReceived')).toContainText(w.reversedCount);
    await expect(page.getByTestId('card-cashReceived')).toContainText(amounts.zeroIn);

    // Edit the expense's amount.
    const rows = page.getByTestId('expenses-table').locator('[data-row]');
    await expect(rows).toHaveCount(1);
    await button(page, w.edit).click();
    const edit = page.getByRole('dialog', { name: w.editTitle });
    await edit.getByLabel(w.amount).fill(amounts.edited);
    await edit.getByRole('button', { name: w.save }).click();
    await toastSays(page, w.updated);
    await expect(edit).toBeHidden();
    const edited = locale === 'fr' ? /35\s000\sCFA/ : /₵350\.00/;
    await expect(rows.first()).toContainText(edited);
    await expect(page.getByTestId('card-totalExpenses')).toContainText(edited);

    // Reverse it: it stays listed, marked with its reason, and the cards no longer count it.
    await button(page, w.reverseExpense).click();
    const reverse = page.getByRole('dialog', { name: w.reverseExpenseTitle });
    await reverse.getByLabel(w.reason).fill(w.expenseReason);
    await reverse.getByRole('button', { name: w.reverse, exact: true }).click();
    await toastSays(page, w.expenseReversed);
    await expect(reverse).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('expense-reversal')).toContainText(w.reversedBadge);
    await expect(rows.first().getByTestId('expense-reversal')).toContainText(w.expenseReason);
    await expect(rows.first().locator('s')).toContainText(edited);
    await expect(page.getByTestId('card-totalExpenses')).toContainText(w.expensesCount);
    await expect(page.getByTestId('card-totalExpenses')).toContainText(w.expensesReversed);
    await expect(button(page, w.reverseExpense)).toHaveCount(0);
    // Nothing on the screen scrolls sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test.describe('without network', () => {
  test.use({ serviceWorkers: 'allow' }); // the app kept on the phone

  test('a reversal made without network is kept on the device and applied once when it returns', async ({
    page,
    context,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/expenses', { vendor: 'ECG', category: 'utilities', amount: 45 });
    await page.goto('/accounting');
    const row = page.getByTestId('expenses-table').locator('[data-row]').first();
    await expect(row).toContainText('ECG');
    // The app is kept on this device, as for a member who has used it before: what a first visit fetches once
    // its screen is done (the forms' checks among it) is then there without the network.
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await button(page, /^Reverse the expense ECG$/).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse expense' });
    await dialog.getByLabel('Reason').fill('Meter read twice');
    await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
    await toastSays(page, 'Saved on this device');
    await expect(dialog).toBeHidden();

    await context.setOffline(false);
    await expect(row.getByTestId('expense-reversal')).toContainText('Meter read twice', { timeout: 20_000 });
    await expect(page.getByTestId('card-totalExpenses')).toContainText('1 reversed');
    const summary = await apiAs(page, '/accounting/summary');
    expect(summary.expenses).toMatchObject({ count: 0, reversed: 1 });
  });
});
