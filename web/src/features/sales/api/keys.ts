// Sales' query keys, the shapes the server answers, and the page size: shared by the customers, invoices
// and payments calls beside this file.

/** The sales queries' keys: the list's path first (what a write refreshes), then the organization. */
export const salesKeys = {
  customers: (orgId: string, f?: object) => (f ? ['/api/customers', orgId, f] : ['/api/customers', orgId]),
  invoices: (orgId: string, f?: object) => (f ? ['/api/invoices', orgId, f] : ['/api/invoices', orgId]),
  invoice: (orgId: string, id: string) => ['/api/invoices', orgId, 'one', id],
  payments: (orgId: string, offset: number) => ['/api/payments', orgId, offset],
  publicInvoice: (token: string) => ['/api/public/invoices', token],
};

export type InvoiceStatus = 'QUOTE' | 'ISSUED' | 'PAID' | 'VOID';

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** A business customer's, printed on its documents; absent on one still on this device. */
  address?: string | null;
  taxId?: string | null;
  createdAt: string;
}

export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  total: number;
  amountPaid: number;
  /** What its credit notes took off (0 when none; absent for an invoice still on this device). */
  amountCredited?: number;
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

/** A credit note (avoir) against an invoice: its lines (quantities of the invoice's lines) and refunds. */
export interface CreditNote {
  id: string;
  number: string;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  reason: string;
  restock: boolean;
  createdAt: string;
  createdBy: string | null;
  /** Whether a public link to it is live. */
  shared?: boolean;
  lines: {
    id: string;
    invoiceItemId: string;
    productId: string | null;
    description: string;
    qty: number;
    unitPrice: number;
    taxRate: number;
    amount: number;
    tax: number;
  }[];
  refunds: {
    id: string;
    amount: number;
    method: string;
    provider: string | null;
    ref: string | null;
    refundedAt: string;
  }[];
}

/** A payment's reversal (docs/decisions/010-corrections.md): why, when and by whom. */
export interface PaymentReversal {
  id: string;
  reason: string;
  amount: number;
  reversedAt: string;
  createdBy: string | null;
}

export interface Payment {
  id: string;
  method: string;
  provider: string | null;
  amount: number;
  currency: string;
  ref: string | null;
  receivedAt: string;
  invoice: { id: string; number: string; currency: string; customer: { name: string } } | null;
  reversal: PaymentReversal | null;
}

export const PAGE_SIZE = 25;

export const qs = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};
