// What each role may do, under the members list.
import { useIntl } from 'react-intl';
import { ROLES } from '@shared/schemas/values.ts';
import { RoleBadge } from './role-badge.tsx';

export function Permissions() {
  const intl = useIntl();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="role-permissions">
      <h2 id="role-permissions" className="text-lg font-semibold">
        {intl.formatMessage({ id: 'team.permissions' })}
      </h2>
      <dl className="grid gap-3 md:grid-cols-2">
        {ROLES.map((role) => (
          <div key={role} className="rounded-box bg-base-200 p-4">
            <dt>
              <RoleBadge role={role} />
            </dt>
            <dd className="mt-2 text-sm">{intl.formatMessage({ id: `team.permission.${role}` })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
