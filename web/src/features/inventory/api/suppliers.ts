// Suppliers of the current organization: the list and the write that saves one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierInput } from '@shared/schemas/inventory.ts';
import { apiList } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { type Supplier, inventoryKeys } from './keys.ts';

export const suppliersQuery = (orgId: string) =>
  queryOptions({
    queryKey: inventoryKeys.suppliers(orgId),
    queryFn: () => apiList<Supplier>('/api/suppliers?limit=500', { orgId }),
  });

export const useSuppliers = () => useQuery(suppliersQuery(useOrganization().id));

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
