// /sales: Invoices, Customers, Payments and Recurring (subscriptions and their plans).
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, useTab } from '../../components/ui/tabs.tsx';
import { CustomersTab } from './customers-tab.tsx';
import { InvoicesTab } from './invoices-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { RecurringTab } from './recurring-tab.tsx';

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
      {tab === 'customers' && <CustomersTab />}
      {tab === 'payments' && <PaymentsTab />}
      {tab === 'recurring' && <RecurringTab />}
    </section>
  );
}
