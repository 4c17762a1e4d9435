// How many members hold each role, a card per role above the members list.
import { useIntl } from 'react-intl';
import { ROLES } from '@shared/schemas/values.ts';
import type { Member } from './api/members.ts';

export function RoleCards({ members }: { members: Member[] }) {
  const intl = useIntl();
  return (
    <ul
      className="grid grid-cols-2 gap-3 md:grid-cols-4"
      aria-label={intl.formatMessage({ id: 'team.membersByRole' })}
    >
      {ROLES.map((role) => (
        <li key={role} className="rounded-box border border-base-300 p-4" data-testid={`role-count-${role}`}>
          <p className="text-sm opacity-70">{intl.formatMessage({ id: `app.role.${role}` })}</p>
          <p className="text-2xl font-bold">{members.filter((m) => m.role === role).length}</p>
        </li>
      ))}
    </ul>
  );
}
