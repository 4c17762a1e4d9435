// The product list: search by name, SKU or barcode (in the database), the low-stock alert, the list (a table
// on wide screens, cards on phones), pages of 25, and the add, edit, delete, stock and import actions.
import { Suspense, useEffect, useState } from 'react';
import { lazyAfterFirstPaint } from '@/lib/idle.ts';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { formatMoney } from '@/lib/money.ts';
import { downloadFromApi } from '@/lib/download.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useMetrics } from '@/lib/metrics.ts';
import { firstAnswerComing } from '@/lib/query-client.ts';
import { PendingBadge } from '@/components/ui/pending.tsx';
import {
  PAGE_SIZE,
  type Product,
  useDeleteProduct,
  usePendingStock,
  useProductList,
} from './api/products.ts';
import { ScanButton } from './barcode-scanner.tsx';
import { StockBadge } from '@/components/ui/status-badge.tsx';
import { submitWrite, notifyError } from '@/lib/feedback.ts';
import { useLocale, useT } from '@/lib/i18n.tsx';

// The dialogs (their forms, react-hook-form and the shared schemas with zod) come after the list: the first
// Inventory visit draws the list, then fetches the forms.
const ProductDialog = lazyAfterFirstPaint(() => import('./product-dialog.tsx').then((m) => m.ProductDialog));
const StockDialog = lazyAfterFirstPaint(() => import('./stock-dialogs.tsx').then((m) => m.StockDialog));
const ImportDialog = lazyAfterFirstPaint(() => import('./import-dialog.tsx').then((m) => m.ImportDialog));

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; product: Product }
  | { kind: 'delete'; product: Product }
  | { kind: 'stock'; product: Product }
  | { kind: 'import' }
  | null;

function LowStockCard({
  count,
  attention,
  onToggle,
}: {
  count: number;
  attention: boolean;
  onToggle: () => void;
}) {
  if (!count && !attention) return null;
  return (
    <div
      role="alert"
      className="alert alert-warning flex flex-wrap justify-between"
      data-testid="low-stock-alert"
    >
      <div>
        <p className="font-semibold">
          <FormattedMessage id="inventory.lowStock.title" />
        </p>
        <p className="text-sm">
          <FormattedMessage id="inventory.lowStock.text" values={{ count }} />
        </p>
      </div>
      <button type="button" className="btn btn-sm min-h-11" onClick={onToggle}>
        <FormattedMessage id={attention ? 'inventory.lowStock.showAll' : 'inventory.lowStock.show'} />
      </button>
    </div>
  );
}

