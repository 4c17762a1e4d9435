// Payments of the current organization: the list, the write that records one, and the invoices a payment
// can be for (with what is still queued on this device taken off their balance).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInput } from '../../../../../packages/shared/schemas/sales.ts';
import { currencyDecimals } from '../../../../../packages/shared/invoice-totals.ts';
import { apiList } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { uuidv7 } from '../../../lib/uuid.ts';
import { useOutboxEntries } from '../../../lib/use-outbox.ts';
import { useOrganization } from '../../../lib/organization.tsx';
import { useInvoiceList } from './invoices.ts';
import { PAGE_SIZE, type Payment, qs, salesKeys } from './keys.ts';

export const paymentsQuery = (orgId: string, offset: number) =>
  queryOptions({
    queryKey: salesKeys.payments(orgId, offset),
    queryFn: () => apiList<Payment>(`/api/payments?${qs({ offset, limit: PAGE_SIZE })}`, { orgId }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (offset: number) => useQuery(paymentsQuery(useOrganization().id, offset));

export const useRecordPayment = () =>
  useWrite<PaymentInput & { customerName?: string; replaces?: string }, { id: string }>(
    ({ customerName, replaces, ...input }) => ({
      method: 'POST',
      path: '/api/payments',
      body: { ...input, id: input.id ?? uuidv7() },
      label: customerName,
      replaces,
    }),
    ['/api/payments', '/api/invoices'],
  );

/** Takes a payment back with a reason (a counter-entry; docs/decisions/010-corrections.md), through the outbox. */
export const useReversePayment = () =>
  useWrite<{ paymentId: string; reason: string; label: string }, { id: string }>(
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
  useWrite<{ paymentId: string; label: string }, { id: string }>(
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
  const queued = new Map<string, number>();
  for (const e of useOutboxEntries()) {
    const body = e.body as { invoiceId?: string; amount?: number } | undefined;
    // The refused payment being corrected (`except`) is replaced, not added to.
    if (e.orgId !== orgId || e.method !== 'POST' || e.path !== '/api/payments' || !body?.invoiceId) continue;
    if (e.id === except) continue;
    queued.set(body.invoiceId, (queued.get(body.invoiceId) ?? 0) + Number(body.amount ?? 0));
  }
  const invoices = rows
    .map((i) => ({
      ...i,
      balance: Number(
        (i.total - (i.amountCredited ?? 0) - (i.amountPaid ?? 0) - (queued.get(i.id) ?? 0)).toFixed(
          currencyDecimals(i.currency),
        ),
      ),
    }))
    .filter((i) => i.balance > 0);
  return { invoices, loaded: query.data !== undefined };
}
