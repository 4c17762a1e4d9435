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
    ).toEqual({ subtotal: 1152, tax: 180, total: 1332, discount: 0 });
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
    ).toEqual({ subtotal: 1.31, tax: 0.02, total: 1.33, discount: 0 });
  });

  it('takes a subscription’s discount off each line before rounding it, and says what it took off', () => {
    // 17 900 CFA a month at 5 % off, 18 % tax: 12 500 and 4 × 1 350 are 11 875 and 5 130 (not 4 × 1 283),
    // 895 off, 17 005 + 3 061 = 20 066.
    expect(
      invoiceTotals(
        [
          { qty: 1, unitPrice: 12_500, taxRate: 18, discountPercent: 5 },
          { qty: 4, unitPrice: 1_350, taxRate: 18, discountPercent: 5 },
        ],
        'XOF',
      ),
    ).toEqual({ subtotal: 17_005, tax: 3_061, total: 20_066, discount: 895 });
  });
});
