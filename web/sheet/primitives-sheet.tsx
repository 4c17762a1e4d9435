// Every UI primitive of web/src/components/ui in the states a screen shows them, with the app's own strings,
// so one picture per language and theme shows whether the theme draws them all (docs/primitives.md).
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { AmountField } from '../src/components/ui/amount-field.tsx';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog.tsx';
import { DataList } from '../src/components/ui/data-list.tsx';
import { Dialog, FormActions } from '../src/components/ui/dialog.tsx';
import { EmptyState } from '../src/components/ui/empty-state.tsx';
import { Pagination } from '../src/components/ui/pagination.tsx';
import { PendingBadge } from '../src/components/ui/pending.tsx';
import { ReasonDialog } from '../src/components/ui/reason-dialog.tsx';
import { SearchInput } from '../src/components/ui/search-input.tsx';
import { SelectField } from '../src/components/ui/select-field.tsx';
import { StatCard } from '../src/components/ui/stat-card.tsx';
import { InvoiceStatusBadge, StockBadge } from '../src/components/ui/status-badge.tsx';
import { Tabs } from '../src/components/ui/tabs.tsx';
import { TextField } from '../src/components/ui/text-field.tsx';
import { formatMoney } from '../src/lib/money.ts';

interface Invoice {
  id: string;
  number: string;
  customer: string;
  total: number;
  status: 'QUOTE' | 'ISSUED' | 'PAID' | 'VOID';
  dueAt: string;
}

const INVOICES: Invoice[] = [
  {
    id: '1',
    number: 'INV-000026',
    customer: 'Adébáyọ̀ Ọlá Stores',
    total: 1_487_500,
    status: 'ISSUED',
    dueAt: '2026-12-02',
  },
  {
    id: '2',
    number: 'INV-000025',
    customer: 'Ɗanjuma & Fils',
    total: 250_000,
    status: 'PAID',
    dueAt: '2026-11-20',
  },
  {
    id: '3',
    number: 'INV-000024',
    customer: 'Société Commerciale Kwame-Asante',
    total: 98_000,
    status: 'QUOTE',
    dueAt: '2026-12-15',
  },
  {
    id: '4',
    number: 'INV-000023',
    customer: 'Ɛdem Ɔkyere',
    total: 12_500,
    status: 'VOID',
    dueAt: '2026-11-01',
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 className="text-sm font-semibold tracking-wide uppercase opacity-75">{title}</h2>
      {children}
    </section>
  );
}

function Fields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { control } = useForm<{ price: number | null; stock: number | null }>({
    defaultValues: { price: 1487.5, stock: null },
  });
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField label={t('customers.name')} defaultValue="Adébáyọ̀ Ọlá Stores" />
      <TextField
        label={t('customers.email')}
        type="email"
        error={t('errors.INVALID_EMAIL')}
        defaultValue="ola@"
      />
      <AmountField
        control={control}
        name="price"
        label={t('inventory.field.price')}
        decimals={2}
        currency="NGN"
      />
      <AmountField
        control={control}
        name="stock"
        label={t('inventory.field.openingStock')}
        decimals={0}
        hint={t('inventory.field.openingStockHint')}
      />
      <SelectField
        label={t('invoices.status')}
        options={(['QUOTE', 'ISSUED', 'PAID'] as const).map((s) => ({
          value: s,
          label: t(`invoices.status.${s}`),
        }))}
        defaultValue="ISSUED"
      />
      <div className="flex flex-col gap-2">
        <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
          <FormattedMessage id="settings.darkMode" />
          <input type="checkbox" role="switch" className="toggle toggle-primary" defaultChecked />
        </label>
        <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
          <FormattedMessage id="settings.compactView" />
          <input type="checkbox" role="switch" className="toggle toggle-primary" />
        </label>
      </div>
    </div>
  );
}

