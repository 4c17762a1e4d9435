// Property-based tests of the invoice totals (fast-check): for any lines the columns can hold (quantity
// with 3 decimals, unit price with 2, tax rate with 2, up to 100 %), in a currency with 2 decimals or
// none, the totals equal an exact computation in integers (what numeric does in the database), and they
// behave as money must: whole minor units, total = subtotal + tax, the order of lines does not matter,
// adding a line adds its amount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, invoiceTotals, type TotalsLine } from './invoice-totals.ts';

/** A line as integers: thousandths of a unit, hundredths of the price, hundredths of a percent. */
interface ExactLine {
  qty: number;
  price: number;
  rate: number;
  /** Hundredths of a percent off the line. */
  off: number;
}

const exactLine = fc.record({
  qty: fc.integer({ min: 1, max: 10_000_000 }), // 0.001 to 10,000
  price: fc.integer({ min: 0, max: 100_000_000 }), // 0.00 to 1,000,000.00
  rate: fc.integer({ min: 0, max: 10_000 }), // 0 % to 100 %
  off: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })), // mostly none; 0 % to 100 %
});
const currency = fc.constantFrom('GHS', 'NGN', 'KES', 'ZAR', 'XOF', 'GNF');

const asLine = (l: ExactLine): TotalsLine => ({
  qty: l.qty / 1000,
  unitPrice: l.price / 100,
  taxRate: l.rate / 100,
  discountPercent: l.off / 100,
});

/** a / b rounded half away from zero, in integers (b > 0), as Postgres rounds numeric. */
function divRound(a: bigint, b: bigint): bigint {
  const sign = a < 0n ? -1n : 1n;
  const abs = a * sign;
  return sign * ((abs * 2n + b) / (2n * b));
}

/** The database's computation (private.invoice_totals) in exact integers, in minor units. */
function exactTotals(lines: ExactLine[], d: number) {
  let subtotal = 0n;
  let gross = 0n;
  let tax = 0n;
  for (const l of lines) {
    // qty × price is in 10^-5, × (100 % - discount) in 10^-4 of it; the line is rounded to 10^-d.
    const product = BigInt(l.qty) * BigInt(l.price);
    gross += divRound(product, 10n ** BigInt(5 - d));
    const net = divRound(product * BigInt(10_000 - l.off), 10n ** BigInt(9 - d));
    subtotal += net;
    // net (10^-d) × rate (10^-2 %) / 100 = 10^-d × 10^-4.
    tax += divRound(net * BigInt(l.rate), 10_000n);
  }
  return { subtotal, tax, total: subtotal + tax, discount: gross - subtotal };
}

const minor = (value: number, d: number) => Math.round(value * 10 ** d);

describe('invoiceTotals (property-based)', () => {
  it('equals the exact integer computation the database does, for any lines', () => {
    fc.assert(
      fc.property(fc.array(exactLine, { maxLength: 20 }), currency, (lines, cur) => {
        const d = currencyDecimals(cur);
        const got = invoiceTotals(lines.map(asLine), cur);
        const want = exactTotals(lines, d);
        expect({
          subtotal: BigInt(minor(got.subtotal, d)),
          tax: BigInt(minor(got.tax, d)),
          total: BigInt(minor(got.total, d)),
          discount: BigInt(minor(got.discount, d)),
        }).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives whole minor units, never a fraction of a franc or a cedi', () => {
    fc.assert(
      fc.property(fc.array(exactLine, { maxLength: 20 }), currency, (lines, cur) => {
        const d = currencyDecimals(cur);
        const got = invoiceTotals(lines.map(asLine), cur);
        for (const v of [got.subtotal, got.tax, got.total]) {
          // The number is exactly what its d-decimal writing reads as: nothing beyond the minor unit.
          expect(Number(v.toFixed(d))).toBe(v);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(minor(got.total, d)).toBe(minor(got.subtotal, d) + minor(got.tax, d));
      }),
      { numRuns: 1000 },
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        fc
          .array(exactLine, { minLength: 1, maxLength: 12 })
          .chain((lines) =>
            fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
          ),
        currency,
        ([lines, shuffled], cur) => {
          expect(invoiceTotals(shuffled.map(asLine), cur)).toEqual(invoiceTotals(lines.map(asLine), cur));
        },
      ),
    );
  });

  it('adds up: the totals of two sets of lines together are the sums of their totals', () => {
    fc.assert(
      fc.property(
        fc.array(exactLine, { maxLength: 10 }),
        fc.array(exactLine, { maxLength: 10 }),
        currency,
        (a, b, cur) => {
          const d = currencyDecimals(cur);
          const [x, y, both] = [a, b, [...a, ...b]].map((l) => invoiceTotals(l.map(asLine), cur));
          for (const k of ['subtotal', 'tax', 'total'] as const)
            expect(minor(both![k], d)).toBe(minor(x![k], d) + minor(y![k], d));
        },
      ),
    );
  });

  it('never lowers the subtotal when a quantity or a price goes up, and charges no tax at 0 %', () => {
    fc.assert(
      fc.property(exactLine, fc.nat(1_000_000), currency, (line, more, cur) => {
        const base = invoiceTotals([asLine(line)], cur);
        const bigger = invoiceTotals([asLine({ ...line, qty: line.qty + more })], cur);
        const dearer = invoiceTotals([asLine({ ...line, price: line.price + more })], cur);
        expect(bigger.subtotal).toBeGreaterThanOrEqual(base.subtotal);
        expect(dearer.subtotal).toBeGreaterThanOrEqual(base.subtotal);
        const untaxed = invoiceTotals([asLine({ ...line, rate: 0 })], cur);
        expect(untaxed.tax).toBe(0);
        expect(untaxed.total).toBe(untaxed.subtotal);
      }),
    );
  });
});
