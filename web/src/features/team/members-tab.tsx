// Members: the role count cards, the members and pending invitations (status Active or Invited), and the
// role permissions explainer. OWNER and MANAGER invite, change roles, remove members and revoke or renew
// invitations; a MANAGER never reaches the OWNER role. Everyone else reads.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Role } from '@shared/schemas/team.ts';
import { ROLES } from '@shared/schemas/values.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { firstAnswerComing } from '@/lib/query-client.ts';
import { notifySaved, notifyError } from '@/lib/feedback.ts';
import { useCurrentUser } from '@/lib/session/current-user.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useInvitations, useInvite, useRevokeInvitation } from './api/invitations.ts';
import { type CreatedInvitation, type Invitation } from './api/keys.ts';
import { type Member, useChangeRole, useMembers, useRemoveMember } from './api/members.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { MembersList, fullName } from './members-list.tsx';
import { RoleCards } from './role-cards.tsx';
import { Permissions } from './role-permissions.tsx';
import { useT } from '@/lib/i18n.tsx';

type Open =
  | { kind: 'invite'; created?: CreatedInvitation }
  | { kind: 'remove'; member: Member }
  | { kind: 'revoke'; invitation: Invitation }
  | null;

export function MembersTab() {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const me = useCurrentUser().data;
  const canInvite = useCan('team.invite');
  const canManage = useCan('team.manageMembers');
  const canManageOwners = useCan('team.manageOwners');
  const members = useMembers();
  const invitations = useInvitations();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const invite = useInvite();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const fail = (e: unknown) => notifyError(intl, e);

  // Yourself: leaving or demoting yourself is not done from this list. The OWNER role (a member who holds
  // it, an invitation to it) is for those with team.manageOwners.
  const canActOn = (m: Member) => canManage && m.id !== me?.id && (canManageOwners || m.role !== 'OWNER');
  const canRevoke = (i: Invitation) => canInvite && (canManageOwners || i.role !== 'OWNER');
  const roleOptions = ROLES.filter((r) => canManageOwners || r !== 'OWNER');

  const onRole = async (member: Member, role: Role) => {
    try {
      const result = await changeRole.mutateAsync({ member, role });
      notifySaved(intl, result, 'team.roleChanged', { name: fullName(member), role: t(`app.role.${role}`) });
    } catch (e) {
      fail(e);
    }
  };
  const onNewLink = async (i: Invitation) => {
    try {
      const created = await invite.mutateAsync({ email: i.email, role: i.role });
      notifySaved(intl, created, 'team.newLinkMade');
      if (created?.link) setOpen({ kind: 'invite', created });
    } catch (e) {
      fail(e);
    }
  };

  const memberActions = (m: Member) => (
    <div className="flex flex-wrap items-center gap-1">
      <select
        className="select select-bordered select-sm min-h-11 w-36"
        aria-label={t('team.changeRole', { name: fullName(m) })}
        value={m.role}
        disabled={changeRole.isPending}
        onChange={(e) => void onRole(m, e.target.value as Role)}
      >
        {roleOptions.map((r) => (
          <option key={r} value={r}>
            {t(`app.role.${r}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 text-error"
        aria-label={t('team.removeNamed', { name: fullName(m) })}
        onClick={() => setOpen({ kind: 'remove', member: m })}
      >
        {t('team.remove')}
      </button>
    </div>
  );
  const invitationActions = (i: Invitation) => (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11"
        aria-label={t('team.newLinkFor', { email: i.email })}
        disabled={invite.isPending}
        onClick={() => void onNewLink(i)}
      >
        {t('team.newLink')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 text-error"
        aria-label={t('team.revokeFor', { email: i.email })}
        onClick={() => setOpen({ kind: 'revoke', invitation: i })}
      >
        {t('team.revoke')}
      </button>
    </div>
  );

  const rows = members.data?.rows ?? [];
  const pending = invitations.data ?? [];
  // Drawn together once members and invitations are here: the explainer below does not move down twice.
  const loading = firstAnswerComing(members) || firstAnswerComing(invitations);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm opacity-70">{t(canInvite ? 'team.intro' : 'team.readOnly')}</p>
        {canInvite && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => setOpen({ kind: 'invite' })}
          >
            {t('team.invite')}
          </button>
        )}
      </div>
      {/* Counted only from the list itself: without it, no "0 owners". */}
      {members.data && !loading && <RoleCards members={rows} />}
      {!members.data || loading ? (
        <NotLoaded failed={members.isError} />
      ) : rows.length + pending.length === 0 ? (
        <EmptyState title={t('team.empty')} />
      ) : (
        <MembersList
          members={rows}
          invitations={pending}
          me={me?.id}
          withActions={canManage || canInvite}
          actions={(r) =>
            'member' in r
              ? canActOn(r.member) && memberActions(r.member)
              : canRevoke(r.invitation) && invitationActions(r.invitation)
          }
        />
      )}
      {!loading && <Permissions />}
      {open?.kind === 'invite' && <InviteDialog created={open.created} onClose={close} />}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title={t('team.removeTitle')}
          message={t('team.removeConfirm', { name: fullName(open.member), org: org.name })}
          confirmLabel={t('team.remove')}
          pending={remove.isPending}
          onClose={close}
          onConfirm={async () => {
            try {
              const result = await remove.mutateAsync(open.member);
              notifySaved(intl, result, 'team.removed', { name: fullName(open.member) });
              close();
            } catch (e) {
              fail(e);
            }
          }}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('team.revokeTitle')}
          message={t('team.revokeConfirm', { email: open.invitation.email })}
          confirmLabel={t('team.revoke')}
          pending={revoke.isPending}
          onClose={close}
          onConfirm={async () => {
            try {
              const result = await revoke.mutateAsync(open.invitation);
              notifySaved(intl, result, 'team.revoked');
              close();
            } catch (e) {
              fail(e);
            }
          }}
        />
      )}
    </div>
  );
}
