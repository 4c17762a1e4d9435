// What a shopkeeper meets on the first day: documents in the business's language, the site in the
// visitor's, and a first screen that says it is being set up.
import { pdfText } from '../tests/pdf-text.ts';
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

// Dates day-first: in English, the payments list at 360 px (e2e/phone-lists.spec.ts) and the activity log
// (e2e/settings.spec.ts); in French, a quote's "Valable jusqu’au 31/12/2026" (e2e/sales.spec.ts).

// Voiding an invoice, in French: e2e/errors.spec.ts.

test.describe('what a customer receives', () => {
  test('speaks the business’s language: a Senegalese shop’s invoice is in French, whatever reads it', async ({
    page,
    browser,
  }) => {
    // The owner works in English; the shop is in Senegal.
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'en' });
    await signIn(page, owner.email, owner.password, { load: false });
    const customer = await apiAs(page, '/customers', { name: 'Awa Diop' });
    const invoice = await apiAs(page, '/invoices', {
      customerId: customer.id,
      status: 'ISSUED',
      total: 15000,
    });
    await page.goto(`/sales/invoices/${invoice.id}`);
    // The page is in the owner's language; the document, as the customer will get it, in French.
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    const document = page.locator('.invoice-document');
    await expect(document).toContainText('Facturé à');
    await expect(document).toContainText('Total15 000 CFA');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect(await pdfText(pdf)).toContain('FACTURE');

    const { path } = await apiAs(page, `/invoices/${invoice.id}/share`, {});
    // A customer whose browser speaks English still reads the shop's French invoice.
    const english = await browser.newContext({ locale: 'en-US' });
    const customerPage = await english.newPage();
    await customerPage.goto(path);
    await expect(customerPage.locator('.invoice-document')).toContainText('Facturé à');
    await expect(customerPage.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    await english.close();

    // A link that no longer works says so in the visitor's own language (the browser's).
    const revoked = await page.request.delete(`/api/invoices/${invoice.id}/share`, {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('kasuwa-auth')!).access_token)}`,
      },
    });
    expect(revoked.ok()).toBe(true);
    const french = await browser.newContext({ locale: 'fr-FR' });
    const visitor = await french.newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('alert')).toHaveText(
      'Ce lien n’est plus valide. Demandez-en un nouveau au vendeur.',
    );
    await french.close();
  });
});

test.describe('the site', () => {
  test('speaks French to a browser that asks for French, until the visitor chooses', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Gérez toute votre entreprise depuis votre téléphone',
    );
    await page.evaluate(() => localStorage.setItem('kasuwa-locale', 'en'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run your whole business from your phone',
    );
    await context.close();
  });
});

test.describe('opening the app', () => {
  test('says "Setting up your workspace..." while a signed-in person\'s organizations are read', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    // A first visit (or a new version of the app, or a cleared cache) starts without kept answers: the user
    // is read.
    await signIn(page, owner.email, owner.password, { load: false });
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').getByText('Setting up your workspace...')).toBeVisible();
    answer();
    await expect(page.getByTestId('metric-activeCustomers')).toBeVisible();
  });
});
