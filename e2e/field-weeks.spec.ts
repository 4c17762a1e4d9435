// A first week of two shops, as a field test lived it: Dakar in French with XOF and Accra in English with GHS,
// on a 360 px phone. What each day left in the books is made through the API (the screens that make it have
// their own tests); what the owner then reads is checked on the screens: every figure agrees with its lines
// and means one thing, a quote is a quote until it is issued, and the documents point at each other.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, squash, test, useLanguage } from './fixtures.ts';

const button = (page: Page, name: string) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test('Dakar: after a payment reversed, a credit note and a payment, every screen tells the same story (fr)', async ({
  page,
}) => {
  test.slow();
  await useLanguage(page, 'fr');
  const owner = await registerOwner(page, { locale: 'fr', country: 'SN', currency: 'XOF' });
  await signIn(page, owner.email, owner.password, { load: false });

  // Monday: 4 bags of rice on credit to Fatou, 36 400 + 18 % = 42 952 CFA.
  const fatou = await apiAs(page, '/customers', { name: 'Fatou Ndiaye', phone: '+221 77 654 32 10' });
  const rice = await apiAs(page, '/products', {
    name: 'Riz 25 kg',
    sku: 'RIZ-25',
    cost: 7000,
    price: 9100,
    openingStock: 20,
  });
  const sold = await apiAs(page, '/invoices', {
    customerId: fatou.id,
    status: 'ISSUED',
    lines: [{ productId: rice.id, description: 'Riz 25 kg', qty: 4, unitPrice: 9100, taxRate: 18 }],
  });
  // Tuesday: a Wave payment typed wrong, reversed; Wednesday: the right one; Thursday: a bag comes back.
  const wrong = await apiAs(page, '/payments', {
    invoiceId: sold.id,
    method: 'mobile-money',
    provider: 'WAVE',
    amount: 22952,
    ref: 'WV-001',
  });
  await apiAs(page, `/payments/${wrong.id}/reverse`, { reason: 'Mauvais montant' });
  await apiAs(page, '/payments', {
    invoiceId: sold.id,
    method: 'mobile-money',
    provider: 'WAVE',
    amount: 20000,
    ref: 'WV-002',
  });
  const lines = (await apiAs(page, `/invoices/${sold.id}`)).lines as { id: string }[];
  await apiAs(page, `/invoices/${sold.id}/credit-notes`, {
    reason: 'Sac abîmé',
    restock: true,
    lines: [{ invoiceItemId: lines[0]!.id, qty: 1 }],
  });
  // Invoiced 42 952, credited 9 100 + 18 % = 10 738, paid 20 000 (the reversed 22 952 no longer counts),
  // due 12 214.

  // The invoice list: what is still owed, and that it is partly paid.
  await page.goto('/sales');
  const row = page.getByTestId('invoices-table').locator('[data-row]').filter({ hasText: 'INV-000001' });
  await expect.poll(async () => squash(await row.textContent())).toContain('12 214 CFA');
  await expect(row).toContainText('Partiellement payée');

  // The invoice: the reversed payment struck through, the credit note named, each payment's reference and
  // receipt number.
  await page.goto(`/sales/invoices/${sold.id}`);
  await expect(page.getByTestId('balance-due')).toHaveText(/12[\s\u202f\u00a0]214 CFA/);
  await expect(page.getByTestId('amount-credited')).toBeVisible();
  await expect(page.getByTestId('document-totals')).toContainText('CN-000001');
  const history = squash(await page.getByTestId('payment-history').innerText());
  expect(history).toContain('WV-002');
  expect(history).toContain('RCT-000002');

  // The same Wave message typed again is asked about, and nothing is kept twice unasked.
  await button(page, 'Enregistrer un paiement').click();
  const pay = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await pay.getByLabel('Moyen de paiement').selectOption('mobile-money');
  await pay.getByLabel('Opérateur mobile money').selectOption('WAVE');
  await pay.getByLabel('Montant').fill('12214');
  await pay.getByLabel('Référence').fill('wv-002');
  await pay.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(pay.getByRole('alert')).toContainText('La référence wv-002 est déjà utilisée');
  await pay.getByRole('button', { name: 'Annuler' }).click();
  expect((await apiAs(page, `/invoices/${sold.id}`)).payments).toHaveLength(2);

  // Her statement: each figure is its own lines, and the amount due is the invoice's.
  await page.goto(`/sales/customers/${fatou.id}/statement`);
  await expect
    .poll(async () => squash(await page.getByTestId('statement-summary').innerText()))
    .toBe(squash('Facturé 42 952 CFA · Avoirs 10 738 CFA · Payé 20 000 CFA'));

  // Cash received is money in (20 000) on the dashboard, in Accounting and in the reports; Invoiced is net of
  // the credit note (32 214), under its own name.
  await page.goto('/');
  await expect
    .poll(async () => squash(await page.getByTestId('metric-cashReceived').innerText()))
    .toContain('20 000 CFA');
  // The dashboard in French: its cards, Getting Started and its quick actions.
  await expect(page.getByTestId('metric-cashReceived')).toContainText('Encaissé');
  await expect(page.getByTestId('getting-started')).toContainText('Pour bien démarrer');
  await expect(
    page.getByTestId('quick-actions').getByRole('button', { name: 'Créer une facture' }),
  ).toBeVisible();
  await page.goto('/accounting');
  await expect
    .poll(async () => squash(await page.getByTestId('card-cashReceived').innerText()))
    .toContain('20 000 CFA');
  await expect
    .poll(async () => squash(await page.getByTestId('card-invoiced').innerText()))
    .toContain('32 214 CFA');
  await page.goto('/reports');
  await expect
    .poll(async () => squash(await page.getByTestId('report-cashReceived').innerText()))
    .toContain('20 000 CFA');
});

