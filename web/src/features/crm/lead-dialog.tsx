// Add Lead / Edit Lead: name required; company, phone, e-mail, value, expected close date, stage and owner.
// A new lead the server refused comes back here (Pending changes → Edit) to be corrected.
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { currencyDecimals } from '@/lib/money.ts';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { useT } from '@/lib/i18n.tsx';
import type { LeadInput } from '@shared/schemas/crm.ts';
import type { Lead } from '@shared/api/leads.ts';
import { LEAD_STAGES } from '@shared/schemas/values.ts';
import { useMembers, useSaveLead } from './api/leads.ts';

const leadSchema = lazySchema(() => import('@shared/schemas/crm.ts').then((m) => m.LeadFormSchema));

export function LeadDialog({
  lead,
  refused,
  onClose,
}: {
  lead?: Lead;
  /** A new lead the server refused (Pending changes → Edit): corrected and sent in its place. */
  refused?: OutboxEntry;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const save = useSaveLead();
  const members = useMembers().data?.rows ?? [];
  const was = refusedInput<LeadInput>(refused);
  const from = was ?? (lead && { ...lead, ownerId: lead.owner?.id });
  const form = useForm({
    resolver: useLazyResolver(leadSchema),
    defaultValues: {
      name: from?.name ?? '',
      company: from?.company ?? '',
      phone: from?.phone ?? '',
      email: from?.email ?? '',
      value: (from?.value ?? '') as unknown,
      stage: from?.stage ?? ('PROSPECT' as const),
      closeDate: from?.closeDate ?? '',
      ownerId: from?.ownerId ?? '',
    },
  });
  const org = useOrganization();
  const { register, handleSubmit, formState, control } = form;
  const draft = useFormDraft(form, { orgId: org.id, name: draftName('lead', lead?.id, refused?.id) });
  useRefusalInForm(form, refused?.refusal);
  const error = (name: keyof typeof formState.errors) =>
    validationMessage(intl, formState.errors[name]?.message as string | undefined);
  return (
    <Dialog title={t(lead ? 'crm.editLead' : 'crm.addLead')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(
            intl,
            () =>
              save.mutateAsync({
                id: lead?.id,
                input: input as never,
                rowId: was?.id,
                replaces: refused?.id,
              }),
            { success: lead ? 'crm.updated' : 'crm.created', draft, form },
          );
          if (!done.ok) return;
          onClose();
        })}
      >
        <DraftNotice draft={draft} />
        <TextField label={t('crm.name')} maxLength={255} error={error('name')} {...register('name')} />
        <TextField
          label={t('crm.company')}
          placeholder={t('crm.optional')}
          maxLength={255}
          error={error('company')}
          {...register('company')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('crm.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('crm.optional')}
            maxLength={50}
            error={error('phone')}
            {...register('phone')}
          />
          <TextField
            label={t('crm.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder={t('crm.optional')}
            maxLength={255}
            error={error('email')}
            {...register('email')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <AmountField
            label={t('crm.value')}
            control={control}
            name="value"
            decimals={currencyDecimals(org.currency)}
            currency={org.currency}
            placeholder={t('crm.optional')}
            error={error('value')}
          />
          <TextField
            label={t('crm.closeDate')}
            type="date"
            error={error('closeDate')}
            {...register('closeDate')}
          />
        </div>
        <SelectField
          label={t('crm.stage')}
          options={LEAD_STAGES.map((s) => ({ value: s, label: t(`crm.stage.${s}`) }))}
          {...register('stage')}
        />
        <SelectField
          label={t('crm.owner')}
          placeholder={t('crm.noOwner')}
          options={members.map((m) => ({
            value: m.id,
            label: `${m.user.firstName} ${m.user.lastName}`.trim() || m.user.email,
          }))}
          {...register('ownerId')}
        />
        <FormActions onCancel={onClose} submitLabel={t('crm.save')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}
