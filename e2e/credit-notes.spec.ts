// A credit note on a 360 px phone, in English and in French: the owner credits one line of an
// issued invoice with the items put back in stock; the credit note has its document (title, seller, lines,
// reason, the invoice it credits) and its PDF; the invoice shows what was credited and lists the credit note;
// the stock is back.
import { pdfText } from '../tests/pdf-text.ts';
import { apiAs, expect, registerOwner, signIn, squash, test } from './fixtures.ts';

const WORDS = {
  en: {
    country: { country: 'NG', currency: 'NGN' },
    button: 'Credit note',
    submit: 'Issue credit note',
    amount: 'Credit note amount: ₦5,000.00',
    title: 'Credit note',
    reason: 'Reason',
    restock: 'Put the items back in stock',
    created: 'Credit note created',
    forInvoice: 'For invoice INV-000001',
    pdf: 'Download PDF',
    back: 'Back to the invoice',
    credited: 'Credited',
    total: '₦5,000.00',
  },
  fr: {
    country: { country: 'SN', currency: 'XOF' },
    button: 'Avoir',
    submit: 'Émettre l’avoir',
    amount: 'Montant de l’avoir : 5 000 CFA',
    title: 'Avoir',
    reason: 'Motif',
    restock: 'Remettre les articles en stock',
    created: 'Avoir établi',
    forInvoice: 'Sur la facture INV-000001',
    pdf: 'Télécharger le PDF',
    back: 'Retour à la facture',
    credited: 'Crédité',
    total: '5 000 CFA',
  },
};

test.describe('credit notes', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  // In English only: the French catalogue is checked complete by unit tests, and French screens and formats
  // by the French journeys.
  for (const locale of ['en'] as ('en' | 'fr')[]) {
    test(`credit one line of an issued invoice with the items back in stock (${locale})`, async ({
      page,
    }) => {
      test.slow();
      const w = WORDS[locale];
      const owner = await registerOwner(page, { locale, ...w.country });
      await signIn(page, owner.email, owner.password, { load: false });
      const product = await apiAs(page, '/products', {
        name: 'Sac de riz 50kg',
        sku: 'RIZ-50',
        unit: 'sac',
        cost: 3000,
        price: 5000,
        openingStock: 10,
      });
      const customer = await apiAs(page, '/customers', { name: 'Awa Ndiaye' });
      const invoice = await apiAs(page, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        lines: [
          { productId: product.id, description: 'Sac de riz 50kg', qty: 3, unitPrice: 5000, taxRate: 0 },
          { description: 'Livraison', qty: 1, unitPrice: 2000, taxRate: 0 },
        ],
      });
      expect((await apiAs(page, `/products/${product.id}`)).stockOnHand).toBe(7);

      await page.goto(`/sales/invoices/${invoice.id}`);
      await page.getByRole('button', { name: w.button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const qty = dialog.getByTestId('credit-qty');
      // Nothing is credited until chosen (a credit note cannot be undone); the amount shows as it is chosen.
      await expect(qty.nth(0)).toHaveValue('');
      await expect(qty.nth(1)).toHaveValue('');
      await qty.nth(0).fill('1');
      expect(squash(await dialog.getByTestId('credit-amount').innerText())).toBe(squash(w.amount));
      await dialog.getByLabel(w.reason).fill('Sac abîmé');
      await dialog.getByLabel(w.restock).check();
      await dialog.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByText(w.created)).toBeVisible();

      // Its document: titled, numbered, the seller's header, the line, the reason, the invoice it credits.
      await expect(page).toHaveURL(/\/credit-notes\/CN-000001$/);
      await expect(page.getByTestId('document-title')).toHaveText(w.title);
      await expect(page.getByTestId('credit-note-number')).toHaveText('CN-000001');
      const sheet = page.locator('.invoice-document');
      await expect(sheet).toContainText('Awa Ndiaye');
      await expect(sheet).toContainText('Sac de riz 50kg');
      await expect(page.getByTestId('credit-note-reason')).toHaveText('Sac abîmé');
      await expect(page.getByTestId('credited-invoice')).toHaveText(w.forInvoice);
      expect(squash(await page.getByTestId('credit-note-total').innerText())).toBe(squash(w.total));
      // Nothing was paid, so nothing is refundable.
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Refund' : 'Rembourser' })).toHaveCount(
        0,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: w.pdf }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('CN-000001.pdf');
      const text = await pdfText(await (await import('node:fs/promises')).readFile((await download.path())!));
      for (const expected of ['CN-000001', 'INV-000001', 'Awa Ndiaye', 'Sac de riz 50kg', 'Sac abîmé'])
        expect(text).toContain(expected);

      // The invoice: unchanged lines, Credited in its totals, the credit note listed; the stock is back.
      await page.getByRole('link', { name: w.back }).click();
      await expect(page.getByTestId('amount-credited')).toBeVisible();
      await expect(page.getByTestId('document-totals')).toContainText(`${w.credited} (CN-000001)`);
      await expect(page.getByTestId('credit-notes').getByRole('link', { name: 'CN-000001' })).toBeVisible();
      expect((await apiAs(page, `/products/${product.id}`)).stockOnHand).toBe(8);
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test('refunds a paid invoice credited in full, at most what was overpaid', async ({ page }) => {
    test.slow();
    const owner = await registerOwner(page, { locale: 'en', country: 'NG', currency: 'NGN' });
    await signIn(page, owner.email, owner.password, { load: false });
    const customer = await apiAs(page, '/customers', { name: 'Chidi Okeke' });
    const invoice = await apiAs(page, '/invoices', { customerId: customer.id, status: 'PAID', total: 8000 });
    const credited = await apiAs(page, `/invoices/${invoice.id}/credit-notes`, { reason: 'Order cancelled' });
    expect(credited.invoice.refundable).toBe(8000);

    await page.goto(`/sales/invoices/${invoice.id}/credit-notes/${credited.creditNote.number}`);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel('Payment Method').selectOption('mobile-money');
    await dialog.getByLabel('Amount').fill('3000');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText('Refund recorded')).toBeVisible();
    expect(squash(await page.getByTestId('credit-note-refunded').innerText())).toBe(squash('₦3,000.00'));
    expect((await apiAs(page, `/invoices/${invoice.id}`)).refundable).toBe(5000);
  });
});
