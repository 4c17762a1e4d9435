// An invoice created as Paid (by the roles that record payments): how its total was paid — method, provider,
// date (today) and reference — recorded with the invoice.
import { useIntl } from 'react-intl';
import type { InvoiceInput, PaymentDetails } from '@shared/schemas/sales.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { PaymentFields } from '@/features/payments/payment-fields.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { InvoiceForm } from './invoice-form.ts';

/** The payment's fields as the form opens: those of the invoice the server refused, or none but today. */
export const paymentDefaults = (was: InvoiceInput | undefined, today: string) => ({
  method: (was?.payment?.method ?? '') as never,
  provider: (was?.payment?.provider ?? null) as PaymentDetails['provider'],
  ref: was?.payment?.ref ?? '',
  receivedAt: was?.payment?.receivedAt ?? today,
});

/** The payment sent with an invoice created as Paid (a provider only for mobile money); none otherwise. */
export const paymentSent = (body: InvoiceInput) =>
  body.status === 'PAID' && body.payment
    ? {
        ...body.payment,
        provider: body.payment.method === 'mobile-money' ? body.payment.provider : null,
      }
    : undefined;

export function PaidAtOnce({ form }: { form: InvoiceForm }) {
  const intl = useIntl();
  const t = useT();
  const errors = form.formState.errors;
  const paymentError = (f: 'method' | 'provider' | 'ref' | 'receivedAt') =>
    validationMessage(intl, errors.payment?.[f]?.message);
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="invoice-payment">
      <legend className="mb-1 font-semibold">{t('invoices.paidWith')}</legend>
      <PaymentFields form={form} prefix="payment." dateField="receivedAt" error={paymentError} />
    </fieldset>
  );
}
