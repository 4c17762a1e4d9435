// /sales: Invoices, Customers, Payments and Recurring (subscriptions and their plans).
import { Suspense } from 'react';
import { lazyAfterFirstPaint } from '@/lib/idle.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, useTab } from '@/components/ui/tabs.tsx';
import { InvoicesTab } from './invoices-tab.tsx';

// The first tab comes with the page; the others when opened (a first visit to Sales downloads one list).
const CustomersTab = lazyAfterFirstPaint(() =>
  import('@/features/customers/customers-tab.tsx').then((m) => m.CustomersTab),
);
const PaymentsTab = lazyAfterFirstPaint(() =>
  import('@/features/payments/payments-tab.tsx').then((m) => m.PaymentsTab),
);
const RecurringTab = lazyAfterFirstPaint(() =>
  import('@/features/subscriptions/recurring-tab.tsx').then((m) => m.RecurringTab),
);

const TABS = ['invoices', 'customers', 'payments', 'recurring'] as const;

export function SalesPage() {
  const intl = useIntl();
  const [tab, setTab] = useTab(TABS);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <Tabs
        label={intl.formatMessage({ id: 'shell.nav.sales' })}
        current={tab}
        onChange={setTab}
        tabs={TABS.map((id) => ({ id, label: <FormattedMessage id={`sales.tab.${id}`} /> }))}
      />
      {tab === 'invoices' && <InvoicesTab />}
      <Suspense fallback={null}>
        {tab === 'customers' && <CustomersTab />}
        {tab === 'payments' && <PaymentsTab />}
        {tab === 'recurring' && <RecurringTab />}
      </Suspense>
    </section>
  );
}
