// Invoice totals exactly as the database computes them (private.invoice_totals): each line's amount rounded
// to the currency's decimals, its tax rounded on its own, then added up. Amounts are handled in minor
// units (integers) so no floating-point sum drifts.
import { CURRENCIES, type CurrencyCode } from './countries.ts';

export const currencyDecimals = (currency: string) => CURRENCIES[currency as CurrencyCode]?.decimals ?? 2;

/**
 * `value` in units of 10^-places, rounded half away from zero as a numeric column of that scale stores it.
 * Read from the number's decimal digits, so 1.005 is 1.005 (not 1.00499999…).
 */
function scaled(value: number, places: number): bigint {
  if (!Number.isFinite(value) || value === 0) return 0n;
  const abs = Math.abs(value);
  const text = abs.toString().includes('e') ? abs.toFixed(20) : abs.toString();
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = BigInt(whole + fraction.padEnd(places + 1, '0').slice(0, places + 1));
  const rounded = digits / 10n + (digits % 10n >= 5n ? 1n : 0n);
  return value < 0 ? -rounded : rounded;
}

/** a / b rounded half away from zero (b > 0), as Postgres rounds numeric. */
function divRound(a: bigint, b: bigint): bigint {
  const sign = a < 0n ? -1n : 1n;
  return (sign * (a * sign * 2n + b)) / (2n * b);
}

export interface TotalsLine {
  qty: number;
  unitPrice: number;
  taxRate: number;
  /** A discount in percent off the line (a subscription's), taken before the line is rounded. */
  discountPercent?: number;
}

/**
 * The totals, and `discount`: what the lines' discounts took off (the lines at their full prices, each
 * rounded, less the subtotal), which a document prints as its own line.
 */
export function invoiceTotals(lines: TotalsLine[], currency: string) {
  const d = currencyDecimals(currency);
  let subtotal = 0n;
  let gross = 0n;
  let tax = 0n;
  for (const l of lines) {
    // qty numeric(14,3) × unit_price numeric(14,2) × (100 - discount numeric(5,2)) / 100 is exact in
    // 10^-9; the line is rounded to 10^-d.
    const product = scaled(Number(l.qty) || 0, 3) * scaled(Number(l.unitPrice) || 0, 2);
    const full = divRound(product * 10_000n, 10n ** BigInt(9 - d));
    const net = divRound(
      product * (10_000n - scaled(Number(l.discountPercent) || 0, 2)),
      10n ** BigInt(9 - d),
    );
    gross += full;
    subtotal += net;
    // Its tax: net × tax_rate numeric(5,2) / 100, rounded on its own.
    tax += divRound(net * scaled(Number(l.taxRate) || 0, 2), 10_000n);
  }
  const unit = 10 ** d;
  return {
    subtotal: Number(subtotal) / unit,
    tax: Number(tax) / unit,
    total: Number(subtotal + tax) / unit,
    discount: Number(gross - subtotal) / unit,
  };
}