export function PrimitivesSheet({ dialog }: { dialog: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [tab, setTab] = useState<'invoices' | 'customers' | 'payments'>('invoices');
  const [search, setSearch] = useState('');
  const money = (n: number) => formatMoney(n, 'NGN', intl.locale);
  return (
    <MemoryRouter>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 bg-base-200 p-4">
        <h1 className="text-2xl font-bold">Kasuwa — UI primitives ({intl.locale})</h1>
        <Section title="Buttons">
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary min-h-11">
              {t('invoices.create')}
            </button>
            <button type="button" className="btn min-h-11">
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn-outline min-h-11">
              {t('customers.add')}
            </button>
            <button type="button" className="btn btn-error min-h-11">
              {t('invoices.voidAction')}
            </button>
            <button type="button" className="btn btn-primary min-h-11" disabled>
              {t('invoices.creating')}
            </button>
          </div>
        </Section>
        <Section title="Fields (TextField, AmountField, SelectField, switches)">
          <Fields />
        </Section>
        <Section title="Status badges">
          <div className="flex flex-wrap items-center gap-2">
            {(['QUOTE', 'ISSUED', 'PAID', 'VOID'] as const).map((s) => (
              <InvoiceStatusBadge key={s} status={s} />
            ))}
            {(['IN_STOCK', 'LOW_STOCK', 'OUT_OF_STOCK'] as const).map((s) => (
              <StockBadge key={s} status={s} />
            ))}
            <PendingBadge />
          </div>
        </Section>
        <Section title="Stat cards">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard title={t('dashboard.cashReceived')} value={money(1_737_500)} hints={['+12%']} />
            <StatCard title={t('invoices.total')} value={money(-98_000)} tone="error" />
          </div>
        </Section>
        <Section title="Tabs, search, list rows (cards on a phone, a table from 768 px), pagination">
          <Tabs
            label="Sales"
            tabs={[
              { id: 'invoices', label: t('sales.tab.invoices') },
              { id: 'customers', label: t('sales.tab.customers') },
              { id: 'payments', label: t('sales.tab.payments') },
            ]}
            current={tab}
            onChange={setTab}
          />
          <SearchInput
            label={t('invoices.searchLabel')}
            placeholder={t('invoices.search')}
            value={search}
            onChange={setSearch}
          />
          <DataList
            testId="sheet-invoices"
            rows={INVOICES}
            open={(i) => ({ to: `/sales/invoices/${i.id}` })}
            columns={[
              {
                key: 'number',
                header: t('invoices.col.number'),
                cell: (i) => i.number,
                card: 'title',
                nowrap: true,
              },
              {
                key: 'customer',
                header: t('invoices.col.customer'),
                cell: (i) => i.customer,
                card: 'subtitle',
              },
              {
                key: 'amount',
                header: t('invoices.col.amount'),
                cell: (i) => money(i.total),
                card: 'amount',
                align: 'right',
                nowrap: true,
              },
              {
                key: 'status',
                header: t('invoices.col.status'),
                cell: (i) => <InvoiceStatusBadge status={i.status} />,
                card: 'badge',
              },
              {
                key: 'due',
                header: t('invoices.col.due'),
                cell: (i) => new Date(i.dueAt).toLocaleDateString(intl.locale === 'fr' ? 'fr' : 'en-GB'),
                card: 'meta',
                nowrap: true,
              },
            ]}
          />
          <Pagination offset={0} limit={50} total={1234} onChange={() => undefined} />
        </Section>
        <Section title="Empty state, loading">
          <EmptyState title={t('invoices.empty')}>
            <button type="button" className="btn btn-primary min-h-11">
              {t('invoices.create')}
            </button>
          </EmptyState>
          <div role="status" className="flex items-center gap-3">
            <span className="loading loading-spinner text-primary" aria-hidden />
            <FormattedMessage id="common.loading" />
          </div>
        </Section>
      </main>
      {dialog === 'form' && (
        <Dialog title={t('customers.add')} onClose={() => undefined}>
          <form className="flex flex-col gap-3" onSubmit={(e) => e.preventDefault()}>
            <TextField label={t('customers.name')} error={t('errors.NAME_REQUIRED')} />
            <TextField
              label={t('customers.email')}
              type="email"
              placeholder={t('customers.emailPlaceholder')}
            />
            <TextField
              label={t('customers.phone')}
              type="tel"
              placeholder={t('customers.phonePlaceholder')}
            />
            <FormActions onCancel={() => undefined} submitLabel={t('customers.save')} />
          </form>
        </Dialog>
      )}
      {dialog === 'confirm' && (
        <ConfirmDialog
          title={t('invoices.voidTitle')}
          message={t('invoices.voidConfirm')}
          confirmLabel={t('invoices.voidAction')}
          cancelLabel={t('invoices.keep')}
          onConfirm={() => undefined}
          onClose={() => undefined}
        />
      )}
      {dialog === 'reason' && (
        <ReasonDialog
          title={t('payments.reverseTitle')}
          text={t('payments.reverseText', { amount: money(25000), number: 'INV-000026' })}
          label={t('payments.reason')}
          placeholder={t('payments.reasonPlaceholder')}
          submitLabel={t('payments.reverse')}
          onSubmit={() => Promise.resolve(false)}
          onClose={() => undefined}
        />
      )}
    </MemoryRouter>
  );
}
