// Where a password reset mail's link lands. Auth's /verify has signed the person in with a recovery session
// (supabase-js takes it from the address); they choose a new password, which Auth accepts without the
// current one because the session came from the mail. A link already used or older than an hour comes back
// with `otp_expired`: the page says so and offers to ask for a new one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { z } from '@shared/schemas/zod.ts';
import { R } from '@shared/schemas/reason-codes.ts';
import { passwordProblem } from '@shared/passwords.ts';
import { Loading } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { currentUserQuery } from '@/lib/session/current-user.ts';
import { OPENED_WITH, supabase } from '@/lib/supabase.ts';
import { errorMessage, refusalOf, validationMessage } from '@/lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

// The same rules as registration and Auth itself (packages/shared/passwords.ts), typed twice.
const NewPasswordSchema = z
  .object({
    password: z.string().superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: R[problem] });
    }),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'PASSWORDS_DIFFERENT' });
type NewPassword = z.infer<typeof NewPasswordSchema>;

/**
 * Set when the page was opened from a recovery link, so a reload (the address no longer has the link's
 * fragment) still shows the form while the recovery session lasts.
 */
const RECOVERY_KEY = 'kasuwa-recovery';

type LinkState = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'expired' };

export function ResetPasswordPage() {
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });

  useEffect(() => {
    let cancelled = false;
    if (OPENED_WITH.has('error_code') || OPENED_WITH.has('error')) sessionStorage.removeItem(RECOVERY_KEY);
    else if (OPENED_WITH.get('type') === 'recovery') sessionStorage.setItem(RECOVERY_KEY, '1');
    // Waits for the client to have taken the session from the address.
    void supabase.auth.getSession().then(({ data }) => {
      if (cancelled) return;
      const email = data.session?.user.email;
      setLink(email && sessionStorage.getItem(RECOVERY_KEY) ? { kind: 'ready', email } : { kind: 'expired' });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <AuthLayout>
      {link.kind === 'checking' && <Loading />}
      {link.kind === 'expired' && <Expired />}
      {link.kind === 'ready' && <NewPasswordForm email={link.email} />}
    </AuthLayout>
  );
}

function Expired() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="reset.expiredTitle" />
      </h1>
      <p role="alert">
        <FormattedMessage id="reset.expired" />
      </p>
      <Link to="/forgot-password" className="btn btn-primary min-h-11">
        <FormattedMessage id="reset.askAgain" />
      </Link>
    </div>
  );
}

function NewPasswordForm({ email }: { email: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError } = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const error = (name: keyof NewPassword) => validationMessage(intl, formState.errors[name]?.message);

  const onSubmit = handleSubmit(async ({ password }) => {
    const { error: refused } = await supabase.auth.updateUser({ password });
    if (refused) {
      const { field, reason } = refusalOf(refused);
      if (reason && field === 'password') setError('password', { message: reason }, { shouldFocus: true });
      else
        notify({
          variant: 'error',
          title: intl.formatMessage({ id: 'reset.failed' }),
          description: errorMessage(intl, refused),
        });
      return;
    }
    sessionStorage.removeItem(RECOVERY_KEY);
    await queryClient.invalidateQueries(currentUserQuery);
    notify({
      title: intl.formatMessage({ id: 'reset.done' }),
      description: intl.formatMessage({ id: 'reset.signedIn' }),
    });
    void navigate('/', { replace: true });
  });

  return (
    <>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="reset.title" />
      </h1>
      <p className="opacity-70">
        <FormattedMessage id="reset.account" values={{ email: <strong>{email}</strong> }} />
      </p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        {/* The account's address, for password managers to file the new password under. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={intl.formatMessage({ id: 'reset.password' })}
          type="password"
          autoComplete="new-password"
          hint={intl.formatMessage({ id: 'reset.passwordHint' })}
          error={error('password')}
          {...register('password')}
        />
        <TextField
          label={intl.formatMessage({ id: 'reset.confirm' })}
          type="password"
          autoComplete="new-password"
          error={error('confirm')}
          {...register('confirm')}
        />
        <button type="submit" className="btn btn-primary min-h-11" disabled={formState.isSubmitting}>
          <FormattedMessage id={formState.isSubmitting ? 'reset.saving' : 'reset.submit'} />
        </button>
      </form>
    </>
  );
}
