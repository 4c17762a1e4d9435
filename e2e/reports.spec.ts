import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { issuedInvoice } from './people.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** Clicks Export CSV and answers the downloaded file's name and text. */
async function exportCsv(page: Page, label = 'Export CSV') {
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, label).click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

/** A shop with a product, an invoice partly paid and expenses larger than what came in: a loss. */
async function shopWithALoss(page: Page) {
  await apiAs(page, '/products', {
    name: 'Rice 5kg',
    sku: 'RICE-5',
    cost: 60,
    price: 75,
    openingStock: 10,
    lowStockThreshold: 2,
  });
  const invoice = await issuedInvoice(page, 500, 'Ama Serwaa');
  await apiAs(page, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 200 });
  await apiAs(page, '/expenses', { vendor: 'Landlord', category: 'rent', amount: 450.25 });
  await apiAs(page, '/expenses', { vendor: '=HYPERLINK("x")', category: 'other', amount: 10 });
  return invoice;
}

test.describe('reports', () => {
  test('the overview shows a true loss for the range, and every report exports a CSV Excel opens', async ({
    page,
  }) => {
    test.slow(); // five reports, five files
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    const invoice = await shopWithALoss(page);
    await page.goto('/reports');
    await expect(page.getByLabel('Report Type')).toHaveValue('overview');
    await expect(page.getByLabel('Date Range')).toHaveValue('30');
    await expect(page.getByTestId('report-range')).toContainText('From');
    await expect(page.getByTestId('report-cashReceived')).toContainText('₵200.00');
    await expect(page.getByTestId('report-totalExpenses')).toContainText('₵460.25');
    const profit = page.getByTestId('report-profitLoss');
    await expect(profit).toContainText('Profit/Loss');
    await expect(profit).toContainText('-₵260.25');
    await expect(profit.locator('.text-error')).toBeVisible();
    await expect(page.getByTestId('report-activeCustomers')).toContainText('1');
    const sales = page.getByTestId('sales-summary');
    await expect(sales).toContainText('Sales Summary');
    await expect(sales.getByText('Total Invoices').locator('..')).toContainText('1');
    await expect(sales.getByText('Paid Invoices').locator('..')).toContainText('0');
    await expect(sales.getByText('Pending Invoices').locator('..')).toContainText('1');
    await expect(sales.getByText('Average Invoice Value').locator('..')).toContainText('₵500.00');
    const stock = page.getByTestId('inventory-summary');
    await expect(stock.getByText('Total Products').locator('..')).toContainText('1');
    await expect(stock.getByText('Low Stock Items').locator('..')).toContainText('0');
    await expect(stock.getByText('Stock Value (at cost)').locator('..')).toContainText('₵600.00');
    await expect(stock.getByText('Potential Revenue (at price)').locator('..')).toContainText('₵750.00');
    await expect(page.getByTestId('revenue-chart')).toBeVisible();

    const overview = await exportCsv(page);
    expect(overview.name).toBe('overview_report.csv');
    expect(overview.text.startsWith('\uFEFFMetric,Currency,Value\r\n')).toBe(true);
    expect(overview.text).toContain('Cash received,GHS,200\r\n');
    expect(overview.text).toContain('Profit/Loss,GHS,-260.25\r\n');
    await expect(page.getByText('Report exported successfully')).toBeVisible();

    await page.getByLabel('Report Type').selectOption({ label: 'Sales Report' });
    await expect(page.getByTestId('report-sales')).toContainText(invoice.number);
    await expect(page.getByTestId('report-sales')).toContainText('Ama Serwaa');
    const salesCsv = await exportCsv(page);
    expect(salesCsv.name).toBe('sales_report.csv');
    expect(salesCsv.text.split('\r\n')[1]).toMatch(
      new RegExp(`^${invoice.number},Ama Serwaa,Issued,GHS,500,0,200,`),
    );

    await page.getByLabel('Report Type').selectOption({ label: 'Payments Report' });
    await expect(page.getByTestId('report-payments-total')).toContainText('₵200.00');
    await expect(page.getByTestId('report-payments')).toContainText('Cash');
    const payments = await exportCsv(page);
    expect(payments.name).toBe('payments_report.csv');
    expect(payments.text.split('\r\n')).toHaveLength(3); // header, one payment, the final line end

    await page.getByLabel('Report Type').selectOption({ label: 'Expenses Report' });
    await expect(page.getByTestId('report-expenses-total')).toContainText('₵460.25');
    // Text that Excel would run as a formula is shown as typed and exported neutralised.
    await expect(page.getByTestId('report-expenses')).toContainText('=HYPERLINK("x")');
    const expenses = await exportCsv(page);
    expect(expenses.name).toBe('expenses_report.csv');
    expect(expenses.text).toContain(`"'=HYPERLINK(""x"")",Other,10,GHS,`);
    expect(expenses.text).toContain('Landlord,Rent,450.25,GHS,');

    await page.getByLabel('Report Type').selectOption({ label: 'Inventory Report' });
    await expect(page.getByTestId('report-inventory')).toContainText('Rice 5kg');
    await expect(page.getByText('Stock as it is today')).toBeVisible();
    const inventory = await exportCsv(page);
    expect(inventory.name).toBe('inventory_report.csv');
    expect(inventory.text).toContain('Rice 5kg,RICE-5,');

    await page.getByLabel('Date Range').selectOption({ label: 'Last 7 days' });
    await page.getByLabel('Report Type').selectOption({ label: 'Overview' });
    await expect(page.getByTestId('report-cashReceived')).toContainText('₵200.00');
  });

  test('an empty shop has nothing to export: No Data', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/reports');
    await page.getByLabel('Report Type').selectOption({ label: 'Sales Report' });
    await expect(page.getByText('Nothing in this period')).toBeVisible();
    await button(page, 'Export CSV').click();
    await expect(page.getByText('No Data', { exact: true })).toBeVisible();
    await expect(page.getByText('No data available to export')).toBeVisible();
  });

  test('en français : la vue d’ensemble, la perte en rouge et l’export', async ({ page }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/reports');
    await button(page, 'Exporter en CSV').click();
    await expect(page.getByText('Aucune donnée', { exact: true })).toBeVisible();
    await expect(page.getByText('Aucune donnée à exporter')).toBeVisible();
    await shopWithALoss(page);
    await page.reload();
    await expect(page.getByLabel('Type de rapport')).toHaveValue('overview');
    await expect(page.getByLabel('Période')).toContainText('30 derniers jours');
    await expect(page.getByTestId('report-cashReceived')).toContainText('Encaissé');
    await expect(page.getByTestId('report-cashReceived')).toContainText('200,00 ₵');
    await expect(page.getByTestId('report-profitLoss')).toContainText('Bénéfice/Perte');
    await expect(page.getByTestId('report-profitLoss').locator('.text-error')).toContainText('-260,25 ₵');
    await expect(page.getByTestId('sales-summary')).toContainText('Résumé des ventes');
    await expect(page.getByTestId('inventory-summary')).toContainText('Résumé du stock');
    const file = await exportCsv(page, 'Exporter en CSV');
    expect(file.name).toBe('overview_report.csv');
    // Written for a French Excel: French words, ';' between fields, a decimal comma.
    expect(file.text.startsWith('\uFEFFIndicateur;Devise;Valeur\r\n')).toBe(true);
    expect(file.text).toContain('Encaissé;GHS;200\r\n');
    expect(file.text).toContain('Bénéfice/Perte;GHS;-260,25\r\n');
    await expect(page.getByText('Rapport exporté avec succès')).toBeVisible();
    await page.getByLabel('Type de rapport').selectOption({ label: 'Rapport des dépenses' });
    const expenses = await exportCsv(page, 'Exporter en CSV');
    expect(expenses.text.split('\r\n')[0]).toBe(
      '\uFEFFFournisseur;Catégorie;Montant;Devise;Payée le;Note;Motif de contre-passation',
    );
    expect(expenses.text).toContain('Landlord;Loyer;450,25;GHS;');
  });
});
