// Every signed-in screen and tab on the narrowest phone we support (360 px), in English and in French
// (whose words are longer): the page never scrolls sideways. Tables either fit or scroll inside their own
// box; the pipeline board scrolls inside its own row. Every control a finger must hit is at least 44 × 44 px,
// and every button's label fits it.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { overflowingButtons } from './layout.ts';
import { issuedInvoice } from './people.ts';

const CUSTOMER = 'Société Commerciale Kwame-Asante Frères';

/** Each screen, and a text it shows once its data is drawn (the widest rows are then on the page). */
const SCREENS: [string, string | null][] = [
  ['/', 'Grossiste Pharmaceutique du Plateau'],
  ['/inventory?tab=products', 'HUILE-PALME-25L-RAFF'],
  ['/inventory?tab=suppliers', null],
  ['/inventory?tab=orders', null],
  ['/sales?tab=invoices', CUSTOMER],
  ['/sales?tab=customers', CUSTOMER],
  ['/sales?tab=payments', CUSTOMER],
  ['/crm', 'PharmaPlateau SARL'],
  ['/accounting?tab=expenses', 'Compagnie Ivoirienne'],
  ['/accounting?tab=payments', CUSTOMER],
  ['/reports', null],
  ['/team?tab=members', null],
  ['/team?tab=employees', null],
  ['/settings?tab=organization', null],
  ['/settings?tab=profile', null],
  ['/settings?tab=preferences', null],
  ['/settings?tab=notifications', null],
  ['/settings?tab=plan', null],
  ['/settings?tab=activity', null],
];

/** How many pixels the page is wider than the screen (0 when nothing scrolls sideways), and what sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return 0;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
    return `${over}px wider: ${culprits.join(' | ')}`;
  });

/**
 * The controls a finger must hit that are smaller than 44 × 44 px. A link inside a sentence is exempt (its
 * line is its target, as WCAG allows); a field, checkbox or switch inside its label counts by the label, which a
 * tap also focuses or toggles.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=button], summary',
    );
    for (const el of controls) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.tagName === 'A' && el.parentElement?.closest('p, td') && !el.classList.contains('btn')) continue;
      // A card's title link stretches over the card (an absolute ::after): the card is what a finger hits.
      const stretched = getComputedStyle(el, '::after').position === 'absolute';
      const target = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)
        ? (el.closest('label') ?? el)
        : stretched
          ? ((el.offsetParent as HTMLElement | null) ?? el)
          : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (Math.round(box.width) < 44 || Math.round(box.height) < 44)
        small.push(
          `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  });

test.use({ viewport: { width: 360, height: 740 } });

// In French only: its English words are the catalogues' own (checked complete in both languages by unit
// tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
for (const locale of ['fr'] as ('en' | 'fr')[]) {
  test(`no signed-in screen scrolls sideways at 360 px, and every control is a 44 px tap target (${locale})`, async ({
    page,
  }) => {
    test.slow(); // nineteen screens
    await useLanguage(page, locale);
    const owner = await registerOwner(page, {
      locale,
      organizationName: `Établissements Adjoa-Mensah & Fils ${Math.random().toString(36).slice(2, 8)}`,
    });
    await signIn(page, owner.email, owner.password, { load: false });
    // Long names and large amounts, as a wholesaler has them.
    const product = await apiAs(page, '/products', {
      name: 'Huile de palme raffinée — bidon de 25 litres',
      sku: 'HUILE-PALME-25L-RAFF',
      cost: 1_250_000,
      price: 1_487_500,
      openingStock: 3,
      lowStockThreshold: 5,
    });
    expect(product.id).toBeTruthy();
    const invoice = await issuedInvoice(page, 12_345_678.9, CUSTOMER);
    await apiAs(page, '/payments', {
      invoiceId: invoice.id,
      method: 'mobile-money',
      provider: 'MTN_MOMO',
      amount: 1_000_000,
      ref: 'MOMO-REF-0123456789-ABCDEFGHIJ',
    });
    await apiAs(page, '/expenses', {
      vendor: 'Compagnie Ivoirienne d’Électricité — agence de Treichville',
      category: 'utilities',
      amount: 987_654.32,
      currency: 'GHS',
      paidAt: new Date().toISOString().slice(0, 10),
    });
    await apiAs(page, '/leads', {
      name: 'Grossiste Pharmaceutique du Plateau',
      company: 'PharmaPlateau SARL',
      value: 25_000_000,
    });
    for (const [screen, shows] of SCREENS) {
      await page.goto(screen);
      if (shows) await expect(page.getByText(shows).filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading|Chargement/ })).toHaveCount(0);
      await expect(page.locator('main')).not.toBeEmpty();
      expect(await sideways(page), screen).toBe(0);
      expect.soft(await smallTargets(page), `tap targets on ${screen}`).toEqual([]);
    }
    await page.goto(`/sales/invoices/${invoice.id}`);
    await expect(page.getByText(invoice.number).first()).toBeVisible();
    expect(await sideways(page), 'the invoice page').toBe(0);
    expect.soft(await smallTargets(page), 'tap targets on the invoice page').toEqual([]);

    // Every button of the CRM page and its dialogs, and of Create Invoice, fits its label.
    await page.goto('/crm');
    await expect(page.getByTestId('lead-card')).toBeVisible();
    expect(await overflowingButtons(page.locator('body'))).toEqual([]);
    await page.getByTestId('lead-card').click();
    const details = page.getByRole('dialog', { name: 'Détails du prospect' });
    await expect(details).toBeVisible();
    expect(await overflowingButtons(details)).toEqual([]);
    await details.getByRole('button', { name: 'Modifier le prospect' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le prospect' });
    await expect(edit).toBeVisible();
    expect(await overflowingButtons(edit)).toEqual([]);
    await edit.getByRole('button', { name: 'Annuler' }).click();
    await page.goto('/sales?tab=invoices');
    await page.getByRole('button', { name: 'Créer une facture' }).filter({ visible: true }).first().click();
    const create = page.getByRole('dialog', { name: 'Créer une facture' });
    await create.getByRole('button', { name: 'Ajouter un article' }).click();
    expect(await overflowingButtons(create)).toEqual([]);
  });
}

test('registration in French keeps "Créer le compte" on one line at 360 px', async ({ page }) => {
  await useLanguage(page, 'fr');
  await page.goto('/register');
  await page.getByLabel('Prénom').fill('Awa');
  await page.getByLabel('Nom', { exact: true }).fill('Diop');
  await page.getByLabel('E-mail').fill('awa.diop@teranga.sn');
  await page.getByLabel('Mot de passe').fill('awa-secret-1');
  await page.getByRole('button', { name: 'Suivant' }).click();
  /** The height of a button, and of the words inside it (one line, or more when they wrap). */
  const heights = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((b) => {
      const words = document.createRange();
      words.selectNodeContents(b);
      return { button: b.getBoundingClientRect().height, words: words.getBoundingClientRect().height };
    });
  const create = await heights('Créer le compte');
  const previous = await heights('Précédent'); // one short word: one line
  expect(create.words).toBeLessThan(previous.words * 1.5);
  expect(create.button).toBe(previous.button);
  expect(await sideways(page)).toBe(0);
});
