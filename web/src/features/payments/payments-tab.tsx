// The payment history: invoice number, customer, amount, method, date (read-only); a reversed payment is
// struck through, marked Reversed (it is corrected from its invoice's page).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { formatMoney } from '@/lib/money.ts';
import { PAGE_SIZE } from '@/lib/api/paging.ts';
import { usePayments } from './api/payments.ts';
import { useT } from '@/lib/i18n.tsx';

export function PaymentsTab() {
  const intl = useIntl();
  const t = useT();
  const [offset, setOffset] = useState(0);
  const payments = usePayments(offset);
  const rows = payments.data?.rows ?? [];
  if (!payments.data) return <Loading />;
  if (!rows.length) return <EmptyState title={t('payments.empty')} />;
  return (
    <div className="flex flex-col gap-4">
      <DataList
        testId="payments-table"
        rows={rows}
        columns={[
          {
            key: 'invoice',
            header: t('payments.col.invoice'),
            cell: (p) => (
              <>
                <span className="font-mono text-sm">{p.invoice?.number}</span>
                {p.reversal && (
                  <span className="badge badge-warning badge-sm ms-2" title={p.reversal.reason}>
                    {t('payments.reversedBadge')}
                  </span>
                )}
              </>
            ),
            nowrap: true,
            card: 'title',
          },
          {
            key: 'customer',
            header: t('payments.col.customer'),
            cell: (p) => p.invoice?.customer.name,
            card: 'subtitle',
          },
          {
            key: 'amount',
            header: t('payments.col.amount'),
            cell: (p) =>
              p.reversal ? (
                <s className="opacity-70">{formatMoney(p.amount, p.currency, intl.locale)}</s>
              ) : (
                formatMoney(p.amount, p.currency, intl.locale)
              ),
            align: 'right',
            card: 'amount',
          },
          {
            key: 'method',
            header: t('payments.col.method'),
            cell: (p) => (
              <>
                {t(`payments.method.${p.method}`)}
                {p.provider && <span className="opacity-70"> · {t(`payments.provider.${p.provider}`)}</span>}
              </>
            ),
            card: 'badge',
          },
          {
            key: 'date',
            header: t('payments.col.date'),
            cell: (p) => new Date(p.receivedAt).toLocaleDateString(intl.locale),
            nowrap: true,
            card: 'meta',
          },
        ]}
      />
      <Pagination offset={offset} limit={PAGE_SIZE} total={payments.data.total} onChange={setOffset} />
    </div>
  );
}
