// Shops the browser tests start from: a product form filled as a person fills it, and a shop with something
// on every screen (made through the API: the screens that make them have their own tests).
import type { Locator, Page } from '@playwright/test';
import { apiAs } from './fixtures.ts';

/** Fills the open Add Product dialog (English) and, unless `submit` is false, presses Create Product. */
export async function fillProduct(
  dialog: Locator,
  p: { name: string; sku: string; cost: string; price: string; opening?: string },
  submit = true,
) {
  await dialog.getByLabel('Product Name').fill(p.name);
  await dialog.getByLabel('SKU').fill(p.sku);
  await dialog.getByLabel('Cost Price').fill(p.cost);
  await dialog.getByLabel('Selling Price').fill(p.price);
  if (p.opening) await dialog.getByLabel('Opening stock').fill(p.opening);
  if (submit) await dialog.getByRole('button', { name: 'Create Product' }).click();
}

/** A shop with something on every screen: a product low on stock, a customer, an issued invoice with a
 * payment, a lead and an expense. */
export async function stockedShop(page: Page) {
  const product = await apiAs(page, '/products', {
    name: 'Rice 5kg',
    sku: `RICE-${Math.random().toString(36).slice(2, 8)}`,
    cost: 100,
    price: 150,
    openingStock: 2,
    lowStockThreshold: 5,
  });
  const customer = await apiAs(page, '/customers', { name: 'Ama Serwaa', phone: '+233 24 555 0101' });
  const invoice = await apiAs(page, '/invoices', {
    customerId: customer.id,
    status: 'ISSUED',
    lines: [{ productId: product.id, description: 'Rice 5kg', qty: 1, unitPrice: 150 }],
  });
  await apiAs(page, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 50 });
  await apiAs(page, '/leads', {
    name: 'Kofi Mensah',
    company: 'Mensah Stores',
    value: 900,
    stage: 'QUALIFIED',
  });
  await apiAs(page, '/expenses', { vendor: 'Landlord', category: 'rent', amount: 300 });
  return { invoice };
}
