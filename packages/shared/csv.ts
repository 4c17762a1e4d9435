// CSV that Excel opens cleanly (PRODUCT-DECISIONS "Exports"): UTF-8 with a BOM so accents and ₦/₵ show,
// CRLF line ends and RFC 4180 quoting, and text that a spreadsheet would run as a formula neutralised.
// No Node or browser APIs: the app (Vite) and the edge functions (Deno) both import it.

/** The spec's file names (section 9); the overview exports its figures. */
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
const NEEDS_QUOTES = /[",\r\n]/;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value) : '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** Plain decimal notation with '.', never an exponent (1e21 -> 1000000000000000000000). */
function numberText(n: number): string {
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function cell(value: unknown): string {
  const s = text(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A CSV document: the header row, then one line per row, each line ending in CRLF, prefixed with a BOM.
 * Numbers stay numbers (a negative profit is -1500.5, not '-1500.5); strings are text, guarded.
 */
export function toCsv(headers: string[], rows: unknown[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(cell).join(','));
  return BOM + lines.map((line) => line + CRLF).join('');
}

// ---------------------------------------------------------------------------------------------------
// Report exports: the columns of each report and its rows, the same in the app and in /api.

type ExportType = keyof typeof REPORT_FILE_NAMES;
type Column = readonly [key: string, header: string];

/** Each report's columns: a key (for translated headers) and the English header. */
export const REPORT_COLUMNS: Record<ExportType, readonly Column[]> = {
  overview: [
    ['metric', 'Metric'],
    ['currency', 'Currency'],
    ['value', 'Value'],
  ],
  sales: [
    ['number', 'Invoice'],
    ['customerName', 'Customer'],
    ['status', 'Status'],
    ['currency', 'Currency'],
    ['total', 'Total'],
    ['amountPaid', 'Paid'],
    ['issuedAt', 'Issued'],
    ['createdAt', 'Created'],
    ['dueAt', 'Due'],
  ],
  payments: [
    ['invoiceNumber', 'Invoice'],
    ['customerName', 'Customer'],
    ['amount', 'Amount'],
    ['currency', 'Currency'],
    ['method', 'Method'],
    ['provider', 'Provider'],
    ['ref', 'Reference'],
    ['receivedAt', 'Received'],
  ],
  expenses: [
    ['vendor', 'Vendor'],
    ['category', 'Category'],
    ['amount', 'Amount'],
    ['currency', 'Currency'],
    ['paidAt', 'Paid'],
    ['note', 'Note'],
  ],
  inventory: [
    ['name', 'Product'],
    ['sku', 'SKU'],
    ['unit', 'Unit'],
    ['stock', 'Stock'],
    ['threshold', 'Low stock threshold'],
    ['cost', 'Cost'],
    ['price', 'Price'],
    ['stockValue', 'Stock value'],
    ['status', 'Status'],
  ],
};

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
  };
  inventory: {
    currency: string;
    totalProducts: number;
    lowStockItems: number;
    stockValue: number;
    potentialRevenue: number;
  };
}

function overviewRows(o: OverviewFigures): unknown[][] {
  const money = (label: string, list: MoneyLike[]) => list.map((m) => [label, m.currency, m.amount]);
  return [
    ['From', '', o.range.fromDate],
    ['To', '', o.range.toDate],
    ['Days', '', o.range.days],
    ...money('Total Revenue', o.revenue),
    ...money('Total Expenses', o.expenses),
    ...money('Profit/Loss', o.profit),
    ['Active Customers', '', o.activeCustomers],
    ['Total Invoices', '', o.sales.totalInvoices],
    ['Paid Invoices', '', o.sales.paidInvoices],
    ['Pending Invoices', '', o.sales.pendingInvoices],
    ...money('Average Invoice Value', o.sales.averageInvoiceValue),
    ['Total Products', '', o.inventory.totalProducts],
    ['Low Stock Items', '', o.inventory.lowStockItems],
    ['Stock Value', o.inventory.currency, o.inventory.stockValue],
    ['Potential Revenue', o.inventory.currency, o.inventory.potentialRevenue],
  ];
}

/**
 * The CSV export of a report answer: the overview's figures, or the given rows of a list report with
 * their instants in the organization's time zone. `header` translates a column key (English by default).
 */
export function reportCsv(
  type: ExportType,
  data: OverviewFigures | readonly Record<string, unknown>[],
  timeZone: string,
  header: (key: string, english: string) => string = (_key, english) => english,
): string {
  const columns = REPORT_COLUMNS[type];
  const headers = columns.map(([key, english]) => header(key, english));
  if (type === 'overview') return toCsv(headers, overviewRows(data as OverviewFigures));
  const rows = (data as readonly Record<string, unknown>[]).map((row) =>
    columns.map(([key]) => {
      const value = row[key];
      return INSTANT_KEYS.has(key) && typeof value === 'string' ? localDateTime(value, timeZone) : value;
    }),
  );
  return toCsv(headers, rows);
}
