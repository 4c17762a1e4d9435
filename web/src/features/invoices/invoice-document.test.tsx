// @vitest-environment happy-dom
// An invoice billed with a discount (a subscription's) shows what the discount took off, under the subtotal
// of the lines at their full prices, in the reader's language: the field test found odd unit prices and no
// "Remise 5 %" line.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n.tsx';
import { plain, renderIn } from '@/test/render-in.tsx';
import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document.tsx';

// A plan at 17 900 CFA a month, 5% off, no tax: 895 off, 17 005 to pay.
const invoice: InvoiceDocumentData = {
  organization: { name: 'Boutique Awa', country: 'SN', currency: 'XOF' },
  number: 'INV-000002',
  status: 'ISSUED',
  currency: 'XOF',
  customer: { name: 'Fatou Ndiaye' },
  createdAt: '2026-11-02T09:00:00Z',
  issuedAt: '2026-11-02T09:00:00Z',
  dueAt: null,
  lines: [{ description: 'Abonnement Pro', qty: 1, unitPrice: 17_900, taxRate: 0, discountPercent: 5 }],
  subtotal: 17_005,
  tax: 0,
  total: 17_005,
  amountPaid: 0,
  amountDue: 17_005,
  payments: [],
};

const totals = (locale: Locale) => {
  renderIn(
    locale,
    <MemoryRouter>
      <InvoiceDocument data={invoice} />
    </MemoryRouter>,
  );
  const list = screen.getByTestId('document-totals');
  const amounts = [...list.querySelectorAll('dd')].map((dd) => plain(dd.textContent));
  return [...list.querySelectorAll('dt')].slice(0, 4).map((dt, i) => [plain(dt.textContent), amounts[i]]);
};

describe('an invoice with a discount', () => {
  it('shows the subtotal at full price, the discount and the total, in English', () => {
    expect(totals('en')).toEqual([
      ['Subtotal', 'CFA 17,900'],
      ['Discount (5%)', '-CFA 895'],
      ['Tax', 'CFA 0'],
      ['Total', 'CFA 17,005'],
    ]);
  });

  it('and in French', () => {
    expect(totals('fr')).toEqual([
      ['Sous-total', '17 900 CFA'],
      ['Remise (5 %)', '-895 CFA'],
      ['TVA', '0 CFA'],
      ['Total', '17 005 CFA'],
    ]);
  });
});
