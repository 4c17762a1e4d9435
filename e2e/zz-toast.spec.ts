import { apiAs, expect, registerOwner, signIn, test } from './fixtures.ts';
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
test('toast over a sheet', async ({ page }) => {
  const owner = await registerOwner(page);
  await signIn(page, owner.email, owner.password);
  await apiAs(page, '/products', { name: 'Gino', sku: 'GINO-70', costPrice: 1, sellingPrice: 2, unit: 'pcs' });
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Add Product' }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product Name').fill('Another');
  await dialog.getByLabel('SKU').fill('GINO-70');
  await dialog.getByLabel('Cost Price').fill('1');
  await dialog.getByLabel('Selling Price').fill('2');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('A product with this SKU already exists')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/toast-sheet.png' });
  // the same while offline-capable error: a toast-only error
  await page.context().setOffline(true);
});
