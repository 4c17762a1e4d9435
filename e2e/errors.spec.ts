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

  test('an organization name already taken, at registration', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Prénom').fill('Fatou');
    await page.getByLabel('Nom', { exact: true }).fill('Ndiaye');
    await page.getByLabel('E-mail').fill(`fatou-${Date.now()}@test.kasuwa.app`);
    await page.getByLabel('Mot de passe').fill('fatou-secret-1');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Nom de l’entreprise').fill('  kasuwa demo SHOP ');
    await page.getByLabel('Pays').selectOption('SN');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page.getByText('Échec de l’inscription')).toBeVisible();
    await expect(page.getByLabel('Nom de l’entreprise')).toHaveAccessibleDescription(
      'Une entreprise porte déjà ce nom',
    );
    await expect(page.getByText('An organization with this name already exists')).toHaveCount(0);
  });

  test('a payment over the balance, and an expense in CFA francs with decimals', async ({ page }) => {
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
    await signIn(page, owner.email, owner.password);
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

    await page.goto('/accounting');
    await page
      .getByRole('button', { name: 'Enregistrer une dépense' })
      .filter({ visible: true })
      .first()
      .click();
    const expense = page.getByRole('dialog', { name: 'Enregistrer une dépense' });
    await expect(expense.getByLabel('Devise')).toHaveValue('XOF');
    await expense.getByLabel('Fournisseur').fill('Senelec');
    await expense.getByLabel('Catégorie').selectOption('utilities');
    await expense.getByLabel('Montant').fill('1500.5');
    await expense.getByRole('button', { name: 'Enregistrer une dépense' }).click();
    await expect(expense.getByText('Pas de décimales en XOF : saisissez un montant entier')).toBeVisible();
    await expect(expense.getByText(/amounts have/)).toHaveCount(0);
  });
});
