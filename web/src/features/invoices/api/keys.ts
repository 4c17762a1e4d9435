// The invoices' query keys (what the server answers is declared in @shared/api/invoices.ts).

/** The invoices' keys: the list's path first (what a write refreshes), then the organization. */
export const invoiceKeys = {
  list: (orgId: string, f?: object) => (f ? ['/api/invoices', orgId, f] : ['/api/invoices', orgId]),
  one: (orgId: string, id: string) => ['/api/invoices', orgId, 'one', id],
  public: (token: string) => ['/api/public/invoices', token],
};
