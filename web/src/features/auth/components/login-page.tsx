import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useCaptcha } from '@/components/captcha.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TermsNotice } from '@/components/terms-notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCheckedForm } from '@/lib/checked-form.ts';
import { loadOnce } from '@/lib/load-once.ts';
import { PRODUCT_NAME } from '@/lib/product.ts';
import { currentUserQuery } from '@/lib/session/current-user.ts';
import { pendingInvitation, SESSION_ENDED_KEY } from '@/lib/session/return-path.ts';
import { errorMessage } from '@/lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * What checking and sending the form needs — the shared schema (zod) and Supabase Auth — comes when a field is
 * first focused and with the first submit, not with the page: a phone on 3G downloads a third of the
 * JavaScript to show two fields.
 */
const loginSchema = loadOnce(() => import('@shared/schemas/accounts.ts').then((m) => m.LoginInputSchema));
const loadSupabase = loadOnce(() => import('@/lib/supabase.ts'));

export function LoginPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [invite] = useState(pendingInvitation);
  // Sent here because the server ended the session: said once, on this visit (not after a reload).
  const [sessionEnded] = useState(() => sessionStorage.getItem(SESSION_ENDED_KEY) === '1');
  useEffect(() => sessionStorage.removeItem(SESSION_ENDED_KEY), []);
  const captcha = useCaptcha();
  const form = useCheckedForm(loginSchema, { email: '', password: '' });

  const onSubmit = form.submit(async (input) => {
    try {
      const { supabase } = await loadSupabase();
      const { error } = await supabase.auth
        .signInWithPassword({
          ...input,
          options: { captchaToken: captcha.token },
        })
        .finally(captcha.reset);
      if (error) throw error;
      await queryClient.invalidateQueries(currentUserQuery);
      notify({
        title: intl.formatMessage({ id: 'auth.welcomeBack' }),
        description: intl.formatMessage({ id: 'auth.signedIn' }),
      });
      // The page then leaves for where the person was going (VisitorsOnly: the invitation, the screen, /).
    } catch (error) {
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'auth.signInFailed' }),
        description: errorMessage(intl, error),
      });
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="auth.welcome" values={{ product: PRODUCT_NAME }} />
      </h1>
      <p className="opacity-70">
        <FormattedMessage id="auth.subtitle" />
      </p>
      {sessionEnded && (
        <p role="status" className="alert alert-info alert-soft mt-2 text-sm">
          <FormattedMessage id="auth.sessionExpired" />
        </p>
      )}
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} onFocus={form.preload} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'auth.email' })}
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.password' })}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        {captcha.element}
        <button type="submit" className="btn btn-primary min-h-11" disabled={form.submitting}>
          <FormattedMessage id={form.submitting ? 'auth.signingIn' : 'auth.signIn'} />
        </button>
      </form>
      <p className="mt-2 text-sm">
        <Link to="/forgot-password" className="link link-primary">
          <FormattedMessage id="auth.forgotLink" />
        </Link>
      </p>
      <p className="mt-2 text-sm">
        <FormattedMessage id="auth.noAccount" />{' '}
        {/* Come from a team invitation: the account is made for that business, not a new one. */}
        <Link to={invite ? `/invite/${invite}/register` : '/register'} className="link link-primary">
          <FormattedMessage id="auth.createAccount" />
        </Link>
      </p>
      <TermsNotice className="mt-2" />
    </AuthLayout>
  );
}
