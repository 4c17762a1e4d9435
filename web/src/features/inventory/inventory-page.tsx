// /inventory: Products, Suppliers and Purchase Orders.
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Loading } from '../../components/ui/loading.tsx';
import { Tabs, useTab } from '../../components/ui/tabs.tsx';
import { ProductsTab } from './products-tab.tsx';

// Suppliers and purchase orders (with their forms) load when their tab is opened.
const SuppliersTab = lazy(() => import('./purchasing.tsx').then((m) => ({ default: m.SuppliersTab })));
const OrdersTab = lazy(() => import('./purchasing.tsx').then((m) => ({ default: m.OrdersTab })));

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
      <Suspense fallback={<Loading />}>
        {tab === 'suppliers' && <SuppliersTab />}
        {tab === 'orders' && <OrdersTab />}
      </Suspense>
    </section>
  );
}
