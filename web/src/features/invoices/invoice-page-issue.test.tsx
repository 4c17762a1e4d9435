// @vitest-environment happy-dom
// Issuing a quote from its page: the page shows the invoice as issued (and offers Record Payment) as soon as
// the server's answer is in, while the lists are still being read again. A payment opened in that moment
// stays open when the issue finishes: finishing closes only the dialog it came from.
import { useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@shared/api/invoices.ts';
import { businessProfileQuery, type BusinessProfile } from '@/lib/api/business-profile.ts';
import { productsQuery } from '@/lib/api/products.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { cacheWithoutServer, ORG_ID as ORG, orgAs, renderAs } from '@/test/render-as.tsx';
import { invoiceKeys } from './api/keys.ts';
import { InvoicePage } from './invoice-page.tsx';

const ID = '019a0000-0000-7000-8000-000000000002';

/** When the issue's call ends (after its answer, once the lists are read again): the test says. */
const issue = vi.hoisted(() => ({ finish: () => {} }));

// The issue as useWrite makes it: the answer is written to the page's cache, then the call ends only once
// the invoices and products are read again (slow on a busy line).
vi.mock('./api/invoices.ts', async (original) => {
  const actual = await original<typeof import('./api/invoices.ts')>();
  return {
    ...actual,
    useInvoiceAction: () => {
      const client = useQueryClient();
      return {
        isPending: false,
        mutateAsync: async ({ id }: { id: string }) => {
          client.setQueryData<Invoice>(invoiceKeys.one(ORG, id), (inv) =>
            inv ? { ...inv, status: 'ISSUED', number: 'INV-000001', issuedAt: '2026-11-29T09:00:00Z' } : inv,
          );
          await new Promise<void>((resolve) => (issue.finish = resolve));
          return client.getQueryData<Invoice>(invoiceKeys.one(ORG, id));
        },
      };
    },
  };
});

const quote: Invoice = {
  id: ID,
  number: 'QUO-000001',
  quoteNumber: null,
  status: 'QUOTE',
  currency: 'GHS',
  subtotal: 80,
  tax: 0,
  total: 80,
  amountPaid: 0,
  amountCredited: 0,
  amountDue: 80,
  balance: 80,
  refundable: 0,
  createdAt: '2026-11-02T09:00:00Z',
  issuedAt: null,
  dueAt: null,
  voidedAt: null,
  notes: null,
  createdBy: 'someone',
  customer: { id: 'c1', name: 'Ama Serwaa', email: null, phone: null, address: null, taxId: null },
  lines: [
    {
      id: 'l1',
      productId: null,
      description: 'Rice 5kg',
      qty: 1,
      unitPrice: 80,
      taxRate: 0,
      discountPercent: 0,
    },
  ],
  payments: [],
  shared: false,
  creditNotes: [],
};

describe('issuing a quote from its page', () => {
  it('leaves a payment opened before the issue finished open', async () => {
    localStorage.clear();
    const org = orgAs('OWNER');
    const client = cacheWithoutServer({ reads: true });
    client.setQueryData(invoiceKeys.one(ORG, ID), quote);
    client.setQueryData(currentUserQuery.queryKey, { id: 'me', organizations: [org] } as CurrentUser);
    client.setQueryData(productsQuery(ORG, { search: '', offset: 0, limit: 500 }).queryKey, {
      rows: [],
      total: 0,
    });
    client.setQueryData(businessProfileQuery(ORG).queryKey, {} as BusinessProfile);
    const { user } = renderAs(org, <InvoicePage />, {
      client,
      path: `/sales/invoices/${ID}`,
      route: '/sales/invoices/:id',
    });
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    // Shown as issued while the issue's call goes on: the shopkeeper takes the money at once.
    await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
    await screen.findByRole('dialog', { name: 'Record Payment' });
    await act(async () => issue.finish());
    expect(screen.queryByRole('dialog', { name: 'Record Payment' })).not.toBeNull();
  });
});
