// /accounting: Invoiced (net of credit notes, with what is still owed), Cash received (payments net of reversals)
// and Total Expenses in the organization's currency (other currencies on their own lines), then Expenses
// and Payments, each with its record dialog. Each expense can be edited or reversed (with a reason; it stays
// listed, marked, and no longer counts: docs/decisions/010-corrections.md).
// SALES has no expenses (role matrix) and cannot record payments: those parts are not shown to it.
import { Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { MoneyLines } from '@/components/ui/money-lines.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { Tabs, useTab } from '@/components/ui/tabs.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useExpenseList } from './api/expenses.ts';
import { PAGE_SIZE } from './api/keys.ts';
import { useAccountingSummary } from './api/summary.ts';
import { ExpenseDialog } from './expense-dialog.tsx';
import type { Expense } from './api/keys.ts';
import { ReverseExpenseDialog } from './reverse-expense-dialog.tsx';
import { useT } from '@/lib/i18n.tsx';
import { firstAnswerComing } from '@/lib/query-client.ts';

function SummaryCards({ withExpenses }: { withExpenses: boolean }) {
  const intl = useIntl();
  const org = useOrganization();
  const summary = useAccountingSummary().data;
  const count = (id: string, n: number) => intl.formatMessage({ id }, { count: n });
  const owed = summary?.invoiced.outstanding.filter((m) => m.amount !== 0) ?? [];
  return (
    <div className={`grid grid-cols-2 gap-3 ${withExpenses ? 'lg:grid-cols-3' : ''}`}>
      <StatCard
        testId="card-invoiced"
        title={<FormattedMessage id="accounting.invoiced" />}
        value={summary ? <MoneyLines amounts={summary.invoiced.totals} fallback={org.currency} /> : '…'}
        hints={[
          summary && count('accounting.invoicedCount', summary.invoiced.count),
          ...owed.map((m) =>
            intl.formatMessage(
              { id: 'accounting.stillOwed' },
              { amount: formatMoney(m.amount, m.currency, intl.locale) },
            ),
          ),
        ]}
      />
      <StatCard
        testId="card-cashReceived"
        title={<FormattedMessage id="accounting.cashReceived" />}
        value={summary ? <MoneyLines amounts={summary.payments.totals} fallback={org.currency} /> : '…'}
        hints={[
          summary && count('accounting.paymentsCount', summary.payments.count),
          summary?.payments.reversed ? count('accounting.paymentsReversed', summary.payments.reversed) : null,
        ]}
      />
      {withExpenses && (
        <StatCard
          testId="card-totalExpenses"
          title={<FormattedMessage id="accounting.totalExpenses" />}
          value={summary ? <MoneyLines amounts={summary.expenses.totals} fallback={org.currency} /> : '…'}
          hints={[
            summary && count('accounting.expensesCount', summary.expenses.count),
            summary?.expenses.reversed
              ? count('accounting.expensesReversed', summary.expenses.reversed)
              : null,
          ]}
        />
      )}
    </div>
  );
}

