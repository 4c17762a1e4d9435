// The documents a customer receives, on a 360 px phone in English and in French: the owner fills
// in the business profile, sends a quote, issues it, takes a part payment, sends its receipt and prints the
// customer's statement; each document carries the seller's details, the customer's name as written, and the right title.
import { pdfText } from '../tests/pdf-text.ts';
import { apiAs, expect, registerOwner, signIn, squash, test } from './fixtures.ts';

const WORDS = {
  en: {
    country: { country: 'NG', currency: 'NGN' },
    legalName: 'Legal name',
    address: 'Address',
    taxId: 'Tax ID',
    addNumber: 'Add a mobile money number',
    number: 'Number',
    save: 'Save business profile',
    saved: 'Business profile saved',
    quote: 'Quote',
    invoice: 'Invoice',
    issue: 'Issue',
    record: 'Record Payment',
    method: 'Payment Method',
    amount: 'Amount',
    reference: 'Reference',
    recorded: 'Payment recorded successfully',
    pdf: 'Download PDF',
    share: 'Share',
    receipt: 'Receipt',
    taxLabel: 'TIN',
    whatsapp: 'Send by WhatsApp',
    statement: 'Statement',
    statementTitle: 'Statement of account',
    due: 'Amount due',
    partAmount: '50000',
    paid: '₦50,000.00',
    left: '₦70,000.00',
    summary: 'Invoiced ₦120,000.00 · Paid ₦50,000.00',
  },
  fr: {
    country: { country: 'SN', currency: 'XOF' },
    legalName: 'Raison sociale',
    address: 'Adresse',
    taxId: 'Identifiant fiscal',
    addNumber: 'Ajouter un numéro mobile money',
    number: 'Numéro',
    save: 'Enregistrer le profil',
    saved: 'Profil de l’entreprise enregistré',
    quote: 'Devis',
    invoice: 'Facture',
    issue: 'Émettre',
    record: 'Enregistrer un paiement',
    method: 'Moyen de paiement',
    amount: 'Montant',
    reference: 'Référence',
    recorded: 'Paiement enregistré avec succès',
    pdf: 'Télécharger le PDF',
    share: 'Partager',
    receipt: 'Reçu',
    taxLabel: 'NINEA',
    whatsapp: 'Envoyer par WhatsApp',
    statement: 'Relevé',
    statementTitle: 'Relevé de compte',
    due: 'Solde dû',
    partAmount: '50000',
    paid: '50 000 CFA',
    left: '70 000 CFA',
    summary: 'Facturé 120 000 CFA · Payé 50 000 CFA',
  },
};

const CUSTOMER = 'Adébáyọ̀ Ọlátúndé';

