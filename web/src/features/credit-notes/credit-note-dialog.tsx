// Credit note (avoir): the invoice's lines, each with the quantity to credit (none until chosen — a credit
// note cannot be undone, so two taps never credit the whole invoice; "Credit everything left" fills what is
// left after earlier credit notes), the amount it comes to, why, and whether the items go back in stock.
// The invoice itself never changes; the database checks each quantity against what is left
// (CREDIT_QTY_TOO_LARGE).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { invoiceTotals } from '@shared/invoice-totals.ts';
import { useCreateCreditNote } from './api/credit-notes.ts';
import type { Invoice } from '@shared/api/invoices.ts';

/** What is left to credit of each invoice line, by its id. */
export function remainingQty(inv: Pick<Invoice, 'lines' | 'creditNotes'>): Map<string, number> {
  const left = new Map(inv.lines.map((l) => [l.id, l.qty]));
  for (const n of inv.creditNotes ?? [])
    for (const l of n.lines) left.set(l.invoiceItemId, (left.get(l.invoiceItemId) ?? 0) - l.qty);
  return left;
}

export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateCreditNote();
  const left = remainingQty(invoice);
  const [qty, setQty] = useState<Record<string, string>>({});
  const fillAll = () =>
    setQty(Object.fromEntries(invoice.lines.map((l) => [l.id, String(Math.max(left.get(l.id) ?? 0, 0))])));
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; lines?: string }>({});
  const [pending, setPending] = useState(false);
  const num = (s: string) => Number(s.replace(',', '.'));
  // What the credit note comes to, each line rounded as the database rounds it.
  const amount = invoiceTotals(
    invoice.lines.map((l) => {
      const n = num(qty[l.id] ?? '');
      return {
        qty: Number.isFinite(n) && n > 0 ? n : 0,
        unitPrice: l.unitPrice,
        taxRate: l.taxRate,
        discountPercent: l.discountPercent,
      };
    }),
    invoice.currency,
  ).total;
  const submit = async () => {
    const lines = invoice.lines
      .map((l) => ({ invoiceItemId: l.id, qty: num(qty[l.id] ?? '0') }))
      .filter((l) => l.qty !== 0);
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = t('creditNotes.reasonRequired');
    if (lines.some((l) => !Number.isFinite(l.qty) || l.qty < 0 || l.qty > (left.get(l.invoiceItemId) ?? 0)))
      next.lines = t('creditNotes.qtyInvalid');
    else if (!lines.length) next.lines = t('creditNotes.nothingChosen');
    setErrors(next);
    if (next.reason || next.lines) return;
    setPending(true);
    const done = await submitWrite(
      intl,
      () =>
        create.mutateAsync({
          invoiceId: invoice.id,
          input: { reason: reason.trim(), restock, lines },
          label: t('creditNotes.label', { number: invoice.number }),
        }),
      { success: 'creditNotes.created' },
    );
    setPending(false);
    if (!done.ok) return;
    onClose();
    if (done.result) navigate(`/sales/invoices/${invoice.id}/credit-notes/${done.result.creditNote.number}`);
  };
  return (
    <Dialog title={t('creditNotes.create')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm">{t('creditNotes.intro', { number: invoice.number })}</p>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.lines ? 'credit-lines-help' : undefined}
        >
          <legend className="mb-1 text-sm font-medium">{t('creditNotes.linesToCredit')}</legend>
          {invoice.lines.map((l, i) => {
            const max = Math.max(left.get(l.id) ?? 0, 0);
            return (
              <div
                key={l.id}
                className="flex items-center justify-between gap-2 border-b border-base-200 pb-2"
              >
                <label htmlFor={`credit-qty-${i}`} className="min-w-0 flex-1 text-sm break-words">
                  <span className="font-medium">{l.description}</span>
                  <span className="block text-xs opacity-75">
                    {t('creditNotes.left', {
                      qty: intl.formatNumber(max),
                      price: formatMoney(l.unitPrice, invoice.currency, intl.locale),
                    })}
                  </span>
                </label>
                <input
                  id={`credit-qty-${i}`}
                  data-testid="credit-qty"
                  className="input input-bordered min-h-11 w-24 text-right"
                  inputMode="decimal"
                  disabled={max <= 0}
                  placeholder="0"
                  value={qty[l.id] ?? ''}
                  onChange={(e) => setQty((q) => ({ ...q, [l.id]: e.target.value }))}
                />
              </div>
            );
          })}
          {errors.lines && (
            <p id="credit-lines-help" className="text-sm text-error" role="alert">
              {errors.lines}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={fillAll}>
              {t('creditNotes.all')}
            </button>
            <p className="font-semibold" data-testid="credit-amount" aria-live="polite">
              {t('creditNotes.amount', { amount: formatMoney(amount, invoice.currency, intl.locale) })}
            </p>
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor="credit-reason" className="text-sm font-medium">
            {t('creditNotes.reason')}
          </label>
          <textarea
            id="credit-reason"
            className={`textarea textarea-bordered w-full ${errors.reason ? 'textarea-error' : ''}`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'credit-reason-help' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {errors.reason && (
            <p id="credit-reason-help" className="text-sm text-error">
              {errors.reason}
            </p>
          )}
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={restock}
            onChange={(e) => setRestock(e.target.checked)}
          />
          <span>{t('creditNotes.restock')}</span>
        </label>
        <FormActions onCancel={onClose} submitLabel={t('creditNotes.submit')} disabled={pending} />
      </form>
    </Dialog>
  );
}
