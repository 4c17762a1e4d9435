// The bell (issue #24): a sale that takes a product's stock to its low-stock threshold shows one alert in
// the bell, in the member's language; opening it goes to the product and the unread count goes down; the
// low-stock mail for the member is queued once that day however often the product crosses (the sender is
// tested with the mail; here the queue is read from the database). Phone only: the header at 360 px.
import pg from 'pg';
import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 54500);
const databaseUrl =
  process.env.DATABASE_URL ?? `postgresql://supabase_admin:postgres@127.0.0.1:${port + 2}/postgres`;

async function lowStockMail(productId: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ to_address: string; locale: string; data: { name: string } }>(
      `select to_address, locale, data from private.outgoing_mail
        where kind = 'low_stock' and dedupe_key like $1`,
      [`low_stock:${productId}:%`],
    );
    return rows;
  } finally {
    await db.end();
  }
}

const cases = [
  {
    locale: 'en' as const,
    bell: 'Notifications',
    unread: 'Notifications, 1 unread',
    alert: /Rice 5kg is low on stock: 5 left \(alert at 5\)/,
    markAll: 'Mark all as read',
    empty: 'No notifications yet',
  },
  {
    locale: 'fr' as const,
    bell: 'Notifications',
    unread: 'Notifications, 1 non lue',
    alert: /Stock bas pour Rice 5kg : il en reste 5 \(alerte à 5\)/,
    markAll: 'Tout marquer comme lu',
    empty: 'Aucune notification pour l’instant',
  },
];

for (const c of cases) {
  test(`a sale that crosses the low-stock threshold rings the bell once (${c.locale})`, async ({ page }) => {
    test.slow();
    const owner = await registerOwner(page, { locale: c.locale });
    await signIn(page, owner.email, owner.password);
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
    await alerts.first().click();

    // The product's own page: its details, with its stock moves.
    await expect(page).toHaveURL(/\/inventory\?/);
    await expect(page.getByRole('dialog', { name: 'Rice 5kg' })).toBeVisible();
    await expect(bell).toHaveAccessibleName(c.bell);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    // Read stays read after a reload (the server has it).
    await page.reload();
    await expect(bell).toHaveAccessibleName(c.bell);

    // Back above the threshold and down again the same day: a second alert, but no second mail.
    await apiAs(page, `/products/${product.id}/adjustments`, { delta: 10, note: 'Delivery counted' });
    await sell(10);
    const mail = await lowStockMail(product.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: owner.email, locale: c.locale, data: { name: 'Rice 5kg' } });
  });
}
