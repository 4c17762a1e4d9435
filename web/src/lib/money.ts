// Amounts as the app shows them (the formatter is shared with the mails) and as people type them.
import { currencyDecimals } from '@shared/invoice-totals.ts';

export { formatMoney } from '@shared/money-format.ts';

export type AmountReason = 'EMPTY' | 'NOT_A_NUMBER' | 'TOO_MANY_DECIMALS' | 'NEGATIVE';
export type ParsedAmount = { ok: true; value: number } | { ok: false; reason: AmountReason };

export interface AmountRules {
  /** The user's locale: French writes 150,75, English 150.75. */
  locale: string;
  /** Decimals allowed: the currency's (XOF 0, NGN 2), a quantity's (3), a whole number's (0). */
  decimals: number;
  /** A stock adjustment may take stock out (−3); money and quantities may not. */
  negative?: boolean;
}

/** The decimals of an amount in this currency (the currency table's; 2 for a code it does not list). */
export { currencyDecimals };

/** Quantities of stock are kept with 3 decimals (the database's `quantity`: 1,5 kg, 0,25 l). */
export const QUANTITY_DECIMALS = 3;

const SPACES = /[\s\u00a0\u202f\u2009]/;

/** Digits in groups of three after the first (1 to 3 digits): "1", "12", "1.500", "1 500 000". */
function groupsOk(parts: string[]): boolean {
  return (
    parts.length > 0 &&
    /^\d{1,3}$/.test(parts[0]!) &&
    parts.slice(1).every((p) => /^\d{3}$/.test(p)) &&
    !(parts.length > 1 && parts[0] === '0')
  );
}

/**
 * An amount typed by a person, read their way. The locale's decimal separator is always the decimal one
 * (French 150,75; English 150.75); the other one is a decimal separator too when it cannot be a thousands
 * group ("150.75" in French, "150,75" in English) and a group when it can ("1.500" in French, "1,500" in
 * English); spaces (also no-break and narrow no-break) separate groups of three. Anything else is refused,
 * with the reason: not a number ("12abc", "1.2.3"), more decimals than allowed, or negative.
 */
export function parseAmount(text: string, rules: AmountRules): ParsedAmount {
  let s = text.trim();
  if (s === '') return { ok: false, reason: 'EMPTY' };
  let sign = 1;
  if (/^[-−+]/.test(s)) {
    sign = s[0] === '+' ? 1 : -1;
    s = s.slice(1).trimStart();
  }
  if (!/^[\d.,\s\u00a0\u202f\u2009]+$/.test(s) || !/\d/.test(s)) return { ok: false, reason: 'NOT_A_NUMBER' };
  const localeDecimal = rules.locale.toLowerCase().startsWith('fr') ? ',' : '.';
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let decimalSep: string | undefined;
  let groupSep: string | undefined;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal separator, the other groups the thousands before it.
    decimalSep = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    groupSep = decimalSep === '.' ? ',' : '.';
    if (s.split(decimalSep).length - 1 > 1) return { ok: false, reason: 'NOT_A_NUMBER' };
  } else if (dots + commas > 1) {
    // One kind, several times: thousands groups ("1.500.000").
    groupSep = dots ? '.' : ',';
  } else if (dots + commas === 1) {
    const sep = dots ? '.' : ',';
    const [whole, fraction] = s.split(sep) as [string, string];
    const group = sep !== localeDecimal && groupsOk([...whole.split(SPACES), fraction]);
    if (group) groupSep = sep;
    else decimalSep = sep;
  }
  const [wholeText, fraction = ''] = decimalSep ? (s.split(decimalSep) as [string, string]) : [s];
  if (decimalSep && !/^\d+$/.test(fraction)) return { ok: false, reason: 'NOT_A_NUMBER' };
  const groups = wholeText.split(groupSep ? new RegExp(`[${groupSep}\\s\\u00a0\\u202f\\u2009]`) : SPACES);
  const wholeDigits =
    groups.length === 1 && /^\d*$/.test(groups[0]!) && (groups[0] !== '' || fraction !== '')
      ? groups[0]!
      : groupsOk(groups)
        ? groups.join('')
        : undefined;
  if (wholeDigits === undefined) return { ok: false, reason: 'NOT_A_NUMBER' };
  const value = sign * Number(`${wholeDigits || '0'}.${fraction || '0'}`);
  if (fraction.replace(/0+$/, '').length > rules.decimals) return { ok: false, reason: 'TOO_MANY_DECIMALS' };
  if (value < 0 && !rules.negative) return { ok: false, reason: 'NEGATIVE' };
  return { ok: true, value: value === 0 ? 0 : value };
}
