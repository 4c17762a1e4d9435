// A new organization's fields (name, country, and the country's currency, shown read-only): the registration
// wizard's second step and "Set up your organization" after a confirmed sign-up.
import type { FieldValues, Path, PathValue, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { REGISTRATION_COUNTRIES } from '../../../packages/shared/countries.ts';
import { useT } from '../lib/i18n.tsx';
import { SelectField } from './ui/select-field.tsx';
import { TextField } from './ui/text-field.tsx';

type OrganizationField = 'organizationName' | 'country' | 'currency';

export function OrganizationFields<T extends FieldValues & Record<OrganizationField, string>>({
  register,
  setValue,
  error,
}: {
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  error: (name: OrganizationField) => string | undefined;
}) {
  const t = useT();
  const intl = useIntl();
  const regionName = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const field = (name: OrganizationField) => name as Path<T>;
  return (
    <>
      <TextField
        label={t('register.orgName')}
        hint={t('register.orgNameHint')}
        error={error('organizationName')}
        {...register(field('organizationName'))}
      />
      <SelectField
        label={t('register.country')}
        placeholder={t('register.selectCountry')}
        options={REGISTRATION_COUNTRIES.map((c) => ({
          value: c.code,
          label: regionName.of(c.code) ?? c.name,
        }))}
        error={error('country')}
        {...register(field('country'), {
          // The currency follows the country.
          onChange: (e: { target: { value: string } }) => {
            const country = REGISTRATION_COUNTRIES.find((c) => c.code === e.target.value);
            setValue(field('currency'), (country?.currency ?? '') as PathValue<T, Path<T>>, {
              shouldValidate: !!country,
            });
          },
        })}
      />
      <TextField
        label={t('register.currency')}
        readOnly
        error={error('currency')}
        {...register(field('currency'))}
      />
    </>
  );
}
