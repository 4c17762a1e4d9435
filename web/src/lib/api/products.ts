// The organization's products: the list query every screen that shows or picks products reads (inventory,
// the invoice form), keyed by organization and filter.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/api/products.ts';
import { apiList } from '../api-client.ts';
import { useOrganization } from '../organization.tsx';
import { useKeptSearch } from '../kept-search.ts';
import { mergePending, textMatches, usePendingRows } from '../use-outbox.ts';
import { PAGE_SIZE, qs } from './paging.ts';

/** The product list's key: path first (what a write refreshes), then the organization and the filter. */
export const productKeys = { list: (orgId: string, f: ProductFilter) => ['/api/products', orgId, f] };

export { PAGE_SIZE };

export interface ProductFilter {
  search: string;
  offset: number;
  status?: 'attention';
  limit?: number;
}

export const productsQuery = (orgId: string, f: ProductFilter) =>
  queryOptions({
    queryKey: productKeys.list(orgId, f),
    queryFn: () =>
      apiList<Product>(
        `/api/products?${qs({ search: f.search, status: f.status, offset: f.offset, limit: f.limit ?? PAGE_SIZE })}`,
        { orgId },
      ),
    placeholderData: keepPreviousData,
  });

/** Whether a product is one `f` asks for, as the server filters (for rows it has not seen: pending, kept). */
const matchesFilter = (f: ProductFilter) => (p: Product) =>
  (!f.status || p.stockStatus !== 'IN_STOCK') && textMatches(f.search, p.name, p.sku, p.barcode);

export const useProducts = (f: ProductFilter) => useQuery(productsQuery(useOrganization().id, f));

/** Products, with those made on this device on top (on the first page, matching the search, not filtered). */
export function useProductList(f: ProductFilter) {
  const orgId = useOrganization().id;
  const { query, searchedKept } = useKeptSearch(useProducts(f), {
    path: '/api/products',
    orgId,
    search: f.search,
    matches: matchesFilter(f),
  });
  const pending = usePendingRows<Product>('products', orgId);
  const rows = mergePending(query.data?.rows, pending, {
    firstPage: f.offset === 0 && !f.status,
    matches: matchesFilter(f),
  });
  return { query, rows, searchedKept };
}
