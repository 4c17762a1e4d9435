import { describe, expect, it } from 'vitest';
import { localDateTime, REPORT_FILE_NAMES, reportCsv, toCsv } from './csv.ts';

/** The lines of a document without its BOM and final line end. */
const lines = (csv: string) => csv.slice(1).split('\r\n').slice(0, -1);

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every line, the last included, with CRLF', () => {
    const csv = toCsv(['Vendor', 'Amount'], [['ECG', 120.5]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe('\uFEFFVendor,Amount\r\nECG,120.5\r\n');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('keeps accents and currency symbols as they are', () => {
    expect(lines(toCsv(['Fournisseur'], [['Société Générale ₦ ₵ CFA']]))).toEqual([
      'Fournisseur',
      'Société Générale ₦ ₵ CFA',
    ]);
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes inside', () => {
    const csv = toCsv(['Note'], [['Rent, November'], ['The "big" shop'], ['line one\nline two'], ['a\r\nb']]);
    expect(csv).toBe(
      '\uFEFFNote\r\n"Rent, November"\r\n"The ""big"" shop"\r\n"line one\nline two"\r\n"a\r\nb"\r\n',
    );
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    const rows = [['=HYPERLINK("http://x","y")'], ['+233 24 555'], ['-2+3'], ['@SUM(A1)'], ['\tx'], ['\rx']];
    expect(lines(toCsv(['Ref'], rows))).toEqual([
      'Ref',
      `"'=HYPERLINK(""http://x"",""y"")"`,
      "'+233 24 555",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
  });

  it('writes numbers as numbers with a dot, negative ones included, and never in exponent notation', () => {
    expect(lines(toCsv(['n'], [[-1500.5], [0.1], [1234567.89], [1e21], [-0], [Number.NaN]]))).toEqual([
      'n',
      '-1500.5',
      '0.1',
      '1234567.89',
      '1000000000000000000000',
      '0',
      '',
    ]);
  });

  it('leaves empty cells for null and undefined and writes dates as ISO instants', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [[null, undefined, new Date('2026-11-20T10:00:00Z'), true]]);
    expect(lines(csv)[1]).toBe(',,2026-11-20T10:00:00.000Z,true');
  });

  it('writes only the header row when there are no rows', () => {
    expect(toCsv(['Name', 'SKU'], [])).toBe('\uFEFFName,SKU\r\n');
  });
});

describe('REPORT_FILE_NAMES', () => {
  it('names each export <report>_report.csv', () => {
    expect(REPORT_FILE_NAMES).toEqual({
      sales: 'sales_report.csv',
      payments: 'payments_report.csv',
      expenses: 'expenses_report.csv',
      inventory: 'inventory_report.csv',
      overview: 'overview_report.csv',
    });
  });
});

describe('reportCsv', () => {
  it("writes a list report's columns with instants in the organization's time zone", () => {
    const csv = reportCsv(
      'expenses',
      [
        {
          vendor: 'ECG',
          category: 'utilities',
          amount: 120.5,
          currency: 'GHS',
          paidAt: '2026-11-19T23:30:00Z',
          note: null,
        },
      ],
      'Africa/Lagos',
    );
    expect(lines(csv)).toEqual([
      'Vendor,Category,Amount,Currency,Paid,Note,Reversal reason',
      'ECG,Utilities,120.5,GHS,2026-11-20 00:30,,',
    ]);
    expect(localDateTime('2026-11-19T23:30:00Z', 'Africa/Accra')).toBe('2026-11-19 23:30');
  });

  it('writes a French export with French headers and words, a semicolon between fields and a decimal comma', () => {
    const rows = [
      { invoiceNumber: 'INV-000001', customerName: 'Ọlá, Adébáyọ̀', amount: 4000.5, currency: 'NGN' },
      { method: 'mobile-money', provider: 'MTN_MOMO', ref: 'MM; 88', receivedAt: '2026-11-19T23:30:00Z' },
    ];
    const csv = reportCsv('payments', rows, 'Africa/Lagos', 'fr');
    expect(lines(csv)).toEqual([
      'Facture;Client;Montant;Devise;Mode de paiement;Opérateur;Référence;Reçu le;Motif de contre-passation',
      'INV-000001;Ọlá, Adébáyọ̀;4000,5;NGN;;;;;',
      ';;;;Mobile money;MTN MoMo;"MM; 88";2026-11-20 00:30;',
    ]);
    const inventory = reportCsv(
      'inventory',
      [{ name: 'Riz', status: 'LOW_STOCK', price: 1500 }],
      'UTC',
      'fr',
    );
    expect(lines(inventory)[1]).toBe('Riz;;;;;;1500;;Stock bas');
    // A code the labels do not know stays as it is rather than becoming empty.
    expect(lines(reportCsv('sales', [{ status: 'DRAFTED' }], 'UTC', 'fr'))[1]).toBe(';;DRAFTED;;;;;;;');
  });

  it('writes the overview as one figure per line, a line per currency, in the chosen language', () => {
    const money = (amount: number) => [
      { currency: 'XOF', amount },
      { currency: 'NGN', amount: 2 },
    ];
    const csv = reportCsv(
      'overview',
      {
        range: { days: 7, fromDate: '2026-11-14', toDate: '2026-11-20', timezone: 'Africa/Dakar' },
        revenue: money(1000),
        expenses: money(1500),
        profit: money(-500),
        activeCustomers: 3,
        sales: {
          totalInvoices: 4,
          paidInvoices: 1,
          pendingInvoices: 2,
          averageInvoiceValue: money(250),
          invoiced: [{ currency: 'XOF', amount: 110988 }],
        },
        subscriptions: {
          monthlyRecurringRevenue: [{ currency: 'XOF', amount: 17900 }],
          activeSubscriptions: 1,
        },
        inventory: {
          currency: 'XOF',
          totalProducts: 5,
          lowStockItems: 1,
          stockValue: 700,
          potentialRevenue: 900,
        },
      },
      'Africa/Dakar',
      'fr',
    );
    expect(lines(csv)).toContain('Indicateur;Devise;Valeur');
    expect(lines(csv)).toContain('Bénéfice/Perte;XOF;-500');
    expect(lines(csv)).toContain('Bénéfice/Perte;NGN;2');
    expect(lines(csv)).toContain('Clients actifs;;3');
    expect(lines(csv)).toContain('Valeur du stock (au coût);XOF;700');
    expect(lines(csv)).toContain('Du;;2026-11-14');
    // Each figure under the name the Reports screen gives it: cash received is not what was invoiced.
    expect(lines(csv)).toContain('Encaissé;XOF;1000');
    expect(lines(csv)).toContain('Facturé (net des avoirs);XOF;110988');
    expect(lines(csv)).toContain('Revenu récurrent mensuel (aujourd’hui);XOF;17900');
    expect(lines(csv)).toContain('Abonnements actifs (aujourd’hui);;1');
  });
});
