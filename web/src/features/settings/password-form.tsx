// Settings > Profile: change the password. Auth asks for the current one (require_current_password), so
// a session left open on a shared phone cannot be used to lock its owner out; the new one follows the
// rules Auth enforces (packages/shared/passwords.ts). Refusals show under the field they are
// about, in the user's language.
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { notify } from '@/components/ui/notify.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { notifyError } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { refusalOf, validationMessage } from '@/lib/validation-message.ts';

const passwordSchema = lazySchema(() => import('./password-schema.ts').then((m) => m.ChangePasswordSchema));
interface ChangePassword {
  currentPassword: string;
  password: string;
}

export function PasswordForm() {
  const intl = useIntl();
  const t = useT();
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePassword>({
    resolver: useLazyResolver(passwordSchema),
    defaultValues: { currentPassword: '', password: '' },
  });
  const error = (name: keyof ChangePassword) => validationMessage(intl, formState.errors[name]?.message);
  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    // Supabase Auth comes with the first change, not with the settings screen.
    const { supabase } = await import('@/lib/supabase.ts');
    const { error: refused } = await supabase.auth.updateUser({
      password,
      current_password: currentPassword,
    });
    if (refused) {
      const { field, reason } = refusalOf(refused);
      if (reason && (field === 'password' || field === 'currentPassword')) {
        setError(field, { message: reason }, { shouldFocus: true });
      } else {
        notifyError(intl, refused);
      }
      return;
    }
    reset();
    notify({ title: t('common.success'), description: t('settings.password.changed') });
  });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="password-form-title"
    >
      <h2 id="password-form-title" className="text-lg font-semibold">
        {t('settings.password.title')}
      </h2>
      <TextField
        label={t('settings.password.current')}
        type="password"
        autoComplete="current-password"
        error={error('currentPassword')}
        {...register('currentPassword')}
      />
      <TextField
        label={t('settings.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('settings.password.hint')}
        error={error('password')}
        {...register('password')}
      />
      <button
        type="submit"
        className="btn btn-primary min-h-11 sm:self-start"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? t('common.saving') : t('settings.password.save')}
      </button>
    </form>
  );
}
