// @vitest-environment happy-dom
// Who is offered Edit Quote on a quote's page: a salesperson on the quotes they made, not on another member's;
// the owner, a manager and an accountant on any. The database refuses the rest (supabase/tests/roles.test.ts,
// tests/api/sales.test.ts, tests/api/role-matrix.test.ts); the page does not offer it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@shared/api/invoices.ts';
import type { Role } from '@shared/permissions.ts';
import { businessProfileQuery, type BusinessProfile } from '@/lib/api/business-profile.ts';
import { productsQuery } from '@/lib/api/products.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { invoiceKeys } from './api/keys.ts';
import { InvoicePage } from './invoice-page.tsx';

const ME = '019a0000-0000-7000-8000-0000000000aa';
const SOMEONE_ELSE = '019a0000-0000-7000-8000-0000000000bb';

const quote = (createdBy: string): Invoice => ({
  id: '019a0000-0000-7000-8000-000000000002',
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
  createdBy,
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
});

/** The quote's page as a member with `role` sees it, the quote made by `createdBy`. */
function quotePage(role: Role, createdBy: string) {
  localStorage.clear();
  const org = orgAs(role);
  const invoice = quote(createdBy);
  // What the page reads, in its cache beforehand: it asks the server nothing.
  const client = cacheWithoutServer({ reads: true });
  client.setQueryData(invoiceKeys.one(org.id, invoice.id), invoice);
  client.setQueryData(currentUserQuery.queryKey, { id: ME, organizations: [org] } as CurrentUser);
  client.setQueryData(productsQuery(org.id, { search: '', offset: 0, limit: 500 }).queryKey, {
    rows: [],
    total: 0,
  });
  client.setQueryData(businessProfileQuery(org.id).queryKey, {} as BusinessProfile);
  renderAs(org, <InvoicePage />, {
    client,
    path: `/sales/invoices/${invoice.id}`,
    route: '/sales/invoices/:id',
  });
  // The page's moves are drawn (Print is offered to everyone).
  screen.getByRole('button', { name: 'Print' });
  return { editQuote: screen.queryAllByRole('button', { name: 'Edit Quote' }) };
}

describe('Edit Quote on a quote’s page', () => {
  it('is offered to a salesperson on the quote they made', () => {
    expect(quotePage('SALES', ME).editQuote).toHaveLength(1);
  });

  it('is not offered to a salesperson on another member’s quote', () => {
    expect(quotePage('SALES', SOMEONE_ELSE).editQuote).toHaveLength(0);
  });

  it.each(['OWNER', 'MANAGER', 'ACCOUNTANT'] as const)('is offered to %s on any quote', (role) => {
    expect(quotePage(role, SOMEONE_ELSE).editQuote).toHaveLength(1);
  });
});
