// Offline everywhere after one sign-in: once signed in and idle, the device keeps what each screen shows
// first, so every screen opens offline without having been visited online. A screen with nothing kept says
// so ("Not available offline yet"), never a spinner that cannot end nor an empty list it cannot know.
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, waitForServiceWorker } from './fixtures.ts';
import { fillProduct, stockedShop } from './shop.ts';

// About the app kept on the phone: its service worker runs (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Waits until the device has kept the last screen's data (the activity log is read last). */
async function warmed(page: Page) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kasuwa-cache') ?? ''), { timeout: 30_000 })
    .toContain('/api/audit');
}

/**
 * Reloads with nothing kept on the device, as on a first sign-in. The cache is removed before the page's
 * scripts run: removed in the open page, the app (which reads and keeps data once a screen is done) could write
 * it back before the reload. Once: the test's later reloads keep what the device kept.
 */
async function reloadWithNothingKept(page: Page) {
  await page.evaluate(() => sessionStorage.setItem('e2e-forget-kept', '1'));
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-forget-kept')) return;
    sessionStorage.removeItem('e2e-forget-kept');
    localStorage.removeItem('kasuwa-cache');
  });
  await page.reload();
}

/** Signs in a new owner whose shop has a product, a customer (and `clients` more), an invoice with a
 * payment, a lead, an expense and an employee; the device then starts from nothing kept, as on a first
 * sign-in. */
async function shopOnNewDevice(
  page: Page,
  { locale, clients = 0 }: { locale?: 'fr'; clients?: number } = {},
) {
  const owner = await registerOwner(page, locale ? { locale } : {});
  await signIn(page, owner.email, owner.password);
  const { invoice } = await stockedShop(page);
  await apiAs(page, '/employees', { name: 'Akosua Frimpong', title: 'Shop assistant' });
  await Promise.all(
    Array.from({ length: clients }, (_, i) =>
      apiAs(page, '/customers', { name: `Client ${String(i + 1).padStart(2, '0')}` }),
    ),
  );
  await waitForServiceWorker(page);
  await reloadWithNothingKept(page);
  return { owner, invoice };
}

