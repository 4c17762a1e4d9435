import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './invoice-totals.ts';

describe('invoiceTotals', () => {
  it('rounds each XOF line to whole francs before adding, with its own tax (as the database does)', () => {
    expect(
      invoiceTotals(
        [
          { qty: 3, unitPrice: 333.33, taxRate: 18 },
          { qty: 1.5, unitPrice: 101, taxRate: 0 },
        ],
        'XOF',
      ),
    ).toEqual({ subtotal: 1152, tax: 180, total: 1332 });
  });

  it('keeps NGN to kobo without floating-point drift', () => {
    expect(
      invoiceTotals(
        [
          { qty: 3, unitPrice: 0.1, taxRate: 7.5 },
          { qty: 1, unitPrice: 1.005, taxRate: 0 },
        ],
        'NGN',
      ),
    ).toEqual({ subtotal: 1.31, tax: 0.02, total: 1.33 });
  });
});
