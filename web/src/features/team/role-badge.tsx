import { FormattedMessage } from 'react-intl';
import type { Role } from '@shared/schemas/team.ts';

const COLOR: Record<Role, string> = {
  OWNER: 'badge-primary',
  MANAGER: 'badge-secondary',
  ACCOUNTANT: 'badge-accent',
  SALES: 'badge-neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${COLOR[role]}`} data-testid="role-badge">
      <FormattedMessage id={`app.role.${role}`} />
    </span>
  );
}
