// Customers of the current organization: the list (with those made on this device on top) and the write
// that saves one (its id made on the device, so an invoice made offline can already be for them).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerInput } from '@shared/schemas/sales.ts';
import { ApiError, answerWithin, apiList } from '@/lib/api-client.ts';
import { isOnline } from '@/lib/connection.ts';
import { outbox } from '@/lib/outbox.ts';
import { useListOnDevice } from '@/lib/kept-search.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { textMatches, usePendingRows } from '@/lib/use-outbox.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { Customer, CustomerDeleted, CustomerMerged } from '@shared/api/customers.ts';
import { customerKeys } from './keys.ts';
import { PAGE_SIZE, qs } from '@/lib/api/paging.ts';
import { phoneDigitsMatch, samePhone } from '@shared/phone.ts';

export const customersQuery = (orgId: string, search: string, offset = 0, limit = PAGE_SIZE) =>
  queryOptions({
    queryKey: customerKeys.list(orgId, { search, offset, limit }),
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

/** Removes a customer nothing refers to (owners and managers), through the outbox as every customer write. */
export const useDeleteCustomer = () =>
  useWrite<{ id: string; label: string }, CustomerDeleted>(
    ({ id, label }) => ({ method: 'DELETE', path: `/api/customers/${id}`, label }),
    ['/api/customers'],
  );

/**
 * Merges a duplicate (`id`) into the customer kept (`into`), through the outbox: it is sent after the
 * changes made before it (an invoice for the duplicate made offline moves too).
 */
export const useMergeCustomer = () =>
  useWrite<{ id: string; into: string; label: string }, CustomerMerged>(
    ({ id, into, label }) => ({ method: 'POST', path: `/api/customers/${id}/merge`, body: { into }, label }),
    // The invoices, payments and subscriptions lists name the customer each belongs to.
    ['/api/customers', '/api/invoices', '/api/payments', '/api/subscriptions'],
  );

/** A name as two people would write the same one: case, accents' composition and spacing aside. */
const nameKey = (name: string) => name.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** Whether a customer on file looks like the one being added: the same phone line, e-mail or name. */
export function isTwin(c: Pick<Customer, 'name' | 'email' | 'phone'>, input: CustomerInput): boolean {
  const email = input.email?.trim().toLowerCase();
  return (
    samePhone(c.phone, input.phone) ||
    (!!email && c.email?.trim().toLowerCase() === email) ||
    (!!input.name.trim() && nameKey(c.name) === nameKey(input.name))
  );
}

/**
 * The customers a new one looks like (the same phone line, e-mail or name), so the same person is not added
 * twice: asked of the server by each of the three, or offline among the customers this device keeps and
 * those it made.
 */
export function useCustomerTwins() {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  return async (input: CustomerInput): Promise<Customer[]> => {
    const terms = [input.phone, input.email, input.name]
      .map((x) => x?.trim())
      .filter((x): x is string => !!x);
    const found = new Map<string, Customer>();
    try {
      if (!isOnline()) throw new Error('offline');
      const answers = await answerWithin(
        Promise.all(
          terms.map((search) => apiList<Customer>(`/api/customers?${qs({ search, limit: 10 })}`, { orgId })),
        ),
      );
      for (const { rows } of answers) for (const c of rows) found.set(c.id, c);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      for (const [, data] of queryClient.getQueriesData<{ rows?: Customer[] }>({
        queryKey: customerKeys.list(orgId),
      }))
        for (const c of data?.rows ?? []) found.set(c.id, c);
    }
    for (const e of outbox.entries())
      if (e.orgId === orgId && e.creates?.store === 'customers')
        found.set(e.creates.row.id, e.creates.row as unknown as Customer);
    return [...found.values()].filter((c) => isTwin(c, input));
  };
}
