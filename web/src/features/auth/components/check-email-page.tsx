// "Check your email": where registration ends when the project confirms emails (hosted projects do). Nothing
// is signed in and no organization exists yet; the mail's link signs the person in and the app then creates
// the organization they asked for (CreateOrganization). The mail can be sent again — Auth allows one a
// minute, and says so — or the person starts over with another address. The mail's link comes back here:
// with a session the page goes on (VisitorsOnly) to create the organization; with an error (a link used
// already, or older than an hour) it says so, and offers a new mail or sign-in. After a sign-up through an
// invite link the page says the invitation waits, and a mail sent again links back to the invitation.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { useCaptcha } from '@/components/captcha.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { errorMessage } from '@/lib/validation-message.ts';
import { PENDING_EMAIL_KEY, PENDING_INVITE_KEY } from '@/lib/session/return-path.ts';
import { AuthLayout } from './auth-layout.tsx';

export function CheckEmailPage() {
  const intl = useIntl();
  const [email] = useState(() => sessionStorage.getItem(PENDING_EMAIL_KEY));
  // Set when the sign-up came through an invite link: the mail's link goes back to the invitation.
  const [invite] = useState(() => sessionStorage.getItem(PENDING_INVITE_KEY));
  // Read before the Supabase client (loaded for a resend) clears the address.
  const [linkFailed] = useState(() => /(^#|&)error_code=/.test(window.location.hash));
  const [sending, setSending] = useState(false);
  const captcha = useCaptcha();
  if (!email && !linkFailed) return <Navigate to="/register" replace />;

  const resend = async (email: string) => {
    setSending(true);
    try {
      const { supabase } = await import('@/lib/supabase.ts');
      const { error } = await supabase.auth
        .resend({
          type: 'signup',
          email,
          options: {
            emailRedirectTo: `${window.location.origin}${invite ? `/invite/${encodeURIComponent(invite)}` : '/check-email'}`,
            captchaToken: captcha.token,
          },
        })
        .finally(captcha.reset);
      if (error) throw error;
      notify({ title: intl.formatMessage({ id: 'checkEmail.resent' }, { email }) });
    } catch (e) {
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'checkEmail.resendFailed' }),
        description: errorMessage(intl, e),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout>
      <div role="status" className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id={linkFailed ? 'checkEmail.linkFailedTitle' : 'checkEmail.title'} />
        </h1>
        {linkFailed ? (
          <p role="alert">
            <FormattedMessage id="checkEmail.linkFailed" />
          </p>
        ) : (
          <>
            <p>
              <FormattedMessage
                id={invite ? 'checkEmail.inviteText' : 'checkEmail.text'}
                values={{ email: <strong>{email}</strong> }}
              />
            </p>
            <p className="text-sm opacity-70">
              <FormattedMessage id="checkEmail.hint" />
            </p>
          </>
        )}
        {email && captcha.element}
        {email && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={sending}
            onClick={() => void resend(email)}
          >
            <FormattedMessage id={sending ? 'checkEmail.resending' : 'checkEmail.resend'} />
          </button>
        )}
        {linkFailed && (
          <Link to="/login" className={`btn min-h-11 ${email ? 'btn-ghost' : 'btn-primary'}`}>
            <FormattedMessage id="register.signIn" />
          </Link>
        )}
        {/* The invitation names its address: there is no other to use. */}
        {!invite && (
          <Link
            to="/register"
            className="btn btn-ghost min-h-11"
            onClick={() => sessionStorage.removeItem(PENDING_EMAIL_KEY)}
          >
            <FormattedMessage id="checkEmail.otherAddress" />
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
