// The products (a table on wide screens, cards on phones): name and unit, SKU, stock (with what this device has
// not sent yet), cost, price and status, and each product's Details, and for those who manage stock Edit and
// Delete.
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { StockBadge } from '@/components/ui/status-badge.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { Product } from '@shared/api/products.ts';
import { usePendingStock, type useProductList } from './api/products.ts';

export function ProductsList({
  rows,
  canEdit,
  onOpen,
}: {
  rows: ReturnType<typeof useProductList>['rows'];
  canEdit: boolean;
  /** Opens a product's details (and stock), its edit form or the question whether to delete it. */
  onOpen: (open: { kind: 'stock' | 'edit' | 'delete'; product: Product }) => void;
}) {
  const pendingStock = usePendingStock();
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const money = (n: number) => formatMoney(n, org.currency, intl.locale);
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });

  const actions = (p: Product) => (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11"
        onClick={() => onOpen({ kind: 'stock', product: p })}
      >
        {t('inventory.details')}
      </button>
      {canEdit && (
        <>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            aria-label={`${t('inventory.editAction')} ${p.name}`}
            onClick={() => onOpen({ kind: 'edit', product: p })}
          >
            {t('inventory.editAction')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 text-error"
            aria-label={`${t('inventory.deleteAction')} ${p.name}`}
            onClick={() => onOpen({ kind: 'delete', product: p })}
          >
            {t('inventory.deleteAction')}
          </button>
        </>
      )}
    </div>
  );

  return (
    <DataList
      testId="products-table"
      rows={rows}
      columns={[
        {
          key: 'product',
          header: t('inventory.col.product'),
          cell: (p, form) =>
            form === 'card' ? (
              p.name
            ) : (
              <>
                <div className="font-medium">{p.name}</div>
                <div className="text-xs opacity-70">{p.unit}</div>
              </>
            ),
          card: 'title',
        },
        {
          key: 'sku',
          table: 'lg',
          header: t('inventory.col.sku'),
          // A product without a SKU shows nothing there (its card leaves the line out).
          cell: (p) => (p.sku ? <span className="font-mono text-sm">{p.sku}</span> : null),
          nowrap: true,
          card: 'subtitle',
        },
        {
          key: 'stock',
          header: t('inventory.col.stock'),
          // With what this device adjusted and has not sent yet, marked as waiting.
          cell: (p, form) => {
            const waiting = pendingStock.get(p.id) ?? 0;
            const stock = qty.format(p.stockOnHand + waiting);
            return (
              <>
                {form === 'card' ? `${stock} ${p.unit}` : stock}
                {waiting !== 0 && (
                  <span className="badge badge-ghost badge-xs ms-1">{t('outbox.pending')}</span>
                )}
              </>
            );
          },
          align: 'right',
          nowrap: true,
          card: 'meta',
        },
        {
          key: 'cost',
          table: 'lg',
          header: t('inventory.col.cost'),
          cell: (p) => money(p.cost),
          align: 'right',
          nowrap: true,
          card: 'meta',
        },
        {
          key: 'price',
          header: t('inventory.col.price'),
          cell: (p) => money(p.price),
          align: 'right',
          card: 'amount',
        },
        {
          key: 'status',
          header: t('inventory.col.status'),
          cell: (p) => ('pending' in p ? <PendingBadge /> : <StockBadge status={p.stockStatus} />),
          card: 'badge',
        },
        {
          key: 'actions',
          header: t('inventory.col.actions'),
          cell: (p) => !('pending' in p) && actions(p),
          card: 'actions',
        },
      ]}
    />
  );
}
