// The invoices' query keys and the shapes the server answers.
import type { CreditNote } from '@/features/credit-notes/api/keys.ts';
import type { PaymentReversal } from '@/features/payments/api/keys.ts';

/** The invoices' keys: the list's path first (what a write refreshes), then the organization. */
export const invoiceKeys = {
  list: (orgId: string, f?: object) => (f ? ['/api/invoices', orgId, f] : ['/api/invoices', orgId]),
  one: (orgId: string, id: string) => ['/api/invoices', orgId, 'one', id],
  public: (token: string) => ['/api/public/invoices', token],
};

export type InvoiceStatus = 'QUOTE' | 'ISSUED' | 'PAID' | 'VOID';

export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  total: number;
  amountPaid: number;
  /** What its credit notes took off (0 when none; absent for an invoice still on this device). */
  amountCredited?: number;
  /**
   * What is left to pay, as the database keeps it (total - credited - paid): below 0 when credit notes came
   * after payments (what was overpaid). An invoice still on this device: its total.
   */
  amountDue: number;
  createdAt: string;
  issuedAt: string | null;
  dueAt: string | null;
  customer: { id: string; name: string };
}

export interface Invoice extends InvoiceSummary {
  /** The number it was sent with as a quote (QUO-000001), once issued as an invoice. */
  quoteNumber?: string | null;
  subtotal: number;
  tax: number;
  balance: number;
  notes: string | null;
  createdBy: string | null;
  customer: {
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    address?: string | null;
    taxId?: string | null;
  };
  lines: {
    id: string;
    productId: string | null;
    description: string;
    qty: number;
    unitPrice: number;
    taxRate: number;
    /** Percent off the line (a subscription's discount); 0 for none. */
    discountPercent?: number;
  }[];
  payments: {
    id: string;
    method: string;
    provider: string | null;
    amount: number;
    ref: string | null;
    receivedAt: string;
    /** The receipt's number and the balance it prints; none yet for a payment still on this device. */
    receiptNumber?: string;
    balanceAfter?: number;
    /** When it was recorded: an owner or a manager may delete it for 24 hours. */
    createdAt: string;
    createdBy: string | null;
    /** Set once it is reversed: it stays listed, struck through, and no longer counts. */
    reversal: PaymentReversal | null;
  }[];
  shared: boolean;
  amountCredited: number;
  /** What the customer overpaid (credit notes and payments over the total) and was not given back yet. */
  refundable: number;
  creditNotes: CreditNote[];
}
