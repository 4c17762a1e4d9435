// Invoices: search by number or customer name, shown by status (what is unpaid, paid, quotes, void), newest
// first, pages of 25; each with what is still due (less what this device has not sent yet) and Partly paid;
// the Create Invoice dialog.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { formatMoney } from '@/lib/money.ts';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { useInvoiceList } from './api/invoices.ts';
import type { InvoiceStatus } from '@shared/schemas/values.ts';
import type { InvoiceSummary } from '@shared/api/invoices.ts';
import { PAGE_SIZE } from '@/lib/api/paging.ts';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { useOutboxEntries } from '@/lib/use-outbox.ts';
import { queuedByInvoice } from '@/features/payments/pending-money.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';
import { InvoiceStatusBadge } from '@/components/ui/status-badge.tsx';
import { useT } from '@/lib/i18n.tsx';

export function InvoicesTab() {
  const intl = useIntl();
  const t = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const {
    query: invoices,
    rows,
    searchedKept,
  } = useInvoiceList({
    search,
    offset,
    status: status || undefined,
  });
  const org = useOrganization();
  const queued = queuedByInvoice(useOutboxEntries(), org.id);
  /** What is left to pay on an issued invoice, less the payments this device has not sent yet. */
  const due = (i: InvoiceSummary) =>
    i.status === 'ISSUED' ? Math.max(i.amountDue - (queued.get(i.id) ?? 0), 0) : null;
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
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            id="invoice-filter"
            label={t('invoices.filter')}
            value={status}
            options={[
              { value: '', label: t('invoices.filter.all') },
              ...(['ISSUED', 'PAID', 'QUOTE', 'VOID'] as const satisfies readonly InvoiceStatus[]).map(
                (s) => ({
                  value: s,
                  label: t(`invoices.filter.${s}`),
                }),
              ),
            ]}
            onChange={(e) => {
              setStatus(e.target.value as InvoiceStatus | '');
              setOffset(0);
            }}
          />
          <button type="button" className="btn btn-primary min-h-11" onClick={() => setCreating(true)}>
            {t('invoices.create')}
          </button>
        </div>
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
                key: 'balance',
                header: t('invoices.col.balance'),
                cell: (i) => {
                  const left = due(i);
                  return left === null ? null : formatMoney(left, i.currency, intl.locale);
                },
                align: 'right',
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'status',
                header: t('invoices.col.status'),
                cell: (i) => (
                  <InvoiceStatusBadge
                    status={i.status}
                    partlyPaid={(i.amountPaid ?? 0) + (i.amountCredited ?? 0) + (queued.get(i.id) ?? 0) > 0}
                  />
                ),
                card: 'badge',
              },
              {
                key: 'issued',
                table: 'lg',
                header: t('invoices.col.date'),
                cell: (i) => date(i.issuedAt ?? i.createdAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'due',
                header: t('invoices.col.due'),
                // A quote is not due: it is valid until that day (its own column).
                cell: (i) => (i.status === 'QUOTE' ? null : date(i.dueAt)),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'validUntil',
                table: 'lg',
                header: t('invoices.col.validUntil'),
                cell: (i) => (i.status === 'QUOTE' ? date(i.dueAt) : null),
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
