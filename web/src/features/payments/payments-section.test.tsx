// @vitest-environment happy-dom
// Record Payment above the payments list (the Accounting page's Payments tab) is for those who may record a
// payment: a salesperson reads the list without it. The refusal itself is the database's and /api's
// (supabase/tests/role-matrix.test.ts for payments, tests/api/role-matrix.test.ts "payments: record one"):
// this proves the screen hides what they refuse.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { OrganizationProvider, type Organization } from '@/lib/organization.tsx';
import { renderIn } from '@/test/render-in.tsx';
import { paymentKeys } from './api/keys.ts';
import { PaymentsSection } from './payments-section.tsx';

/** The section as a member with `role` sees it, no payment recorded yet. */
function paymentsAs(role: Role) {
  const org: Organization = {
    id: '019a0000-0000-7000-8000-000000000001',
    name: 'Ama Foods',
    country: 'GH',
    currency: 'GHS',
    timezone: 'Africa/Accra',
    defaultTaxRate: 0,
    role,
  };
  // Nothing is read from a server: the list is here, and a query without data (the invoices to pay) stays idle.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } },
  });
  client.setQueryData(paymentKeys.list(org.id, 0), { rows: [], total: 0 });
  return renderIn(
    'en',
    <QueryClientProvider client={client}>
      <OrganizationProvider org={org}>
        <PaymentsSection />
      </OrganizationProvider>
    </QueryClientProvider>,
  );
}

describe('the payments section by role', () => {
  it('shows a salesperson the payments without Record Payment', () => {
    paymentsAs('SALES');
    expect(screen.queryByText('No payments recorded')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).toBeNull();
  });

  it.each(['OWNER', 'ACCOUNTANT'] as const)('shows %s the payments with Record Payment', (role) => {
    paymentsAs(role);
    expect(screen.queryByText('No payments recorded')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).not.toBeNull();
  });
});
