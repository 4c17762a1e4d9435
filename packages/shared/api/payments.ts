// What /api/payments and the refunds of /api/credit-notes answer: payments as the list and an invoice show
// them, a payment recorded, reversed or deleted, and money given back.
import { z } from '../schemas/zod.ts';
import { MOBILE_MONEY_PROVIDERS } from '../schemas/values.ts';

const provider = z.enum(MOBILE_MONEY_PROVIDERS).nullable();

/** A payment's reversal (docs/decisions/010-corrections.md): why, when and by whom. */
export const PaymentReversalSchema = z.strictObject({
  id: z.string(),
  reason: z.string(),
  amount: z.number(),
  reversedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type PaymentReversal = z.infer<typeof PaymentReversalSchema>;

/** GET /api/payments: a payment with its invoice (null when the invoice is not visible) and its reversal. */
export const PaymentSchema = z.strictObject({
  id: z.string(),
  method: z.string(),
  provider,
  amount: z.number(),
  currency: z.string(),
  ref: z.string().nullable(),
  receivedAt: z.string(),
  invoice: z
    .strictObject({
      id: z.string(),
      number: z.string(),
      currency: z.string(),
      customer: z.strictObject({ name: z.string() }),
    })
    .nullable(),
  /** Set once it is reversed: it stays listed and no longer counts. */
  reversal: PaymentReversalSchema.nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /api/payments?ref=: the payments that count already recorded with that reference, with their receipts. */
export const PaymentWithReferenceSchema = PaymentSchema.extend({
  receiptNumber: z.string(),
  invoice: PaymentSchema.shape.invoice.unwrap(),
  reversal: z.null(),
});
export type PaymentWithReference = z.infer<typeof PaymentWithReferenceSchema>;

/** A payment on its invoice's page: the receipt it printed and the balance after it. */
export const InvoicePaymentSchema = z.strictObject({
  id: z.string(),
  method: z.string(),
  provider,
  amount: z.number(),
  ref: z.string().nullable(),
  receivedAt: z.string(),
  receiptNumber: z.string(),
  balanceAfter: z.number(),
  /** When it was recorded: an owner or a manager may delete it for 24 hours. */
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  reversal: PaymentReversalSchema.nullable(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/** POST /api/payments: the payment as recorded (the database's row). */
export const RecordedPaymentSchema = z.strictObject({
  id: z.string(),
  org_id: z.string(),
  invoice_id: z.string(),
  method: z.string(),
  provider,
  amount: z.number(),
  currency: z.string(),
  ref: z.string().nullable(),
  received_at: z.string(),
  receipt_number: z.string(),
  balance_after: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type RecordedPayment = z.infer<typeof RecordedPaymentSchema>;

/** POST /api/payments/:id/reverse */
export const PaymentReversedSchema = z.strictObject({
  id: z.string(),
  paymentId: z.string(),
  invoiceId: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  reversedAt: z.string(),
});
export type PaymentReversed = z.infer<typeof PaymentReversedSchema>;

/** DELETE /api/payments/:id */
export const PaymentDeletedSchema = z.strictObject({
  id: z.string(),
  invoiceId: z.string(),
  deleted: z.literal(true),
});
export type PaymentDeleted = z.infer<typeof PaymentDeletedSchema>;

/** Money given back on a credit note, as the credit note lists it. */
export const RefundSchema = z.strictObject({
  id: z.string(),
  amount: z.number(),
  method: z.string(),
  provider,
  ref: z.string().nullable(),
  refundedAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** POST /api/credit-notes/:id/refunds */
export const RefundRecordedSchema = RefundSchema.extend({
  creditNoteId: z.string(),
  invoiceId: z.string(),
  currency: z.string(),
});
export type RefundRecorded = z.infer<typeof RefundRecordedSchema>;
