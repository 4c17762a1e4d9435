// The customers' query key (what the server answers is declared in @shared/api/customers.ts).

/** The customers list's key: its path first (what a write refreshes), then the organization. */
export const customerKeys = {
  list: (orgId: string, f?: object) => (f ? ['/api/customers', orgId, f] : ['/api/customers', orgId]),
};
