// The dashboard's figures: cash received (with its change on last month, and other currencies), active
// customers, pending invoices and low-stock items, and for a business that bills subscriptions what they bring
// in a month.
import { FormattedMessage, useIntl } from 'react-intl';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { formatMoney } from '@/lib/money.ts';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { useOrganization } from '@/lib/organization.tsx';

export function MetricCards({ d }: { d: Dashboard }) {
  const intl = useIntl();
  const org = useOrganization();
  const money = (n: number) => formatMoney(n, org.currency, intl.locale);
  const inOrgCurrency = (list: { currency: string; amount: number }[]) =>
    list.find((x) => x.currency === org.currency)?.amount ?? 0;
  const revenueHint = d.hints.revenue.find((r) => r.currency === org.currency);
  const change =
    revenueHint?.changePercent != null
      ? intl.formatNumber(revenueHint.changePercent / 100, {
          style: 'percent',
          maximumFractionDigits: 0,
          signDisplay: 'always',
        })
      : null;
  const others = d.metrics.cashReceived.filter((x) => x.currency !== org.currency && x.amount !== 0);
  const cards = [
    {
      id: 'cashReceived',
      value: money(inOrgCurrency(d.metrics.cashReceived)),
      hint: change
        ? intl.formatMessage({ id: 'dashboard.revenueChange' }, { change })
        : intl.formatMessage({ id: 'dashboard.noLastMonth' }),
      extra: others.length
        ? intl.formatMessage(
            { id: 'dashboard.otherCurrencies' },
            { amounts: others.map((x) => formatMoney(x.amount, x.currency, intl.locale)).join(', ') },
          )
        : null,
    },
    {
      id: 'activeCustomers',
      value: intl.formatNumber(d.metrics.activeCustomers),
      hint: intl.formatMessage({ id: 'dashboard.newCustomers' }, { count: d.hints.newCustomersThisMonth }),
    },
    {
      id: 'pendingInvoices',
      value: intl.formatNumber(d.metrics.pendingInvoices),
      hint: intl.formatMessage(
        { id: 'dashboard.outstanding' },
        { amount: money(inOrgCurrency(d.hints.outstanding)) },
      ),
    },
    {
      id: 'lowStockItems',
      value: intl.formatNumber(d.metrics.lowStockItems),
      hint: intl.formatMessage({ id: 'dashboard.lowStockHint' }, { count: d.metrics.lowStockItems }),
    },
  ];
  // Recurring invoices: what the active subscriptions bring in a month, for a business that has
  // any (one that bills none is not shown an empty card).
  if (d.metrics.activeSubscriptions > 0 || d.metrics.monthlyRecurringRevenue.length > 0) {
    const otherMrr = d.metrics.monthlyRecurringRevenue.filter((x) => x.currency !== org.currency);
    cards.push({
      id: 'monthlyRecurringRevenue',
      value: money(inOrgCurrency(d.metrics.monthlyRecurringRevenue)),
      hint: intl.formatMessage(
        { id: 'dashboard.activeSubscriptions' },
        { count: d.metrics.activeSubscriptions },
      ),
      extra: otherMrr.length
        ? intl.formatMessage(
            { id: 'dashboard.otherCurrencies' },
            { amounts: otherMrr.map((x) => formatMoney(x.amount, x.currency, intl.locale)).join(', ') },
          )
        : null,
    });
  }
  return (
    <div className={`grid grid-cols-2 gap-3 ${cards.length > 4 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}>
      {cards.map((c, i) => {
        const card = (
          <StatCard
            key={c.id}
            testId={`metric-${c.id}`}
            title={<FormattedMessage id={`dashboard.${c.id}`} />}
            value={c.value}
            hints={[c.hint, 'extra' in c ? c.extra : null]}
          />
        );
        // A fifth card takes a phone's whole row rather than half of it with a gap beside it.
        return i === 4 ? (
          <div key={c.id} className="col-span-2 grid lg:col-span-1">
            {card}
          </div>
        ) : (
          card
        );
      })}
    </div>
  );
}
