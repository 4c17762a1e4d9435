// The one money formatter, used by the web app and by the mails the edge function sends: the currency
// table's symbol and decimals (XOF and GNF have none; SLL keeps 2, which the browser's own data gets
// wrong), grouped in the reader's locale.
import { CURRENCIES, type CurrencyCode } from './countries.ts';

export function formatMoney(amount: number, currency: string, locale: string): string {
  const info = CURRENCIES[currency as CurrencyCode];
  const decimals = info?.decimals ?? 2;
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
  const symbol = info?.symbol ?? currency;
  // French puts the symbol after the amount, English before it — and a loss's minus before the symbol.
  if (locale.startsWith('fr')) return `${number} ${symbol}`;
  const sign = number.startsWith('-') ? '-' : '';
  return `${sign}${symbol}${symbol.length > 1 ? ' ' : ''}${number.slice(sign.length)}`;
}
