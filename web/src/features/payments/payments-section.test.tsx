// @vitest-environment happy-dom
// Record Payment above the payments list (the Accounting page's Payments tab) is for those who may record a
// payment: a salesperson reads the list without it. The refusal itself is the database's and /api's
// (supabase/tests/role-matrix.test.ts for payments, tests/api/role-matrix.test.ts "payments: record one"):
// this proves the screen hides what they refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { paymentKeys } from './api/keys.ts';
import { PaymentsSection } from './payments-section.tsx';

/** The section as a member with `role` sees it, no payment recorded yet. */
function paymentsAs(role: Role) {
  const org = orgAs(role);
  // Nothing is read from a server: the list is here, and a query without data (the invoices to pay) stays idle.
  const client = cacheWithoutServer();
  client.setQueryData(paymentKeys.list(org.id, 0), { rows: [], total: 0 });
  return renderAs(org, <PaymentsSection />, { client });
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
