// Subscribes a customer to an active plan (owners, managers and salespeople, as for creating invoices):
// quantity, tax and discount percent, the start (today by default) and the trial (the plan's by default).
// Sent through the outbox like an invoice; the server bills every period already started at once. A
// subscription the server refused after it was made offline opens here again (Pending changes → Edit), with
// the reason under the field it names, and is sent in its place once corrected.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { localDate } from '@shared/csv.ts';
import { type SubscribeInput, SubscribeInputSchema } from '@shared/schemas/subscriptions.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { inPlaceOf, refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { useT } from '@/lib/i18n.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import type { SubscriptionPlan } from '@shared/api/subscriptions.ts';
import { usePlans, useSubscribe } from './api/subscriptions.ts';
import { CustomerPicker } from '@/features/customers/customer-picker.tsx';
import { usePricePer } from './recurring-parts.tsx';

export function SubscribeDialog({
  plan,
  refused,
  onClose,
}: {
  plan?: SubscriptionPlan;
  refused?: OutboxEntry;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const pricePer = usePricePer();
  const active = (usePlans().data ?? []).filter((p) => p.isActive);
  const was = refusedInput<SubscribeInput>(refused);
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(
    was ? { id: was.customerId, name: refused?.label ?? '' } : null,
  );
  const today = localDate(org.timezone);
  const form = useForm({
    resolver: zodResolver(SubscribeInputSchema),
    defaultValues: {
      customerId: was?.customerId ?? '',
      planId: was?.planId ?? plan?.id ?? '',
      quantity: was?.quantity ?? 1,
      taxPercent: was?.taxPercent ?? org.defaultTaxRate,
      discountPercent: was?.discountPercent ?? 0,
      startDate: was?.startDate ?? today,
      trialDays: was?.trialDays ?? plan?.trialDays ?? 0,
    } as SubscribeInput,
  });
  const { register, handleSubmit, formState, control, setValue } = form;
  useRefusalInForm(form, refused?.refusal);
  const planId = useWatch({ control, name: 'planId' });
  const chosen = active.find((p) => p.id === planId);
  const errors = formState.errors;
  const error = (m: string | undefined) => validationMessage(intl, m);
  // A customer or plan not chosen says so; the server's reason about the one chosen (a plan no longer
  // offered) is shown as it is.
  const choose = (e: { type?: string; message?: string } | undefined, missing: string) =>
    e ? (e.type === 'server' ? error(e.message) : t(missing)) : undefined;
  return (
    <Dialog title={t('recurring.subscribe')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(
            intl,
            () =>
              subscribe.mutateAsync({
                ...input,
                // Corrected, it keeps its id and takes the refused change's place in the queue.
                ...inPlaceOf(refused),
                customerName: customer?.name,
              }),
            { success: 'recurring.subscribed', form },
          );
          if (!done.ok) return;
          onClose();
          // Kept on the device: its page exists once the server has it.
          if (done.result) void navigate(`/sales/subscriptions/${done.result.id}`);
        })}
      >
        <CustomerPicker
          value={customer}
          onChange={(c) => {
            setCustomer(c);
            setValue('customerId', c?.id ?? '', { shouldValidate: !!c });
          }}
          error={choose(errors.customerId, 'recurring.customerRequired')}
        />
        <SelectField
          label={t('recurring.col.plan')}
          placeholder={t('recurring.choosePlan')}
          options={active.map((p) => ({ value: p.id, label: `${p.name} · ${pricePer(p)}` }))}
          error={choose(errors.planId, 'recurring.planRequired')}
          {...register('planId', {
            // The trial offered is the plan's, unless changed here.
            onChange: (e: { target: { value: string } }) =>
              setValue('trialDays', active.find((p) => p.id === e.target.value)?.trialDays ?? 0),
          })}
        />
        <div className="grid grid-cols-3 gap-3">
          <AmountField
            control={control}
            name="quantity"
            label={t('recurring.quantity')}
            decimals={0}
            error={error(errors.quantity?.message)}
          />
          <AmountField
            control={control}
            name="taxPercent"
            label={t('recurring.taxPercent')}
            decimals={2}
            error={error(errors.taxPercent?.message)}
          />
          <AmountField
            control={control}
            name="discountPercent"
            label={t('recurring.discountPercent')}
            decimals={2}
            error={error(errors.discountPercent?.message)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('recurring.startDate')}
            type="date"
            error={error(errors.startDate?.message)}
            {...register('startDate')}
          />
          <AmountField
            control={control}
            name="trialDays"
            label={t('recurring.trialDays')}
            decimals={0}
            error={error(errors.trialDays?.message)}
          />
        </div>
        {chosen && <p className="text-sm opacity-70">{t('recurring.billedAtStart')}</p>}
        <FormActions
          onCancel={onClose}
          submitLabel={t('recurring.subscribe')}
          disabled={formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
