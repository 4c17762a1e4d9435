// /invite/:token/register — the sign-up of someone invited: only their name, the invitation's email (read
// only) and a password. The server creates the account and joins the inviting organization with the invited
// role in one step (POST /api/auth/register with the link's token); they land in it, with no organization of
// their own to set up. Where the project confirms emails, they go to "Check your email" instead, and the
// mail's link brings them back to the invitation, signed in, to accept it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { PersonFields } from '@/components/person-fields.tsx';
import { useCaptcha } from '@/components/captcha.tsx';
import { TermsNotice } from '@/components/terms-notice.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { useLocale, useT } from '@/lib/i18n.tsx';
import { selectOrganization } from '@/lib/organization.tsx';
import { currentUserQuery, useCurrentUser } from '@/lib/session/current-user.ts';
import { errorMessage, refusalOf } from '@/lib/validation-message.ts';
import { registerInvitee, useInvitationPreview } from './api/invitation-link.ts';
import { type InvitationPreview } from './api/keys.ts';
import { INVITE_KEY, PENDING_EMAIL_KEY, PENDING_INVITE_KEY } from '@/lib/session/return-path.ts';
import { useCheckedForm } from '@/lib/checked-form.ts';
import { loadOnce } from '@/lib/load-once.ts';

// Drawn without zod, a form library and the Supabase client, like the registration page: the check comes when
// a field is first focused, the client with the new member's session.
const inviteeSchema = loadOnce(() =>
  import('@shared/schemas/accounts.ts').then((m) => m.RegisterInviteeInputSchema),
);

export function InviteRegisterPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const { data: user, isPending } = useCurrentUser();
  // Set while this page signs the new person in: they are on their way into the organization.
  const [joining, setJoining] = useState(false);
  // Someone signed in, or a link that can no longer be used, goes back to the invitation, which says why.
  if (!joining && (user || preview.isError || (preview.data && preview.data.status !== 'PENDING')))
    return <Navigate to={`/invite/${token}`} replace />;
  if (!preview.data || isPending) return <Loading />;
  return <InviteRegisterForm token={token} invitation={preview.data} onJoining={setJoining} />;
}

function InviteRegisterForm({
  token,
  invitation,
  onJoining,
}: {
  token: string;
  invitation: InvitationPreview;
  onJoining: (joining: boolean) => void;
}) {
  const intl = useIntl();
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useCheckedForm(inviteeSchema, {
    invitationToken: token,
    firstName: '',
    lastName: '',
    email: invitation.email,
    password: '',
  });
  const role = t(`app.role.${invitation.role}`);
  const captcha = useCaptcha();

  useEffect(() => {
    sessionStorage.setItem(INVITE_KEY, token);
  }, [token]);

  const onSubmit = form.submit(async (input) => {
    onJoining(true);
    try {
      const joined = await registerInvitee({ ...input, locale, captchaToken: captcha.token }).finally(
        captcha.reset,
      );
      if ('confirmationRequired' in joined) {
        // The project confirms emails: nothing is joined until the mail's link, which comes back to the
        // invitation signed in, is followed.
        sessionStorage.setItem(PENDING_EMAIL_KEY, joined.email);
        sessionStorage.setItem(PENDING_INVITE_KEY, token);
        void navigate('/check-email');
        return;
      }
      // The session Auth's sign-up started (signing in again would need a second captcha token).
      const { supabase } = await import('@/lib/supabase.ts');
      const { error: signInError } = await supabase.auth.setSession(joined.session);
      if (signInError) throw signInError;
      sessionStorage.removeItem(INVITE_KEY);
      selectOrganization(joined.organization.id);
      await queryClient.invalidateQueries(currentUserQuery);
      notify({
        title: t('invite.joined', { org: joined.organization.name }),
        description: t('invite.joinedText', { role: t(`app.role.${joined.role}`) }),
      });
      void navigate('/', { replace: true });
    } catch (e) {
      onJoining(false);
      notify({ variant: 'error', title: t('register.failed'), description: errorMessage(intl, e) });
      form.showRefusal(refusalOf(e));
    }
  });

  return (
    <section className="mx-auto flex w-full max-w-lg flex-col gap-4 p-6" data-testid="invite-register">
      <h1 className="text-2xl font-bold">
        {t('invite.registerTitle', { org: invitation.organizationName })}
      </h1>
      <p>{t('invite.registerText', { org: invitation.organizationName, role })}</p>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} onFocus={form.preload} noValidate>
        <PersonFields form={form} emailReadOnly />
        {captcha.element}
        <button type="submit" className="btn btn-primary min-h-11" disabled={form.submitting}>
          {t(form.submitting ? 'invite.registerSubmitting' : 'invite.registerSubmit')}
        </button>
      </form>
      <p className="text-sm">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="link link-primary">
          {t('register.signIn')}
        </Link>
      </p>
      <TermsNotice />
    </section>
  );
}
