// Settings > Profile: names and language; the email is shown but not changed here.
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { ProfileInput } from '@shared/schemas/accounts.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { notify } from '@/components/ui/notify.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { saveProfile } from './api/profile.ts';
import { useLocale, useT } from '@/lib/i18n.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { useChangeLanguage } from '@/components/ui/language-switch.tsx';
import { notifyError } from '@/lib/feedback.ts';

const profileSchema = lazySchema(() =>
  import('@shared/schemas/accounts.ts').then((m) => m.ProfileInputSchema),
);

export function ProfileForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const t = useT();
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const announceLanguage = useChangeLanguage();
  const { register, handleSubmit, formState } = useForm<ProfileInput>({
    resolver: useLazyResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      locale: user.locale,
    },
  });
  const error = (name: keyof ProfileInput) => validationMessage(intl, formState.errors[name]?.message);
  const onSubmit = handleSubmit(async (input) => {
    try {
      await saveProfile(input);
    } catch (e) {
      notifyError(intl, e);
      return;
    }
    await queryClient.invalidateQueries(currentUserQuery);
    if (input.locale !== locale) announceLanguage(input.locale);
    else notify({ title: t('common.success'), description: t('settings.profileUpdated') });
  });
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.profile.firstName')}
          autoComplete="given-name"
          maxLength={100}
          error={error('firstName')}
          {...register('firstName')}
        />
        <TextField
          label={t('settings.profile.lastName')}
          autoComplete="family-name"
          maxLength={100}
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('settings.profile.email')}
        type="email"
        disabled
        hint={t('settings.profile.emailHint')}
        {...register('email')}
      />
      <SelectField
        label={t('settings.profile.locale')}
        options={[
          { value: 'en', label: t('language.en') },
          { value: 'fr', label: t('language.fr') },
        ]}
        {...register('locale')}
      />
      <button
        type="submit"
        className="btn btn-primary min-h-11 sm:self-start"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? t('common.saving') : t('common.saveChanges')}
      </button>
    </form>
  );
}
