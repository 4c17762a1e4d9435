// The product list: search by name, SKU or barcode (in the database), the low-stock alert, the list (a table
// on wide screens, cards on phones), pages of 25, and the add, edit, delete, stock and import actions.
import { Suspense, useEffect, useState } from 'react';
import { lazyAfterFirstPaint } from '@/lib/idle.ts';
import { useSearchParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { downloadFromApi } from '@/lib/download.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useMetrics } from '@/lib/metrics.ts';
import { firstAnswerComing } from '@/lib/query-client.ts';
import type { Product } from '@shared/api/products.ts';
import { PAGE_SIZE, useDeleteProduct, useProductList } from './api/products.ts';
import { ScanButton } from './barcode-scanner.tsx';
import { LowStockCard } from './low-stock-card.tsx';
import { ProductsList } from './products-list.tsx';
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

export function ProductsTab() {
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
  const close = () => setOpen(null);

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
          <ProductsList rows={rows} canEdit={canEdit} onOpen={setOpen} />
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
