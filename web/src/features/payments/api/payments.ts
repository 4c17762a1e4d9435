// Payments of the current organization: the list, the write that records one, the invoices a payment can be
// for (with what is still queued on this device taken off their balance), and the payments that already
// carry a reference.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRefKey } from '@shared/payment-ref.ts';
import type { PaymentInput } from '@shared/schemas/sales.ts';
import { currencyDecimals } from '@shared/invoice-totals.ts';
import { ApiError, answerWithin, apiList } from '@/lib/api-client.ts';
import { isOnline } from '@/lib/connection.ts';
import { outbox } from '@/lib/outbox.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOutboxEntries } from '@/lib/use-outbox.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useInvoiceList } from '@/features/invoices/api/invoices.ts';
import type { Invoice, InvoiceSummary } from '@shared/api/invoices.ts';
import { PAGE_SIZE, qs } from '@/lib/api/paging.ts';
import type { Payment, PaymentDeleted, PaymentReversed, RecordedPayment } from '@shared/api/payments.ts';
import { paymentKeys } from './keys.ts';
import { queuedByInvoice, queuedWithReference } from '../pending-money.ts';

export const paymentsQuery = (orgId: string, offset: number) =>
  queryOptions({
    queryKey: paymentKeys.list(orgId, offset),
    queryFn: () => apiList<Payment>(`/api/payments?${qs({ offset, limit: PAGE_SIZE })}`, { orgId }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (offset: number) => useQuery(paymentsQuery(useOrganization().id, offset));

export const useRecordPayment = () =>
  useWrite<PaymentInput & { label?: string; replaces?: string }, RecordedPayment>(
    ({ label, replaces, ...input }) => ({
      method: 'POST',
      path: '/api/payments',
      body: { ...input, id: input.id ?? uuidv7() },
      label,
      replaces,
    }),
    ['/api/payments', '/api/invoices'],
  );

/** Takes a payment back with a reason (a counter-entry; docs/decisions/010-corrections.md), through the outbox. */
export const useReversePayment = () =>
  useWrite<{ paymentId: string; reason: string; label: string }, PaymentReversed>(
    ({ paymentId, reason, label }) => ({
      method: 'POST',
      path: `/api/payments/${paymentId}/reverse`,
      body: { reason },
      label,
    }),
    ['/api/payments', '/api/invoices'],
  );

/** Deletes a payment recorded by mistake (owners and managers, within 24 hours), through the outbox. */
export const useDeletePayment = () =>
  useWrite<{ paymentId: string; label: string }, PaymentDeleted>(
    ({ paymentId, label }) => ({ method: 'DELETE', path: `/api/payments/${paymentId}`, label }),
    ['/api/payments', '/api/invoices'],
  );

/** A payment may still be deleted (rather than reversed): recorded less than 24 hours ago. */
export const DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const deletable = (p: { createdAt: string; reversal: unknown }, now = Date.now()) =>
  !p.reversal && now - Date.parse(p.createdAt) < DELETE_WINDOW_MS;

/**
 * The ISSUED invoices a payment can be for: the server's, and those made on this device not sent yet (the
 * payment waits for its invoice in the outbox). Each balance leaves out the payments still waiting to be
 * sent, so a shop offline all day does not take the same balance twice. `loaded`: the server's list has
 * been read (so an empty list means there is nothing to pay).
 */
export function useIssuedToPay(orgId: string, except?: string) {
  const { query, rows } = useInvoiceList({ status: 'ISSUED', limit: 200 });
  // The refused payment being corrected (`except`) is replaced, not added to.
  const queued = queuedByInvoice(useOutboxEntries(), orgId, except);
  const invoices = rows
    .map((i) => ({
      ...i,
      balance: Number((i.amountDue - (queued.get(i.id) ?? 0)).toFixed(currencyDecimals(i.currency))),
    }))
    .filter((i) => i.balance > 0);
  return { invoices, loaded: query.data !== undefined };
}

/** A payment that already carries a reference: recorded (with its receipt) or waiting on this device. */
export interface ReferenceUse {
  amount: number;
  currency: string | null;
  invoiceNumber: string | null;
  receiptNumber: string | null;
  receivedAt: string | null;
  /** Still on this device, not sent yet. */
  pending: boolean;
}

/**
 * Finds the payments that already carry a reference (spacing and case ignored): those queued on this device,
 * and the server's (reversed ones left out), or offline those of the payments and invoices this device keeps.
 */
export function useReferenceCheck() {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  type Known = Pick<Payment, 'id' | 'amount' | 'currency' | 'ref' | 'receivedAt' | 'reversal'> & {
    receiptNumber?: string;
    invoice?: { number: string } | null;
  };
  /** Every list page and opened invoice this device keeps under `path` (lists are `{ rows }`). */
  const kept = <T>(path: string) =>
    queryClient.getQueriesData<{ rows?: T[] } | Invoice>({ queryKey: [path, orgId] }).map(([, data]) => data);
  return async (ref: string | null | undefined): Promise<ReferenceUse[]> => {
    const key = paymentRefKey(ref);
    if (!key) return [];
    const invoices = kept<InvoiceSummary>('/api/invoices');
    // A queued payment names its invoice as the device knows it (a number, or none yet when it is new too).
    const known = (invoiceId: string) =>
      invoices
        .flatMap((data) => (data && 'rows' in data ? (data.rows ?? []) : data ? [data as Invoice] : []))
        .find((i) => i.id === invoiceId);
    const uses: ReferenceUse[] = queuedWithReference(outbox.entries(), orgId, key).map((p) => ({
      amount: p.amount,
      currency: known(p.invoiceId)?.currency ?? null,
      invoiceNumber: known(p.invoiceId)?.number ?? null,
      receiptNumber: null,
      receivedAt: p.entry.createdAt,
      pending: true,
    }));
    let recorded: Known[];
    try {
      if (!isOnline()) throw new Error('offline');
      // On a line that answers nothing, the member is not kept waiting: the device's own copy decides.
      const answer = apiList<Known>(`/api/payments?${qs({ ref: ref!.trim() })}`, { orgId });
      recorded = (await answerWithin(answer)).rows;
    } catch (e) {
      if (e instanceof ApiError) throw e;
      // Offline: the payments this device keeps (lists read, invoices opened), each once.
      const byId = new Map<string, Known>();
      for (const data of kept<Known>('/api/payments'))
        if (data && 'rows' in data) for (const p of data.rows ?? []) byId.set(p.id, p);
      for (const data of invoices)
        if (data && 'payments' in data && Array.isArray(data.payments))
          for (const p of data.payments)
            byId.set(p.id, { ...p, currency: data.currency, invoice: { number: data.number } });
      recorded = [...byId.values()].filter((p) => !p.reversal && paymentRefKey(p.ref) === key);
    }
    for (const p of recorded)
      uses.push({
        amount: p.amount,
        currency: p.currency,
        invoiceNumber: p.invoice?.number ?? null,
        receiptNumber: p.receiptNumber ?? null,
        receivedAt: p.receivedAt,
        pending: false,
      });
    return uses;
  };
}
