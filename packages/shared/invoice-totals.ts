// Invoice totals exactly as the database computes them (private.invoice_totals): each line's amount rounded
// to the currency's decimals, its tax rounded on its own, then added up. Amounts are handled in minor
// units (integers) so no floating-point sum drifts.
import { CURRENCIES, type CurrencyCode } from './countries.ts';

export const currencyDecimals = (currency: string) => CURRENCIES[currency as CurrencyCode]?.decimals ?? 2;

/** Rounds half away from zero at `decimals`, as Postgres rounds numeric values. */
function toMinor(value: number, decimals: number): number {
  const scaled = value * 10 ** decimals;
  // Guard against binary noise such as 1.005 * 100 = 100.49999999999999.
  const nudged = scaled + Math.sign(scaled) * 1e-9;
  return Math.sign(nudged) * Math.round(Math.abs(nudged));
}

export interface TotalsLine {
  qty: number;
  unitPrice: number;
  taxRate: number;
}

export function invoiceTotals(lines: TotalsLine[], currency: string) {
  const d = currencyDecimals(currency);
  let subtotal = 0;
  let tax = 0;
  for (const l of lines) {
    const net = toMinor((Number(l.qty) || 0) * (Number(l.unitPrice) || 0), d);
    subtotal += net;
    tax += toMinor((net / 10 ** d) * ((Number(l.taxRate) || 0) / 100), d);
  }
  const unit = 10 ** d;
  return { subtotal: subtotal / unit, tax: tax / unit, total: (subtotal + tax) / unit };
}
