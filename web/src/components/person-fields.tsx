// A person's sign-up fields (first and last name, email, password): the registration wizard's first step and
// the sign-up from an invite link, where the email is the invitation's and cannot be changed.
import type { CheckedForm } from '@/lib/checked-form.ts';
import { useT } from '@/lib/i18n.tsx';
import { TextField } from './ui/text-field.tsx';

export const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

export function PersonFields({
  form,
  emailReadOnly = false,
}: {
  form: Pick<CheckedForm<Record<PersonField, string>, unknown>, 'field'>;
  emailReadOnly?: boolean;
}) {
  const t = useT();
  return (
    <>
      <TextField label={t('register.firstName')} autoComplete="given-name" {...form.field('firstName')} />
      <TextField label={t('register.lastName')} autoComplete="family-name" {...form.field('lastName')} />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        readOnly={emailReadOnly}
        hint={emailReadOnly ? t('register.emailFromInvitation') : undefined}
        {...form.field('email')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        {...form.field('password')}
      />
    </>
  );
}
