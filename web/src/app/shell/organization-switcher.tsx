// The sidebar's organization card: the current organization (name, country with currency), a list to
// switch to another, "Create organization", Organization Settings and Sign Out.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { createOrganization } from '@/lib/api/organizations.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { selectOrganization, type Organization } from '@/lib/organization.tsx';
import { SignOutLink } from './pending-changes.tsx';
import { useT } from '@/lib/i18n.tsx';

// The form (and its validation library) loads when "Create organization" is chosen, not with every screen.
const OrganizationForm = lazy(() =>
  import('@/features/settings/organization-form.tsx').then((m) => ({ default: m.OrganizationForm })),
);

export function OrganizationSwitcher({
  user,
  current,
  onNavigate,
}: {
  user: CurrentUser;
  current: Organization;
  onNavigate?: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const regionName = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const others = user.organizations.filter((o) => o.id !== current.id);
  return (
    <div className="rounded-box bg-base-200 p-3 text-sm" data-testid="organization-switcher">
      <p className="font-semibold" data-testid="current-organization">
        {current.name}
      </p>
      <p className="opacity-70">
        {regionName.of(current.country) ?? current.country} · {current.currency}
      </p>
      {others.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-semibold uppercase opacity-75">
            <FormattedMessage id="org.switchTo" />
          </p>
          <ul className="menu p-0">
            {others.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  className="min-h-11"
                  onClick={() => {
                    selectOrganization(o.id);
                    onNavigate?.();
                  }}
                >
                  {o.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-2 flex flex-col">
        <button type="button" className="link min-h-11 text-left" onClick={() => setCreating(true)}>
          <FormattedMessage id="org.create" />
        </button>
        <Link to="/settings?tab=organization" className="link min-h-11 content-center" onClick={onNavigate}>
          <FormattedMessage id="shell.organizationSettings" />
        </Link>
        <SignOutLink className="link min-h-11 content-center" />
      </div>
      {creating && (
        <Dialog title={t('org.create')} onClose={() => setCreating(false)}>
          <Suspense fallback={<Loading />}>
            <OrganizationForm
              initial={{ country: current.country as never, currency: current.currency as never }}
              submitLabel={t('org.createSubmit')}
              pendingLabel={t('org.creatingShort')}
              onSubmit={async (input) => {
                const created = await createOrganization(input);
                await queryClient.invalidateQueries(currentUserQuery);
                selectOrganization(created.id);
                setCreating(false);
                onNavigate?.();
                notify({ title: t('common.success'), description: t('org.created') });
              }}
            />
          </Suspense>
        </Dialog>
      )}
    </div>
  );
}
