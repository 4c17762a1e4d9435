// Amounts typed the user's way: in French, the product dialog of a shop in CFA francs says what is missing,
// what is not an amount and that XOF has no decimals, keeps what was typed through a reload and takes
// "12 000"; and stock never goes below zero without a word.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: true }).filter({ visible: true }).first();
const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

const words = {
  en: {
    add: 'Add Your First Product',
    dialog: 'Add Product',
    name: 'Product Name',
    cost: 'Cost Price',
    price: 'Selling Price',
    create: 'Create Product',
    created: 'Product created successfully',
    noDecimals: 'XOF has no decimals: enter a whole amount',
    notANumber: 'Enter an amount like 1,500',
    details: 'Details',
    adjust: 'Adjust Stock',
    delta: 'Quantity to add (negative to remove)',
    reason: 'Reason',
    save: 'Save Adjustment',
    warning: /Stock will be -480 after this\./,
    question: 'Record it anyway?',
    back: 'Change it',
    confirm: 'Record anyway',
    adjusted: 'Stock adjusted successfully',
    onHand: (n: string) => new RegExp(`^On hand: ${n} pcs$`),
  },
  fr: {
    add: 'Ajoutez votre premier produit',
    dialog: 'Ajouter un produit',
    name: 'Nom du produit',
    cost: 'Prix d’achat',
    price: 'Prix de vente',
    create: 'Créer le produit',
    created: 'Produit créé avec succès',
    noDecimals: 'Pas de décimales en XOF : saisissez un montant entier',
    notANumber: /Saisissez un montant comme 1\s500/,
    details: 'Détails',
    adjust: 'Ajuster le stock',
    delta: 'Quantité à ajouter (négative pour retirer)',
    reason: 'Motif',
    save: 'Enregistrer l’ajustement',
    warning: /Le stock sera de [-−]480 après cela\./,
    question: 'L’enregistrer quand même ?',
    back: 'Modifier',
    confirm: 'Enregistrer quand même',
    adjusted: 'Stock ajusté avec succès',
    onHand: (n: string) => new RegExp(`^En stock : ${n.replace('-', '[-−]')} pcs$`),
  },
};

