// Customers: search by name, phone or email; add and edit (customer-dialog.tsx), a statement, and for those
// who may, merge and delete.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { useCan } from '@/lib/organization.tsx';
import { Link } from 'react-router-dom';
import { useCustomerList } from './api/customers.ts';
import type { Customer } from '@shared/api/customers.ts';
import { PAGE_SIZE } from '@/lib/api/paging.ts';
import { useT } from '@/lib/i18n.tsx';
import { DeleteCustomerDialog, MergeCustomerDialog } from './customer-cleanup.tsx';
import { CustomerDialog } from './customer-dialog.tsx';

export function CustomersTab() {
  const intl = useIntl();
  const t = useT();
  // A statement sums every invoice of the customer: for those who see them all.
  const canStatement = useCan('statement.read');
  const canMerge = useCan('customer.merge');
  const canDelete = useCan('customer.delete');
  const [cleanup, setCleanup] = useState<{ kind: 'delete' | 'merge'; customer: Customer } | null>(null);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<{ customer?: Customer } | null>(null);
  const { query: customers, rows, searchedKept } = useCustomerList(search, offset);
  const date = (s: string) => new Date(s).toLocaleDateString(intl.locale);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label={t('customers.searchLabel')}
          placeholder={t('customers.search')}
          value={search}
          searchedKept={searchedKept}
          onChange={(s) => {
            setSearch(s);
            setOffset(0);
          }}
        />
        <button type="button" className="btn btn-primary min-h-11" onClick={() => setOpen({})}>
          {t('customers.add')}
        </button>
      </div>
      {!customers.data && !rows.length ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('customers.empty')} />
      ) : (
        <>
          <DataList
            testId="customers-table"
            rows={rows}
            columns={[
              {
                key: 'name',
                header: t('customers.name'),
                cell: (c) => (
                  <>
                    {c.name} {'pending' in c && <PendingBadge />}
                  </>
                ),
                card: 'title',
              },
              {
                key: 'email',
                table: 'lg',
                header: t('customers.email'),
                cell: (c) => c.email,
                card: 'subtitle',
              },
              {
                key: 'phone',
                header: t('customers.phone'),
                cell: (c) => c.phone,
                nowrap: true,
                card: 'subtitle',
              },
              {
                key: 'created',
                table: 'lg',
                header: t('customers.created'),
                cell: (c) => date(c.createdAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'actions',
                header: '',
                cell: (c) => (
                  <span className="flex flex-wrap justify-end gap-1">
                    {canStatement && !('pending' in c) && (
                      <Link
                        to={`/sales/customers/${c.id}/statement`}
                        className="btn btn-ghost btn-sm min-h-11"
                        aria-label={`${t('statements.open')} ${c.name}`}
                      >
                        {t('statements.open')}
                      </Link>
                    )}
                    <button
                      type="button"
                      disabled={'pending' in c}
                      className="btn btn-ghost btn-sm min-h-11"
                      aria-label={`${t('inventory.editAction')} ${c.name}`}
                      onClick={() => setOpen({ customer: c })}
                    >
                      {t('inventory.editAction')}
                    </button>
                    {canMerge && !('pending' in c) && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11"
                        aria-label={`${t('customers.merge')} ${c.name}`}
                        onClick={() => setCleanup({ kind: 'merge', customer: c })}
                      >
                        {t('customers.merge')}
                      </button>
                    )}
                    {canDelete && !('pending' in c) && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11 text-error"
                        aria-label={`${t('customers.delete')} ${c.name}`}
                        onClick={() => setCleanup({ kind: 'delete', customer: c })}
                      >
                        {t('customers.delete')}
                      </button>
                    )}
                  </span>
                ),
                card: 'actions',
              },
            ]}
          />
          <Pagination
            offset={offset}
            limit={PAGE_SIZE}
            total={customers.data?.total ?? 0}
            onChange={setOffset}
          />
        </>
      )}
      {open && <CustomerDialog customer={open.customer} onClose={() => setOpen(null)} />}
      {cleanup?.kind === 'delete' && (
        <DeleteCustomerDialog
          customer={cleanup.customer}
          onClose={() => setCleanup(null)}
          onMerge={() => setCleanup({ kind: 'merge', customer: cleanup.customer })}
        />
      )}
      {cleanup?.kind === 'merge' && (
        <MergeCustomerDialog customer={cleanup.customer} onClose={() => setCleanup(null)} />
      )}
    </div>
  );
}
