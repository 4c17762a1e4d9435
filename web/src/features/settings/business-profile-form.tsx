// Settings > Organization > Business profile: what every document prints about the seller — legal name,
// address, contacts, tax ID (labelled as the country calls it), logo, how to pay (bank, mobile money),
// payment terms and a footer note. Owners and managers edit it; the others see it read-only.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { defaultMobileMoneyProvider, taxIdLabel } from '@shared/countries.ts';
import type { BusinessProfileInput } from '@shared/schemas/accounts.ts';
import { MOBILE_MONEY_PROVIDERS } from '@shared/schemas/values.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import {
  businessProfileQuery,
  saveBusinessProfile,
  type BusinessProfile,
} from '@/lib/api/business-profile.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useFormDraft } from '@/lib/form-draft.ts';
import { useT } from '@/lib/i18n.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { shrinkLogo } from './logo.ts';

type Values = Omit<BusinessProfileInput, 'paymentTermsDays'> & { paymentTermsDays: string };

const toValues = (p: BusinessProfile, country: string): Values => ({
  legalName: p.legalName ?? '',
  address: p.address ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
  taxIdLabel: p.taxIdLabel ?? taxIdLabel(country),
  taxId: p.taxId ?? '',
  logo: p.logo ?? null,
  bankName: p.bankName ?? '',
  bankAccountName: p.bankAccountName ?? '',
  bankAccountNumber: p.bankAccountNumber ?? '',
  mobileMoney: (p.mobileMoney ?? []).map((m) => ({ ...m, name: m.name ?? '' })),
  paymentTermsDays: p.paymentTermsDays == null ? '' : String(p.paymentTermsDays),
  footer: p.footer ?? '',
});

const businessProfileSchema = lazySchema(() =>
  import('./business-profile-schema.ts').then((m) => m.BusinessProfileFormSchema),
);