test('Accra: a quote numbered as a quote becomes the next invoice, a subscription shows its discount, and the payment its receipt (en)', async ({
  page,
}) => {
  test.slow();
  await useLanguage(page, 'en');
  const owner = await registerOwner(page, { locale: 'en', country: 'GH', currency: 'GHS' });
  await signIn(page, owner.email, owner.password, { load: false });
  const customer = await apiAs(page, '/customers', { name: 'Ọlábísí Àdìgún', phone: '+233 24 555 0101' });

  // A quote sent on Monday is a quote everywhere: its own number, its title, addressed "Quote for".
  const quote = await apiAs(page, '/invoices', {
    customerId: customer.id,
    dueAt: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    lines: [{ description: 'Printing, 500 flyers', qty: 1, unitPrice: 1815.5, taxRate: 20 }],
  });
  expect(quote.number).toBe('QUO-000001');
  await page.goto(`/sales/invoices/${quote.id}`);
  await expect(page.getByTestId('invoice-number')).toHaveText('QUO-000001');
  await expect(page.getByTestId('document-title')).toHaveText('Quote');
  await expect(page.getByText('Quote for')).toBeVisible();

  // Accepted on Wednesday: issued, it is INV-000001 and says which quote it was.
  await button(page, 'Issue').click();
  await expect(page.getByTestId('invoice-number')).toHaveText('INV-000001');
  await expect(page.getByTestId('quote-number')).toHaveText('Quote QUO-000001');
  await expect(page.getByTestId('balance-due')).toHaveText('₵2,178.60');

  // Paid by MTN MoMo: its reference and receipt number are in the history, and it is paid.
  await button(page, 'Record Payment').click();
  const pay = page.getByRole('dialog', { name: 'Record Payment' });
  await pay.getByLabel('Payment Method').selectOption('mobile-money');
  await pay.getByLabel('Mobile money provider').selectOption('MTN_MOMO');
  await pay.getByLabel('Reference').fill('MP241128.0915.C7');
  await pay.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Payment recorded successfully')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('payment-history')).toContainText('MP241128.0915.C7');
  await expect(page.getByTestId('payment-history')).toContainText('RCT-000001');

  // A monthly service at 5 % off: its invoice lists the plan's price and the discount as its own line.
  const plan = await apiAs(page, '/subscription-plans', { name: 'Website care', price: 600 });
  await apiAs(page, '/subscriptions', {
    customerId: customer.id,
    planId: plan.id,
    taxPercent: 0,
    discountPercent: 5,
  });
  const invoices = (await apiAs(page, '/invoices')) as { id: string; number: string }[];
  const care = invoices.find((i) => i.number === 'INV-000002')!;
  await page.goto(`/sales/invoices/${care.id}`);
  const totals = page.getByTestId('document-totals');
  await expect(totals).toContainText('Discount (5%)');
  await expect(page.getByTestId('discount')).toContainText('30.00');
  await expect(page.getByTestId('balance-due')).toHaveText('₵570.00');

  // Each series follows on: the next quote is QUO-000002.
  const next = await apiAs(page, '/invoices', { customerId: customer.id, total: 100 });
  expect(next.number).toBe('QUO-000002');
});
