import { apiAs, expect, openNavigation, registerOwner, signIn, test } from './fixtures.ts';
import { fillProduct } from './shop.ts';
import type { Page } from '@playwright/test';

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

async function addProduct(
  page: Page,
  p: { name: string; sku: string; cost: string; price: string; opening?: string },
) {
  await button(page, 'Add Product').click();
  await fillProduct(page.getByRole('dialog', { name: 'Add Product' }), p);
}

test.describe('inventory', () => {
  test('an owner stocks the shop: add with validation, low stock, adjust, edit, a taken SKU, search and delete', async ({
    page,
  }) => {
    test.slow(); // a whole day's journey in one test
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/inventory');
    await expect(visible(page, 'No products yet')).toBeVisible();
    await button(page, 'Add Your First Product').click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog.getByLabel('Unit')).toHaveValue('pcs');
    await expect(dialog.getByLabel('Low Stock Threshold')).toHaveValue('5');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    // The name only: the SKU is optional.
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(1);
    await expect(dialog.getByText('Cost is required')).toBeVisible();
    await expect(dialog.getByText('Price is required')).toBeVisible();
    await dialog.getByLabel('Low Stock Threshold').fill('');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(dialog.getByText('Low stock threshold is required')).toBeVisible();
    await dialog.getByLabel('Low Stock Threshold').fill('5');
    await dialog.getByLabel('Product Name').fill('Gino Tomato Paste 70g');
    await dialog.getByLabel('SKU').fill('GINO-70');
    await dialog.getByLabel('Unit').fill('tin');
    await dialog.getByLabel('Cost Price').fill('4.50');
    await dialog.getByLabel('Selling Price').fill('6');
    await dialog.getByLabel('Opening stock').fill('3');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(visible(page, 'Low Stock')).toBeVisible();
    await expect(page.getByTestId('low-stock-alert')).toContainText('1 product is running low on stock');
    await expect(visible(page, 'GH₵ 6.00').or(visible(page, '₵6.00'))).toBeVisible();
    await openNavigation(page);
    await expect(page.getByTestId('low-stock-badge').filter({ visible: true })).toHaveText('1');
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.keyboard.press('Escape');

    await button(page, 'Details').click();
    const stock = page.getByRole('dialog', { name: 'Gino Tomato Paste 70g' });
    await expect(stock.getByText('On hand: 3 tin')).toBeVisible();
    await expect(stock.getByTestId('stock-moves')).toContainText('Opening stock');
    await stock.getByRole('button', { name: 'Adjust Stock' }).click();
    await stock.getByRole('button', { name: 'Save Adjustment' }).click();
    await expect(stock.getByText('Quantity is required')).toBeVisible();
    await expect(stock.getByText('A reason is required')).toBeVisible();
    await stock.getByLabel('Quantity to add (negative to remove)').fill('10');
    await stock.getByLabel('Reason').fill('Delivery counted');
    await stock.getByRole('button', { name: 'Save Adjustment' }).click();
    await expect(page.getByText('Stock adjusted successfully')).toBeVisible();
    await expect(stock.getByText('On hand: 13 tin')).toBeVisible();
    await expect(stock.getByTestId('stock-moves')).toContainText('Adjustment — Delivery counted');
    await stock.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(visible(page, 'In Stock')).toBeVisible();

    await button(page, 'Edit Gino Tomato Paste 70g').click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await edit.getByLabel('Selling Price').fill('6.50');
    await edit.getByRole('button', { name: 'Save Product' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();

    await addProduct(page, { name: 'Another paste', sku: 'gino-70', cost: '1', price: '2' });
    // Under the SKU, where the cursor goes, as well as in the toast.
    const taken = page.getByRole('dialog', { name: 'Add Product' });
    await expect(taken.getByLabel('SKU')).toHaveAccessibleDescription(
      'A product with this SKU already exists',
    );
    await expect(taken.getByLabel('SKU')).toBeFocused();
    await expect(page.getByTestId('toast')).toContainText('A product with this SKU already exists');
    await taken.getByRole('button', { name: 'Cancel' }).click();
    await addProduct(page, {
      name: 'Peak Milk 400g',
      sku: 'PEAK-400',
      cost: '30',
      price: '38',
      opening: '24',
    });
    await expect(page.getByText('Product created successfully')).toBeVisible();

    await page.getByLabel('Search products').fill('PEAK');
    await expect(visible(page, 'Peak Milk 400g')).toBeVisible();
    await expect(page.getByText('Gino Tomato Paste 70g').filter({ visible: true })).toHaveCount(0);
    await page.getByLabel('Search products').fill('nothing-like-this');
    await expect(visible(page, 'No products match your search')).toBeVisible();
    await page.getByLabel('Search products').fill('');

    await button(page, 'Delete Peak Milk 400g').click();
    const confirm = page.getByRole('dialog', { name: 'Delete product' });
    await expect(confirm.getByText('Are you sure you want to delete this product?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(page.getByText('Peak Milk 400g').filter({ visible: true })).toHaveCount(0);
  });

  test('a product another till adds shows when the list is opened again a minute later, without a reload', async ({
    page,
  }) => {
    await page.clock.install();
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    // A link's name may go on with its badge ("Inventory 1 product low on stock", once the count is read
    // again): the screen's name starts it.
    const go = async (name: string) => {
      await openNavigation(page);
      await page
        .getByRole('link', { name: new RegExp(`^${name}\\b`) })
        .filter({ visible: true })
        .first()
        .click();
    };
    await go('Inventory');
    await expect(visible(page, 'No products yet')).toBeVisible();
    // The same shop's other till (here, the API as the same owner) adds a product.
    await apiAs(page, '/products', { name: 'Millet 2kg', sku: 'MIL-2', cost: 800, price: 1000 });
    await go('Sales');
    await page.clock.fastForward('01:05');
    await go('Inventory');
    await expect(visible(page, 'Millet 2kg')).toBeVisible();
  });

  test('imports products from a CSV file, refusing a file with problems as a whole', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/inventory');
    await button(page, 'Import CSV').click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    const file = dialog.getByLabel('CSV file');
    await file.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,sku,cost,price\nRice 5kg,RICE-5,60,75\n,RICE-5,abc,\n'),
    });
    await expect(dialog.getByRole('alert')).toContainText('4 problems');
    await expect(dialog.getByText('This SKU appears more than once in the file')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
    await file.setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '\uFEFFname;sku;cost;price;openingStock\nCafé Touba 250g;CT-250;1500;2000;12\nRice 5kg;RICE-5;60;75;\n',
      ),
    });
    await expect(dialog.getByText('2 products ready to import')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(page.getByText('2 products imported successfully')).toBeVisible();
    await expect(visible(page, 'Café Touba 250g')).toBeVisible();
    await expect(visible(page, 'Rice 5kg')).toBeVisible();
  });

  test('a supplier order is approved and received into stock once', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/inventory');
    await addProduct(page, { name: 'Sardines 125g', sku: 'SARD-125', cost: '8', price: '10', opening: '2' });
    await expect(page.getByText('Product created successfully')).toBeVisible();

    await page.getByRole('tab', { name: 'Suppliers' }).click();
    await button(page, 'Add Supplier').click();
    const supplier = page.getByRole('dialog', { name: 'Add Supplier' });
    await supplier.getByLabel('Email').fill('not-an-email');
    await supplier.getByRole('button', { name: 'Save Supplier' }).click();
    await expect(supplier.getByText('Name is required')).toBeVisible();
    await expect(supplier.getByText('Invalid email address')).toBeVisible();
    await supplier.getByLabel('Name').fill('Makola Wholesale');
    await supplier.getByLabel('Email').fill('orders@makola.example');
    await supplier.getByRole('button', { name: 'Save Supplier' }).click();
    await expect(page.getByText('Supplier created successfully')).toBeVisible();

    await page.getByRole('tab', { name: 'Purchase Orders' }).click();
    await button(page, 'New Purchase Order').click();
    const order = page.getByRole('dialog', { name: 'New Purchase Order' });
    await order.getByLabel('Supplier').selectOption({ label: 'Makola Wholesale' });
    await order.getByLabel('Product').selectOption({ label: 'Sardines 125g (SARD-125)' });
    await expect(order.getByLabel('Unit cost')).toHaveValue('8');
    await order.getByLabel('Quantity').fill('24');
    await expect(order.getByText(/Total: .*192\.00/)).toBeVisible();
    await order.getByRole('button', { name: 'Create Purchase Order' }).click();
    await expect(page.getByText('Purchase order created successfully')).toBeVisible();

    await page
      .getByTestId('purchase-orders')
      .getByRole('button', { name: /Makola Wholesale/ })
      .click();
    const detail = page.getByRole('dialog', { name: 'Purchase order' });
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Purchase order approved')).toBeVisible();
    await detail.getByRole('button', { name: 'Receive into stock' }).click();
    await expect(page.getByText('Purchase order received: stock updated')).toBeVisible();
    await expect(detail.getByText('Received', { exact: true })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Receive into stock' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('tab', { name: 'Products' }).click();
    await button(page, 'Details').click();
    await expect(page.getByRole('dialog').getByText('On hand: 26 pcs')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('stock-moves')).toContainText('Purchase received');
  });
  // In French: the product dialog's French test in e2e/amounts.spec.ts.
});

test.describe('inventory export', () => {
  test('exports the inventory as a CSV Excel reads, and says "No Data" when there is nothing', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/inventory');
    await button(page, 'Export CSV').click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await expect(page.getByText('No data available to export')).toBeVisible();
    await addProduct(page, { name: '=SUM(A1) Crème', sku: 'CR-1', cost: '10', price: '12.5', opening: '3' });
    await expect(page.getByText('Product created successfully')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export CSV').click()]);
    expect(download.suggestedFilename()).toBe('inventory_report.csv');
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain("'=SUM(A1) Crème");
    expect(csv).toContain('CR-1');
    await expect(page.getByText('Inventory exported successfully')).toBeVisible();
  });
});
