// A credit note (avoir) as an invoice's page and its own document show it: the invoice lines it credits
// and the refunds made on it. POST /api/invoices/:id/credit-notes answers it with the invoice (invoices.ts).
import { z } from '../schemas/zod.ts';
import { RefundSchema } from './payments.ts';

export const CreditNoteLineSchema = z.strictObject({
  id: z.string(),
  invoiceItemId: z.string(),
  productId: z.string().nullable(),
  description: z.string(),
  qty: z.number(),
  unitPrice: z.number(),
  taxRate: z.number(),
  amount: z.number(),
  tax: z.number(),
});

export const CreditNoteSchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  reason: z.string(),
  restock: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Whether a public link to it is live. */
  shared: z.boolean(),
  lines: z.array(CreditNoteLineSchema),
  refunds: z.array(RefundSchema),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;
