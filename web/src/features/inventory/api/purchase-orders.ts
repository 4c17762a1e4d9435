// Purchase orders of the current organization: the list, one order, and the writes that create one and move
// it through its statuses (receiving one adds its stock).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseOrderInput } from '@shared/schemas/inventory.ts';
import { apiFetch, apiList } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { PAGE_SIZE } from '@/lib/api/products.ts';
import { type PurchaseOrder, inventoryKeys } from './keys.ts';

export const purchaseOrdersQuery = (orgId: string, offset: number) =>
  queryOptions({
    queryKey: inventoryKeys.purchaseOrders(orgId, offset),
    queryFn: () =>
      apiList<PurchaseOrder>(`/api/purchase-orders?offset=${offset}&limit=${PAGE_SIZE}`, { orgId }),
    placeholderData: keepPreviousData,
  });

export const usePurchaseOrders = (offset: number) =>
  useQuery(purchaseOrdersQuery(useOrganization().id, offset));

export const usePurchaseOrder = (id: string) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: inventoryKeys.purchaseOrder(orgId, id),
    queryFn: () => apiFetch<PurchaseOrder>(`/api/purchase-orders/${id}`, { orgId }),
  });
};

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
