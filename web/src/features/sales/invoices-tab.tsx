// Invoices: search by number or customer name, newest first, pages of 25; the Create Invoice dialog.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { formatMoney } from '../../lib/money.ts';
import { PendingBadge } from '../../components/ui/pending.tsx';
import { PAGE_SIZE, useInvoiceList } from './api.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';
import { InvoiceStatusBadge } from '../../components/ui/status-badge.tsx';
import { useT } from '../../lib/i18n.tsx';

export function InvoicesTab() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const { query: invoices, rows } = useInvoiceList({ search, offset });
  const date = (s: string | null) => (s ? new Date(s).toLocaleDateString(intl.locale) : '-');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label={t('invoices.searchLabel')}
          placeholder={t('invoices.search')}
          value={search}
          onChange={(s) => {
            setSearch(s);
            setOffset(0);
          }}
        />
        <button type="button" className="btn btn-primary min-h-11" onClick={() => setCreating(true)}>
          {t('invoices.create')}
        </button>
      </div>
      {!invoices.data && !rows.length ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('invoices.empty')} />
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="table" data-testid="invoices-table">
              <thead>
                <tr>
                  <th>{t('invoices.col.number')}</th>
                  <th>{t('invoices.col.customer')}</th>
                  <th className="text-right">{t('invoices.col.amount')}</th>
                  <th>{t('invoices.col.status')}</th>
                  <th className="hidden sm:table-cell">{t('invoices.col.issued')}</th>
                  <th className="hidden sm:table-cell">{t('invoices.col.due')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => (
                  <tr
                    key={i.id}
                    className="hover cursor-pointer"
                    onClick={() => !('pending' in i) && void navigate(`/sales/invoices/${i.id}`)}
                  >
                    <td>
                      <a
                        className="link font-mono text-sm"
                        href={`/sales/invoices/${i.id}`}
                        onClick={(e) => e.preventDefault()}
                      >
                        {i.number ?? <PendingBadge />}
                      </a>
                    </td>
                    <td>{i.customer.name}</td>
                    <td className="text-right whitespace-nowrap">
                      {formatMoney(i.total, i.currency, intl.locale)}
                    </td>
                    <td>
                      <InvoiceStatusBadge status={i.status} />
                    </td>
                    <td className="hidden sm:table-cell">{date(i.issuedAt ?? i.createdAt)}</td>
                    <td className="hidden sm:table-cell">{date(i.dueAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            offset={offset}
            limit={PAGE_SIZE}
            total={invoices.data?.total ?? 0}
            onChange={setOffset}
          />
        </>
      )}
      {creating && <CreateInvoiceDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
