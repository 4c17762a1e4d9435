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