test.describe('amounts', () => {
  // The product dialog in French, for a shop in CFA francs: what is missing, what is not an amount and what
  // has decimals XOF does not have are each said under their field; what was typed survives a reload; a
  // whole amount in French thousands groups is taken. (A French decimal comma read as a decimal point:
  // web/src/components/ui/amount-field.test.tsx and tests/api/amounts.test.ts.)
  test('en français, le formulaire d’un produit en francs CFA dit ce qui manque, garde le brouillon et prend « 12 000 »', async ({
    page,
  }) => {
    const w = words.fr;
    const owner = await registerOwner(page, { locale: 'fr', country: 'SN', currency: 'XOF' });
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/inventory');
    await expect(visible(page, 'Aucun produit pour l’instant')).toBeVisible();
    await button(page, w.add).click();
    const dialog = page.getByRole('dialog', { name: w.dialog });
    // Submitted from the keyboard (Enter in a field), as on a phone's keyboard.
    await dialog.getByLabel(w.name).press('Enter');
    await expect(dialog.getByText('Le prix d’achat est obligatoire')).toBeVisible();
    await expect(dialog.getByText('Le prix de vente est obligatoire')).toBeVisible();

    await dialog.getByLabel(w.name).fill('Riz brisé 25 kg');
    await dialog.getByLabel('SKU').fill('RIZ-25');
    await dialog.getByLabel(w.cost).fill('12abc');
    await dialog.getByLabel(w.price).fill('150,75');
    await dialog.getByRole('button', { name: w.create }).click();
    await expect(dialog.getByText(w.noDecimals)).toBeVisible();
    await expect(dialog.getByText(w.notANumber)).toBeVisible();
    await expect(dialog.getByLabel(w.price)).toHaveAttribute('aria-invalid', 'true');
    expect(await apiAs(page, '/products')).toEqual([]);

    // What was typed comes back after a reload.
    await page.reload();
    await button(page, w.dialog).click();
    await expect(dialog.getByTestId('draft-notice')).toContainText(
      'Nous avons gardé ce que vous aviez saisi.',
    );
    await expect(dialog.getByLabel(w.name)).toHaveValue('Riz brisé 25 kg');
    await expect(dialog.getByRole('button', { name: 'Recommencer' })).toBeVisible();

    // A whole amount, with the French thousands groups, is taken.
    await dialog.getByLabel(w.cost).fill('12 000');
    await dialog.getByLabel(w.price).fill('15 000');
    await dialog.getByLabel(w.price).press('Enter');
    await expect(page.getByText(w.created)).toBeVisible();
    const products = await apiAs(page, '/products');
    expect(products.map((p: { cost: number; price: number }) => [p.cost, p.price])).toEqual([[12000, 15000]]);
    await expect(visible(page, 'En rupture')).toBeVisible();
    await button(page, 'Supprimer Riz brisé 25 kg').click();
    await expect(page.getByText('Voulez-vous vraiment supprimer ce produit ?')).toBeVisible();
  });

  for (const locale of ['en'] as ('en' | 'fr')[])
    test(`an adjustment that takes stock below zero warns and is saved only when confirmed (${locale})`, async ({
      page,
    }) => {
      const w = words[locale];
      const owner = await registerOwner(page, { locale });
      await signIn(page, owner.email, owner.password, { load: false });
      await apiAs(page, '/products', {
        name: 'Milo 400g',
        sku: 'MILO-400',
        cost: 20,
        price: 25,
        openingStock: 20,
      });
      await page.goto('/inventory');
      await button(page, w.details).click();
      const stock = page.getByRole('dialog', { name: 'Milo 400g' });
      await expect(stock.getByText(w.onHand('20'))).toBeVisible();
      await stock.getByRole('button', { name: w.adjust }).click();
      await stock.getByLabel(w.delta).fill('-500');
      await stock.getByLabel(w.reason).fill('Recount');
      await stock.getByRole('button', { name: w.save }).click();

      const warning = stock.getByRole('alert');
      await expect(warning).toContainText(w.warning);
      await expect(warning).toContainText(w.question);
      await warning.getByRole('button', { name: w.back }).click();
      await expect(warning).toBeHidden();
      await expect(stock.getByText(w.onHand('20'))).toBeVisible();
      expect((await apiAs(page, '/products'))[0].stockOnHand).toBe(20);

      await stock.getByRole('button', { name: w.save }).click();
      await stock.getByRole('alert').getByRole('button', { name: w.confirm }).click();
      await expect(page.getByText(w.adjusted)).toBeVisible();
      await expect(stock.getByText(w.onHand('-480'))).toBeVisible();
    });

  test('an invoice issued for more than the stock warns, created or issued later, and goes on only when confirmed', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/customers', { name: 'Ama Serwaa' });
    const product = await apiAs(page, '/products', {
      name: 'Rice 5kg',
      sku: 'RICE-5',
      cost: 80,
      price: 100,
      openingStock: 2,
    });
    await page.goto('/sales');
    await button(page, 'Create Invoice').click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByRole('button', { name: 'Ama Serwaa' }).click();
    await expect(dialog.getByTestId('chosen-customer')).toHaveText('Ama Serwaa');
    await dialog.locator('#line-0-product').selectOption(product.id);
    await dialog.locator('#line-0-qty').fill('5');
    await dialog.getByLabel('Status').selectOption('ISSUED');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    const warning = dialog.getByRole('alert');
    await expect(warning).toContainText('Rice 5kg: stock will be -3 after this.');
    await expect(warning).toContainText('Record it anyway?');
    await warning.getByRole('button', { name: 'Change it' }).click();
    await expect(warning).toBeHidden();
    expect(await apiAs(page, '/invoices')).toHaveLength(0);

    // A quote takes nothing from stock: no warning until it is issued.
    await dialog.getByLabel('Status').selectOption('QUOTE');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Quote created successfully')).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('Quote');
    await button(page, 'Issue').click();
    const issue = page.getByRole('dialog', { name: 'Issue' });
    await expect(issue.getByRole('alert')).toContainText('Rice 5kg: stock will be -3 after this.');
    await issue.getByRole('button', { name: 'Change it' }).click();
    await expect(issue).toBeHidden();
    await expect(page.getByTestId('invoice-status')).toHaveText('Quote');
    await button(page, 'Issue').click();
    await issue.getByRole('button', { name: 'Record anyway' }).click();
    await expect(page.getByText('Invoice issued')).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('Issued');
    expect((await apiAs(page, `/products/${product.id}`)).stockOnHand).toBe(-3);
  });
});
