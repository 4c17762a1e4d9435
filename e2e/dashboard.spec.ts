import { apiAs, expect, registerOwner, shifted, signIn, test, watchShifts } from './fixtures.ts';

test.describe('the dashboard', () => {
  test(
    'until its one answer is here, says "Loading..." and claims nothing; then the cards come without moving anything',
    { tag: '@wide' },
    async ({ page }) => {
      await signIn(page, undefined, undefined, { load: false });
      // A first visit on this device: nothing kept from before, and the dashboard's answer held back.
      // (Before the page's own scripts: the app still open would otherwise write its cache back in the meantime,
      // as it does when a late answer comes in.)
      await page.addInitScript(() => localStorage.removeItem('kasuwa-cache'));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/dashboard', async (route) => {
        await held;
        await route.continue();
      });
      await watchShifts(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome, Ama' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toContainText('Loading...');
      // Not "All products are well stocked", no step left undone, no empty activity: it does not know yet.
      for (const claim of ['All products are well stocked', 'of 5 done', 'Nothing yet', 'No leads yet'])
        await expect(page.getByText(claim)).toHaveCount(0);
      release();
      await expect(page.getByTestId('metric-activeCustomers')).toBeVisible();
      await expect(page.getByTestId('inventory-alerts').getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      expect(await shifted(page)).toBeLessThan(0.01);
    },
  );

  test('Getting Started ticks itself as a new shop adds a product, a customer, an invoice and a payment', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    const steps = page.getByTestId('getting-started');
    await expect(steps).toContainText('0 of 5 done');
    await expect(page.getByTestId('recent-activity')).toContainText(
      'Nothing yet — your sales and payments will show here',
    );
    const product = await apiAs(page, '/products', {
      name: 'Milo',
      sku: 'MILO',
      cost: 1,
      price: 2,
      openingStock: 1,
    });
    const customer = await apiAs(page, '/customers', { name: 'Esi Quaye' });
    const invoice = await apiAs(page, '/invoices', {
      customerId: customer.id,
      status: 'ISSUED',
      lines: [{ productId: product.id, description: 'Milo', qty: 1, unitPrice: 2 }],
    });
    await apiAs(page, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 2 });
    await page.reload();
    await expect(steps).toContainText('4 of 5 done');
    // The cards say what the shop's figures are (the same as /api/reports/metrics), with their hints.
    const m = await apiAs(page, '/reports/metrics');
    for (const id of ['activeCustomers', 'pendingInvoices', 'lowStockItems'])
      await expect(page.getByTestId(`metric-${id}`)).toContainText(String(m[id]));
    await expect(page.getByTestId('metric-cashReceived')).toContainText('Cash received');
    await expect(page.getByTestId('metric-activeCustomers')).toContainText(
      `${m.newCustomersThisMonth} new this month`,
    );
    await expect(page.getByTestId('metric-pendingInvoices')).toContainText('outstanding');
    const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
    await expect(step('Add your first product')).toContainText('Done: Add your first product');
    await expect(step('Record a payment')).toContainText('Done: Record a payment');
    // A step left to do is a link to where it is done.
    await expect(step('Invite a team member').getByRole('link')).toHaveAccessibleName(
      'To do: Invite a team member',
    );
    await expect(page.getByTestId('recent-activity')).toContainText(
      `Invoice ${invoice.number} for Esi Quaye`,
    );
    await expect(page.getByTestId('recent-activity')).toContainText('Just now');
    await expect(page.getByTestId('metric-lowStockItems')).toContainText('1 product needs restocking');
    await expect(page.getByTestId('inventory-alerts')).toContainText('Milo');

    await page.getByTestId('quick-actions').getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Invoice' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Create Invoice' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await page.getByTestId('quick-actions').getByRole('button', { name: 'New Lead' }).click();
    const lead = page.getByRole('dialog', { name: 'Add Lead' });
    await lead.getByLabel('Name').fill('Yaw Mensah');
    await lead.getByRole('button', { name: 'Save Lead' }).click();
    await expect(page.getByText('Lead created successfully')).toBeVisible();
    await expect(page.getByTestId('stage-PROSPECT')).toContainText('Yaw Mensah');
    await page.getByTestId('quick-actions').getByRole('button', { name: 'Record Payment' }).click();
    await expect(page).toHaveURL(/\/accounting$/);
  });
  // In French: the Dakar shop's weeks in e2e/field-weeks.spec.ts.
});
