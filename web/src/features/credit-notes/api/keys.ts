// The shape of a credit note as the server answers it (within its invoice).

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
