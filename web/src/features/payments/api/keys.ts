// The payments' query key and the shapes the server answers.

/** The payments list's key: its path first (what a write refreshes), then the organization. */
export const paymentKeys = {
  list: (orgId: string, offset: number) => ['/api/payments', orgId, offset],
};

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
