// @vitest-environment happy-dom
// What the Accounting page offers each role: a salesperson reads the payments (the Cash received card and
// the Payments tab) but has no expenses; owners and accountants have both tabs and the three cards. The
// payments section, which app/router.tsx puts in the Payments tab, decides on Record Payment itself
// (features/payments/payments-section.test.tsx). The refusals themselves are the database's and /api's
// (supabase/tests/expenses.test.ts, tests/api/accounting.test.ts, tests/api/role-matrix.test.ts): this proves
// the screen hides what they refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { accountingKeys } from './api/keys.ts';
import { AccountingPage } from './accounting-page.tsx';

/** The page as a member with `role` opens it (the payments section stood in for), with one invoice, no
 * payment yet and one expense. */
function accountingAs(role: Role) {
  const org = orgAs(role);
  const ghs = (amount: number) => [{ currency: 'GHS', amount }];
  // Nothing is read from a server: every list the page shows is here, and a query without data stays idle.
  const client = cacheWithoutServer();
  client.setQueryData(accountingKeys.summary(org.id), {
    currency: 'GHS',
    invoiced: { count: 1, totals: ghs(300), outstanding: ghs(300) },
    payments: { count: 0, reversed: 0, totals: ghs(0) },
    expenses: { count: 1, reversed: 0, totals: ghs(900) },
  });
  client.setQueryData(accountingKeys.expenses(org.id, '', 0), { rows: [], total: 0 });
  return renderAs(org, <AccountingPage payments={<p>The payments section</p>} />, {
    client,
    path: '/accounting',
  });
}

describe('the Accounting page by role', () => {
  it('shows a salesperson the payments but no expenses', () => {
    accountingAs('SALES');
    expect(screen.getByTestId('card-cashReceived').textContent).toContain('Cash received');
    expect(screen.queryByTestId('card-totalExpenses')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Expenses' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Payments' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('The payments section')).not.toBeNull();
  });

  it.each(['OWNER', 'ACCOUNTANT'] as const)('shows %s the expenses, then the payments', async (role) => {
    const { user } = accountingAs(role);
    expect(screen.queryByTestId('card-cashReceived')).not.toBeNull();
    expect(screen.getByTestId('card-totalExpenses').textContent).toContain('Total Expenses');
    expect(screen.getByRole('tab', { name: 'Expenses' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('No expenses recorded')).not.toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.queryByText('The payments section')).not.toBeNull();
  });
});
