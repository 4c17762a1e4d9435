// The payments' query key (what the server answers is declared in @shared/api/payments.ts).

/** The payments list's key: its path first (what a write refreshes), then the organization. */
export const paymentKeys = {
  list: (orgId: string, offset: number) => ['/api/payments', orgId, offset],
};