export function ProductsTab() {
  const pendingStock = usePendingStock();
  const intl = useIntl();
  const t = useT();
  const { locale } = useLocale();
  const org = useOrganization();
  const canEdit = useCan('product.edit');
  const [params, setParams] = useSearchParams();
  // /inventory?search=<sku>&product=<id> (a low-stock notification): the list searched for that product,
  // whose details open once the list has it.
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [offset, setOffset] = useState(0);
  const [attention, setAttention] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const {
    query: products,
    rows,
    searchedKept,
  } = useProductList({
    search,
    offset,
    status: attention ? 'attention' : undefined,
  });
  // The low-stock card sits above the list: the list waits for its first answer rather than move under it.
  const metrics = useMetrics(org.id);
  const askedId = params.get('product');
  const asked = askedId ? rows.find((p) => p.id === askedId) : undefined;
  const [shown, setShown] = useState<string | null>(null);
  if (asked && shown !== asked.id) {
    setShown(asked.id);
    setOpen({ kind: 'stock', product: asked });
  }
  if (!askedId && shown) setShown(null);
  // Opened once: the address no longer names the product, so a reload or Back does not open it again.
  useEffect(() => {
    if (shown && askedId === shown)
      setParams(
        (p) => {
          p.delete('product');
          return p;
        },
        { replace: true },
      );
  }, [shown, askedId, setParams]);
  // A notification opened while this list is on screen: its search replaces the one typed.
  const linked = params.get('search');
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked !== null) {
      setSearch(linked);
      setOffset(0);
    }
  }
  const remove = useDeleteProduct();
  const money = (n: number) => formatMoney(n, org.currency, intl.locale);
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const close = () => setOpen(null);

  const actions = (p: Product) => (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11"
        onClick={() => setOpen({ kind: 'stock', product: p })}
      >
        {t('inventory.details')}
      </button>
      {canEdit && (
        <>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            aria-label={`${t('inventory.editAction')} ${p.name}`}
            onClick={() => setOpen({ kind: 'edit', product: p })}
          >
            {t('inventory.editAction')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 text-error"
            aria-label={`${t('inventory.deleteAction')} ${p.name}`}
            onClick={() => setOpen({ kind: 'delete', product: p })}
          >
            {t('inventory.deleteAction')}
          </button>
        </>
      )}
    </div>
  );

  const exportCsv = async () => {
    if (!total) {
      notify({ variant: 'error', title: t('common.noData'), description: t('common.noDataText') });
      return;
    }
    try {
      await downloadFromApi(
        `/api/reports/inventory?format=csv&lang=${locale}`,
        org.id,
        'inventory_report.csv',
      );
    } catch (e) {
      notifyError(intl, e);
      return;
    }
    notify({ title: t('common.success'), description: t('inventory.exported') });
  };
  const total = products.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="flex grow gap-2">
          <SearchInput
            label={t('inventory.searchLabel')}
            placeholder={t('inventory.search')}
            value={search}
            searchedKept={searchedKept}
            onChange={(s) => {
              setSearch(s);
              setOffset(0);
            }}
          />
          <ScanButton
            onScan={(code) => {
              setSearch(code);
              setOffset(0);
            }}
          />
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline min-h-11" onClick={exportCsv}>
              {t('inventory.export')}
            </button>
            <button
              type="button"
              className="btn btn-outline min-h-11"
              onClick={() => setOpen({ kind: 'import' })}
            >
              {t('inventory.import')}
            </button>
            <button
              type="button"
              className="btn btn-primary min-h-11"
              onClick={() => setOpen({ kind: 'add' })}
            >
              {t('inventory.add')}
            </button>
          </div>
        )}
      </div>
      {!canEdit && <p className="text-sm opacity-70">{t('inventory.readOnly')}</p>}
      <LowStockCard
        count={metrics.data?.lowStockItems ?? 0}
        attention={attention}
        onToggle={() => {
          setAttention(!attention);
          setOffset(0);
        }}
      />
      {(!products.data && !rows.length) || firstAnswerComing(metrics) ? (
        <NotLoaded failed={products.isError} />
      ) : rows.length === 0 ? (
        <EmptyState title={t(search || attention ? 'inventory.noMatch' : 'inventory.empty')}>
          {canEdit && !search && !attention && (
            <button
              type="button"
              className="btn btn-primary min-h-11"
              onClick={() => setOpen({ kind: 'add' })}
            >
              {t('inventory.addFirst')}
            </button>
          )}
        </EmptyState>
      ) : (
        <>
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
          <Pagination offset={offset} limit={PAGE_SIZE} total={total} onChange={setOffset} />
        </>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'add' && <ProductDialog onClose={close} />}
        {open?.kind === 'edit' && <ProductDialog product={open.product} onClose={close} />}
        {open?.kind === 'stock' && <StockDialog product={open.product} onClose={close} />}
        {open?.kind === 'import' && <ImportDialog onClose={close} />}
      </Suspense>
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('inventory.deleteTitle')}
          message={t('inventory.deleteConfirm')}
          confirmLabel={t('inventory.deleteAction')}
          pending={remove.isPending}
          onClose={close}
          onConfirm={async () => {
            const done = await submitWrite(intl, () => remove.mutateAsync(open.product.id), {
              success: 'inventory.deleted',
            });
            if (!done.ok) return;
            close();
          }}
        />
      )}
    </div>
  );
}