test.describe('offline after one sign-in', () => {
  test('every screen opens offline with what it showed online, without a visit; changes made then reach the server once', async ({
    page,
    context,
  }) => {
    test.slow(); // every screen, searches, then three changes sent
    // More customers than a page shows (25): the device keeps up to 500 for searching offline.
    const { owner, invoice } = await shopOnNewDevice(page, { clients: 30 });
    await warmed(page);
    // The connection badge says what this device keeps: every screen.
    await page.getByRole('button', { name: 'Online' }).click();
    const device = page.getByRole('dialog', { name: 'On this device' });
    await expect(device.getByRole('listitem')).toHaveCount(8);
    for (const row of await device.getByRole('listitem').all())
      await expect(row).toContainText('Available offline');
    await device.getByRole('button', { name: 'Close' }).click();
    await context.setOffline(true);

    const shows = async (path: string, text: string | RegExp) => {
      await page.goto(path);
      await expect(page.getByText(text).filter({ visible: true }).first(), path).toBeVisible();
      await expect(page.getByTestId('not-kept'), path).toHaveCount(0);
    };
    await shows('/', 'Cash received');
    await shows('/inventory', 'Rice 5kg');
    await shows('/sales', invoice.number as string);
    await shows('/sales?tab=customers', /Client \d\d/);
    await shows('/sales?tab=payments', invoice.number as string);
    await shows('/crm', 'Kofi Mensah');
    await shows('/accounting', 'Landlord');
    await shows('/reports', 'Cash received');
    await shows('/team', owner.email);
    await shows('/team?tab=employees', 'Akosua Frimpong');
    await shows('/settings?tab=plan', 'Team members');
    await page.goto('/settings');
    await expect(page.getByLabel('Organization Name')).toHaveValue(owner.organizationName);

    // A search offline runs on what the device keeps, beyond the first page, and says so.
    const visible = (text: string | RegExp) => page.getByText(text).filter({ visible: true });
    await page.goto('/sales?tab=customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('client');
    const clients = page.getByRole('listitem').filter({ hasText: /Client \d\d/, visible: true });
    await expect(clients).toHaveCount(30);
    await expect(page.getByTestId('searched-kept')).toHaveText(
      'Offline: searched among what this device keeps. There may be more.',
    );
    await expect(page.getByTestId('not-kept')).toHaveCount(0);
    // Nothing kept matches: the list says no match, and that it searched what is kept.
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Yaw');
    await expect(page.getByTestId('searched-kept')).toBeVisible();
    await expect(clients).toHaveCount(0);

    await page.goto('/inventory');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('rice');
    await expect(visible('Rice 5kg').first()).toBeVisible();
    await expect(page.getByTestId('searched-kept')).toBeVisible();
    await page.goto('/sales');
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill(invoice.number as string);
    await expect(visible(invoice.number as string).first()).toBeVisible();

    // Create Invoice's customer search finds one beyond the first page too.
    await page.getByRole('button', { name: 'Create Invoice' }).filter({ visible: true }).first().click();
    const form = page.getByRole('dialog', { name: 'Create Invoice' });
    await form.getByRole('searchbox', { name: 'Find a customer by name, phone or email' }).fill('Client 30');
    await form.getByRole('button', { name: /Client 30/ }).click();
    await expect(form.getByTestId('chosen-customer')).toHaveText('Client 30');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Three screens' changes, kept on the device, survive a reload offline and are sent once when back.
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Product' }).filter({ visible: true }).first().click();
    await fillProduct(page.getByRole('dialog', { name: 'Add Product' }), {
      name: 'Offline Soap',
      sku: 'OFF-SOAP',
      cost: '3',
      price: '5',
    });
    await expect(page.getByText('Saved on this device').first()).toBeVisible();
    await page.goto('/sales?tab=customers');
    await page.getByRole('button', { name: 'Add Customer' }).filter({ visible: true }).first().click();
    const customer = page.getByRole('dialog', { name: 'Add Customer' });
    await customer.getByLabel('Name').fill('Kofi Offline');
    await customer.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Kofi Offline').filter({ visible: true }).first()).toBeVisible();
    await page.goto('/crm');
    await page.getByRole('button', { name: 'Add Lead' }).click();
    const lead = page.getByRole('dialog', { name: 'Add Lead' });
    await lead.getByLabel('Name', { exact: true }).fill('Esi Offline');
    await lead.getByRole('button', { name: 'Save Lead' }).click();
    await expect(page.getByText('Esi Offline').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByTestId('pending-changes').filter({ visible: true })).toHaveText(
      '3 pending changes',
    );
    await page.reload();
    await expect(page.getByTestId('pending-changes').filter({ visible: true })).toHaveText(
      '3 pending changes',
    );

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: 20_000 });
    expect(await apiAs(page, '/products?search=OFF-SOAP')).toHaveLength(1);
    expect(await apiAs(page, '/customers?search=Kofi%20Offline')).toHaveLength(1);
    expect(
      ((await apiAs(page, '/leads?search=Esi%20Offline')) as { name: string }[]).map((l) => l.name),
    ).toEqual(['Esi Offline']);
  });

  test.describe('with two lists the server could not give', () => {
    // The browser's line for each of those answers.
    test.use({ expectedConsoleErrors: [/status of 503/] });

    test('en français, ce qui n’a pas été gardé le dit, sans tourner sans fin ni prétendre être vide', async ({
      page,
      context,
    }) => {
      // Two lists cannot be read while online (the server answers an error): nothing of them is kept.
      const failing = /\/api\/(employees|leads)(\?|$)/;
      await page.route(failing, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE"}' }),
      );
      await shopOnNewDevice(page, { locale: 'fr' });
      await warmed(page);
      // Offline, nothing answers (a route would still answer the app's calls).
      await page.unroute(failing);
      await context.setOffline(true);

      for (const path of ['/team?tab=employees', '/crm']) {
        await page.goto(path);
        // The screen's own state, not the one the app shows while it starts (outside the screen's frame).
        const notKept = page.getByRole('main').getByTestId('not-kept');
        await expect(notKept, path).toContainText('Pas encore disponible hors ligne');
        await expect(notKept, path).toContainText('Cela se chargera dès que vous serez de nouveau en ligne.');
      }
      // The board does not say "no leads" in any stage, nor count zero.
      await expect(page.getByText('Aucun prospect à cette étape')).toHaveCount(0);
      await expect(page.getByTestId('board')).toHaveCount(0);
      // The connection badge says which screens are kept in part, and that the rest comes once online.
      await page.getByRole('button', { name: 'Hors ligne' }).click();
      const device = page.getByRole('dialog', { name: 'Sur cet appareil' });
      await expect(device.getByRole('listitem').filter({ hasText: 'CRM' })).toContainText('Gardé en partie');
      await expect(device.getByRole('listitem').filter({ hasText: 'Équipe' })).toContainText(
        'Gardé en partie',
      );
      await expect(device.getByRole('listitem').filter({ hasText: 'Ventes' })).toContainText(
        'Disponible hors ligne',
      );
      await expect(device).toContainText('De retour en ligne, ce qui manque sera gardé automatiquement.');
      await device.getByRole('button', { name: 'Fermer' }).click();
      // What was kept still shows.
      await page.goto('/sales?tab=customers');
      await expect(page.getByText('Ama Serwaa').filter({ visible: true }).first()).toBeVisible();
      // A search offline runs on what is kept, and says so.
      await page.getByRole('searchbox').fill('ama');
      await expect(page.getByText('Ama Serwaa').filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByTestId('searched-kept')).toHaveText(
        'Hors ligne : recherche parmi ce que cet appareil conserve. Il peut y en avoir d’autres.',
      );

      // Back online, the member can have every screen kept at once.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByRole('button', { name: 'En ligne' }).click();
      await device.getByRole('button', { name: 'Tout garder maintenant' }).click();
      await expect(page.getByText('Chaque écran est gardé sur cet appareil.').first()).toBeVisible();
      for (const row of await device.getByRole('listitem').all())
        await expect(row).toContainText('Disponible hors ligne');
    });
  });
});
