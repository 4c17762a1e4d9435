// /inventory: Products, Suppliers and Purchase Orders.
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, useTab } from '../../components/ui/tabs.tsx';
import { ProductsTab } from './products-tab.tsx';
import { OrdersTab, SuppliersTab } from './purchasing.tsx';

const TABS = ['products', 'suppliers', 'orders'] as const;

export function InventoryPage() {
  const intl = useIntl();
  const [tab, setTab] = useTab(TABS);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <Tabs
        label={intl.formatMessage({ id: 'shell.nav.inventory' })}
        current={tab}
        onChange={setTab}
        tabs={TABS.map((id) => ({ id, label: <FormattedMessage id={`inventory.tab.${id}`} /> }))}
      />
      {tab === 'products' && <ProductsTab />}
      {tab === 'suppliers' && <SuppliersTab />}
      {tab === 'orders' && <OrdersTab />}
    </section>
  );
}
