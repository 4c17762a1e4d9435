// /inventory: Products, Suppliers and Purchase Orders.
import { Suspense } from 'react';
import { lazyAfterFirstPaint } from '@/lib/idle.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Loading } from '@/components/ui/loading.tsx';
import { Tabs, useTab } from '@/components/ui/tabs.tsx';
import { ProductsTab } from './products-tab.tsx';

// Suppliers and purchase orders (with their forms) load when their tab is opened.
const SuppliersTab = lazyAfterFirstPaint(() => import('./purchasing.tsx').then((m) => m.SuppliersTab));
const OrdersTab = lazyAfterFirstPaint(() => import('./purchasing.tsx').then((m) => m.OrdersTab));

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
