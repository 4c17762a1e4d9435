// The payment history: invoice number, customer, amount, method, date (read-only).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { formatMoney } from '../../lib/money.ts';
import { PAGE_SIZE, usePayments } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

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
      <div className="overflow-x-auto">
        <table className="table" data-testid="payments-table">
          <thead>
            <tr>
              <th>{t('payments.col.invoice')}</th>
              <th>{t('payments.col.customer')}</th>
              <th className="text-right">{t('payments.col.amount')}</th>
              <th>{t('payments.col.method')}</th>
              <th>{t('payments.col.date')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <td className="font-mono text-sm">{p.invoice?.number}</td>
                <td>{p.invoice?.customer.name}</td>
                <td className="text-right">{formatMoney(p.amount, p.currency, intl.locale)}</td>
                <td>
                  {t(`payments.method.${p.method}`)}
                  {p.provider && (
                    <span className="opacity-70"> · {t(`payments.provider.${p.provider}`)}</span>
                  )}
                </td>
                <td>{new Date(p.receivedAt).toLocaleDateString(intl.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination offset={offset} limit={PAGE_SIZE} total={payments.data.total} onChange={setOffset} />
    </div>
  );
}
