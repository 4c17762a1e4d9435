import { FormattedMessage } from 'react-intl';
import type { CurrentUser } from '../auth/api/current-user.ts';
import { useOrganization } from './organization.tsx';

/** The signed-in start page until the dashboard arrives: who you are, your organization and role. */
export function HomePage({ user }: { user: CurrentUser }) {
  const org = useOrganization();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="app.welcome" values={{ name: user.firstName || user.email }} />
      </h1>
      {org && (
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <p className="text-sm opacity-70">
              <FormattedMessage id="app.yourOrganization" />
            </p>
            <p className="text-lg font-semibold">{org.name}</p>
            <p className="text-sm">
              {org.country} · {org.currency}
            </p>
            <p className="text-sm">
              <FormattedMessage
                id="app.role"
                values={{ role: <FormattedMessage id={`app.role.${org.role}`} /> }}
              />
            </p>
          </div>
        </div>
      )}
      <p className="opacity-70">
        <FormattedMessage id="app.comingNext" />
      </p>
    </section>
  );
}
