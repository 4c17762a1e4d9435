// Reverse a payment: asks why (the books keep the reason), then takes it back with a counter-entry; the
// payment stays listed, struck through, and the invoice's balance opens again (docs/decisions/010-corrections.md).
import { useIntl } from 'react-intl';
import { ReasonDialog } from '@/components/ui/reason-dialog.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
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
  const amount = formatMoney(payment.amount, currency, intl.locale);
  return (
    <ReasonDialog
      title={t('payments.reverseTitle')}
      text={t('payments.reverseText', { amount, number: invoiceNumber })}
      label={t('payments.reason')}
      placeholder={t('payments.reasonPlaceholder')}
      submitLabel={t('payments.reverse')}
      onClose={onClose}
      onSubmit={async (reason) =>
        (
          await submitWrite(
            intl,
            () =>
              reverse.mutateAsync({
                paymentId: payment.id,
                reason,
                label: t('payments.reverseLabel', { amount, number: invoiceNumber }),
              }),
            { success: 'payments.reversed' },
          )
        ).ok
      }
    />
  );
}
