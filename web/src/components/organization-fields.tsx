// A new organization's fields (name, country, and the country's currency, shown read-only): the registration
// wizard's second step and "Set up your organization" after a confirmed sign-up.
import { useIntl } from 'react-intl';
import { REGISTRATION_COUNTRIES } from '@shared/countries.ts';
import type { CheckedForm } from '@/lib/checked-form.ts';
import { useT } from '@/lib/i18n.tsx';
import { SelectField } from './ui/select-field.tsx';
import { TextField } from './ui/text-field.tsx';

type OrganizationField = 'organizationName' | 'country' | 'currency';

export function OrganizationFields({
  form,
}: {
  form: Pick<CheckedForm<Record<OrganizationField, string>, unknown>, 'field' | 'set'>;
}) {
  const t = useT();
  const intl = useIntl();
  const regionName = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const country = form.field('country');
  const currency = form.field('currency');
  return (
    <>
      <TextField
        label={t('register.orgName')}
        hint={t('register.orgNameHint')}
        {...form.field('organizationName')}
      />
      <SelectField
        label={t('register.country')}
        placeholder={t('register.selectCountry')}
        options={REGISTRATION_COUNTRIES.map((c) => ({
          value: c.code,
          label: regionName.of(c.code) ?? c.name,
        }))}
        {...country}
        onChange={(event) => {
          country.onChange(event);
          // The currency follows the country.
          const chosen = REGISTRATION_COUNTRIES.find((c) => c.code === event.target.value);
          form.set('currency', chosen?.currency ?? '');
        }}
      />
      {/* The currency follows the country: without a country, only the country says what to do. */}
      <TextField
        label={t('register.currency')}
        readOnly
        {...currency}
        error={country.error ? undefined : currency.error}
      />
    </>
  );
}
