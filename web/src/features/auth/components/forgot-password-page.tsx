// "Forgot password?": the person gives their address and Auth mails a link to /reset-password. The answer
// is the same whether or not the address has an account (Auth answers {} for both), so the page cannot be
// used to find out who is registered.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useCaptcha } from '@/components/captcha.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage, validationMessage } from '@/lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

/** The shared schema and the Auth client come with the first submit, not with the page (as on sign-in). */
const loadRequest = () => Promise.all([import('@shared/schemas/accounts.ts'), import('@/lib/supabase.ts')]);

export function ForgotPasswordPage() {
  const intl = useIntl();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const captcha = useCaptcha();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitting(true);
    try {
      const [{ LoginInputSchema }, { supabase }] = await loadRequest();
      const parsed = LoginInputSchema.shape.email.safeParse(new FormData(form).get('email'));
      setError(parsed.error?.issues[0]?.message);
      if (!parsed.success) {
        form.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
        return;
      }
      const { error: refused } = await supabase.auth
        .resetPasswordForEmail(parsed.data, {
          redirectTo: `${window.location.origin}/reset-password`,
          captchaToken: captcha.token,
        })
        .finally(captcha.reset);
      if (refused) throw refused;
      setSentTo(parsed.data);
    } catch (e) {
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'forgot.failed' }),
        description: errorMessage(intl, e),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      {sentTo ? (
        <div role="status" className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="forgot.sentTitle" />
          </h1>
          <p>
            <FormattedMessage id="forgot.sent" values={{ email: <strong>{sentTo}</strong> }} />
          </p>
          <button type="button" className="btn btn-ghost min-h-11" onClick={() => setSentTo(undefined)}>
            <FormattedMessage id="forgot.again" />
          </button>
        </div>
      ) : (
        <>
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="forgot.title" />
          </h1>
          <p className="opacity-70">
            <FormattedMessage id="forgot.text" />
          </p>
          <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField
              label={intl.formatMessage({ id: 'auth.email' })}
              name="email"
              type="email"
              autoComplete="email"
              error={validationMessage(intl, error)}
            />
            {captcha.element}
            <button type="submit" className="btn btn-primary min-h-11" disabled={submitting}>
              <FormattedMessage id={submitting ? 'forgot.sending' : 'forgot.submit'} />
            </button>
          </form>
        </>
      )}
      <p className="mt-2 text-sm">
        <Link to="/login" className="link link-primary">
          <FormattedMessage id="forgot.backToSignIn" />
        </Link>
      </p>
    </AuthLayout>
  );
}
