// A report export says what the screens say: its words for statuses, payment methods, providers and
// expense categories, and its report figure names, are the app's own in each language.
import { describe, expect, it } from 'vitest';
import { EXPORT_LABELS, EXPORT_LANGUAGES } from '@shared/export-labels.ts';
import accountingEn from '@/features/accounting/locales/en.json';
import accountingFr from '@/features/accounting/locales/fr.json';
import inventoryEn from '@/features/inventory/locales/en.json';
import inventoryFr from '@/features/inventory/locales/fr.json';
import reportsEn from '@/features/reports/locales/en.json';
import reportsFr from '@/features/reports/locales/fr.json';
import invoicesEn from '@/features/invoices/locales/en.json';
import invoicesFr from '@/features/invoices/locales/fr.json';
import paymentsEn from '@/features/payments/locales/en.json';
import paymentsFr from '@/features/payments/locales/fr.json';

const SCREENS: Record<(typeof EXPORT_LANGUAGES)[number], Record<string, string>> = {
  en: { ...accountingEn, ...inventoryEn, ...reportsEn, ...invoicesEn, ...paymentsEn },
  fr: { ...accountingFr, ...inventoryFr, ...reportsFr, ...invoicesFr, ...paymentsFr },
};

/** The screen's key for a code a column holds. */
function screenKey(code: string): string[] {
  return [
    `invoices.status.${code}`,
    `inventory.status.${code}`,
    `payments.method.${code}`,
    `payments.provider.${code}`,
    `expenses.category.${code}`,
  ];
}

describe.each(EXPORT_LANGUAGES)('the %s export', (language) => {
  const screens = SCREENS[language];
  const labels = EXPORT_LABELS[language];

  it('writes each code as the screens write it', () => {
    for (const [code, word] of Object.entries(labels.values)) {
      const onScreen = screenKey(code)
        .map((key) => screens[key])
        .filter(Boolean);
      expect(onScreen.length, code).toBeGreaterThan(0);
      expect(onScreen, code).toContain(word);
    }
  });

  it("names the overview's figures as the Reports screen does", () => {
    for (const key of [
      'activeCustomers',
      'totalInvoices',
      'paidInvoices',
      'pendingInvoices',
      'lowStockItems',
      'monthlyRecurringRevenue',
      'activeSubscriptions',
    ])
      expect(labels.figures[key], key).toBe(screens[`reports.${key}`]);
    expect(labels.figures.revenue).toBe(screens['reports.cashReceived']);
    expect(labels.figures.invoiced).toBe(screens['reports.invoicedNet']);
    expect(labels.figures.profit).toBe(screens['reports.profitLoss']);
  });

  it('has a header for every column in both languages', () => {
    expect(Object.keys(labels.headers).sort()).toEqual(Object.keys(EXPORT_LABELS.en.headers).sort());
  });
});
