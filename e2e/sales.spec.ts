import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { pdfText } from '../tests/pdf-text.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('sales', () => {
  test('a trader invoices goods from stock, takes two mobile-money payments, prints, downloads and shares it', async ({
    page,
    browser,
  }) => {
    test.slow(); // a whole day's journey in one test
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    const rice = await apiAs(page, '/products', {
      name: 'Rice 5kg',
      sku: 'RICE-5',
      cost: 60,
      price: 75,
      openingStock: 10,
    });
    await apiAs(page, '/products', {
      name: 'Palm oil 1L',
      sku: 'OIL-1',
      cost: 20,
      price: 28.5,
      openingStock: 6,
    });

    await page.goto('/sales');
    await expect(page.getByText('No invoices found')).toBeVisible();
    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(page.getByText('No customers yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByText('No payments recorded')).toBeVisible();
    await page.getByRole('tab', { name: 'Invoices' }).click();

    await button(page, 'Create Invoice').click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog.getByText('Required').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'New customer' }).click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Ama Serwaa');
    await customer.getByLabel('Email').fill('not-an-email');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(customer.getByText('Invalid email address')).toBeVisible();
    await customer.getByLabel('Email').fill('ama@example.com');
    await customer.getByLabel('Phone').fill('+233 24 555 0101');
    await customer.getByLabel('Address').fill('4 Oxford Street\nOsu, Accra');
    await customer.getByLabel('Tax ID').fill('C0001234567');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Customer created successfully')).toBeVisible();
    await expect(dialog.getByTestId('chosen-customer')).toHaveText('Ama Serwaa');

    await dialog.locator('#line-0-product').selectOption({ label: 'Rice 5kg (RICE-5)' });
    await expect(dialog.locator('#line-0-description')).toHaveValue('Rice 5kg');
    await expect(dialog.locator('#line-0-price')).toHaveValue('75');
    await expect(dialog.locator('#line-0-tax')).toHaveValue('20');
    await dialog.locator('#line-0-qty').fill('2');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.locator('#line-1-product').selectOption({ label: 'Palm oil 1L (OIL-1)' });
    await dialog.locator('#line-1-tax').fill('0');
    await expect(dialog.getByLabel('Status')).toHaveValue('QUOTE');
    await expect(dialog.getByLabel('Currency')).toHaveValue('GHS');
    // 2 × 75 = 150 + 20% tax 30, plus 28.50 untaxed: 178.50 + 30 = 208.50.
    await expect(dialog.getByTestId('invoice-totals')).toContainText('208.50');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Quote created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/invoices\//);
    await expect(page.getByTestId('invoice-number')).toHaveText('QUO-000001');
    await expect(page.getByTestId('invoice-status')).toHaveText('Quote');
    await expect(page.getByTestId('document-title')).toHaveText('Quote');

    await button(page, 'Issue').click();
    await expect(page.getByText('Invoice issued')).toBeVisible();
    await expect(page.getByTestId('document-title')).toHaveText('Invoice');
    // Issued, the quote is the first invoice, and says which quote it was.
    await expect(page.getByTestId('invoice-number')).toHaveText('INV-000001');
    await expect(page.getByTestId('quote-number')).toHaveText('Quote QUO-000001');
    // A business customer's address and tax ID under its name.
    await expect(page.getByTestId('customer-lines')).toHaveText(
      '4 Oxford StreetOsu, AccraTax ID: C0001234567',
    );
    expect((await apiAs(page, `/products/${rice.id}`)).stockOnHand).toBe(8);

    await button(page, 'Record Payment').click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    await expect(pay.getByLabel('Amount')).toHaveValue('208.50');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(pay.getByText('Payment method is required')).toBeVisible();
    await pay.getByLabel('Payment Method').selectOption('mobile-money');
    await pay.getByLabel('Mobile money provider').selectOption('MTN_MOMO');
    await pay.getByLabel('Amount').fill('500');
    await pay.getByLabel('Reference').fill('MP241122.1201.A1');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(pay.getByLabel('Amount')).toHaveAccessibleDescription(
      'The payment is more than the balance due (₵208.50)',
    );
    await pay.getByLabel('Amount').fill('100');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Payment recorded successfully')).toBeVisible();
    await expect(page.getByTestId('balance-due')).toContainText('108.50');
    await expect(page.getByTestId('invoice-status')).toHaveText('Partly paid');
    // The list says what is still owed, and shows what is unpaid on its own.
    const invoiceUrl = page.url();
    await page.goto('/sales');
    await page.getByLabel('Show').selectOption({ label: 'Unpaid' });
    await expect(page.getByTestId('invoices-table')).toContainText('Partly paid');
    await expect(page.getByTestId('invoices-table')).toContainText('₵108.50');
    await page.getByLabel('Show').selectOption({ label: 'Paid' });
    await expect(page.getByText('No invoices found')).toBeVisible();
    await page.goto(invoiceUrl);

    await button(page, 'Record Payment').click();
    await expect(pay.getByLabel('Amount')).toHaveValue('108.50');
    await pay.getByLabel('Payment Method').selectOption('mobile-money');
    await pay.getByLabel('Mobile money provider').selectOption('TELECEL_CASH');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Payment recorded successfully')).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(page.getByTestId('balance-due')).toContainText('0.00');
    await expect(page.getByTestId('payment-history')).toContainText('MTN MoMo');
    await expect(page.getByTestId('payment-history')).toContainText('Telecel Cash');
    await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
    await expect(page.getByTestId('invoice-number')).toBeVisible();
    // Printed on A4 (595 × 842 points), the page size the document asks for with its margins (not Letter).
    const printed = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(printed).toMatch(/\/MediaBox \[0 0 594\.9\d* 841\.9\d*\]/);
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(page, 'Download PDF').click(),
    ]);
    expect(download.suggestedFilename()).toBe('INV-000001.pdf');
    const pdf = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('INV-000001');

    await button(page, 'Share').click();
    const share = page.getByRole('dialog', { name: 'Share this invoice' });
    await share.getByRole('button', { name: 'Share' }).click();
    const link = await share.getByRole('textbox').inputValue();
    expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
    await expect(share.getByRole('link', { name: 'Send by WhatsApp' })).toHaveAttribute(
      'href',
      // To the customer's own number (+233 24 555 0101), as the reminder is.
      new RegExp(`^https://wa\\.me/233245550101\\?text=.*${encodeURIComponent('INV-000001')}`),
    );

    const stranger = await browser.newPage();
    await stranger.goto(link);
    await expect(stranger.getByTestId('invoice-number')).toHaveText('INV-000001');
    await expect(stranger.getByText('Ama Serwaa')).toBeVisible();
    await expect(stranger.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(stranger.getByText('Rice 5kg')).toBeVisible();
    // The shop's document, not our marketing: no menu, sign-in or sign-up around it.
    await expect(stranger.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(stranger.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
    await expect(stranger.getByText('Sent with Kasuwa')).toBeVisible();

    await share.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByText('The link no longer works')).toBeVisible();
    await stranger.reload();
    await expect(
      stranger.getByText('This link is not valid any more. Ask the seller for a new one.'),
    ).toBeVisible();
    await stranger.close();

    await page.goto('/sales');
    await page.getByLabel('Search invoices').fill('serwaa');
    await expect(page.getByTestId('invoices-table')).toContainText('INV-000001');
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByTestId('payments-table')).toContainText('Mobile Money');
  });

  test('is in French, and amounts in CFA francs have no decimals; a new invoice opens from the answer that made it; a quote is edited before it is issued and shown as a quote', async ({
    page,
  }) => {
    test.slow(); // an invoice paid, then a quote edited and shared
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    const customer = await apiAs(page, '/customers', { name: 'Fatou Ndiaye' });
    await page.goto('/sales');
    await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
    await button(page, 'Créer une facture').click();
    const dialog = page.getByRole('dialog', { name: 'Créer une facture' });
    await dialog.getByLabel('Chercher un client par nom, téléphone ou e-mail').fill('fatou');
    await dialog.getByRole('button', { name: 'Fatou Ndiaye' }).click();
    await dialog.locator('#line-0-description').fill('Café Touba');
    await dialog.locator('#line-0-qty').fill('3');
    // A franc has no centimes: 333,33 is refused with the reason, 333 is taken (3 × 333 + 18 % = 1 179).
    await dialog.locator('#line-0-price').fill('333,33');
    await dialog.locator('#line-0-description').focus();
    await expect(dialog.getByText('Pas de décimales en XOF : saisissez un montant entier')).toBeVisible();
    await dialog.locator('#line-0-price').fill('333');
    await expect(dialog.locator('#line-0-tax')).toHaveValue('18');
    await expect(dialog.getByTestId('invoice-totals')).toContainText('1 179 CFA');
    await dialog.getByLabel('Statut').selectOption('ISSUED');
    // The new invoice opens from the answer that made it, without being read again.
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /^\/api\/invoices\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname))
        reads.push(r.url());
    });
    await dialog.getByRole('button', { name: 'Créer une facture' }).click();
    await expect(page.getByText('Facture créée avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/invoices\//);
    await expect(page.getByTestId('invoice-status')).toHaveText('Émise');
    expect(reads).toEqual([]);
    await button(page, 'Enregistrer un paiement').click();
    const pay = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
    await pay.getByLabel('Moyen de paiement').selectOption('cash');
    await pay.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    await expect(page.getByText('Paiement enregistré avec succès')).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('Payée');

    const quote = await apiAs(page, '/invoices', {
      customerId: customer.id,
      dueAt: '2026-12-31',
      lines: [{ description: 'Café Touba', qty: 1, unitPrice: 1000, taxRate: 0 }],
    });
    await page.goto(`/sales/invoices/${quote.id}`);
    // A quote is titled as one, holds until a date, and asks for no payment yet.
    const doc = page.locator('.invoice-document');
    await expect(doc.getByTestId('document-title')).toHaveText('Devis');
    await expect(doc).toContainText('Valable jusqu’au 31/12/2026');
    await expect(doc).toContainText('Devis pour');
    await expect(doc).not.toContainText('Facturé à');
    await expect(doc).not.toContainText('Échéance');
    await expect(doc.getByTestId('balance-due')).toHaveCount(0);
    await button(page, 'Modifier le devis').click();
    const edit = page.getByRole('dialog', { name: 'Modifier le devis' });
    await edit.locator('#line-0-qty').fill('3');
    await edit.getByRole('button', { name: 'Enregistrer le devis' }).click();
    await expect(page.getByText('Devis mis à jour avec succès')).toBeVisible();
    await expect.poll(async () => (await apiAs(page, `/invoices/${quote.id}`)).total).toBe(3000);
    // Shared as a quote: its title and its message say so.
    await button(page, 'Partager').click();
    const share = page.getByRole('dialog', { name: 'Partager ce devis' });
    await share.getByRole('button', { name: 'Partager' }).click();
    await expect(share.getByRole('link', { name: 'Envoyer par WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent('voici le devis')),
    );
  });
});
