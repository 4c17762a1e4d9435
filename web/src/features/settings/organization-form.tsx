// The organization's name, country, currency (set from the country, still changeable), and in Settings its
// time zone and default tax rate. Used by Settings > Organization and by "Create organization".
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { currencyChoices, SETTINGS_COUNTRIES, TIME_ZONES } from '@shared/countries.ts';
import type { OrganizationInput } from '@shared/schemas/accounts.ts';
import { ORGANIZATION_CURRENCIES } from '@shared/schemas/values.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { refusalOf, validationMessage } from '@/lib/validation-message.ts';
import { notifyError, showRefusalInForm } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';

const organizationSchema = lazySchema(() =>
  import('@shared/schemas/accounts.ts').then((m) => m.OrganizationInputSchema),
);

export function OrganizationForm({
  initial,
  full = false,
  readOnly = false,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  initial: Partial<OrganizationInput>;
  /** With the time zone and default tax rate (Settings). */
  full?: boolean;
  readOnly?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Saves; a refusal it throws is shown here (a taken name under the name). */
  onSubmit: (input: OrganizationInput) => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = useT();
  const regionName = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const form = useForm<OrganizationInput>({
    resolver: useLazyResolver(organizationSchema) as never,
    defaultValues: { name: '', country: 'NG', currency: 'NGN', ...initial },
  });
  const { register, handleSubmit, formState, setValue, control } = form;
  const submit = handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (e) {
      notifyError(intl, e);
      showRefusalInForm(form, refusalOf(e));
    }
  });
  const error = (name: keyof OrganizationInput) => validationMessage(intl, formState.errors[name]?.message);
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
        <TextField
          label={t('settings.org.name')}
          maxLength={255}
          error={error('name')}
          {...register('name')}
        />
        <SelectField
          label={t('settings.org.country')}
          error={error('country')}
          options={SETTINGS_COUNTRIES.map((c) => ({
            value: c.code,
            label: regionName.of(c.code) ?? c.name,
          }))}
          {...register('country', {
            onChange: (e: { target: { value: string } }) => {
              const country = SETTINGS_COUNTRIES.find((c) => c.code === e.target.value);
              if (country) setValue('currency', country.currency as OrganizationInput['currency']);
            },
          })}
        />
        <SelectField
          label={t('settings.org.currency')}
          error={error('currency')}
          hint={full ? t('settings.org.currencyHint') : undefined}
          // SLL only for an organization already in it: a new choice is Sierra Leone's SLE.
          options={currencyChoices(ORGANIZATION_CURRENCIES, initial.currency).map((c) => ({
            value: c,
            label: c,
          }))}
          {...register('currency')}
        />
        {full && (
          <>
            <SelectField
              label={t('settings.org.timezone')}
              error={error('timezone')}
              options={TIME_ZONES.map((z) => ({ value: z, label: z.replace('_', ' ') }))}
              {...register('timezone')}
            />
            <AmountField
              label={t('settings.org.taxRate')}
              control={control}
              name="defaultTaxRate"
              decimals={2}
              error={error('defaultTaxRate')}
            />
          </>
        )}
      </fieldset>
      {!readOnly && (
        <button
          type="submit"
          className="btn btn-primary min-h-11 sm:self-start"
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting ? pendingLabel : submitLabel}
        </button>
      )}
      {readOnly && (
        <p className="text-sm opacity-70">
          <FormattedMessage id="settings.org.readOnly" />
        </p>
      )}
    </form>
  );
}
