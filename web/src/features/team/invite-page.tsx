// /invite/:token — what an invite link opens, signed in or not: who invites whom to which organization with
// which role. A visitor signs in (the token is kept for this tab under kasuwa-invite) or creates an account
// that joins at once (invite-register-page.tsx); the invited person, signed in, joins and lands in the
// organization.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LinkNotLoaded, Loading } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/validation-message.ts';
import { INVITE_KEY } from '@/lib/session/return-path.ts';
import { useCurrentUser } from '@/lib/session/current-user.ts';
import { selectOrganization } from '@/lib/organization.tsx';
import { useAcceptInvitation, useInvitationPreview } from './api/invitation-link.ts';
import { type InvitationPreview } from './api/keys.ts';
import { useT } from '@/lib/i18n.tsx';

const STATE_MESSAGE: Record<Exclude<InvitationPreview['status'], 'PENDING'>, string> = {
  EXPIRED: 'invite.expired',
  REVOKED: 'invite.revoked',
  ACCEPTED: 'invite.accepted',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 p-6" data-testid="invite-page">
      {children}
    </section>
  );
}

export function InvitePage() {
  const { token = '' } = useParams();
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useInvitationPreview(token);
  const { data: user, isPending: userPending } = useCurrentUser();
  const accept = useAcceptInvitation();
  // Back from a confirmation mail whose link had expired or was used (Auth says so in the address).
  const [linkFailed] = useState(() => /(^#|&)error_code=/.test(window.location.hash));

  // Kept for this tab so that, once signed in or registered, the invitation can be found again.
  useEffect(() => {
    if (token) sessionStorage.setItem(INVITE_KEY, token);
  }, [token]);

  if (preview.isError)
    return (
      <Frame>
        <LinkNotLoaded error={preview.error} invalidId="invite.invalid" />
      </Frame>
    );
  if (!preview.data || userPending) return <Loading />;

  const p = preview.data;
  const role = t(`app.role.${p.role}`);
  const values = { org: p.organizationName, email: p.email, role, inviter: p.inviterName ?? '' };
  const mine = !!user && user.email.toLowerCase() === p.email.toLowerCase();
  // An accepted link still opens the organization for the person it was for (accept answers alreadyMember).
  const canJoin = mine && (p.status === 'PENDING' || p.status === 'ACCEPTED');

  const join = async () => {
    try {
      const joined = await accept.mutateAsync(token);
      sessionStorage.removeItem(INVITE_KEY);
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      selectOrganization(joined.organization.id);
      notify({
        title: t('invite.joined', { org: joined.organization.name }),
        description: t('invite.joinedText', { role: t(`app.role.${joined.role}`) }),
      });
      void navigate('/');
    } catch (e) {
      // Only this refusal is about the account; another (an unconfirmed address) says its own reason.
      const wrongAccount = e instanceof ApiError && e.reason === 'INVITATION_OTHER_EMAIL';
      notify({
        variant: 'error',
        title: t('common.error'),
        description: wrongAccount
          ? t('invite.wrongAccount', { email: p.email, current: user?.email ?? '' })
          : errorMessage(intl, e),
      });
      await preview.refetch();
    }
  };

  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t('invite.title', { org: p.organizationName })}</h1>
      {linkFailed && !user && (
        <div role="alert" className="alert alert-warning flex-col items-start">
          <p className="font-semibold">{t('checkEmail.linkFailedTitle')}</p>
          <p>{t('checkEmail.linkFailed')}</p>
        </div>
      )}
      <p data-testid="invite-summary">{t(p.inviterName ? 'invite.text' : 'invite.textNoInviter', values)}</p>
      {p.status === 'PENDING' ? (
        <p className="text-sm opacity-70">
          {t('invite.expiresOn', { date: new Date(p.expiresAt).toLocaleDateString(intl.locale) })}
        </p>
      ) : (
        !canJoin && (
          <p role="alert" className="alert alert-warning">
            {t(STATE_MESSAGE[p.status])}
          </p>
        )
      )}
      {!user ? (
        p.status === 'PENDING' && (
          <>
            <p>{t('invite.signedOutText', { email: p.email })}</p>
            <div className="flex flex-wrap gap-2">
              <Link to="/login" className="btn btn-primary min-h-11">
                {t('invite.signIn')}
              </Link>
              <Link to={`/invite/${token}/register`} className="btn btn-outline min-h-11">
                {t('invite.register')}
              </Link>
            </div>
          </>
        )
      ) : canJoin ? (
        <button
          type="button"
          className="btn btn-primary min-h-11 self-start"
          disabled={accept.isPending}
          onClick={() => void join()}
        >
          {t(p.status === 'ACCEPTED' ? 'invite.open' : 'invite.join', { org: p.organizationName })}
        </button>
      ) : (
        p.status === 'PENDING' && (
          <>
            <p role="alert" className="alert alert-warning">
              {t('invite.wrongAccount', { email: p.email, current: user.email })}
            </p>
            <a href="/api/logout" className="btn btn-outline min-h-11 self-start">
              {t('invite.signOut')}
            </a>
          </>
        )
      )}
    </Frame>
  );
}
