// How a payment was made — its method, the mobile-money provider when it is mobile money, the day it was
// received (today by default: a payment written down in the evening is dated when it came) and its reference —
// as the Record Payment dialog and the Create Invoice dialog (an invoice created as Paid) ask for it. What
// differs between the two (the amount) goes between the provider and the date.
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { MOBILE_MONEY_PROVIDERS, PAYMENT_METHODS } from '@shared/schemas/values.ts';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useT } from '@/lib/i18n.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { localDate } from '@shared/csv.ts';

type DateField = 'receivedAt' | 'refundedAt';

export function PaymentFields<T extends FieldValues, D extends DateField = 'receivedAt'>({
  form,
  prefix = '',
  dateField = 'receivedAt' as D,
  error,
  children,
}: {
  form: UseFormReturn<T>;
  /** Where the fields sit in the form's values: '' (at the top) or 'payment.'. */
  prefix?: '' | `${string}.`;
  /** The date's field: when a payment was received, or when a refund was given. */
  dateField?: D;
  error: (name: 'method' | 'provider' | 'ref' | D) => string | undefined;
  children?: ReactNode;
}) {
  const t = useT();
  const name = (field: 'method' | 'provider' | 'ref' | DateField) => `${prefix}${field}` as Path<T>;
  const method = useWatch({ control: form.control, name: name('method') }) as string | undefined;
  const today = localDate(useOrganization().timezone);
  return (
    <>
      <SelectField
        label={t('payments.method')}
        placeholder={t('payments.selectMethod')}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments.method.${m}`) }))}
        error={error('method')}
        {...form.register(name('method'))}
      />
      {method === 'mobile-money' && (
        <SelectField
          label={t('payments.provider')}
          options={MOBILE_MONEY_PROVIDERS.map((p) => ({ value: p, label: t(`payments.provider.${p}`) }))}
          error={error('provider')}
          {...form.register(name('provider'))}
        />
      )}
      {children}
      <TextField
        label={t(dateField === 'refundedAt' ? 'refunds.date' : 'invoices.paidOn')}
        type="date"
        max={today}
        error={error(dateField)}
        {...form.register(name(dateField))}
      />
      <TextField
        label={t('payments.ref')}
        placeholder={t('payments.refPlaceholder')}
        maxLength={255}
        error={error('ref')}
        {...form.register(name('ref'))}
      />
    </>
  );
}
