// GET /api/reports/:type as the reports screen calls it, and its CSV exports opened and read back.
import { describe, expect, it } from 'vitest';
import { json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

/** An NGN organization with one paid-in-part invoice, an expense and a low-stock product. */
async function business(): Promise<Owner> {
  const o = await owner({ country: 'NG', currency: 'NGN' });
  const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ọlá, Adébáyọ̀' } }));
  const product = await call('/products', {
    token: o.token,
    body: {
      name: 'Garri 5kg',
      sku: `G-${unique()}`,
      cost: 2500,
      price: 3200.5,
      lowStockThreshold: 5,
      openingStock: 4,
    },
  });
  expect(product.status).toBe(201);
  const invoice = await json(
    await call('/invoices', {
      token: o.token,
      body: { customerId: customer.id, status: 'ISSUED', total: 10000 },
    }),
  );
  const paid = await call('/payments', {
    token: o.token,
    body: {
      invoiceId: invoice.id,
      method: 'mobile-money',
      provider: 'MTN_MOMO',
      amount: 4000.5,
      ref: '-MM 88',
    },
  });
  expect(paid.status).toBe(201);
  const spent = await call('/expenses', {
    token: o.token,
    body: { vendor: 'Société "Lumière"', category: 'utilities', amount: 1500.25, note: '=SUM(A1:A9)' },
  });
  expect(spent.status).toBe(201);
  return o;
}

/** The rows of a CSV document written by toCsv (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === separator) {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

async function exported(o: Owner, type: string, lang?: 'en' | 'fr') {
  const res = await call(`/reports/${type}?days=30&format=csv${lang ? `&lang=${lang}` : ''}`, {
    token: o.token,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const rows = parseCsv(text.slice(1), lang === 'fr' ? ';' : ',');
  return { disposition: res.headers.get('content-disposition'), rows };
}

describe('/api/reports/:type', () => {
  it('answers every report in camelCase with amounts per currency over the chosen range', async () => {
    const o = await business();
    const overview = await json(await call('/reports/overview?days=7', { token: o.token }));
    expect(overview).toMatchObject({
      range: { days: 7, timezone: 'Africa/Lagos' },
      currency: 'NGN',
      revenue: [{ currency: 'NGN', amount: 4000.5 }],
      expenses: [{ currency: 'NGN', amount: 1500.25 }],
      profit: [{ currency: 'NGN', amount: 2500.25 }],
      activeCustomers: 1,
      sales: {
        totalInvoices: 1,
        paidInvoices: 0,
        pendingInvoices: 1,
        averageInvoiceValue: [{ currency: 'NGN', amount: 10000 }],
      },
      inventory: { totalProducts: 1, lowStockItems: 1, stockValue: 10000, potentialRevenue: 12802 },
    });
    const sales = await json(await call('/reports/sales', { token: o.token }));
    expect(sales).toMatchObject({ range: { days: 30 }, total: 1 });
    expect(sales.rows[0]).toMatchObject({
      number: 'INV-000001',
      customerName: 'Ọlá, Adébáyọ̀',
      status: 'ISSUED',
      total: 10000,
      amountPaid: 4000.5,
    });
    const payments = await json(await call('/reports/payments?days=90', { token: o.token }));
    expect(payments).toMatchObject({ total: 1, totals: [{ currency: 'NGN', amount: 4000.5 }] });
    expect(payments.rows[0]).toMatchObject({
      invoiceNumber: 'INV-000001',
      method: 'mobile-money',
      provider: 'MTN_MOMO',
      ref: '-MM 88',
    });
    const expenses = await json(await call('/reports/expenses?days=365', { token: o.token }));
    expect(expenses.rows[0]).toMatchObject({
      vendor: 'Société "Lumière"',
      category: 'utilities',
      amount: 1500.25,
    });
    const inventory = await json(await call('/reports/inventory?limit=10', { token: o.token }));
    expect(inventory.rows[0]).toMatchObject({
      name: 'Garri 5kg',
      stock: 4,
      stockValue: 10000,
      status: 'LOW_STOCK',
    });
    const series = await json(await call('/reports/timeseries?days=7', { token: o.token }));
    expect(series.unit).toBe('day');
    expect(series.buckets).toHaveLength(7);
    expect(series.buckets[6]).toMatchObject({
      revenue: [{ currency: 'NGN', amount: 4000.5 }],
      expenses: [{ currency: 'NGN', amount: 1500.25 }],
    });
  });

  it('refuses an unknown report, a range other than 7, 30, 90 or 365 days and a CSV of the chart (400)', async () => {
    const o = await owner();
    for (const path of [
      '/reports/profits',
      '/reports/overview?days=14',
      '/reports/sales?limit=0',
      '/reports/timeseries?format=csv',
    ]) {
      const res = await call(path, { token: o.token });
      expect(res.status, path).toBe(400);
      expect((await json(res)).code).toBe('BAD_REQUEST');
    }
    expect((await call('/reports/metrics', { token: o.token })).status).toBe(200);
  });

  it('shows sales members only the sales and inventory reports, and another organization nothing', async () => {
    const o = await business();
    const sales = await member(o, 'SALES');
    for (const type of ['overview', 'payments', 'expenses', 'timeseries']) {
      const res = await call(`/reports/${type}`, { token: sales.token, orgId: o.orgId });
      expect(res.status, type).toBe(403);
      expect((await json(res)).message).toBe('Sales members can see only the sales and inventory reports');
    }
    expect((await call('/reports/expenses?format=csv', { token: sales.token, orgId: o.orgId })).status).toBe(
      403,
    );
    // What they may read they may export, as the reports screen offers them.
    const csv = await call('/reports/sales?format=csv', { token: sales.token, orgId: o.orgId });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="sales_report.csv"');
    for (const type of ['sales', 'inventory'])
      expect((await json(await call(`/reports/${type}`, { token: sales.token, orgId: o.orgId }))).total).toBe(
        1,
      );
    const accountant = await member(o, 'ACCOUNTANT');
    expect((await call('/reports/overview', { token: accountant.token, orgId: o.orgId })).status).toBe(200);
    const stranger = await owner();
    for (const type of ['overview', 'sales', 'inventory']) {
      const res = await call(`/reports/${type}`, { token: stranger.token, orgId: o.orgId });
      expect(res.status, type).toBe(403);
    }
  });

  it('exports each report as a CSV file that opens with its rows, accents and neutralised formulas', async () => {
    const o = await business();
    const expenses = await exported(o, 'expenses');
    expect(expenses.disposition).toBe('attachment; filename="expenses_report.csv"');
    expect(expenses.rows[0]).toEqual([
      'Vendor',
      'Category',
      'Amount',
      'Currency',
      'Paid',
      'Note',
      'Reversal reason',
    ]);
    expect(expenses.rows.slice(1)).toEqual([
      [
        'Société "Lumière"',
        'Utilities',
        '1500.25',
        'NGN',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        "'=SUM(A1:A9)",
        '',
      ],
    ]);
    const payments = await exported(o, 'payments');
    expect(payments.disposition).toBe('attachment; filename="payments_report.csv"');
    expect(payments.rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['INV-000001', 'Ọlá, Adébáyọ̀', '4000.5', 'NGN', 'Mobile Money', 'MTN MoMo', "'-MM 88"],
    ]);
    const sales = await exported(o, 'sales');
    expect(sales.disposition).toBe('attachment; filename="sales_report.csv"');
    // What credit notes took off, beside the total and what was paid (none here).
    expect(sales.rows[0]!.slice(4, 7)).toEqual(['Total', 'Credited', 'Paid']);
    expect(sales.rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['INV-000001', 'Ọlá, Adébáyọ̀', 'Issued', 'NGN', '10000', '0', '4000.5'],
    ]);
    const inventory = await exported(o, 'inventory');
    expect(inventory.disposition).toBe('attachment; filename="inventory_report.csv"');
    expect(inventory.rows.slice(1)).toEqual([
      ['Garri 5kg', expect.any(String), 'pcs', '4', '5', '2500', '3200.5', '10000', 'Low Stock'],
    ]);
    const overview = await exported(o, 'overview');
    expect(overview.disposition).toBe('attachment; filename="overview_report.csv"');
    expect(overview.rows).toContainEqual(['Cash received', 'NGN', '4000.5']);
    expect(overview.rows).toContainEqual(['Profit/Loss', 'NGN', '2500.25']);
    expect(overview.rows).toContainEqual(['Active Customers', '', '1']);
  });

  it('exports in French for a French-speaking member: French headers and words, semicolons, decimal commas', async () => {
    const o = await business();
    const expenses = await exported(o, 'expenses', 'fr');
    expect(expenses.disposition).toBe('attachment; filename="expenses_report.csv"');
    expect(expenses.rows[0]).toEqual([
      'Fournisseur',
      'Catégorie',
      'Montant',
      'Devise',
      'Payée le',
      'Note',
      'Motif de contre-passation',
    ]);
    expect(expenses.rows[1]!.slice(0, 4)).toEqual([
      'Société "Lumière"',
      'Services publics',
      '1500,25',
      'NGN',
    ]);
    const payments = await exported(o, 'payments', 'fr');
    expect(payments.rows[0]![4]).toBe('Mode de paiement');
    expect(payments.rows[1]!.slice(0, 6)).toEqual([
      'INV-000001',
      'Ọlá, Adébáyọ̀',
      '4000,5',
      'NGN',
      'Mobile money',
      'MTN MoMo',
    ]);
    const sales = await exported(o, 'sales', 'fr');
    expect(sales.rows[1]!.slice(2, 7)).toEqual(['Émise', 'NGN', '10000', '0', '4000,5']);
    const inventory = await exported(o, 'inventory', 'fr');
    expect(inventory.rows[1]!.slice(6)).toEqual(['3200,5', '10000', 'Stock bas']);
    const overview = await exported(o, 'overview', 'fr');
    expect(overview.rows[0]).toEqual(['Indicateur', 'Devise', 'Valeur']);
    expect(overview.rows).toContainEqual(['Encaissé', 'NGN', '4000,5']);
    expect(overview.rows).toContainEqual(['Clients actifs', '', '1']);
    // A language the app does not speak is refused, not answered in English.
    const res = await call('/reports/sales?format=csv&lang=de', { token: o.token });
    expect(res.status).toBe(400);
  });
});
