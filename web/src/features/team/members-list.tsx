// The members and the invitations not yet accepted, in one list (a table on wide screens, cards on phones):
// name, e-mail, role, date joined and status (Active, or Invited until it expires), and the row's actions for
// those who manage the team.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { Invitation } from './api/keys.ts';
import type { Member } from './api/members.ts';
import { RoleBadge } from './role-badge.tsx';

/** A row of the list: a member, or an invitation not yet accepted. */
export type Row = { id: string } & ({ member: Member } | { invitation: Invitation });

export const fullName = (m: Member) => `${m.user.firstName} ${m.user.lastName}`.trim() || m.user.email;

export function MembersList({
  members,
  invitations,
  me,
  withActions,
  actions,
}: {
  members: Member[];
  invitations: Invitation[];
  /** The member signed in, named "(you)". */
  me: string | undefined;
  /** Whether the rows have actions (for those who manage members or invite). */
  withActions: boolean;
  /** A row's actions. */
  actions: (row: Row) => ReactNode;
}) {
  const intl = useIntl();
  const t = useT();
  const date = (s: string) => new Date(s).toLocaleDateString(intl.locale);
  const expires = (i: Invitation) => t('team.expires', { date: date(i.expiresAt) });
  return (
    <DataList<Row>
      testId="members-table"
      rows={[
        ...members.map((member) => ({ id: member.id, member })),
        ...invitations.map((invitation) => ({ id: invitation.id, invitation })),
      ]}
      rowTestId={(r) => ('member' in r ? 'member-row' : 'invitation-row')}
      columns={[
        {
          key: 'name',
          header: t('team.col.name'),
          cell: (r, form) =>
            'member' in r ? (
              <>
                <span className="font-medium">{fullName(r.member)}</span>
                {r.member.id === me && <span className="opacity-70"> {t('team.you')}</span>}
              </>
            ) : (
              // An invitation has no name yet: its email is its title on a card, in its column in the table.
              form === 'card' && r.invitation.email
            ),
          card: 'title',
        },
        {
          key: 'email',
          table: 'lg',
          header: t('team.col.email'),
          cell: (r, form) => ('member' in r ? r.member.user.email : form === 'table' && r.invitation.email),
          card: 'subtitle',
        },
        {
          key: 'role',
          header: t('team.col.role'),
          cell: (r) => <RoleBadge role={'member' in r ? r.member.role : r.invitation.role} />,
          card: 'badge',
        },
        {
          key: 'joined',
          table: 'lg',
          header: t('team.col.joined'),
          cell: (r) => 'member' in r && date(r.member.createdAt),
          nowrap: true,
          card: 'meta',
        },
        {
          key: 'status',
          header: t('team.col.status'),
          cell: (r, form) =>
            'member' in r ? (
              <span className="badge badge-sm badge-success">{t('team.status.active')}</span>
            ) : (
              <>
                <span className="badge badge-sm badge-warning">{t('team.status.invited')}</span>
                {form === 'table' && (
                  <span className="block text-xs opacity-70">{expires(r.invitation)}</span>
                )}
              </>
            ),
          card: 'badge',
        },
        {
          key: 'expires',
          header: '',
          cell: (r) => 'invitation' in r && expires(r.invitation),
          table: false,
          card: 'meta',
        },
        ...(withActions
          ? [
              {
                key: 'actions',
                header: t('team.col.actions'),
                cell: (r: Row) => actions(r),
                card: 'actions' as const,
              },
            ]
          : []),
      ]}
    />
  );
}
