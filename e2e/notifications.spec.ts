// The bell: a sale that takes a product's stock to its low-stock threshold shows one alert in
// the bell, in the member's language; opening it goes to the product and the unread count goes down; the
// low-stock mail reaches the member through the stack's SMTP catcher in their language (once that day however
// often the product crosses: supabase/tests/notifications.test.ts). Phone only: the header at 360 px.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, waitForServiceWorker, tokenOf } from './fixtures.ts';
import { mailTo, sendMail, words } from './mail.ts';

// The bell's journey goes offline with the app kept on the phone.
test.use({ serviceWorkers: 'allow' });

/** Serious and critical accessibility problems on the page as it is (the open list included). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const cases = [
  {
    locale: 'en' as const,
    theme: 'light',
    bell: 'Notifications',
    unread: 'Notifications, 1 unread',
    alert: /Rice 5kg is low on stock: 5 left \(alert at 5\)/,
    markAll: 'Mark all as read',
    offline: 'Offline: the notifications kept on this device.',
    empty: 'No notifications yet',
    mail: (org: string) => `${org}: Rice 5kg is running low`,
    mailText: 'These products are at or below their reorder threshold:',
  },
  {
    locale: 'fr' as const,
    theme: 'dark',
    bell: 'Notifications',
    unread: 'Notifications, 1 non lue',
    alert: /Stock bas pour Rice 5kg : il en reste 5 \(alerte à 5\)/,
    markAll: 'Tout marquer comme lu',
    offline: 'Hors ligne : les notifications gardées sur cet appareil.',
    empty: 'Aucune notification pour l’instant',
    mail: (org: string) => `${org} : Rice 5kg est presque épuisé`,
    mailText: 'Ces produits sont à leur seuil de réapprovisionnement ou en dessous :',
  },
];

// In English only: the French catalogue is checked complete by unit tests, and French screens and formats
// by the French journeys.
for (const c of cases.filter((c) => c.locale === 'en')) {
  test(`a sale that crosses the low-stock threshold rings the bell once (${c.locale})`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    const owner = await registerOwner(page, { locale: c.locale });
    await signIn(page, owner.email, owner.password);
    // In the app the theme is the member's saved preference: English in the light theme, French in the dark.
    const token = await tokenOf(page);
    const saved = await page.request.put('/api/preferences', {
      headers: { authorization: `Bearer ${token}` },
      data: { theme: c.theme },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(c.bell);
    await bell.click();
    await expect(page.getByTestId('notifications-empty')).toContainText(c.empty);
    await page.keyboard.press('Escape');

    const sku = `RICE-${Math.random().toString(36).slice(2, 8)}`;
    const product = (await apiAs(page, '/products', {
      name: 'Rice 5kg',
      sku,
      cost: 100,
      price: 150,
      openingStock: 6,
      lowStockThreshold: 5,
    })) as { id: string };
    const customer = (await apiAs(page, '/customers', { name: 'Ama Serwaa' })) as { id: string };
    const sell = (qty: number) =>
      apiAs(page, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        lines: [{ productId: product.id, description: 'Rice 5kg', qty, unitPrice: 150 }],
      });
    await sell(1); // 5 left: at the threshold
    await sell(1); // 4 left: still below, no second alert
    await page.reload();

    await expect(bell).toHaveAccessibleName(c.unread);
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    // The header keeps one row at 360 px: nothing spills past the screen's edge.
    const header = page.locator('header');
    expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

    await bell.click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    const alerts = sheet.getByTestId('notification');
    await expect(alerts).toHaveCount(1);
    // What the stock was when it reached the threshold: 5 left.
    await expect(alerts.first()).toContainText(c.alert);
    await expect(alerts.first()).toHaveAttribute('data-unread', 'true');
    await expect(sheet.getByRole('button', { name: c.markAll })).toBeVisible();
    expect.soft(await violations(page)).toEqual([]);
    await alerts.first().click();

    // The product's own page: its details, with its stock moves.
    await expect(page).toHaveURL(/\/inventory\?/);
    await expect(page.getByRole('dialog', { name: 'Rice 5kg' })).toBeVisible();
    await expect(bell).toHaveAccessibleName(c.bell);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    // Read stays read after a reload (the server has it), and a read notification is still legible.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute(
      'data-theme',
      c.theme === 'dark' ? 'kasuwa-dark' : 'kasuwa',
    );
    await expect(bell).toHaveAccessibleName(c.bell);
    await bell.click();
    await expect(sheet.getByTestId('notification')).not.toHaveAttribute('data-unread');
    await expect(sheet.getByRole('button', { name: c.markAll })).toHaveCount(0);
    expect.soft(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Offline, the bell shows what this device kept, and says so — no spinner.
    await waitForServiceWorker(page); // the app kept on the phone, as after any first visit
    await context.setOffline(true);
    await bell.click();
    await expect(sheet.getByText(c.offline)).toBeVisible();
    await expect(sheet.getByTestId('notification')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await context.setOffline(false);

    // The alert also came by mail, in the member's language.
    await sendMail(page);
    const mail = await mailTo(testInfo, owner.email);
    expect(mail.Subject).toBe(c.mail(owner.organizationName));
    expect(words(mail)).toContain(c.mailText);
  });
}
