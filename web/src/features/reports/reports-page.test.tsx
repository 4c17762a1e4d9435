// @vitest-environment happy-dom
// Which reports the Reports page offers each role: a salesperson only the sales and inventory reports (the
// sales one first, read), an owner or accountant all five from the overview. The refusals themselves are the
// database's and /api's (supabase/tests/reports.test.ts "report access", tests/api/reports.test.ts "shows
// sales members only the sales and inventory reports", tests/api/role-matrix.test.ts): this proves the
// screen offers no report they refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { reportKeys } from './api/reports.ts';
import { ReportsPage } from './reports-page.tsx';

/** The page as a member with `role` opens it, over the last 30 days (one invoice to Kofi Mensah): the report
 * shown and those offered. */
function reportsAs(role: Role) {
  const org = orgAs(role);
  const range = {
    days: 30,
    timezone: 'Africa/Accra',
    fromDate: '2026-10-30',
    toDate: '2026-11-28',
    startsAt: '2026-10-30T00:00:00Z',
    endsAt: '2026-11-29T00:00:00Z',
  };
  const ghs = (amount: number) => [{ currency: 'GHS', amount }];
  // Nothing is read from a server: each report the page first shows a role is here.
  const client = cacheWithoutServer();
  const report = (type: string, data: unknown) =>
    client.setQueryData(reportKeys.report(org.id, type, 30, 0), data);
  report('overview', {
    range,
    currency: 'GHS',
    revenue: ghs(0),
    expenses: ghs(0),
    profit: ghs(0),
    activeCustomers: 1,
    sales: {
      totalInvoices: 1,
      paidInvoices: 0,
      pendingInvoices: 1,
      quotes: 0,
      averageInvoiceValue: ghs(120),
      invoiced: ghs(120),
    },
    inventory: {
      currency: 'GHS',
      totalProducts: 0,
      lowStockItems: 0,
      outOfStockItems: 0,
      stockValue: 0,
      potentialRevenue: 0,
    },
    subscriptions: { monthlyRecurringRevenue: [], activeSubscriptions: 0 },
  });
  report('timeseries', { range, unit: 'day', currencies: ['GHS'], buckets: [] });
  report('sales', {
    range,
    invoiced: ghs(120),
    total: 1,
    rows: [
      {
        id: '019a0000-0000-7000-8000-000000000002',
        number: 'INV-000001',
        customerName: 'Kofi Mensah',
        status: 'ISSUED',
        currency: 'GHS',
        total: 120,
        amountCredited: 0,
        amountPaid: 0,
        issuedAt: '2026-11-28T09:00:00Z',
        createdAt: '2026-11-28T09:00:00Z',
        dueAt: null,
      },
    ],
  });
  renderAs(org, <ReportsPage />, { client });
  const type = screen.getByLabelText<HTMLSelectElement>('Report Type');
  return { type: type.value, offered: Array.from(type.options, (o) => o.textContent) };
}

describe('the reports a role is offered', () => {
  it('offers a salesperson only the sales and inventory reports, the sales one read', () => {
    const { type, offered } = reportsAs('SALES');
    expect(type).toBe('sales');
    expect(offered).toEqual(['Sales Report', 'Inventory Report']);
    expect(screen.getByTestId('report-sales').textContent).toContain('Kofi Mensah');
  });

  it.each(['OWNER', 'ACCOUNTANT'] as const)('offers %s every report from the overview', (role) => {
    const { type, offered } = reportsAs(role);
    expect(type).toBe('overview');
    expect(offered).toEqual([
      'Overview',
      'Sales Report',
      'Payments Report',
      'Expenses Report',
      'Inventory Report',
    ]);
  });
});
