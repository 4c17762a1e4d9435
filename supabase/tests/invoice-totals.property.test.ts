// Property-based (fast-check): the totals the app shows before saving (packages/shared/invoice-totals.ts)
// are the totals the database stores, for any lines — quantities, prices and tax rates with more decimals
// than the columns keep included (the columns round them, and so does the app) — in a currency with
// cents and in one without.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '../../packages/shared/invoice-totals.ts';
import { asOwner } from './harness.ts';
import { createInvoice, readInvoice, setupOrg } from './fixtures.ts';

/** A decimal with up to `places` digits after the point, between 0 and max. */
const decimal = (max: number, places: number, min = 0) =>
  fc
    .tuple(
      fc.integer({ min: min * 10 ** places, max: max * 10 ** places }),
      fc.integer({ min: 0, max: places }),
    )
    .map(([n, keep]) => Math.round(n / 10 ** (places - keep)) / 10 ** keep);

const line = fc.record({
  qty: decimal(10_000, 5).filter((q) => q >= 0.001), // the column keeps 3 decimals and must be > 0
  unitPrice: decimal(1_000_000, 4),
  taxRate: decimal(100, 3),
  // Mostly none; otherwise a subscription's discount, 0 to 100 % with up to 2 decimals.
  discountPercent: fc.oneof(fc.constant(0), decimal(100, 2)),
});

describe('invoice totals in the app and in the database (property-based)', () => {
  it('agree to the minor unit for any lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('GHS', 'XOF'),
        async (lines, currency) => {
          const stored = await asOwner(async (sql) => {
            const org = await setupOrg(sql, { country: currency === 'XOF' ? 'SN' : 'GH', currency });
            return readInvoice(sql, await createInvoice(sql, org, { currency, lines }));
          });
          const { discount: _discount, ...app } = invoiceTotals(lines, currency);
          expect({
            subtotal: Number(stored.subtotal),
            tax: Number(stored.tax),
            total: Number(stored.total),
          }).toEqual(app);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
