// Purchase orders: the list (supplier, dates, total, status), New order once there is a supplier, and an
// order's dialog on a tap.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useCan } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import { PAGE_SIZE } from './api/products.ts';
import { usePurchaseOrders } from './api/purchase-orders.ts';
import { useSuppliers } from './api/suppliers.ts';
import { NewOrderDialog } from './new-order-dialog.tsx';
import { OrderBadge, OrderDialog } from './order-dialog.tsx';

export function OrdersTab() {
  const intl = useIntl();
  const t = useT();
  const canEdit = useCan('purchaseOrder.edit');
  const [offset, setOffset] = useState(0);
  const orders = usePurchaseOrders(offset);
  const suppliers = useSuppliers().data?.rows ?? [];
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = orders.data?.rows ?? [];
  const date = (s: string | null) => s && new Date(s).toLocaleDateString(intl.locale);
  return (
    <div className="flex flex-col gap-4">
      {canEdit && (
        <div className="flex items-center justify-end gap-2">
          {suppliers.length === 0 && <span className="text-sm opacity-70">{t('orders.needSupplier')}</span>}
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={suppliers.length === 0}
            onClick={() => setCreating(true)}
          >
            {t('orders.new')}
          </button>
        </div>
      )}
      {!orders.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('orders.empty')} />
      ) : (
        <>
          <DataList
            testId="purchase-orders"
            rows={rows}
            open={(o) => ({ onClick: () => setOpenId(o.id) })}
            columns={[
              {
                key: 'supplier',
                header: t('orders.col.supplier'),
                cell: (o) => o.supplier?.name,
                card: 'title',
              },
              {
                key: 'date',
                header: t('orders.col.date'),
                cell: (o) => date(o.createdAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'expected',
                header: t('orders.col.expected'),
                cell: (o) => date(o.expectedAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'total',
                header: t('orders.col.total'),
                cell: (o) => formatMoney(o.total, o.currency, intl.locale),
                align: 'right',
                card: 'amount',
              },
              {
                key: 'status',
                header: t('orders.col.status'),
                cell: (o) => <OrderBadge status={o.status} />,
                card: 'badge',
              },
            ]}
          />
          <Pagination offset={offset} limit={PAGE_SIZE} total={orders.data.total} onChange={setOffset} />
        </>
      )}
      {creating && <NewOrderDialog suppliers={suppliers} onClose={() => setCreating(false)} />}
      {openId && <OrderDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
