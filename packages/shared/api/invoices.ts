// What /api/invoices answers: an invoice (or quote) as the list shows it, and as its page shows it — with
// its customer, lines, payments and credit notes.
import { z } from '../schemas/zod.ts';
import { INVOICE_STATUSES } from '../schemas/values.ts';
import { CreditNoteSchema } from './credit-notes.ts';
import { InvoicePaymentSchema } from './payments.ts';

/** GET /api/invoices */
export const InvoiceSummarySchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  /** What its credit notes took off (0 when none). */
  amountCredited: z.number(),
  /**
   * What is left to pay, as the database keeps it (total - credited - paid): below 0 when credit notes came
   * after payments (what was overpaid).
   */
  amountDue: z.number(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  customer: z.strictObject({ id: z.string(), name: z.string() }),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceLineSchema = z.strictObject({
  id: z.string(),
  productId: z.string().nullable(),
  description: z.string(),
  qty: z.number(),
  unitPrice: z.number(),
  taxRate: z.number(),
  /** Percent off the line (a subscription's discount); 0 for none. */
  discountPercent: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** GET /api/invoices/:id, and what creating, editing, issuing or voiding one answers. */
export const InvoiceSchema = InvoiceSummarySchema.extend({
  /** The number it was sent with as a quote (QUO-000001), once issued as an invoice. */
  quoteNumber: z.string().nullable(),
  /** What the customer still owes (never below 0). */
  balance: z.number(),
  /** What the customer overpaid (credit notes and payments over the total) and was not given back yet. */
  refundable: z.number(),
  voidedAt: z.string().nullable(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  customer: z.strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  lines: z.array(InvoiceLineSchema),
  payments: z.array(InvoicePaymentSchema),
  /** Whether a public link to it is live. */
  shared: z.boolean(),
  creditNotes: z.array(CreditNoteSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST /api/invoices/:id/credit-notes: the credit note made and the invoice as it now is. */
export const CreditNoteCreatedSchema = z.strictObject({
  creditNote: CreditNoteSchema,
  invoice: InvoiceSchema,
});
export type CreditNoteCreated = z.infer<typeof CreditNoteCreatedSchema>;
