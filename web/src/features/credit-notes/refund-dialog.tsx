// Refund: money given back to the customer on a credit note — at most what they overpaid on the invoice
// (the database says the same: REFUND_TOO_LARGE) — with how it was given (payment-fields.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { RefundInputSchema } from '@shared/schemas/sales.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { localDate } from '@shared/csv.ts';
import { currencyDecimals, formatMoney } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useRecordRefund } from './api/credit-notes.ts';
import { PaymentFields } from '@/features/payments/payment-fields.tsx';

export function RefundDialog({
  creditNote,
  refundable,
  onClose,
}: {
  creditNote: { id: string; number: string; currency: string };
  refundable: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const refund = useRecordRefund();
  const org = useOrganization();
  const form = useForm({
    resolver: zodResolver(RefundInputSchema),
    defaultValues: {
      method: '' as never,
      provider: null,
      amount: refundable,
      ref: '',
      refundedAt: localDate(org.timezone),
    },
  });
  const { handleSubmit, formState, control } = form;
  const error = (name: 'method' | 'amount' | 'ref' | 'provider' | 'refundedAt') =>
    validationMessage(intl, formState.errors[name]?.message);
  const max = formatMoney(refundable, creditNote.currency, intl.locale);
  return (
    <Dialog title={t('refunds.title')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(
            intl,
            () =>
              refund.mutateAsync({
                creditNoteId: creditNote.id,
                input: { ...input, provider: input.method === 'mobile-money' ? input.provider : null },
                label: t('refunds.label', { number: creditNote.number }),
              }),
            { success: 'refunds.recorded', form },
          );
          if (done.ok) onClose();
        })}
      >
        <p className="font-medium">{t('refunds.for', { number: creditNote.number })}</p>
        <PaymentFields form={form} dateField="refundedAt" error={error}>
          <AmountField
            label={t('payments.amount')}
            control={control}
            name="amount"
            decimals={currencyDecimals(creditNote.currency)}
            currency={creditNote.currency}
            hint={t('refunds.maxHint', { amount: max })}
            error={error('amount')}
          />
        </PaymentFields>
        <FormActions onCancel={onClose} submitLabel={t('refunds.record')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}
