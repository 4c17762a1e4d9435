// @vitest-environment happy-dom
// What the Recurring tab offers each role: a salesperson subscribes customers but adds or changes no plan, an
// accountant only reads, an owner does both. The refusals themselves are the database's and /api's
// (supabase/tests/subscriptions.test.ts "lets owners, managers and salespeople subscribe a customer to an
// active plan; not accountants", tests/api/subscriptions.test.ts "lets owners and managers manage plans;
// accountants and salespeople read them", supabase/tests/role-matrix.test.ts for subscription_plans): this
// proves the screen hides what they refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { subscriptionKeys } from './api/subscriptions.ts';
import { RecurringTab } from './recurring-tab.tsx';

const plan = {
  id: '019a0000-0000-7000-8000-000000000002',
  name: 'Eau 20 L',
  price: 15000,
  currency: 'NGN',
  interval: 'MONTH',
  intervalCount: 1,
};

/** The tab as a member with `role` opens it: Awa Ndiaye subscribed to Eau 20 L. */
function recurringAs(role: Role) {
  const org = orgAs(role);
  // Nothing is read from a server: both lists are here, and the queries stay idle.
  const client = cacheWithoutServer();
  client.setQueryData(subscriptionKeys.plans(org.id), [
    {
      ...plan,
      description: null,
      trialDays: 0,
      isActive: true,
      lines: [],
      createdAt: '2026-11-01T09:00:00Z',
      updatedAt: '2026-11-01T09:00:00Z',
    },
  ]);
  client.setQueryData(subscriptionKeys.list(org.id), [
    {
      id: '019a0000-0000-7000-8000-000000000003',
      status: 'ACTIVE',
      customer: { id: '019a0000-0000-7000-8000-000000000004', name: 'Awa Ndiaye' },
      plan,
      quantity: 1,
      taxPercent: 0,
      discountPercent: 0,
      startDate: '2026-11-01',
      trialEnd: null,
      endDate: null,
      currentPeriod: { start: '2026-11-01', end: '2026-11-30' },
      nextBillingDate: '2026-12-01',
      cancelAtPeriodEnd: false,
      cyclesBilled: 1,
      createdAt: '2026-11-01T09:00:00Z',
    },
  ]);
  return renderAs(org, <RecurringTab />, { client, path: '/sales?tab=recurring' });
}

describe('the Recurring tab by role', () => {
  it('lets a salesperson subscribe a customer but change no plan', async () => {
    const { user } = recurringAs('SALES');
    expect(screen.getByTestId('subscriptions-table').querySelectorAll('[data-row]')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Subscribe a customer' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Plans' }));
    expect(screen.getByTestId('plans-table').textContent).toContain('Eau 20 L');
    expect(screen.queryByRole('button', { name: 'New plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('lets an accountant read the subscriptions and plans only', async () => {
    const { user } = recurringAs('ACCOUNTANT');
    expect(screen.getByTestId('subscriptions-table').querySelectorAll('[data-row]')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Subscribe a customer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Plans' }));
    expect(screen.getByTestId('plans-table').textContent).toContain('Eau 20 L');
    expect(screen.queryByRole('button', { name: 'New plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('lets an owner subscribe a customer and add, edit and deactivate plans', async () => {
    const { user } = recurringAs('OWNER');
    expect(screen.queryByRole('button', { name: 'Subscribe a customer' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Plans' }));
    expect(screen.queryByRole('button', { name: 'New plan' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Eau 20 L' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeNull();
  });
});
