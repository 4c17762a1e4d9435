// The customers' query key and the shape the server answers.

/** The customers list's key: its path first (what a write refreshes), then the organization. */
export const customerKeys = {
  list: (orgId: string, f?: object) => (f ? ['/api/customers', orgId, f] : ['/api/customers', orgId]),
};

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
