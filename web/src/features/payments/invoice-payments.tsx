// An invoice's payments with their corrections (docs/decisions/010-corrections.md), under the document on its
// page (never printed): each payment can be reversed with a reason by those who record payments, and deleted
// by an owner or a manager for 24 hours after it was recorded; a reversed payment stays, struck through, with
// its reason. The document itself lists only the payments that count. What this device has not sent yet is
// listed too, marked pending: a payment taken offline, a reversal or a deletion on its way.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { deletable, useDeletePayment } from './api/payments.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import type { PendingMoney } from './pending-money.ts';
import { ReversePaymentDialog } from './reverse-payment-dialog.tsx';

type Payment = Invoice['payments'][number];

export function InvoicePayments({
  invoice,
  pending,
}: {
  invoice: Invoice;
  pending: readonly PendingMoney[];
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const canReverse = useCan('payment.reverse');
  const canDelete = useCan('payment.delete');
  const remove = useDeletePayment();
  const [reversing, setReversing] = useState<Payment | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const queuedPayments = pending.filter((c) => c.kind === 'payment');
  const onTheirWay = new Set(pending.flatMap((c) => ('paymentId' in c ? [c.paymentId] : [])));
  if (!invoice.payments.length && !queuedPayments.length) return null;
  const money = (amount: number) => formatMoney(amount, invoice.currency, intl.locale);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(intl.locale, { timeZone: org.timezone, dateStyle: 'medium' });
  return (
    <section className="flex flex-col gap-2 print:hidden" data-testid="invoice-payments">
      <h2 className="text-lg font-semibold">{t('payments.onInvoice')}</h2>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {queuedPayments.map((p) => (
          <li
            key={p.entryId}
            data-testid="invoice-payment"
            data-pending=""
            className="flex flex-wrap items-center gap-2 px-3 py-2"
          >
            <span className="badge badge-ghost badge-sm">{t('outbox.pending')}</span>
            <span>
              <span className="font-semibold whitespace-nowrap">{money(p.amount)}</span> ·{' '}
              {t(`payments.method.${p.method}`)}
              {p.provider && ` (${t(`payments.provider.${p.provider}`)})`}
              {p.ref && ` · ${p.ref}`} · <span className="whitespace-nowrap">{date(p.receivedAt)}</span>
            </span>
          </li>
        ))}
        {invoice.payments.map((p) => (
          <li
            key={p.id}
            data-testid="invoice-payment"
            data-reversed={p.reversal ? '' : undefined}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
          >
            <div className="flex min-w-0 flex-col">
              <span className={p.reversal ? 'line-through opacity-70' : undefined}>
                <span className="font-semibold whitespace-nowrap">{money(p.amount)}</span> ·{' '}
                {t(`payments.method.${p.method}`)}
                {p.provider && ` (${t(`payments.provider.${p.provider}`)})`}
                {p.ref && ` · ${p.ref}`}
                {p.receiptNumber && ` · ${p.receiptNumber}`} ·{' '}
                <span className="whitespace-nowrap">{date(p.receivedAt)}</span>
              </span>
              {onTheirWay.has(p.id) && (
                <span className="text-sm">
                  <span className="badge badge-ghost badge-sm">{t('outbox.pending')}</span>
                </span>
              )}
              {p.reversal && (
                <span className="text-sm" data-testid="reversal-reason">
                  <span className="badge badge-warning badge-sm me-1">{t('payments.reversedBadge')}</span>
                  {t('payments.reversedBecause', {
                    reason: p.reversal.reason,
                    date: date(p.reversal.reversedAt),
                  })}
                </span>
              )}
            </div>
            {!p.reversal && !onTheirWay.has(p.id) && (canReverse || (canDelete && deletable(p))) && (
              <div className="flex flex-wrap gap-2">
                {canReverse && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm min-h-11"
                    onClick={() => setReversing(p)}
                  >
                    {t('payments.reverse')}
                  </button>
                )}
                {canDelete && deletable(p) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm min-h-11 text-error"
                    onClick={() => setDeleting(p)}
                  >
                    {t('payments.delete')}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {reversing && (
        <ReversePaymentDialog
          payment={reversing}
          invoiceNumber={invoice.number}
          currency={invoice.currency}
          onClose={() => setReversing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('payments.deleteTitle')}
          message={t('payments.deleteConfirm', { amount: money(deleting.amount), number: invoice.number })}
          confirmLabel={t('payments.delete')}
          cancelLabel={t('payments.keep')}
          pending={remove.isPending}
          onConfirm={async () => {
            const done = await submitWrite(
              intl,
              () =>
                remove.mutateAsync({
                  paymentId: deleting.id,
                  label: t('payments.deleteLabel', {
                    amount: money(deleting.amount),
                    number: invoice.number,
                  }),
                }),
              { success: 'payments.deleted' },
            );
            if (done.ok) setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
