// Invoices and quotes of the current organization: lists, one invoice, the writes that create, edit, issue
// and void them (each with its own id, applied once), sharing by link, and the public page's read.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceInput, QuoteInput } from '@shared/schemas/sales.ts';
import { invoiceTotals } from '@shared/invoice-totals.ts';
import { apiFetch, apiList } from '@/lib/api-client.ts';
import { useListOnDevice } from '@/lib/kept-search.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { textMatches, usePendingRows } from '@/lib/use-outbox.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { Invoice, InvoiceSummary } from '@shared/api/invoices.ts';
import type { ShareLink } from '@shared/api/links.ts';
import type { InvoiceStatus } from '@shared/schemas/values.ts';
import { invoiceKeys } from './keys.ts';
import { PAGE_SIZE, qs } from '@/lib/api/paging.ts';

type InvoiceFilter = { search?: string; status?: InvoiceStatus; offset?: number; limit?: number };

export const invoicesQuery = (orgId: string, f: InvoiceFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(orgId, f),
    queryFn: () =>
      apiList<InvoiceSummary>(`/api/invoices?${qs({ ...f, limit: f.limit ?? PAGE_SIZE })}`, { orgId }),
    placeholderData: keepPreviousData,
  });

/** Whether an invoice is one `f` asks for, as the server filters (for rows it has not seen: pending, kept). */
const matching = (f: InvoiceFilter) => (i: InvoiceSummary) =>
  (!f.status || i.status === f.status) && textMatches(f.search ?? '', i.number, i.customer?.name);

export const useInvoices = (f: InvoiceFilter) => useQuery(invoicesQuery(useOrganization().id, f));

/** Invoices, with those made on this device on top (on the first page, matching the search and status). */
export function useInvoiceList(f: {
  search?: string;
  status?: InvoiceStatus;
  offset?: number;
  limit?: number;
}) {
  const orgId = useOrganization().id;
  return useListOnDevice(useInvoices(f), {
    path: '/api/invoices',
    orgId,
    search: f.search,
    matches: matching(f),
    pending: usePendingRows<InvoiceSummary>('invoices', orgId),
    firstPage: !f.offset,
  });
}

export function useInvoice(id: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: invoiceKeys.one(orgId, id),
    queryFn: () => apiFetch<Invoice>(`/api/invoices/${id}`, { orgId }),
  });
}

/**
 * Creates an invoice or a quote. The server answers it as its page shows it, which goes in the cache: the
 * page it opens on shows it without reading it again.
 */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useWrite<InvoiceInput & { customerName?: string; replaces?: string }, Invoice>(
    ({ customerName, replaces, ...input }) => {
      const body = { ...input, id: input.id ?? uuidv7() };
      const total = input.lines?.length
        ? invoiceTotals(
            input.lines.map((l) => ({ qty: l.qty, unitPrice: l.unitPrice, taxRate: l.taxRate ?? 0 })),
            input.currency ?? 'GHS',
          ).total
        : input.total;
      const row = {
        id: body.id,
        number: null,
        status: input.status ?? 'QUOTE',
        currency: input.currency,
        total,
        amountPaid: 0,
        // Nothing paid or credited yet: the server answers its own once the invoice is sent.
        amountDue: total,
        createdAt: new Date().toISOString(),
        customer: { id: input.customerId, name: customerName ?? '' },
        pending: true,
      };
      return {
        method: 'POST',
        path: '/api/invoices',
        body,
        label: customerName,
        creates: { store: 'invoices', row },
        replaces,
      };
    },
    ['/api/invoices', '/api/products', '/api/payments'],
    (invoice, orgId) => queryClient.setQueryData(invoiceKeys.one(orgId, invoice.id), invoice),
  );
}

export const useUpdateQuote = () =>
  useWrite<{ id: string; input: QuoteInput }, Invoice>(
    ({ id, input }) => ({ method: 'PUT', path: `/api/invoices/${id}`, body: input }),
    ['/api/invoices'],
  );

export const useInvoiceAction = () =>
  useWrite<{ id: string; action: 'issue' | 'void'; label: string }, Invoice>(
    ({ id, action, label }) => ({ method: 'POST', path: `/api/invoices/${id}/${action}`, label }),
    ['/api/invoices', '/api/products'],
  );

export function useShareInvoice() {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.list(orgId) });
  return {
    share: useMutation({
      mutationFn: (id: string) => apiFetch<ShareLink>(`/api/invoices/${id}/share`, { method: 'POST', orgId }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiFetch(`/api/invoices/${id}/share`, { method: 'DELETE', orgId }),
      onSuccess: refresh,
    }),
  };
}

/** An invoice shared by its link, for anyone who has the link (no organization, no session). */
export const usePublicInvoice = <T>(token: string) =>
  useQuery({
    queryKey: invoiceKeys.public(token),
    queryFn: () => apiFetch<T>(`/api/public/invoices/${encodeURIComponent(token)}`),
  });
