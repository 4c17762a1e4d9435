// What a customer receives, on a 360 px phone in French: a credit note shared like an invoice (its link,
// WhatsApp to the customer's number, the public page with the seller, its title and its PDF), and an invoice
// sent by e-mail to the customer's address, which arrives in French with the link to the invoice.
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { mailTo, sendMail, words } from './mail.ts';

test('a credit note is shared by its link and an invoice is sent by e-mail (fr)', async ({
  page,
}, testInfo) => {
  test.slow();
  await useLanguage(page, 'fr');
  const owner = await registerOwner(page, { locale: 'fr', country: 'SN', currency: 'XOF' });
  await signIn(page, owner.email, owner.password, { load: false });
  const email = `awa-${owner.id}@test.kasuwa.app`;
  const customer = await apiAs(page, '/customers', { name: 'Awa Ndiaye', email, phone: '77 123 45 67' });
  const invoice = await apiAs(page, '/invoices', {
    customerId: customer.id,
    status: 'ISSUED',
    lines: [{ description: 'Sac de riz 50kg', qty: 2, unitPrice: 12500, taxRate: 0 }],
  });
  const { creditNote } = await apiAs(page, `/invoices/${invoice.id}/credit-notes`, {
    reason: 'Un sac abîmé',
    restock: false,
    lines: [{ invoiceItemId: invoice.lines[0].id, qty: 1 }],
  });

  // The credit note: Partager, then WhatsApp to the customer's number and the link.
  await page.goto(`/sales/invoices/${invoice.id}/credit-notes/${creditNote.number}`);
  await page.getByRole('button', { name: 'Partager', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Partager cet avoir' });
  await share.getByRole('button', { name: 'Partager', exact: true }).click();
  const whatsapp = share.getByRole('link', { name: 'Envoyer par WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/221771234567\?text=/);
  await expect(whatsapp).toHaveAttribute('href', new RegExp(encodeURIComponent('voici l’avoir')));
  const link = await share.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/c\/[A-Za-z0-9_-]+$/);

  // What the customer opens, without signing in: the credit note in the seller's language.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('document-title')).toHaveText('Avoir');
  await expect(visitor.getByTestId('credit-note-number')).toHaveText(creditNote.number);
  await expect(visitor.locator('.invoice-document')).toContainText(owner.organizationName);
  await expect(visitor.locator('.invoice-document')).toContainText('Sur la facture INV-000001');
  await expect(visitor.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  await visitor.close();

  // The invoice, by e-mail: to the customer's address, which is filled in.
  await page.goto(`/sales/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
  const mail = page.getByRole('dialog', { name: 'Envoyer par e-mail' });
  await expect(mail.getByLabel('E-mail du client')).toHaveValue(email);
  await mail.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText(`L’e-mail à ${email} est en route.`)).toBeVisible();
  await sendMail(page);
  const received = await mailTo(testInfo, email);
  expect(received.Subject).toBe(`Facture INV-000001 de ${owner.organizationName}`);
  expect(words(received)).toMatch(
    /Bonjour Awa Ndiaye, .* vous envoie la facture INV-000001 d’un montant de 25\s000 CFA\./,
  );
  const invoiceLink = /(http\S+\/i\/[A-Za-z0-9_-]+)/.exec(received.Text)?.[1];
  expect(invoiceLink).toBeDefined();
  await page.goto(invoiceLink!);
  await expect(page.getByTestId('document-title')).toHaveText('Facture');
});
