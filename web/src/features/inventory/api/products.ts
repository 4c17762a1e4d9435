// Products of the current organization: the list (from lib/api/products.ts, which other screens read too),
// one product and its stock moves, and the writes that save, delete, adjust and import them.
import { useQuery } from '@tanstack/react-query';
import type { ProductInput, StockAdjustment } from '@shared/schemas/inventory.ts';
import { apiFetch, apiList } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useOutboxEntries } from '@/lib/use-outbox.ts';
import type { Product, StockMove } from '@shared/api/products.ts';
import { inventoryKeys } from './keys.ts';

export {
  PAGE_SIZE,
  type ProductFilter,
  productsQuery,
  useProductList,
  useProducts,
} from '@/lib/api/products.ts';

export const useProduct = (productId: string) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.product(orgId, productId),
    queryFn: () => apiFetch<Product>(`/api/products/${productId}`, { orgId }),
  });
};

export const useStockMoves = (productId: string) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.moves(orgId, productId),
    queryFn: () => apiList<StockMove>(`/api/products/${productId}/moves?limit=100`, { orgId }),
  });
};

export const useSaveProduct = () =>
  useWrite<{ id?: string; input: ProductInput; replaces?: string }, Product>(
    ({ id, input, replaces }) => {
      if (id) return { method: 'PUT', path: `/api/products/${id}`, body: input, label: input.name };
      // A new product gets its id on the device, so a sale made offline can already refer to it.
      const body = { ...input, id: input.id ?? uuidv7() };
      const row = { ...body, stockOnHand: body.openingStock ?? 0, pending: true };
      return {
        method: 'POST',
        path: '/api/products',
        body,
        label: input.name,
        creates: { store: 'products', row },
        replaces,
      };
    },
    ['/api/products'],
  );

export const useDeleteProduct = () =>
  useWrite<string, { id: string; archived: boolean }>(
    (id) => ({ method: 'DELETE', path: `/api/products/${id}` }),
    ['/api/products'],
  );

export const useAdjustStock = () =>
  useWrite<{ id: string; input: StockAdjustment; label: string }, { id: string; stockOnHand: number }>(
    ({ id, input, label }) => ({
      method: 'POST',
      path: `/api/products/${id}/adjustments`,
      body: input,
      label,
    }),
    ['/api/products'],
  );

/**
 * The stock each product gains or loses by adjustments made on this device and not sent yet (a refused one
 * changes nothing): "On hand" counts them at once, marked as waiting.
 */
export function usePendingStock(): Map<string, number> {
  const orgId = useOrganization().id;
  const pending = new Map<string, number>();
  for (const e of useOutboxEntries()) {
    const m = /^\/api\/products\/([^/]+)\/adjustments$/.exec(e.path);
    if (!m || e.orgId !== orgId || e.status === 'failed') continue;
    const delta = Number((e.body as { delta?: number } | undefined)?.delta ?? 0);
    pending.set(m[1]!, Math.round(((pending.get(m[1]!) ?? 0) + delta) * 1000) / 1000);
  }
  return pending;
}

export const useImportProducts = () =>
  useWrite<Record<string, string>[], { imported: number }>(
    (rows) => ({ method: 'POST', path: '/api/products/import', body: { rows } }),
    ['/api/products'],
  );
