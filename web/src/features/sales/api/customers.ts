// Customers of the current organization: the list (with those made on this device on top) and the write
// that saves one (its id made on the device, so an invoice made offline can already be for them).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerInput } from '../../../../../packages/shared/schemas/sales.ts';
import { apiList } from '../../../lib/api-client.ts';
import { useListOnDevice } from '../../../lib/kept-search.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { uuidv7 } from '../../../lib/uuid.ts';
import { textMatches, usePendingRows } from '../../../lib/use-outbox.ts';
import { useOrganization } from '../../../lib/organization.tsx';
import { type Customer, PAGE_SIZE, qs, salesKeys } from './keys.ts';
import { phoneDigitsMatch } from '../../../../../packages/shared/phone.ts';

export const customersQuery = (orgId: string, search: string, offset = 0, limit = PAGE_SIZE) =>
  queryOptions({
    queryKey: salesKeys.customers(orgId, { search, offset, limit }),
    queryFn: () => apiList<Customer>(`/api/customers?${qs({ search, offset, limit })}`, { orgId }),
    placeholderData: keepPreviousData,
  });

/** As the server searches: name, phone or email, and a phone number by its digits whatever their spacing. */
const matching = (search: string) => (c: Customer) =>
  textMatches(search, c.name, c.phone, c.email) || phoneDigitsMatch(search, c.phone);

export const useCustomers = (search: string, offset = 0, limit = PAGE_SIZE) =>
  useQuery(customersQuery(useOrganization().id, search, offset, limit));

/** Customers, with those made on this device on top (on the first page, matching the search). */
export function useCustomerList(search: string, offset = 0, limit = PAGE_SIZE) {
  const orgId = useOrganization().id;
  return useListOnDevice(useCustomers(search, offset, limit), {
    path: '/api/customers',
    orgId,
    search,
    matches: matching(search),
    pending: usePendingRows<Customer>('customers', orgId),
    firstPage: offset === 0,
  });
}

export const useSaveCustomer = () =>
  useWrite<{ id?: string; input: CustomerInput; replaces?: string }, Customer>(
    ({ id, input, replaces }) => {
      if (id) return { method: 'PUT', path: `/api/customers/${id}`, body: input, label: input.name };
      // A new customer gets its id on the device, so an invoice made offline can already be for them.
      const body = { ...input, id: input.id ?? uuidv7() };
      const row = { ...body, createdAt: new Date().toISOString(), pending: true };
      return {
        method: 'POST',
        path: '/api/customers',
        body,
        label: input.name,
        creates: { store: 'customers', row },
        replaces,
      };
    },
    ['/api/customers'],
  );
