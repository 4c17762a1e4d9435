// Record Payment: only ISSUED invoices can be chosen; cash, bank transfer, mobile money (with provider and
// reference), card or check (payment-fields.tsx); any amount up to the balance, which the database enforces too;
// a reference already used (recorded, or waiting on this device) is said before it is saved again.
import { useEffect, useState } from 'react';
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { type PaymentInput, PaymentInputSchema } from '@shared/schemas/sales.ts';
import { inPlaceOf, refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { currencyDecimals, formatMoney } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { type ReferenceUse, useIssuedToPay, useRecordPayment, useReferenceCheck } from './api/payments.ts';
import { ReferenceWarning } from './reference-warning.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import { localDate } from '@shared/csv.ts';

export function RecordPaymentDialog({
  invoice,
  refused,
  onClose,
}: {
  /**
   * The invoice it is for (from its page), its balance net of what is waiting on this device (`queued`);
   * otherwise the member picks one of the ISSUED invoices.
   */
  invoice?: {
    id: string;
    number: string;
    currency: string;
    balance: number;
    queued?: number;
    customer: { name: string };
  };
  /** A payment the server refused (Pending changes → Edit): its values, corrected and sent in its place. */
  refused?: OutboxEntry;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const issued = useIssuedToPay(org.id, refused?.id).invoices;
  const record = useRecordPayment();
  const was = refusedInput<PaymentInput>(refused);
  const form = useForm({
    resolver: zodResolver(PaymentInputSchema),
    defaultValues: {
      invoiceId: was?.invoiceId ?? invoice?.id ?? '',
      method: (was?.method ?? '') as never,
      provider: was?.provider ?? null,
      amount: (was?.amount ?? invoice?.balance ?? '') as number,
      ref: was?.ref ?? '',
      receivedAt: was?.receivedAt ?? localDate(org.timezone),
    },
  });
  const { register, handleSubmit, formState, control, setValue, setFocus } = form;
  // The invoice page may open the dialog on the copy this device kept before the latest payment was read
  // back; until the member types an amount, the amount offered follows the balance the server answers.
  const balance = was ? undefined : invoice?.balance;
  useEffect(() => {
    if (balance !== undefined && !form.getFieldState('amount', form.formState).isDirty)
      form.resetField('amount', { defaultValue: balance });
  }, [balance, form]);
  // A reference already used waits for the member to say so (the same message typed twice is kept once).
  const checkReference = useReferenceCheck();
  const [reused, setReused] = useState<{ input: PaymentInput; uses: ReferenceUse[] } | null>(null);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setReused(null) }), [subscribe]);
  const draft = useFormDraft(form, {
    orgId: org.id,
    name: refused ? draftName('payment', undefined, refused.id) : `payment:${invoice?.id ?? 'any'}`,
  });
  useRefusalInForm(form, refused?.refusal);
  const invoiceId = useWatch({ control, name: 'invoiceId' });
  const chosen = invoice ?? issued.find((i) => i.id === invoiceId);
  const error = (name: 'invoiceId' | 'method' | 'amount' | 'ref' | 'provider' | 'receivedAt') =>
    validationMessage(intl, formState.errors[name]?.message);
  const save = async (input: PaymentInput) => {
    const done = await submitWrite(
      intl,
      () =>
        record.mutateAsync({
          ...input,
          // A corrected payment keeps its id and takes the refused one's place in the queue.
          ...inPlaceOf(refused),
          provider: input.method === 'mobile-money' ? input.provider : null,
          // Pending changes names it: how much, on which invoice, for whom.
          label: chosen
            ? t(chosen.number ? 'payments.label' : 'payments.labelOnPending', {
                amount: formatMoney(Number(input.amount), chosen.currency, intl.locale),
                number: chosen.number,
                customer: chosen.customer.name,
              })
            : refused?.label,
        }),
      { success: 'payments.recorded', draft, form },
    );
    if (done.ok) onClose();
  };
  return (
    <Dialog title={t('payments.record')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const uses = input.ref?.trim() ? await checkReference(input.ref).catch(() => []) : [];
          if (uses.length) setReused({ input, uses });
          else await save(input);
        })}
      >
        <DraftNotice draft={draft} />
        {invoice ? (
          <p className="font-medium">
            {t('payments.invoice')}: {invoice.number}
          </p>
        ) : (
          <SelectField
            label={t('payments.invoice')}
            placeholder={issued.length ? t('payments.selectInvoice') : t('payments.noIssued')}
            options={issued.map((i) => ({
              value: i.id,
              label: `${i.number ?? t('outbox.pending')} — ${i.customer.name} (${formatMoney(i.balance, i.currency, intl.locale)})`,
            }))}
            error={error('invoiceId')}
            {...register('invoiceId', {
              onChange: (e: { target: { value: string } }) => {
                const i = issued.find((x) => x.id === e.target.value);
                if (i) setValue('amount', i.balance);
              },
            })}
          />
        )}
        <PaymentFields form={form} dateField="receivedAt" error={error}>
          <AmountField
            label={t('payments.amount')}
            control={control}
            name="amount"
            decimals={currencyDecimals(chosen?.currency ?? org.currency)}
            currency={chosen?.currency ?? org.currency}
            hint={
              chosen
                ? t(invoice?.queued ? 'payments.balanceHintPending' : 'payments.balanceHint', {
                    amount: formatMoney(chosen.balance, chosen.currency, intl.locale),
                    pending: formatMoney(invoice?.queued ?? 0, chosen.currency, intl.locale),
                  })
                : undefined
            }
            error={error('amount')}
          />
        </PaymentFields>
        {reused && (
          <ReferenceWarning
            reference={reused.input.ref ?? ''}
            uses={reused.uses}
            pending={record.isPending}
            onConfirm={() => void save(reused.input)}
            onBack={() => {
              setReused(null);
              setFocus('ref');
            }}
          />
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={t('payments.record')}
          disabled={formState.isSubmitting || reused !== null}
        />
      </form>
    </Dialog>
  );
}
