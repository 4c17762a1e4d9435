// Sales data for the current organization: customers, invoices, payments, and the writes that change them
// (each with its own id, applied once), refreshing the lists, stock, badge and dashboard after.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerInput,
  InvoiceInput,
  PaymentInput,
  QuoteInput,
} from '../../../../packages/shared/schemas/sales.ts';
import { currencyDecimals, invoiceTotals } from '../../../../packages/shared/invoice-totals.ts';
import { apiFetch, apiList } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { mergePending, textMatches, useOutboxEntries, usePendingRows } from '../../lib/use-outbox.ts';
import { useOrganization } from '../../lib/organization.tsx';

/** The sales queries' keys: the list's path first (what a write refreshes), then the organization. */
export const salesKeys = {
  customers: (orgId: string, f?: object) => (f ? ['/api/customers', orgId, f] : ['/api/customers', orgId]),
  invoices: (orgId: string, f?: object) => (f ? ['/api/invoices', orgId, f] : ['/api/invoices', orgId]),
  invoice: (orgId: string, id: string) => ['/api/invoices', orgId, 'one', id],
  payments: (orgId: string, offset: number) => ['/api/payments', orgId, offset],
  publicInvoice: (token: string) => ['/api/public/invoices', token],
};

export type InvoiceStatus = 'QUOTE' | 'ISSUED' | 'PAID' | 'VOID';

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
}

export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  total: number;
  amountPaid: number;
  createdAt: string;
  issuedAt: string | null;
  dueAt: string | null;
  customer: { id: string; name: string };
}

export interface Invoice extends InvoiceSummary {
  subtotal: number;
  tax: number;
  balance: number;
  notes: string | null;
  createdBy: string | null;
  customer: { id: string; name: string; email: string | null; phone: string | null };
  lines: {
    id: string;
    productId: string | null;
    description: string;
    qty: number;
    unitPrice: number;
    taxRate: number;
  }[];
  payments: {
    id: string;
    method: string;
    provider: string | null;
    amount: number;
    ref: string | null;
    receivedAt: string;
  }[];
  shared: boolean;
}

export interface Payment {
  id: string;
  method: string;
  provider: string | null;
  amount: number;
  currency: string;
  ref: string | null;
  receivedAt: string;
  invoice: { id: string; number: string; currency: string; customer: { name: string } } | null;
}

export const PAGE_SIZE = 25;

const qs = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

export function useCustomers(search: string, offset = 0, limit = PAGE_SIZE) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: salesKeys.customers(orgId, { search, offset, limit }),
    queryFn: () => apiList<Customer>(`/api/customers?${qs({ search, offset, limit })}`, { orgId }),
    placeholderData: keepPreviousData,
  });
}

/** Customers, with those made on this device on top (on the first page, matching the search). */
export function useCustomerList(search: string, offset = 0, limit = PAGE_SIZE) {
  const query = useCustomers(search, offset, limit);
  const pending = usePendingRows<Customer>('customers', useOrganization().id);
  const rows = mergePending(query.data?.rows, pending, {
    firstPage: offset === 0,
    matches: (c) => textMatches(search, c.name, c.phone, c.email),
  });
  return { query, rows };
}

export function useInvoices(f: { search?: string; status?: InvoiceStatus; offset?: number; limit?: number }) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: salesKeys.invoices(orgId, f),
    queryFn: () =>
      apiList<InvoiceSummary>(`/api/invoices?${qs({ ...f, limit: f.limit ?? PAGE_SIZE })}`, { orgId }),
    placeholderData: keepPreviousData,
  });
}

/** Invoices, with those made on this device on top (on the first page, matching the search and status). */
export function useInvoiceList(f: {
  search?: string;
  status?: InvoiceStatus;
  offset?: number;
  limit?: number;
}) {
  const query = useInvoices(f);
  const pending = usePendingRows<InvoiceSummary>('invoices', useOrganization().id);
  const rows = mergePending(query.data?.rows, pending, {
    firstPage: !f.offset,
    matches: (i) =>
      (!f.status || i.status === f.status) && textMatches(f.search ?? '', i.number, i.customer?.name),
  });
  return { query, rows };
}

