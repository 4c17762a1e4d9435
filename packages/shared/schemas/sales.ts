// Input schemas for sales (invoices with lines: docs/product-rules.md), shared by the forms
// and the `api` function.
import { z } from './zod.ts';
import { optionalIsoDate } from './dates.ts';
import { R, type SchemaReason } from './reasons.ts';
import { INVOICE_STATUSES, MOBILE_MONEY_PROVIDERS, PAYMENT_METHODS } from './values.ts';

const amount = (required: SchemaReason) =>
  z.coerce.number({ message: required }).positive(required).max(999_999_999_999.99);

export const CustomerInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, R.REQUIRED).max(255),
  email: z
    .union([z.literal(''), z.string().trim().email(R.INVALID_EMAIL).max(255)])
    .optional()
    .nullable(),
  phone: z.string().trim().max(50).optional().nullable(),
  /** A business customer's, printed under its name on its documents (several lines). */
  address: z.string().trim().max(500).optional().nullable(),
  taxId: z.string().trim().max(50).optional().nullable(),
});
export type CustomerInput = z.infer<typeof CustomerInputSchema>;

/** POST /api/customers/:id/merge: the customer to keep, into whom this one (a duplicate) is merged. */
export const CustomerMergeInputSchema = z.object({ into: z.uuid({ message: R.REQUIRED }) });
export type CustomerMergeInput = z.infer<typeof CustomerMergeInputSchema>;

export const InvoiceLineSchema = z.object({
  productId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
  description: z.string().trim().min(1, R.REQUIRED).max(500),
  qty: z.coerce.number().positive(R.POSITIVE).max(999_999_999),
  unitPrice: z.coerce.number().min(0).max(999_999_999_999.99),
  taxRate: z.coerce.number().min(0).max(100).optional(),
});

export { MOBILE_MONEY_PROVIDERS, PAYMENT_METHODS };

/** How a payment was made: its method (with the mobile-money provider), reference and date (now when none). */
export const PaymentDetailsSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { message: R.PAYMENT_METHOD_REQUIRED }),
  provider: z.enum(MOBILE_MONEY_PROVIDERS).optional().nullable(),
  ref: z.string().trim().max(255).optional().nullable(),
  receivedAt: optionalIsoDate,
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** Lines, or a quick form with only a total: one line, subtotal = total, tax 0 (docs/product-rules.md). */
const InvoiceFields = z.object({
  id: z.uuid().optional(),
  customerId: z.uuid({ message: R.REQUIRED }),
  /** Made as a quote, issued, or issued and paid at once (never void). */
  status: z.enum(INVOICE_STATUSES).exclude(['VOID']).default('QUOTE'),
  currency: z.string().length(3).toUpperCase().optional(),
  dueAt: optionalIsoDate,
  notes: z.string().max(2000).optional().nullable(),
  lines: z.array(InvoiceLineSchema).max(200).optional(),
  total: amount(R.TOTAL_REQUIRED).optional(),
  subtotal: z.coerce.number().optional(),
  tax: z.coerce.number().optional(),
  /** PAID: the payment of the total recorded with it (OWNER, MANAGER and ACCOUNTANT only). */
  payment: PaymentDetailsSchema.optional(),
  /** The quick form's way of naming the method of a PAID invoice's payment (`payment.method` wins). */
  paymentMethod: z.enum(PAYMENT_METHODS, { message: R.PAYMENT_METHOD_REQUIRED }).optional(),
});
export const InvoiceInputSchema = InvoiceFields.refine(
  (v) => (v.lines && v.lines.length > 0) || v.total !== undefined,
  {
    message: R.TOTAL_REQUIRED,
    path: ['total'],
  },
);
export type InvoiceInput = z.infer<typeof InvoiceInputSchema>;

/** PUT /api/invoices/:id: a QUOTE's customer, currency, due date, notes and its lines (at least one). */
export const QuoteInputSchema = InvoiceFields.pick({
  customerId: true,
  currency: true,
  dueAt: true,
  notes: true,
}).extend({ lines: z.array(InvoiceLineSchema).min(1, R.LINES_REQUIRED).max(200) });
export type QuoteInput = z.infer<typeof QuoteInputSchema>;

export const PaymentInputSchema = PaymentDetailsSchema.extend({
  id: z.uuid().optional(),
  invoiceId: z.uuid({ message: R.INVOICE_REQUIRED }),
  amount: amount(R.AMOUNT_REQUIRED),
});
export type PaymentInput = z.infer<typeof PaymentInputSchema>;

/**
 * Reversing a payment or an expense (POST /api/payments/:id/reverse, /api/expenses/:id/reverse): why, in a
 * few words the books keep (docs/decisions/010-corrections.md).
 */
export const ReversalInputSchema = z.object({
  reason: z
    .string({ message: R.REVERSAL_REASON_REQUIRED })
    .trim()
    .min(1, R.REVERSAL_REASON_REQUIRED)
    .max(500),
});
export type ReversalInput = z.infer<typeof ReversalInputSchema>;

/**
 * POST /api/invoices/:id/credit-notes: a credit note against an ISSUED or PAID invoice, for the lines given
 * (a quantity of each invoice line) or, with none, for everything left to credit; with `restock`, the
 * credited items go back in stock.
 */
export const CreditNoteInputSchema = z.object({
  reason: z.string({ message: R.CREDIT_REASON_REQUIRED }).trim().min(1, R.CREDIT_REASON_REQUIRED).max(500),
  restock: z.boolean().default(false),
  lines: z
    .array(
      z.object({
        invoiceItemId: z.uuid(),
        qty: z.coerce.number().min(0).max(999_999_999),
      }),
    )
    .max(200)
    .optional(),
});
export type CreditNoteInput = z.infer<typeof CreditNoteInputSchema>;

/** POST /api/credit-notes/:id/refunds: money given back on a credit note. */
export const RefundInputSchema = z.object({
  amount: amount(R.AMOUNT_REQUIRED),
  method: z.enum(PAYMENT_METHODS, { message: R.PAYMENT_METHOD_REQUIRED }),
  provider: z.enum(MOBILE_MONEY_PROVIDERS).optional().nullable(),
  ref: z.string().trim().max(255).optional().nullable(),
  refundedAt: optionalIsoDate,
});
export type RefundInput = z.infer<typeof RefundInputSchema>;
