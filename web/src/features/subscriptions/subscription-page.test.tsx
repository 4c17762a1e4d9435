// @vitest-environment happy-dom
// What a subscription's page offers each role: owners and managers pause, end and change it; a salesperson
// or an accountant reads it and its billed periods. The refusals themselves are the database's and /api's
// (supabase/tests/subscriptions.test.ts "lets owners and managers pause, resume and cancel; refuses
// accountants and salespeople", tests/api/subscriptions.test.ts "lets salespeople subscribe but not pause or
// cancel; accountants only read"): this proves the screen hides what they refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { subscriptionKeys } from './api/subscriptions.ts';
import { SubscriptionPage } from './subscription-page.tsx';

const ACTIONS = ['Pause', 'End subscription', 'Change quantity, tax or discount'];

/** The page of Awa Ndiaye's active subscription, its first period billed, as a member with `role` opens it. */
function subscriptionAs(role: Role) {
  const org = orgAs(role);
  const id = '019a0000-0000-7000-8000-000000000003';
  // Nothing is read from a server: the subscription is here, and its query stays idle.
  const client = cacheWithoutServer();
  client.setQueryData(subscriptionKeys.one(org.id, id), {
    id,
    status: 'ACTIVE',
    customer: { id: '019a0000-0000-7000-8000-000000000004', name: 'Awa Ndiaye' },
    plan: {
      id: '019a0000-0000-7000-8000-000000000002',
      name: 'Eau 20 L',
      price: 15000,
      currency: 'NGN',
      interval: 'MONTH',
      intervalCount: 1,
    },
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
    cycles: [
      {
        cycleNumber: 1,
        start: '2026-11-01',
        end: '2026-11-30',
        status: 'BILLED',
        amount: 15000,
        currency: 'NGN',
        billedAt: '2026-11-01T09:00:00Z',
        paidAt: null,
        invoice: { id: '019a0000-0000-7000-8000-000000000005', number: 'INV-000001', status: 'ISSUED' },
      },
    ],
  });
  return renderAs(org, <SubscriptionPage />, {
    client,
    path: `/sales/subscriptions/${id}`,
    route: '/sales/subscriptions/:id',
  });
}

describe('a subscription’s page by role', () => {
  it.each(['SALES', 'ACCOUNTANT'] as const)('lets %s read its billed periods but change nothing', (role) => {
    subscriptionAs(role);
    expect(screen.getByTestId('cycles-table').textContent).toContain('INV-000001');
    for (const action of ACTIONS) expect(screen.queryByRole('button', { name: action }), action).toBeNull();
  });

  it('lets an owner pause, end and change it', () => {
    subscriptionAs('OWNER');
    expect(screen.getByTestId('cycles-table').textContent).toContain('INV-000001');
    for (const action of ACTIONS)
      expect(screen.queryByRole('button', { name: action }), action).not.toBeNull();
  });
});
