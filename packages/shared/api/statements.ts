// What /api/customers/:id/statement (and a statement's public link) answers: a customer's account for a
// period, per currency — opening balance, each entry with the running balance, the period's totals and
// the closing balance (supabase/migrations/20261122000950_statements.sql).
import { z } from '../schemas/zod.ts';
import { SellerSchema } from './seller.ts';

export const STATEMENT_ENTRY_KINDS = ['INVOICE', 'PAYMENT', 'REVERSAL', 'CREDIT_NOTE', 'REFUND'] as const;

export const StatementEntrySchema = z.strictObject({
  at: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  /** The document's number: the invoice's, the receipt's, the credit note's. */
  reference: z.string(),
  invoiceNumber: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementSchema = z.strictObject({
  customer: z.strictObject({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  seller: SellerSchema,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  accounts: z.array(
    z.strictObject({
      currency: z.string(),
      opening: z.number(),
      /** The invoices issued in the period. */
      invoiced: z.number(),
      /** The credit notes made in the period. */
      credited: z.number(),
      /** The payments received in the period, less those reversed in it. */
      paid: z.number(),
      /** The refunds given in the period. */
      refunded: z.number(),
      closing: z.number(),
      entries: z.array(StatementEntrySchema),
    }),
  ),
});
export type Statement = z.infer<typeof StatementSchema>;
