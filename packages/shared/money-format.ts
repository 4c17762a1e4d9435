// The one money formatter, used by the web app and by the mails the edge function sends: the currency
// table's symbol and decimals (XOF and GNF have none; SLL keeps 2, which the browser's own data gets
// wrong), grouped in the reader's locale.
import { CURRENCIES, type CurrencyCode } from './countries.ts';

// One formatter per locale and number of decimals: making one costs far more than using it, and a list or
// the CRM board formats a hundred amounts in one draw.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, f);
  }
  return f;
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  const info = CURRENCIES[currency as CurrencyCode];
  const decimals = info?.decimals ?? 2;
  const number = formatter(locale, decimals).format(amount);
  const symbol = info?.symbol ?? currency;
  // French puts the symbol after the amount, English before it — and a loss's minus before the symbol.
  if (locale.startsWith('fr')) return `${number} ${symbol}`;
  const sign = number.startsWith('-') ? '-' : '';
  return `${sign}${symbol}${symbol.length > 1 ? ' ' : ''}${number.slice(sign.length)}`;
}