export function BusinessProfileForm({ profile, readOnly }: { profile: BusinessProfile; readOnly: boolean }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: useLazyResolver(businessProfileSchema) as never,
    defaultValues: toValues(profile, org.country),
  });
  const { register, handleSubmit, formState, control, setValue } = form;
  const draft = useFormDraft(form, { orgId: org.id, name: 'business-profile' });
  const mobileMoney = useFieldArray({ control, name: 'mobileMoney' });
  const [logoError, setLogoError] = useState<string>();
  const logo = useWatch({ control, name: 'logo' });
  const error = (name: string) => {
    const path = name.split('.');
    let e: unknown = formState.errors;
    for (const p of path) e = (e as Record<string, unknown> | undefined)?.[p];
    return validationMessage(intl, (e as { message?: string } | undefined)?.message);
  };
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-labelledby="business-profile-title"
      onSubmit={handleSubmit(async (values) => {
        const input = {
          ...values,
          paymentTermsDays: values.paymentTermsDays === '' ? null : Number(values.paymentTermsDays),
        } as BusinessProfileInput;
        const done = await submitWrite(intl, () => saveBusinessProfile(org.id, input), {
          success: 'business.saved',
          draft,
          form,
        });
        if (done.ok && done.result)
          queryClient.setQueryData(businessProfileQuery(org.id).queryKey, done.result);
      })}
    >
      <div>
        <h2 id="business-profile-title" className="text-lg font-semibold">
          {t('business.title')}
        </h2>
        <p className="text-sm opacity-70">{t('business.intro')}</p>
      </div>
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex h-20 w-40 items-center justify-center rounded-box border border-base-300 bg-base-100 p-1">
            {logo ? (
              <img src={logo} alt={t('business.logo')} className="max-h-full max-w-full object-contain" />
            ) : (
              <span className="text-sm opacity-70">{t('business.noLogo')}</span>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label className="btn btn-outline min-h-11">
              {logo ? t('business.changeLogo') : t('business.addLogo')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                data-testid="logo-input"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  const shrunk = await shrinkLogo(file);
                  if (!shrunk) {
                    setLogoError(intl.formatMessage({ id: 'errors.LOGO_INVALID' }, { maxKb: 70 }));
                    return;
                  }
                  setLogoError(undefined);
                  setValue('logo', shrunk, { shouldDirty: true });
                }}
              />
            </label>
            {logo && (
              <button
                type="button"
                className="btn btn-ghost min-h-11"
                onClick={() => setValue('logo', null, { shouldDirty: true })}
              >
                {t('business.removeLogo')}
              </button>
            )}
            <p className={`text-sm ${logoError || error('logo') ? 'text-error' : 'opacity-70'}`}>
              {logoError ?? error('logo') ?? t('business.logoHint')}
            </p>
          </div>
        </div>
        <TextField
          label={t('business.legalName')}
          hint={t('business.legalNameHint')}
          maxLength={255}
          error={error('legalName')}
          {...register('legalName')}
        />
        <TextAreaField
          label={t('business.address')}
          maxLength={500}
          rows={2}
          error={error('address')}
          {...register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('business.phone')}
            type="tel"
            autoComplete="tel"
            maxLength={50}
            error={error('phone')}
            {...register('phone')}
          />
          <TextField
            label={t('business.email')}
            type="email"
            autoComplete="email"
            maxLength={320}
            error={error('email')}
            {...register('email')}
          />
          <TextField
            label={t('business.taxIdLabel')}
            hint={t('business.taxIdLabelHint')}
            maxLength={30}
            error={error('taxIdLabel')}
            {...register('taxIdLabel')}
          />
          <TextField
            label={t('business.taxId')}
            maxLength={50}
            error={error('taxId')}
            {...register('taxId')}
          />
        </div>

        <h3 className="mt-2 font-semibold">{t('business.howToPay')}</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('business.bankName')}
            maxLength={120}
            error={error('bankName')}
            {...register('bankName')}
          />
          <TextField
            label={t('business.bankAccountName')}
            maxLength={255}
            error={error('bankAccountName')}
            {...register('bankAccountName')}
          />
          <TextField
            label={t('business.bankAccountNumber')}
            maxLength={50}
            error={error('bankAccountNumber')}
            {...register('bankAccountNumber')}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t('business.mobileMoney')}</legend>
          {mobileMoney.fields.map((field, i) => (
            <div
              key={field.id}
              className="grid items-end gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
              data-testid="mobile-money-row"
            >
              <SelectField
                id={`mobileMoney.${i}.provider`}
                label={t('payments.provider')}
                options={MOBILE_MONEY_PROVIDERS.map((p) => ({
                  value: p,
                  label: t(`payments.provider.${p}`),
                }))}
                error={error(`mobileMoney.${i}.provider`)}
                {...register(`mobileMoney.${i}.provider`)}
              />
              <TextField
                id={`mobileMoney.${i}.number`}
                label={t('business.mobileMoneyNumber')}
                type="tel"
                inputMode="tel"
                maxLength={30}
                error={error(`mobileMoney.${i}.number`)}
                {...register(`mobileMoney.${i}.number`)}
              />
              <TextField
                id={`mobileMoney.${i}.name`}
                label={t('business.mobileMoneyName')}
                maxLength={100}
                error={error(`mobileMoney.${i}.name`)}
                {...register(`mobileMoney.${i}.name`)}
              />
              <button type="button" className="btn btn-ghost min-h-11" onClick={() => mobileMoney.remove(i)}>
                {t('business.removeNumber')}
              </button>
            </div>
          ))}
          {mobileMoney.fields.length < 6 && (
            <button
              type="button"
              className="btn btn-outline min-h-11 sm:self-start"
              onClick={() =>
                // The country's most used service first (Wave in Senegal, not MTN MoMo).
                mobileMoney.append({
                  provider: defaultMobileMoneyProvider(
                    org.country,
                    MOBILE_MONEY_PROVIDERS,
                    (form.getValues('mobileMoney') ?? []).map((m) => m.provider),
                  ),
                  number: '',
                  name: '',
                })
              }
            >
              {t('business.addNumber')}
            </button>
          )}
        </fieldset>

        <TextField
          label={t('business.paymentTermsDays')}
          hint={t('business.paymentTermsDaysHint')}
          inputMode="numeric"
          maxLength={3}
          error={error('paymentTermsDays')}
          {...register('paymentTermsDays')}
        />
        <TextAreaField
          label={t('business.footer')}
          hint={t('business.footerHint')}
          maxLength={1000}
          rows={2}
          error={error('footer')}
          {...register('footer')}
        />
      </fieldset>
      {!readOnly && (
        <button
          type="submit"
          className="btn btn-primary min-h-11 sm:self-start"
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting ? t('common.saving') : t('business.save')}
        </button>
      )}
    </form>
  );
}
