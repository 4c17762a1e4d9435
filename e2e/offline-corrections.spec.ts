// Invoices and payments made offline: an invoice not sent yet opens on its own page, where a payment can be
// recorded; a payment taken offline shows on its invoice at once, and the same reference typed again is asked
// about before it is kept twice; a refused invoice or payment is corrected in its own form (Pending changes →
// Edit), with what was typed and the reason under its field, and sent in its place: nothing typed is lost.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, waitForServiceWorker, tokenOf } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

// About the app kept on the phone: its service worker runs (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const button = (page: Page, name: string) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** Back online: the queue is sent, and what the server refuses stays listed. */
async function backOnline(page: Page, context: { setOffline: (o: boolean) => Promise<void> }) {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/** The refused change in Pending changes, opened in its form. */
async function editRefused(page: Page, reason: string) {
  await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change', { timeout: 15_000 });
  await page.getByTestId('pending-changes').click();
  const refused = page.getByRole('dialog', { name: 'Pending changes' }).getByTestId('pending-change');
  await expect(refused).toContainText(reason);
  await refused.getByRole('button', { name: 'Edit' }).click();
}

test.describe('correcting a refused change', () => {
  test('a payment over what is left is corrected in Record Payment and sent in its place', async ({
    page,
    context,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    const invoice = await issuedInvoice(page, 150, 'Abena Pays');
    await page.goto('/accounting?tab=payments');
    await waitForServiceWorker(page);
    await page.reload();
    // Record Payment opened once online: the invoices to pay are on the device.
    await button(page, 'Record Payment').click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    await expect(pay.getByLabel('Invoice')).toContainText(invoice.number);
    await pay.getByRole('button', { name: 'Cancel' }).click();

    await context.setOffline(true);
    await button(page, 'Record Payment').click();
    await pay.getByLabel('Invoice').selectOption({ index: 1 });
    await pay.getByLabel('Payment Method').selectOption('cash');
    await pay.getByLabel('Amount').fill('120');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    // Meanwhile the shop's other phone takes 100 of it.
    await apiAs(page, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 100 });

    await backOnline(page, context);
    await editRefused(page, 'The payment is more than the balance due');
    const fix = page.getByRole('dialog', { name: 'Record Payment' });
    const amount = fix.getByLabel('Amount');
    await expect(amount).toHaveValue(/^120(\.00)?$/);
    await expect(amount).toHaveAccessibleDescription(/The payment is more than the balance due/);
    await expect(fix.getByLabel('Payment Method')).toHaveValue('cash');
    await amount.fill('50');
    await fix.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });

    const paid = await apiAs(page, `/invoices/${invoice.id}`);
    expect([paid.status, paid.amountPaid]).toEqual(['PAID', 150]);
  });

  test('an invoice whose product went meanwhile is corrected in Create Invoice and sent in its place', async ({
    page,
    context,
  }) => {
    test.slow(); // a queue sent twice
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    const gone = await apiAs(page, '/products', { name: 'Gone Soap', sku: 'GONE-1', cost: 1, price: 2 });
    await apiAs(page, '/products', { name: 'Stays Soap', sku: 'STAY-1', cost: 1, price: 3, openingStock: 9 });
    await page.goto('/sales?tab=invoices');
    await waitForServiceWorker(page);
    await page.reload();
    // Create Invoice opened once online: its products are on the device.
    await button(page, 'Create Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
    await expect(invoice.locator('#line-0-product')).toContainText('Gone Soap (GONE-1)');
    await invoice.getByRole('button', { name: 'Cancel' }).click();

    await context.setOffline(true);
    await button(page, 'Create Invoice').click();
    await invoice.getByRole('button', { name: 'New customer' }).click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Kofi Keeps');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(invoice.getByTestId('chosen-customer')).toHaveText('Kofi Keeps');
    await invoice.locator('#line-0-product').selectOption({ label: 'Gone Soap (GONE-1)' });
    await invoice.locator('#line-0-qty').fill('2');
    await invoice.getByRole('button', { name: 'Create Invoice' }).click();
    // Kept on the device, the form closes (the customer's own "Saved on this device" may still be showing).
    await expect(invoice).toBeHidden();
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    // Meanwhile the product is deleted on another phone.
    const token = await tokenOf(page);
    const removed = await page.request.delete(`/api/products/${gone.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.ok(), await removed.text()).toBe(true);

    await backOnline(page, context);
    await editRefused(page, 'Product not found');
    const fix = page.getByRole('dialog', { name: 'Create Invoice' });
    // What was typed offline is all there: the customer (made offline too), the quantity, the status.
    await expect(fix.getByTestId('chosen-customer')).toHaveText('Kofi Keeps');
    await expect(fix.locator('#line-0-qty')).toHaveValue('2');
    await expect(fix.getByLabel('Status')).toHaveValue('QUOTE');
    await fix.locator('#line-0-product').selectOption({ label: 'Stays Soap (STAY-1)' });
    await fix.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });

    const [made] = (await apiAs(page, '/invoices?search=Kofi%20Keeps')) as { id: string }[];
    const sent = await apiAs(page, `/invoices/${made!.id}`);
    expect(sent.customer.name).toBe('Kofi Keeps');
    expect(sent.lines.map((l: { description: string; qty: number }) => [l.description, l.qty])).toEqual([
      ['Stays Soap', 2],
    ]);
  });

  test('an invoice made offline opens on its own page, and a payment recorded there follows it to the server', async ({
    page,
    context,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/products', {
      name: 'Palm Oil 1L',
      sku: 'PALM-1',
      cost: 10,
      price: 25,
      openingStock: 9,
    });
    await page.goto('/sales?tab=invoices');
    await waitForServiceWorker(page);
    await page.reload();
    await button(page, 'Create Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
    await expect(invoice.locator('#line-0-product')).toContainText('Palm Oil 1L (PALM-1)');
    await invoice.getByRole('button', { name: 'Cancel' }).click();

    await context.setOffline(true);
    await button(page, 'Create Invoice').click();
    await invoice.getByRole('button', { name: 'New customer' }).click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Adwoa Offline');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(invoice.getByTestId('chosen-customer')).toHaveText('Adwoa Offline');
    await invoice.locator('#line-0-product').selectOption({ label: 'Palm Oil 1L (PALM-1)' });
    await invoice.locator('#line-0-qty').fill('4');
    await invoice.getByLabel('Status').selectOption('ISSUED');
    await invoice.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(invoice).toBeHidden();
    await expect(page.getByText('Saved on this device').first()).toBeVisible();

    // The invoice, still on this device, opens from the list.
    await page.getByRole('link', { name: 'Pending' }).filter({ visible: true }).first().click();
    const made = page.getByTestId('pending-invoice');
    await expect(made).toContainText('Not sent yet');
    await expect(made).toContainText('Palm Oil 1L');
    await expect(made).toContainText('₵120.00'); // with Ghana's 20 % VAT
    await made.getByRole('button', { name: 'Record Payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    await pay.getByLabel('Payment Method').selectOption('cash');
    await expect(pay.getByLabel('Amount')).toHaveValue(/^120(\.00)?$/);
    await pay.getByLabel('Amount').fill('60');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(pay).toBeHidden();
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    // What is left to pay counts the payment waiting behind the invoice.
    await expect(made).toContainText('₵60.00');
    await page.reload();
    await expect(page.getByTestId('pending-invoice')).toContainText('₵60.00');

    await backOnline(page, context);
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 20_000 });
    const [sent] = (await apiAs(page, '/invoices?search=Adwoa%20Offline')) as { id: string }[];
    const onServer = await apiAs(page, `/invoices/${sent!.id}`);
    expect([onServer.status, onServer.total, onServer.amountPaid]).toEqual(['ISSUED', 120, 60]);
    // The page becomes the invoice the server has, with its number (not "does not exist").
    await expect(page.getByText(onServer.number).first()).toBeVisible();
    await expect(page.getByTestId('pending-invoice')).toHaveCount(0);
    await expect(page.getByText('This invoice does not exist or you cannot see it.')).toHaveCount(0);
  });
});

test.describe('a payment taken offline', () => {
  test('shows on its invoice at once, lowers the balance offered, and its reference is not taken twice unasked (fr)', async ({
    page,
    context,
  }) => {
    const owner = await registerOwner(page, { locale: 'fr', country: 'SN', currency: 'XOF' });
    await signIn(page, owner.email, owner.password, { load: false });
    const invoice = await issuedInvoice(page, 20069, 'Fatou Ndiaye');
    await page.goto(`/sales/invoices/${invoice.id}`);
    await waitForServiceWorker(page);
    await page.reload();
    await expect(page.getByTestId('balance-due')).toContainText('20 069');

    await context.setOffline(true);
    const pay = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
    const record = async (amount: string, ref: string) => {
      await button(page, 'Enregistrer un paiement').click();
      await pay.getByLabel('Moyen de paiement').selectOption('mobile-money');
      await pay.getByLabel('Opérateur mobile money').selectOption('WAVE');
      await pay.getByLabel('Montant').fill(amount);
      await pay.getByLabel('Référence').fill(ref);
      await pay.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    };
    await record('10000', 'WAVE-TX-90001');
    await expect(page.getByText('Enregistré sur cet appareil').first()).toBeVisible();
    const waiting = page.getByTestId('pending-money');
    await expect(waiting).toContainText('Paiement de 10 000 CFA · Wave · WAVE-TX-90001');
    await expect(page.getByTestId('balance-once-sent')).toContainText(
      'Reste à payer après envoi : 10 069 CFA',
    );
    await expect(page.getByTestId('invoice-payment').and(page.locator('[data-pending]'))).toContainText(
      'En attente',
    );

    // The dialog offers what is left once it is sent, and the same Wave message typed again is asked about.
    await button(page, 'Enregistrer un paiement').click();
    await expect(pay.getByLabel('Montant')).toHaveValue(/^10[\s\u202f\u00a0]?069$/);
    await expect(pay.getByText(/déjà enregistré sur cet appareil/)).toBeVisible();
    await pay.getByRole('button', { name: 'Annuler' }).click();
    await record('10069', ' wave-tx-90001 ');
    const warning = pay.getByRole('alert');
    await expect(warning).toContainText('La référence wave-tx-90001 est déjà utilisée');
    await expect(warning.getByTestId('reference-use')).toContainText('10 000 CFA');
    await expect(warning.getByTestId('reference-use')).toContainText('sur cet appareil, pas encore envoyé');
    // It can be kept anyway (two payments may share a reference): the shop decides.
    await warning.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await expect(page.getByTestId('balance-once-sent')).toHaveText('Entièrement payée après envoi');
    await expect(button(page, 'Enregistrer un paiement')).toHaveCount(0);

    await backOnline(page, context);
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('pending-money')).toHaveCount(0);
    const paid = await apiAs(page, `/invoices/${invoice.id}`);
    expect([paid.status, paid.amountPaid, paid.payments.length]).toEqual(['PAID', 20069, 2]);
  });
});
