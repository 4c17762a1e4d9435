// CSV that Excel opens cleanly: UTF-8 with a BOM so accents and ₦/₵ show, CRLF line ends and RFC 4180
// quoting, and text that a spreadsheet would run as a formula neutralised. A French export is written the
// way a French Excel reads a double-clicked file: ';' between fields and a decimal comma.
// No Node or browser APIs: the app (Vite) and the edge functions (Deno) both import it.
import { EXPORT_LABELS, type ExportLanguage } from './export-labels.ts';

/** Each report's export file, `<report>_report.csv`; the overview exports its figures. */
export const REPORT_FILE_NAMES = {
  sales: 'sales_report.csv',
  payments: 'payments_report.csv',
  expenses: 'expenses_report.csv',
  inventory: 'inventory_report.csv',
  overview: 'overview_report.csv',
} as const;

const BOM = '\uFEFF';
const CRLF = '\r\n';
/** A text cell starting with one of these would be read as a formula (or DDE) by Excel and LibreOffice. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** How fields are separated and decimals written, by the language of the export. */
interface Dialect {
  separator: string;
  decimal: string;
}
const DIALECTS: Record<ExportLanguage, Dialect> = {
  en: { separator: ',', decimal: '.' },
  fr: { separator: ';', decimal: ',' },
};

function text(value: unknown, decimal: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value).replace('.', decimal) : '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** Plain decimal notation, never an exponent (1e21 -> 1000000000000000000000). */
function numberText(n: number): string {
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function cell(value: unknown, { separator, decimal }: Dialect): string {
  const s = text(value, decimal);
  return /["\r\n]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A CSV document: the header row, then one line per row, each line ending in CRLF, prefixed with a BOM.
 * Numbers stay numbers (a negative profit is -1500.5, or -1500,5 in French, never '-1500.5'); strings are
 * text, guarded.
 */
export function toCsv(headers: string[], rows: unknown[][], language: ExportLanguage = 'en'): string {
  const dialect = DIALECTS[language];
  const lines = [headers, ...rows].map((row) =>
    row.map((value) => cell(value, dialect)).join(dialect.separator),
  );
  return BOM + lines.map((line) => line + CRLF).join('');
}

// ---------------------------------------------------------------------------------------------------
// Report exports: the columns of each report and its rows, the same in the app and in /api.

type ExportType = keyof typeof REPORT_FILE_NAMES;

/** Each report's columns, by key (EXPORT_LABELS names them in each language). */
export const REPORT_COLUMNS: Record<ExportType, readonly string[]> = {
  overview: ['metric', 'currency', 'value'],
  sales: [
    'number',
    'customerName',
    'status',
    'currency',
    'total',
    'amountCredited',
    'amountPaid',
    'issuedAt',
    'createdAt',
    'dueAt',
  ],
  payments: [
    'invoiceNumber',
    'customerName',
    'amount',
    'currency',
    'method',
    'provider',
    'ref',
    'receivedAt',
    // A reversal's own row (minus the payment's amount) says why (docs/decisions/010-corrections.md).
    'reason',
  ],
  expenses: ['vendor', 'category', 'amount', 'currency', 'paidAt', 'note', 'reason'],
  inventory: ['name', 'sku', 'unit', 'stock', 'threshold', 'cost', 'price', 'stockValue', 'status'],
};

/** The columns whose cells are codes (QUOTE, mobile-money, MTN_MOMO, office-supplies): written as their words. */
const CODE_KEYS = new Set(['status', 'method', 'provider', 'category']);
const INSTANT_KEYS = new Set(['issuedAt', 'createdAt', 'receivedAt', 'paidAt']);

/** One formatter per time zone: making one is far slower than using it (an export has 100,000 instants). */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** The day it is (or an instant falls on) in the organization's time zone, YYYY-MM-DD: today by default. */
export const localDate = (timeZone: string, iso = new Date().toISOString()): string =>
  localDateTime(iso, timeZone).slice(0, 10);

/** An instant as the organization's local date and time (2026-11-20 14:05), which Excel reads as a date. */
export function localDateTime(iso: string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(iso))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

interface MoneyLike {
  currency: string;
  amount: number;
}
/** The figures of the overview answer (report_overview), as the rows of its export. */
export interface OverviewFigures {
  range: { days: number; fromDate: string; toDate: string; timezone: string };
  revenue: MoneyLike[];
  expenses: MoneyLike[];
  profit: MoneyLike[];
  activeCustomers: number;
  sales: {
    totalInvoices: number;
    paidInvoices: number;
    pendingInvoices: number;
    averageInvoiceValue: MoneyLike[];
    /** Invoiced in the range, net of the credit notes made in it. */
    invoiced?: MoneyLike[];
  };
  /** Recurring invoices, as of now whatever the range. */
  subscriptions?: { monthlyRecurringRevenue: MoneyLike[]; activeSubscriptions: number };
  inventory: {
    currency: string;
    totalProducts: number;
    lowStockItems: number;
    stockValue: number;
    potentialRevenue: number;
  };
}

function overviewRows(o: OverviewFigures, figures: Record<string, string>): unknown[][] {
  const money = (key: string, list: MoneyLike[]) => list.map((m) => [figures[key], m.currency, m.amount]);
  return [
    [figures.from, '', o.range.fromDate],
    [figures.to, '', o.range.toDate],
    [figures.days, '', o.range.days],
    ...money('revenue', o.revenue),
    ...money('expenses', o.expenses),
    ...money('profit', o.profit),
    [figures.activeCustomers, '', o.activeCustomers],
    [figures.totalInvoices, '', o.sales.totalInvoices],
    [figures.paidInvoices, '', o.sales.paidInvoices],
    [figures.pendingInvoices, '', o.sales.pendingInvoices],
    ...money('averageInvoiceValue', o.sales.averageInvoiceValue),
    ...money('invoiced', o.sales.invoiced ?? []),
    ...money('monthlyRecurringRevenue', o.subscriptions?.monthlyRecurringRevenue ?? []),
    [figures.activeSubscriptions, '', o.subscriptions?.activeSubscriptions ?? 0],
    [figures.totalProducts, '', o.inventory.totalProducts],
    [figures.lowStockItems, '', o.inventory.lowStockItems],
    [figures.stockValue, o.inventory.currency, o.inventory.stockValue],
    [figures.potentialRevenue, o.inventory.currency, o.inventory.potentialRevenue],
  ];
}

/**
 * The CSV export of a report answer in the exporting member's language: the overview's figures, or the
 * given rows of a list report with their instants in the organization's time zone and their codes as words.
 */
export function reportCsv(
  type: ExportType,
  data: OverviewFigures | readonly Record<string, unknown>[],
  timeZone: string,
  language: ExportLanguage = 'en',
): string {
  const { headers, figures, values } = EXPORT_LABELS[language];
  const columns = REPORT_COLUMNS[type];
  const header = columns.map((key) => headers[key] ?? key);
  if (type === 'overview') return toCsv(header, overviewRows(data as OverviewFigures, figures), language);
  const rows = (data as readonly Record<string, unknown>[]).map((row) =>
    columns.map((key) => {
      const value = row[key];
      if (typeof value !== 'string') return value;
      if (INSTANT_KEYS.has(key)) return localDateTime(value, timeZone);
      return CODE_KEYS.has(key) ? (values[value] ?? value) : value;
    }),
  );
  return toCsv(header, rows, language);
}
