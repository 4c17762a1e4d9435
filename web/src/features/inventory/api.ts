// Inventory data for the current organization: queries keyed by organization, and the writes (each with
// its own id, applied once) that refresh the lists, the low-stock badge and the dashboard after them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ProductInput,
  PurchaseOrderInput,
  StockAdjustment,
  SupplierInput,
} from '../../../../packages/shared/schemas/inventory.ts';
import { apiFetch, apiList } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { useOrganization } from '../../lib/organization.tsx';
import { PAGE_SIZE, type Product } from '../../lib/api/products.ts';

export {
  PAGE_SIZE,
  type Product,
  type ProductFilter,
  productsQuery,
  type StockStatus,
  useProductList,
  useProducts,
} from '../../lib/api/products.ts';

/** The inventory queries' keys (the product list's are in lib/api/products.ts): path first, then the organization. */
export const inventoryKeys = {
  product: (orgId: string, productId: string) => ['/api/products', orgId, productId],
  moves: (orgId: string, productId: string) => ['/api/products', orgId, productId, 'moves'],
  suppliers: (orgId: string) => ['/api/suppliers', orgId],
  purchaseOrders: (orgId: string, offset: number) => ['/api/purchase-orders', orgId, offset],
  purchaseOrder: (orgId: string, id: string) => ['/api/purchase-orders', orgId, 'one', id],
};

export interface StockMove {
  id: string;
  delta: number;
  reason: 'OPENING' | 'ADJUSTMENT' | 'PURCHASE_RECEIPT' | 'SALE' | 'VOID_RETURN';
  note: string | null;
  createdAt: string;
  author: { firstName: string; lastName: string } | null;
}

export interface Supplier {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface PurchaseOrder {
  id: string;
  status: 'DRAFT' | 'APPROVED' | 'RECEIVED';
  currency: string;
  total: number;
  expectedAt: string | null;
  receivedAt: string | null;
  createdAt: string;
  supplier: { id: string; name: string } | null;
  lines?: {
    id: string;
    quantity: number;
    unitCost: number;
    product: { id: string; name: string; sku: string; unit: string };
  }[];
}

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

export const useSuppliers = () => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.suppliers(orgId),
    queryFn: () => apiList<Supplier>('/api/suppliers?limit=500', { orgId }),
  });
};

export const usePurchaseOrders = (offset: number) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.purchaseOrders(orgId, offset),
    queryFn: () =>
      apiList<PurchaseOrder>(`/api/purchase-orders?offset=${offset}&limit=${PAGE_SIZE}`, { orgId }),
    placeholderData: keepPreviousData,
  });
};

export const usePurchaseOrder = (id: string) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.purchaseOrder(orgId, id),
    queryFn: () => apiFetch<PurchaseOrder>(`/api/purchase-orders/${id}`, { orgId }),
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
  useWrite<{ id: string; input: StockAdjustment }, { id: string; stockOnHand: number }>(
    ({ id, input }) => ({ method: 'POST', path: `/api/products/${id}/adjustments`, body: input }),
    ['/api/products'],
  );

export const useImportProducts = () =>
  useWrite<Record<string, string>[], { imported: number }>(
    (rows) => ({ method: 'POST', path: '/api/products/import', body: { rows } }),
    ['/api/products'],
  );

export const useSaveSupplier = () =>
  useWrite<{ id?: string; input: SupplierInput }, Supplier>(
    ({ id, input }) =>
      id
        ? { method: 'PUT', path: `/api/suppliers/${id}`, body: input, label: input.name }
        : {
            method: 'POST',
            path: '/api/suppliers',
            body: { ...input, id: input.id ?? uuidv7() },
            label: input.name,
          },
    ['/api/suppliers'],
  );

export const useCreatePurchaseOrder = () =>
  useWrite<PurchaseOrderInput, PurchaseOrder>(
    (input) => ({
      method: 'POST',
      path: '/api/purchase-orders',
      body: { ...input, id: input.id ?? uuidv7() },
    }),
    ['/api/purchase-orders'],
  );

export const useSetOrderStatus = () =>
  useWrite<{ id: string; action: 'approve' | 'receive' }, PurchaseOrder>(
    ({ id, action }) => ({ method: 'POST', path: `/api/purchase-orders/${id}/${action}` }),
    ['/api/purchase-orders', '/api/products'],
  );