export function useInvoice(id: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: salesKeys.invoice(orgId, id),
    queryFn: () => apiFetch<Invoice>(`/api/invoices/${id}`, { orgId }),
  });
}

export function usePayments(offset: number) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: salesKeys.payments(orgId, offset),
    queryFn: () => apiList<Payment>(`/api/payments?${qs({ offset, limit: PAGE_SIZE })}`, { orgId }),
    placeholderData: keepPreviousData,
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

export const useCreateInvoice = () =>
  useWrite<InvoiceInput & { customerName?: string }, Invoice>(
    ({ customerName, ...input }) => {
      const body = { ...input, id: input.id ?? uuidv7() };
      const row = {
        id: body.id,
        number: null,
        status: input.status ?? 'QUOTE',
        currency: input.currency,
        total: input.lines?.length
          ? invoiceTotals(
              input.lines.map((l) => ({ qty: l.qty, unitPrice: l.unitPrice, taxRate: l.taxRate ?? 0 })),
              input.currency ?? 'GHS',
            ).total
          : input.total,
        amountPaid: 0,
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
      };
    },
    ['/api/invoices', '/api/products', '/api/payments'],
  );

export const useUpdateQuote = () =>
  useWrite<{ id: string; input: QuoteInput }, Invoice>(
    ({ id, input }) => ({ method: 'PUT', path: `/api/invoices/${id}`, body: input }),
    ['/api/invoices'],
  );

export const useInvoiceAction = () =>
  useWrite<{ id: string; action: 'issue' | 'void' }, Invoice>(
    ({ id, action }) => ({ method: 'POST', path: `/api/invoices/${id}/${action}` }),
    ['/api/invoices', '/api/products'],
  );

export const useRecordPayment = () =>
  useWrite<PaymentInput & { customerName?: string }, { id: string }>(
    ({ customerName, ...input }) => ({
      method: 'POST',
      path: '/api/payments',
      body: { ...input, id: input.id ?? uuidv7() },
      label: customerName,
    }),
    ['/api/payments', '/api/invoices'],
  );

export function useShareInvoice() {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: salesKeys.invoices(orgId) });
  return {
    share: useMutation({
      mutationFn: (id: string) =>
        apiFetch<{ token: string; path: string }>(`/api/invoices/${id}/share`, { method: 'POST', orgId }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiFetch(`/api/invoices/${id}/share`, { method: 'DELETE', orgId }),
      onSuccess: refresh,
    }),
  };
}

/**
 * The ISSUED invoices a payment can be for: the server's, and those made on this device not sent yet (the
 * payment waits for its invoice in the outbox). Each balance leaves out the payments still waiting to be
 * sent, so a shop offline all day does not take the same balance twice. `loaded`: the server's list has
 * been read (so an empty list means there is nothing to pay).
 */
export function useIssuedToPay(orgId: string) {
  const { query, rows } = useInvoiceList({ status: 'ISSUED', limit: 200 });
  const queued = new Map<string, number>();
  for (const e of useOutboxEntries()) {
    const body = e.body as { invoiceId?: string; amount?: number } | undefined;
    if (e.orgId !== orgId || e.method !== 'POST' || e.path !== '/api/payments' || !body?.invoiceId) continue;
    queued.set(body.invoiceId, (queued.get(body.invoiceId) ?? 0) + Number(body.amount ?? 0));
  }
  const invoices = rows
    .map((i) => ({
      ...i,
      balance: Number(
        (i.total - (i.amountPaid ?? 0) - (queued.get(i.id) ?? 0)).toFixed(currencyDecimals(i.currency)),
      ),
    }))
    .filter((i) => i.balance > 0);
  return { invoices, loaded: query.data !== undefined };
}

/** An invoice shared by its link, for anyone who has the link (no organization, no session). */
export const usePublicInvoice = <T>(token: string) =>
  useQuery({
    queryKey: salesKeys.publicInvoice(token),
    queryFn: () => apiFetch<T>(`/api/public/invoices/${encodeURIComponent(token)}`),
  });
