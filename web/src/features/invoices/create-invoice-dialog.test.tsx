// @vitest-environment happy-dom
// The statuses the Create Invoice form offers: Paid only to the roles that record payments. The database
// refuses a Paid invoice from a salesperson (tests/api/sales.test.ts, tests/api/security.test.ts); the form
// does not offer it to them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { businessProfileQuery, type BusinessProfile } from '@/lib/api/business-profile.ts';
import { productsQuery } from '@/lib/api/products.ts';
import { OrganizationProvider, type Organization } from '@/lib/organization.tsx';
import { renderIn } from '@/test/render-in.tsx';
import { customersQuery } from '@/features/customers/api/customers.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';

/** The status options the form offers to a member with `role`, as they read them. */
function statusesFor(role: Role) {
  localStorage.clear();
  const org: Organization = {
    id: '019a0000-0000-7000-8000-000000000001',
    name: 'Ama Foods',
    country: 'GH',
    currency: 'GHS',
    timezone: 'Africa/Accra',
    defaultTaxRate: 0,
    role,
  };
  // What the form reads, in its cache beforehand: it asks the server nothing.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const none = { rows: [], total: 0 };
  client.setQueryData(productsQuery(org.id, { search: '', offset: 0, limit: 500 }).queryKey, none);
  client.setQueryData(customersQuery(org.id, '', 0, 6).queryKey, none);
  client.setQueryData(businessProfileQuery(org.id).queryKey, {} as BusinessProfile);
  renderIn(
    'en',
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <OrganizationProvider org={org}>
          <CreateInvoiceDialog onClose={() => {}} />
        </OrganizationProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
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
