// Recent activity on the dashboard: invoices written, payments taken (a reversed one struck through) and
// products running low, newest first, each with how long ago.
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { timeAgo } from './time-ago.ts';
import { Card } from './dashboard-card.tsx';

export function RecentActivity({ activity }: { activity: Dashboard['activity'] }) {
  const intl = useIntl();
  const items = activity.map((a) => ({
    key: `${a.kind}-${a.id}`,
    at: a.at,
    reversed: a.kind === 'payment' && a.reversed === true,
    text:
      a.kind === 'invoice'
        ? intl.formatMessage(
            { id: 'dashboard.activity.invoice' },
            { number: a.number, customer: a.customerName },
          )
        : a.kind === 'payment'
          ? intl.formatMessage(
              { id: 'dashboard.activity.payment' },
              { amount: formatMoney(a.amount, a.currency, intl.locale), number: a.invoiceNumber },
            )
          : intl.formatMessage({ id: 'dashboard.activity.lowStock' }, { name: a.name }),
  }));
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.recentActivity' })} testId="recent-activity">
      {items.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((a) => (
            <li key={a.key} className="flex justify-between gap-2">
              <span>
                <span className={a.reversed ? 'line-through opacity-70' : undefined}>{a.text}</span>
                {a.reversed && (
                  <span className="badge badge-warning badge-sm ms-1">
                    <FormattedMessage id="dashboard.activity.reversed" />
                  </span>
                )}
              </span>
              <span className="shrink-0 opacity-75">{timeAgo(intl, a.at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noActivity" />
        </p>
      )}
    </Card>
  );
}
