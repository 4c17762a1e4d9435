// /sales: Invoices, Customers and Payments.
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, useTab } from '../../components/ui/tabs.tsx';
import { CustomersTab } from './customers-tab.tsx';
import { InvoicesTab } from './invoices-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';

const TABS = ['invoices', 'customers', 'payments'] as const;

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
    </section>
  );
}
