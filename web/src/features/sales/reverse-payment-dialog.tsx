// Reverse a payment: asks why (the books keep the reason), then takes it back with a counter-entry; the
// payment stays listed, struck through, and the invoice's balance opens again (docs/decisions/010-corrections.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ReversalInputSchema } from '../../../../packages/shared/schemas/sales.ts';
import { Dialog, FormActions } from '../../components/ui/dialog.tsx';
import { submitWrite } from '../../lib/feedback.ts';
import { useT } from '../../lib/i18n.tsx';
import { formatMoney } from '../../lib/money.ts';
import { validationMessage } from '../../lib/validation-message.ts';
import { useReversePayment } from './api/payments.ts';

export function ReversePaymentDialog({
  payment,
  invoiceNumber,
  currency,
  onClose,
}: {
  payment: { id: string; amount: number };
  invoiceNumber: string;
  currency: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const reverse = useReversePayment();
  const form = useForm({ resolver: zodResolver(ReversalInputSchema), defaultValues: { reason: '' } });
  const { register, handleSubmit, formState } = form;
  const amount = formatMoney(payment.amount, currency, intl.locale);
  const error = validationMessage(intl, formState.errors.reason?.message);
  return (
    <Dialog title={t('payments.reverseTitle')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async ({ reason }) => {
          const done = await submitWrite(
            intl,
            () =>
              reverse.mutateAsync({
                paymentId: payment.id,
                reason,
                label: t('payments.reverseLabel', { amount, number: invoiceNumber }),
              }),
            { success: 'payments.reversed' },
          );
          if (done.ok) onClose();
        })}
      >
        <p>{t('payments.reverseText', { amount, number: invoiceNumber })}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor="reversal-reason" className="text-sm font-medium">
            {t('payments.reason')}
          </label>
          <textarea
            id="reversal-reason"
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={500}
            placeholder={t('payments.reasonPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reversal-reason-help' : undefined}
            {...register('reason')}
          />
          {error && (
            <p id="reversal-reason-help" className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <FormActions
          onCancel={onClose}
          submitLabel={t('payments.reverse')}
          disabled={formState.isSubmitting}
          danger
        />
      </form>
    </Dialog>
  );
}
