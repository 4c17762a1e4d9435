// Accounting and reports (amounts are kept per currency, never added across currencies): the
// expense form's schema and the shapes the report functions answer with, shared by the app and `api`.
import { z } from './zod.ts';
import { CURRENCIES } from '../countries.ts';
import { optionalIsoDate } from './dates.ts';
import { R, reasonText } from './reasons.ts';
import { REPORT_DAYS, type ReportDays } from '../report-types.ts';
import { EXPENSE_CATEGORIES, type InvoiceStatus } from './values.ts';

export { EXPENSE_CATEGORIES };
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

const CURRENCY_CODES = Object.keys(CURRENCIES) as [keyof typeof CURRENCIES, ...(keyof typeof CURRENCIES)[]];

/** Decimals of a currency (XOF, GNF: none); 2 for a code the table does not list. */
export const currencyDecimals = (code: string): number =>
  (CURRENCIES as Record<string, { decimals: number }>)[code]?.decimals ?? 2;

/** The amount is typed as text: an empty field is missing, so it gets AMOUNT_REQUIRED ("Amount is required"). */
const typedAmount = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ message: R.AMOUNT_REQUIRED }),
);

/** The expense dialog's fields (POST /api/expenses, record_expense). Currency defaults to the organization's. */
export const ExpenseInputSchema = z
  .object({
    id: z.uuid().optional(),
    vendor: z.string({ message: R.VENDOR_REQUIRED }).trim().min(1, R.VENDOR_REQUIRED).max(255),
    category: z.enum(EXPENSE_CATEGORIES, { message: R.CATEGORY_REQUIRED }),
    amount: typedAmount.pipe(
      z.number().positive(R.AMOUNT_POSITIVE).max(999_999_999_999.99, R.AMOUNT_TOO_LARGE),
    ),
    currency: z.enum(CURRENCY_CODES, { message: R.CURRENCY_REQUIRED }).optional(),
    /** A day (2026-11-20, in the organization's time zone) or an instant; now when absent. */
    paidAt: optionalIsoDate,
    note: z.string().trim().max(2000).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.currency) return;
    const decimals = currencyDecimals(v.currency);
    if (Math.abs(v.amount * 10 ** decimals - Math.round(v.amount * 10 ** decimals)) > 1e-6) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: reasonText(R.CURRENCY_DECIMALS, { currency: v.currency, decimals }),
      });
    }
  });
export type ExpenseInput = z.infer<typeof ExpenseInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Reports

// The report types and periods, without the schemas (the app reads them without downloading zod).
export * from '../report-types.ts';

/** GET /api/reports/:type query: the date range and a page of rows (large pages for CSV export). */
export const ReportQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((d): d is ReportDays => (REPORT_DAYS as readonly number[]).includes(d), {
      message: R.REPORT_DAYS_INVALID,
    })
    .default(30),
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** An amount in one currency; money in several currencies is a list of these, never one sum. */
export interface Money {
  currency: string;
  amount: number;
}

export interface ReportRange {
  days: ReportDays;
  timezone: string;
  /** First and last local day of the range (YYYY-MM-DD), today included. */
  fromDate: string;
  toDate: string;
  /** The instants the range starts (inclusive) and ends (exclusive). */
  startsAt: string;
  endsAt: string;
}

export interface OverviewReport {
  range: ReportRange;
  currency: string;
  revenue: Money[];
  expenses: Money[];
  profit: Money[];
  activeCustomers: number;
  sales: {
    totalInvoices: number;
    paidInvoices: number;
    pendingInvoices: number;
    quotes: number;
    averageInvoiceValue: Money[];
    /** ISSUED and PAID invoices dated in the range, less the credit notes made in it. */
    invoiced: Money[];
  };
  inventory: {
    currency: string;
    totalProducts: number;
    lowStockItems: number;
    outOfStockItems: number;
    stockValue: number;
    potentialRevenue: number;
  };
  /** Recurring invoices as of now, whatever the range: monthly recurring revenue per currency, ACTIVE subscriptions. */
  subscriptions: { monthlyRecurringRevenue: Money[]; activeSubscriptions: number };
}

export interface Page<Row> {
  total: number;
  rows: Row[];
}

export interface SalesReportRow {
  id: string;
  number: string;
  customerName: string;
  status: InvoiceStatus;
  currency: string;
  total: number;
  /** What its credit notes took off. */
  amountCredited: number;
  amountPaid: number;
  issuedAt: string | null;
  createdAt: string;
  dueAt: string | null;
}

export interface PaymentsReportRow {
  id: string;
  /**
   * A payment received, a reversal made in the range (its own row, minus the payment's amount), or a refund
   * given back on a credit note (its own row, minus its amount; no payment).
   */
  kind: 'payment' | 'reversal' | 'refund';
  paymentId: string | null;
  /** A payment row: whether it was reversed (in the range or later). */
  reversed: boolean;
  /** A reversal row: why. */
  reason: string | null;
  invoiceNumber: string;
  customerName: string;
  amount: number;
  currency: string;
  method: string;
  provider: string | null;
  ref: string | null;
  /** A payment row: another payment that counts carries the same reference (case and spaces ignored). */
  refUsedTwice: boolean;
  receivedAt: string;
}

export interface ExpensesReportRow {
  id: string;
  kind: 'expense' | 'reversal';
  expenseId: string;
  reversed: boolean;
  reason: string | null;
  vendor: string;
  category: ExpenseCategory;
  amount: number;
  currency: string;
  paidAt: string;
  note: string | null;
}

export interface InventoryReportRow {
  id: string;
  name: string;
  sku: string;
  unit: string;
  stock: number;
  threshold: number;
  cost: number;
  price: number;
  stockValue: number;
  status: 'OUT_OF_STOCK' | 'LOW_STOCK' | 'IN_STOCK';
}

/** `invoiced`: the ISSUED and PAID invoices dated in the range less the credit notes made in it. */
export type SalesReport = Page<SalesReportRow> & { range: ReportRange; invoiced: Money[] };
/** `total` counts the rows (payments, reversals and refunds); `totals` are net of the reversals and refunds. */
export type PaymentsReport = Page<PaymentsReportRow> & {
  range: ReportRange;
  totals: Money[];
  payments: number;
  reversals: number;
  refunds: number;
};
export type ExpensesReport = Page<ExpensesReportRow> & {
  range: ReportRange;
  totals: Money[];
  expenses: number;
  reversals: number;
};
export type InventoryReport = Page<InventoryReportRow> & { currency: string };

export interface TimeseriesReport {
  range: ReportRange;
  unit: 'day' | 'week' | 'month';
  currencies: string[];
  buckets: { start: string; revenue: Money[]; expenses: Money[] }[];
}

/** GET /api/accounting/summary: the payments and expenses recorded (all time), per currency, with counts. */
export interface AccountingSummary {
  currency: string;
  /** ISSUED and PAID invoices: what was invoiced, and what is still owed on the ISSUED ones. */
  invoiced: { count: number; totals: Money[]; outstanding: Money[] };
  /** Net of reversals: a reversed payment or expense counts in neither; `reversed` says how many were. */
  payments: { count: number; reversed?: number; totals: Money[] };
  expenses: { count: number; reversed?: number; totals: Money[] };
}
