// Invoices: search by number or customer name, newest first, pages of 25; the Create Invoice dialog.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '../../components/ui/data-list.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { formatMoney } from '../../lib/money.ts';
import { PendingBadge } from '../../components/ui/pending.tsx';
import { useInvoiceList } from './api/invoices.ts';
import { PAGE_SIZE } from './api/keys.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';
import { InvoiceStatusBadge } from '../../components/ui/status-badge.tsx';
import { useT } from '../../lib/i18n.tsx';

export function InvoicesTab() {
  const intl = useIntl();
  const t = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const { query: invoices, rows, searchedKept } = useInvoiceList({ search, offset });
  const date = (s: string | null) => s && new Date(s).toLocaleDateString(intl.locale);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label={t('invoices.searchLabel')}
          placeholder={t('invoices.search')}
          value={search}
          searchedKept={searchedKept}
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
          <DataList
            testId="invoices-table"
            rows={rows}
            // One made on this device opens too: what was typed, and Record Payment (pending-invoice.tsx).
            open={(i) => ({ to: `/sales/invoices/${i.id}` })}
            columns={[
              {
                key: 'number',
                header: t('invoices.col.number'),
                cell: (i) => <span className="font-mono text-sm">{i.number ?? <PendingBadge />}</span>,
                nowrap: true,
                card: 'title',
              },
              {
                key: 'customer',
                header: t('invoices.col.customer'),
                cell: (i) => i.customer.name,
                card: 'subtitle',
              },
              {
                key: 'amount',
                header: t('invoices.col.amount'),
                cell: (i) => formatMoney(i.total, i.currency, intl.locale),
                align: 'right',
                card: 'amount',
              },
              {
                key: 'status',
                header: t('invoices.col.status'),
                cell: (i) => <InvoiceStatusBadge status={i.status} />,
                card: 'badge',
              },
              {
                key: 'issued',
                table: 'lg',
                header: t('invoices.col.issued'),
                cell: (i) => date(i.issuedAt ?? i.createdAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'due',
                header: t('invoices.col.due'),
                cell: (i) => date(i.dueAt),
                nowrap: true,
                card: 'meta',
              },
            ]}
          />
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