test.describe('documents a customer receives', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  // In French only: its English words are the catalogues' own (checked complete in both languages by unit
  // tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
  for (const locale of ['fr'] as ('en' | 'fr')[]) {
    test(`carry the business profile, from the quote to the receipt and the statement (${locale})`, async ({
      page,
      browser,
    }) => {
      test.slow();
      const w = WORDS[locale];
      const owner = await registerOwner(page, { locale, ...w.country });
      await signIn(page, owner.email, owner.password, { load: false });

      // The business profile, in Settings > Organization.
      await page.goto('/settings');
      await page.getByLabel(w.legalName).fill('Boutique Ɗanjuma SARL');
      await page.getByLabel(w.address).fill('12 rue Carnot\nDakar-Plateau');
      await page.getByLabel(w.taxId, { exact: true }).fill('0012345 2G3');
      await page.getByRole('button', { name: w.addNumber }).click();
      await page.getByLabel(w.number, { exact: true }).fill('+221 77 123 45 67');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page.getByText(w.saved)).toBeVisible();

      // A quote: titled as one, with the seller's details.
      const customer = await apiAs(page, '/customers', { name: CUSTOMER });
      const quote = await apiAs(page, '/invoices', { customerId: customer.id, total: 120000 });
      await page.goto(`/sales/invoices/${quote.id}`);
      const document = page.locator('.invoice-document');
      await expect(page.getByTestId('document-title')).toHaveText(w.quote);
      await expect(document).toContainText('Boutique Ɗanjuma SARL');
      await expect(document).toContainText(`${w.taxLabel}: 0012345 2G3`);
      await expect(document).toContainText(CUSTOMER);

      // Issued, then part paid.
      await page.getByRole('button', { name: w.issue, exact: true }).click();
      await expect(page.getByTestId('document-title')).toHaveText(w.invoice);
      await page.getByRole('button', { name: w.record }).click();
      const pay = page.getByRole('dialog', { name: w.record });
      await pay.getByLabel(w.method).selectOption('cash');
      await pay.getByLabel(w.amount).fill(w.partAmount);
      await pay.getByLabel(w.reference).fill('CASH-0001');
      await pay.getByRole('button', { name: w.record }).click();
      await expect(page.getByText(w.recorded)).toBeVisible();
      await expect(page.getByTestId('balance-due')).toHaveText(
        new RegExp(squash(w.left).replace(/ /g, '\\s')),
      );

      // Its receipt: number, amount, what is left; as a PDF too.
      await page.getByTestId('receipt-link').click();
      await expect(page).toHaveURL(/\/receipts\/RCT-000001$/);
      const receipt = page.locator('.invoice-document');
      await expect(page.getByTestId('document-title')).toHaveText(w.receipt);
      await expect(page.getByTestId('receipt-number')).toHaveText('RCT-000001');
      await expect(receipt).toContainText(CUSTOMER);
      expect(squash(await page.getByTestId('receipt-amount').innerText())).toBe(squash(w.paid));
      expect(squash(await page.getByTestId('receipt-details').innerText())).toContain(squash(w.left));
      await expect(receipt).toContainText('CASH-0001');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: w.pdf }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('RCT-000001.pdf');
      const text = await pdfText(await (await import('node:fs/promises')).readFile((await download.path())!));
      for (const expected of [
        'RCT-000001',
        CUSTOMER.normalize('NFC'),
        'Boutique Ɗanjuma SARL',
        `${w.taxLabel}: 0012345 2G3`,
        'CASH-0001',
      ])
        expect(text).toContain(expected);
      expect(squash(text)).toContain(squash(w.paid));

      // Sent by WhatsApp: the customer opens the receipt from the invoice's public link.
      await page.getByRole('button', { name: w.share, exact: true }).click();
      const share = page.getByRole('dialog');
      await share.getByRole('button', { name: w.share, exact: true }).click();
      const link = await share.getByRole('textbox').inputValue();
      expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{32}\/receipts\/RCT-000001$/);
      await expect(share.getByRole('link', { name: w.whatsapp })).toHaveAttribute('href', /RCT-000001/);
      const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const customerPage = await visitor.newPage();
      await customerPage.goto(link);
      await expect(customerPage.getByTestId('receipt-number')).toHaveText('RCT-000001');
      await expect(customerPage.locator('.invoice-document')).toContainText('Boutique Ɗanjuma SARL');
      await expect(customerPage.locator('.invoice-document')).toContainText(CUSTOMER);
      await visitor.close();

      // The customer's statement: what was invoiced, what was paid, what is due.
      await page.goto('/sales?tab=customers');
      await page.getByRole('link', { name: `${w.statement} ${CUSTOMER}` }).click();
      await expect(page.getByTestId('document-title')).toHaveText(w.statementTitle);
      const statement = page.locator('.invoice-document');
      await expect(statement).toContainText(CUSTOMER);
      const dueRow = statement.getByRole('row').filter({ hasText: w.due });
      expect(squash(await dueRow.innerText())).toContain(squash(w.left));
      expect(squash(await statement.getByTestId('statement-summary').innerText())).toBe(squash(w.summary));
      const [statementPdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: w.pdf }).click(),
      ]);
      const statementText = await pdfText(
        await (await import('node:fs/promises')).readFile((await statementPdf.path())!),
      );
      expect(statementText).toContain('INV-000001');
      expect(statementText).toContain('RCT-000001');
      expect(squash(statementText)).toContain(squash(w.left));
      expect(squash(statementText)).toContain(squash(w.summary));
    });
  }
});
