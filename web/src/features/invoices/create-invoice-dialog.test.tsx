// @vitest-environment happy-dom
// The statuses the Create Invoice form offers: Paid only to the roles that record payments. The database
// refuses a Paid invoice from a salesperson (tests/api/sales.test.ts, tests/api/security.test.ts); the form
// does not offer it to them.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { businessProfileQuery, type BusinessProfile } from '@/lib/api/business-profile.ts';
import { productsQuery } from '@/lib/api/products.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { customersQuery } from '@/features/customers/api/customers.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';

/** The status options the form offers to a member with `role`, as they read them. */
function statusesFor(role: Role) {
  localStorage.clear();
  const org = orgAs(role);
  // What the form reads, in its cache beforehand: it asks the server nothing.
  const client = cacheWithoutServer({ reads: true });
  const none = { rows: [], total: 0 };
  client.setQueryData(productsQuery(org.id, { search: '', offset: 0, limit: 500 }).queryKey, none);
  client.setQueryData(customersQuery(org.id, '', 0, 6).queryKey, none);
  client.setQueryData(businessProfileQuery(org.id).queryKey, {} as BusinessProfile);
  renderAs(org, <CreateInvoiceDialog onClose={() => {}} />, { client });
  const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
  return [...status.options].map((o) => o.textContent);
}

describe('the statuses a new invoice may be created in', () => {
  it('are Quote and Issued for a salesperson, who records no payment', () => {
    expect(statusesFor('SALES')).toEqual(['Quote', 'Issued']);
  });

  it.each(['OWNER', 'MANAGER', 'ACCOUNTANT'] as const)(
    'include Paid for %s, who records payments',
    (role) => {
      expect(statusesFor(role)).toEqual(['Quote', 'Issued', 'Paid']);
    },
  );
});
