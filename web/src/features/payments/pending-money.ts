// Money changes made on this device and not yet on the server, as their invoice shows them: payments,
// reversals and deletions of its payments, and credit notes, each with its amount, and the balance due once
// they are sent. A shop offline all day sees what it already took (and is not offered the whole balance
// again); the Record Payment dialog, the list of invoices to pay and the duplicate-reference check read the
// same queue.
import { invoiceTotals } from '@shared/invoice-totals.ts';
import { paymentRefKey } from '@shared/payment-ref.ts';
import type { PaymentInput } from '@shared/schemas/sales.ts';
import type { OutboxEntry } from '@/lib/outbox.ts';
import type { Invoice } from '@shared/api/invoices.ts';

export type PendingMoney =
  | {
      kind: 'payment';
      entryId: string;
      amount: number;
      method: string;
      provider: string | null;
      ref: string | null;
      receivedAt: string;
    }
  | { kind: 'reversal' | 'deletion'; entryId: string; amount: number; paymentId: string }
  | { kind: 'creditNote'; entryId: string; amount: number };

/** The changes the server has not answered yet (a refused one is not counted: it changed nothing). */
const queued = (entries: readonly OutboxEntry[], orgId: string) =>
  entries.filter((e) => e.orgId === orgId && e.status !== 'failed');

/** A payment queued on this device: POST /api/payments, or the payment of an invoice created as Paid. */
export function queuedPayments(entries: readonly OutboxEntry[], orgId: string, except?: string) {
  const payments: { entry: OutboxEntry; invoiceId: string; amount: number; ref: string | null }[] = [];
  for (const e of queued(entries, orgId)) {
    if (e.id === except || e.method !== 'POST') continue;
    if (e.path === '/api/payments') {
      const body = e.body as Partial<PaymentInput> | undefined;
      if (body?.invoiceId)
        payments.push({
          entry: e,
          invoiceId: body.invoiceId,
          amount: Number(body.amount ?? 0),
          ref: body.ref ?? null,
        });
    } else if (e.path === '/api/invoices') {
      const body = e.body as { id?: string; status?: string; payment?: { ref?: string | null } } | undefined;
      const total = Number((e.creates?.row as { total?: number } | undefined)?.total ?? 0);
      if (body?.id && body.status === 'PAID')
        payments.push({ entry: e, invoiceId: body.id, amount: total, ref: body.payment?.ref ?? null });
    }
  }
  return payments;
}

/** What the payments queued on this device add up to, by invoice. */
export function queuedByInvoice(entries: readonly OutboxEntry[], orgId: string, except?: string) {
  const sums = new Map<string, number>();
  for (const p of queuedPayments(entries, orgId, except))
    sums.set(p.invoiceId, (sums.get(p.invoiceId) ?? 0) + p.amount);
  return sums;
}

/** The payments queued with this reference (spacing and case ignored), for the duplicate warning. */
export const queuedWithReference = (entries: readonly OutboxEntry[], orgId: string, ref: string) => {
  const key = paymentRefKey(ref);
  return key ? queuedPayments(entries, orgId).filter((p) => paymentRefKey(p.ref) === key) : [];
};

/** What `amount` of an invoice's line quantities comes to, lines rounded as the database rounds them. */
function creditedAmount(invoice: Invoice, body: { lines?: { invoiceItemId: string; qty: number }[] }) {
  const left = invoice.total - (invoice.amountCredited ?? 0);
  if (!body.lines?.length) return Math.max(left, 0);
  const lines = body.lines.flatMap((c) => {
    const line = invoice.lines.find((l) => l.id === c.invoiceItemId);
    return line ? [{ qty: Number(c.qty), unitPrice: line.unitPrice, taxRate: line.taxRate }] : [];
  });
  return Math.min(invoiceTotals(lines, invoice.currency).total, Math.max(left, 0));
}

/** The changes to this invoice's money waiting on this device, in the order they were made. */
export function pendingOnInvoice(
  invoice: Invoice,
  entries: readonly OutboxEntry[],
  orgId: string,
): PendingMoney[] {
  const own = new Map(invoice.payments.map((p) => [p.id, p]));
  const changes: PendingMoney[] = [];
  for (const e of queued(entries, orgId)) {
    const body = (e.body ?? {}) as Record<string, unknown>;
    if (e.method === 'POST' && e.path === '/api/payments' && body.invoiceId === invoice.id) {
      const p = body as Partial<PaymentInput>;
      changes.push({
        kind: 'payment',
        entryId: e.id,
        amount: Number(p.amount ?? 0),
        method: p.method ?? 'cash',
        provider: p.provider ?? null,
        ref: p.ref ?? null,
        receivedAt: p.receivedAt ?? e.createdAt,
      });
      continue;
    }
    const reversal = /^\/api\/payments\/([^/]+)\/reverse$/.exec(e.path);
    const deletion = e.method === 'DELETE' ? /^\/api\/payments\/([^/]+)$/.exec(e.path) : null;
    const paymentId = (reversal ?? deletion)?.[1];
    const payment = paymentId ? own.get(paymentId) : undefined;
    if (payment && !payment.reversal)
      changes.push({
        kind: reversal ? 'reversal' : 'deletion',
        entryId: e.id,
        amount: payment.amount,
        paymentId: payment.id,
      });
    else if (e.method === 'POST' && e.path === `/api/invoices/${invoice.id}/credit-notes`)
      changes.push({ kind: 'creditNote', entryId: e.id, amount: creditedAmount(invoice, body) });
  }
  return changes;
}

/** The balance due once every pending change is sent (never below zero, as the invoice's own balance). */
export function balanceOnceSent(
  invoice: Pick<Invoice, 'balance' | 'currency'>,
  changes: readonly PendingMoney[],
) {
  const delta = changes.reduce(
    (sum, c) => sum + (c.kind === 'reversal' || c.kind === 'deletion' ? c.amount : -c.amount),
    0,
  );
  return Math.max(Math.round((invoice.balance + delta) * 100) / 100, 0);
}
