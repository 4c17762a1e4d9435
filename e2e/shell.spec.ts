// The signed-in frame on a phone: bottom sheets whose title and Save stay on screen.
import type { Page } from '@playwright/test';
import { expect, registerOwner, signIn, test } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('a bottom sheet at 360 x 640', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('keeps its title and Save on screen while a long form scrolls, also with the keyboard open', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);

    await page.goto('/sales?tab=invoices');
    await button(page, 'Create Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
    for (let i = 0; i < 4; i++) await invoice.getByRole('button', { name: 'Add item' }).click();
    const save = invoice.getByRole('button', { name: 'Create Invoice' });
    const title = invoice.getByRole('heading', { name: 'Create Invoice' });
    // The last line's description at the bottom of the form, then the first line's at the top.
    for (const field of [invoice.locator('#line-4-description'), invoice.locator('#line-0-description')]) {
      await field.focus();
      await expect(field).toBeInViewport({ ratio: 1 });
      await expect(title).toBeInViewport({ ratio: 1 });
      await expect(save).toBeInViewport({ ratio: 1 });
      await save.click({ trial: true }); // nothing covers it
    }
    // The on-screen keyboard takes the bottom 280 px: the sheet shrinks above it.
    await page.setViewportSize({ width: 360, height: 360 });
    await invoice.locator('#line-2-description').focus();
    await expect(invoice.locator('#line-2-description')).toBeInViewport({ ratio: 1 });
    await expect(title).toBeInViewport({ ratio: 1 });
    await expect(save).toBeInViewport({ ratio: 1 });
    await invoice.getByRole('button', { name: 'Cancel' }).click();
    await expect(invoice).toBeHidden();

    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/inventory');
    await button(page, 'Add Product').click();
    const product = page.getByRole('dialog', { name: 'Add Product' });
    await page.setViewportSize({ width: 360, height: 360 });
    const stock = product.getByLabel('Opening stock');
    await stock.fill('12');
    await expect(stock).toBeInViewport({ ratio: 1 });
    await expect(product.getByRole('heading', { name: 'Add Product' })).toBeInViewport({ ratio: 1 });
    await expect(product.getByRole('button', { name: 'Create Product' })).toBeInViewport({ ratio: 1 });
    await product.getByRole('button', { name: 'Create Product' }).click({ trial: true });
  });
});
