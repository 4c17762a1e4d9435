import { useIntl } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';

/**
 * Amounts in several currencies, one per line and never added together (docs/product-rules.md, "Currencies
 * never mix"); `fallback` (0 in the organization's currency) when there are none.
 */
export function MoneyLines({
  amounts,
  fallback,
}: {
  amounts: readonly { currency: string; amount: number }[];
  fallback: string;
}) {
  const { locale } = useIntl();
  const list = amounts.length ? amounts : [{ currency: fallback, amount: 0 }];
  return list.map((m) => (
    <span key={m.currency} className="block" data-currency={m.currency}>
      {formatMoney(m.amount, m.currency, locale)}
    </span>
  ));
}
