// A person's sign-up fields (first and last name, email, password): the registration wizard's first step and
// the sign-up from an invite link, where the email is the invitation's and cannot be changed.
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useT } from '../lib/i18n.tsx';
import { TextField } from './ui/text-field.tsx';

export const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

export function PersonFields<T extends FieldValues & Record<PersonField, string>>({
  register,
  error,
  emailReadOnly = false,
}: {
  register: UseFormRegister<T>;
  error: (name: PersonField) => string | undefined;
  emailReadOnly?: boolean;
}) {
  const t = useT();
  const field = (name: PersonField) => register(name as Path<T>);
  return (
    <>
      <TextField
        label={t('register.firstName')}
        autoComplete="given-name"
        error={error('firstName')}
        {...field('firstName')}
      />
      <TextField
        label={t('register.lastName')}
        autoComplete="family-name"
        error={error('lastName')}
        {...field('lastName')}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        readOnly={emailReadOnly}
        hint={emailReadOnly ? t('register.emailFromInvitation') : undefined}
        error={error('email')}
        {...field('email')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={error('password')}
        {...field('password')}
      />
    </>
  );
}
