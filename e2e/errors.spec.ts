// A French member is told why something was refused in French: the server answers a reason code and the app
// translates it (docs/decisions/005-error-codes-end-to-end.md); no English sentence of the server shows.
import { expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

test.describe('refusals in French', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'fr');
  });

  test('the sign-in page, its empty fields and a wrong password', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bienvenue sur Kasuwa' })).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
    await expect(page.getByText('Le mot de passe est obligatoire.')).toBeVisible();
    await page.getByLabel('E-mail').fill('demo@kasuwa.app');
    await page.getByLabel('Mot de passe').fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Échec de la connexion')).toBeVisible();
    await expect(page.getByText('E-mail ou mot de passe incorrect')).toBeVisible();
    await expect(page.getByText('Invalid login credentials')).toHaveCount(0);
  });

  // An organization name already taken, at registration: the French owner's journey in
  // e2e/organizations.spec.ts.

  // (An expense in CFA francs with decimals: the French expense test in e2e/accounting.spec.ts.)
  test('a payment over the balance, and voiding the invoice asks with two buttons that cannot be confused', async ({
    page,
  }) => {
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    const invoice = await issuedInvoice(page, 1000, 'Awa Diop');
    await page.goto(`/sales/invoices/${invoice.id}`);
    await page
      .getByRole('button', { name: 'Enregistrer un paiement' })
      .filter({ visible: true })
      .first()
      .click();
    const pay = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
    await pay.getByLabel('Moyen de paiement').selectOption('cash');
    await pay.getByLabel('Montant').fill('1500');
    await pay.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    // The balance is money in French: 1 000 CFA (grouped with a narrow no-break space).
    const over = /^Le paiement dépasse le reste à payer \(1\s000 CFA\)$/;
    await expect(page.getByTestId('toast').getByText(over)).toBeVisible();
    // And under the amount, where it can be corrected.
    await expect(pay.getByLabel('Montant')).toHaveAccessibleDescription(over);
    await expect(page.getByText(/balance due/)).toHaveCount(0);

    await pay.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(pay).toBeHidden();

    // Voiding asks with two buttons that cannot be confused; keeping it changes nothing.
    await page.getByRole('button', { name: 'Annuler la facture', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const labels = await dialog.getByRole('button').allInnerTexts();
    expect(labels.filter((l) => l === 'Garder la facture' || l === 'Oui, annuler la facture')).toHaveLength(
      2,
    );
    await dialog.getByRole('button', { name: 'Garder la facture', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invoice-status')).not.toHaveText('Annulée');
    await page.getByRole('button', { name: 'Annuler la facture', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Oui, annuler la facture', exact: true })
      .click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Annulée');
  });
});