function ExpensesTab() {
  const intl = useIntl();
  const org = useOrganization();
  const t = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [recording, setRecording] = useState(false);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [reversing, setReversing] = useState<Expense | null>(null);
  const { query: expenses, rows, searchedKept } = useExpenseList(search, offset);
  const toolbar = (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="grow">
        <SearchInput
          label={t('expenses.searchLabel')}
          placeholder={t('expenses.search')}
          value={search}
          searchedKept={searchedKept}
          onChange={(s) => {
            setSearch(s);
            setOffset(0);
          }}
        />
      </div>
      <button type="button" className="btn btn-primary min-h-11" onClick={() => setRecording(true)}>
        {t('expenses.record')}
      </button>
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      {toolbar}
      {!expenses.data && !rows.length ? (
        <Loading />
      ) : !rows.length ? (
        <EmptyState title={t(search ? 'expenses.noMatch' : 'expenses.empty')} />
      ) : (
        <>
          <DataList
            testId="expenses-table"
            rows={rows}
            columns={[
              {
                key: 'date',
                header: t('expenses.col.date'),
                cell: (e) => new Date(e.paidAt).toLocaleDateString(intl.locale, { timeZone: org.timezone }),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'vendor',
                header: t('expenses.col.vendor'),
                cell: (e) => (
                  <>
                    {e.vendor} {'pending' in e && <PendingBadge />}
                    {e.reversal && (
                      <span className="block text-sm font-normal" data-testid="expense-reversal">
                        <span className="badge badge-warning badge-sm me-1">
                          {t('expenses.reversedBadge')}
                        </span>
                        {e.reversal.reason}
                      </span>
                    )}
                  </>
                ),
                card: 'title',
              },
              {
                key: 'category',
                header: t('expenses.col.category'),
                cell: (e) => t(`expenses.category.${e.category}`),
                card: 'badge',
              },
              {
                key: 'amount',
                header: t('expenses.col.amount'),
                cell: (e) =>
                  e.reversal ? (
                    <s className="opacity-70">{formatMoney(e.amount, e.currency, intl.locale)}</s>
                  ) : (
                    formatMoney(e.amount, e.currency, intl.locale)
                  ),
                align: 'right',
                card: 'amount',
              },
              {
                key: 'note',
                table: 'lg',
                header: t('expenses.col.note'),
                cell: (e) => e.note,
                card: 'subtitle',
              },
              {
                key: 'actions',
                header: '',
                cell: (e) =>
                  !('pending' in e) &&
                  !e.reversal && (
                    <span className="flex flex-wrap justify-end gap-2">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm min-h-11"
                        aria-label={t('expenses.editNamed', { vendor: e.vendor })}
                        onClick={() => setEditing(e)}
                      >
                        {t('expenses.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11 text-error"
                        aria-label={t('expenses.reverseNamed', { vendor: e.vendor })}
                        onClick={() => setReversing(e)}
                      >
                        {t('expenses.reverse')}
                      </button>
                    </span>
                  ),
                align: 'right',
                card: 'actions',
              },
            ]}
          />
          <Pagination
            offset={offset}
            limit={PAGE_SIZE}
            total={expenses.data?.total ?? 0}
            onChange={setOffset}
          />
        </>
      )}
      {recording && <ExpenseDialog onClose={() => setRecording(false)} />}
      {editing && <ExpenseDialog expense={editing} onClose={() => setEditing(null)} />}
      {reversing && <ReverseExpenseDialog expense={reversing} onClose={() => setReversing(null)} />}
    </div>
  );
}

/** `payments`: the payments list with Record Payment, which the sales feature provides (app/router.tsx). */
export function AccountingPage({ payments }: { payments: ReactNode }) {
  const intl = useIntl();
  const seesExpenses = useCan('expense.read');
  const tabs = seesExpenses ? (['expenses', 'payments'] as const) : (['payments'] as const);
  const [tab, setTab] = useTab<'expenses' | 'payments'>(tabs);
  // The cards' height comes with their figures: the screen shows once they are here, its list asked for
  // meanwhile (mounted, not drawn), rather than the list moving down under them.
  const loading = firstAnswerComing(useAccountingSummary());
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      {loading && <Loading />}
      <div className={`flex flex-col gap-4 ${loading ? 'hidden' : ''}`}>
        <SummaryCards withExpenses={seesExpenses} />
        <Tabs
          label={intl.formatMessage({ id: 'shell.nav.accounting' })}
          current={tab}
          onChange={setTab}
          tabs={tabs.map((id) => ({ id, label: <FormattedMessage id={`accounting.tab.${id}`} /> }))}
        />
        {tab === 'expenses' && <ExpensesTab />}
        {tab === 'payments' && <Suspense fallback={<Loading />}>{payments}</Suspense>}
      </div>
    </section>
  );
}
