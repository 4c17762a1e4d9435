// The dashboard (/): the four metric cards with computed hints, the sales pipeline, inventory alerts,
// Getting Started, recent activity and quick actions — all from one call (GET /api/dashboard, computed in
// the database), so a phone on 3G waits for one answer, not a dozen. The dialogs load when opened.
import { FormattedMessage } from 'react-intl';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { useDashboard } from './api/dashboard.ts';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import { useOnline } from '@/lib/connection.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { MetricCards } from './metric-cards.tsx';
import { Pipeline } from './pipeline.tsx';
import { InventoryAlerts } from './inventory-alerts.tsx';
import { GettingStarted } from './getting-started.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { QuickActions, type QuickDialogs } from './quick-actions.tsx';

export type { QuickDialogs };

/**
 * The figures, pipeline, alerts and steps come together with the one answer they are all from: until then,
 * "Loading..." under the greeting, never cards that claim there is nothing ("No inventory alerts", no step
 * done) nor ones that grow and push what is below as the answer comes in.
 */
export function DashboardPage({ user, dialogs }: { user: CurrentUser; dialogs: QuickDialogs }) {
  const org = useOrganization();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const online = useOnline();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <div>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="app.welcome" values={{ name: user.firstName || user.email }} />
        </h1>
        <p className="text-sm opacity-70">
          {org.name} ·{' '}
          <FormattedMessage
            id="app.role"
            values={{ role: <FormattedMessage id={`app.role.${org.role}`} /> }}
          />
        </p>
      </div>
      {d ? (
        <>
          <MetricCards d={d} />
          <Pipeline pipeline={d.pipeline} />
          <div className="grid gap-4 md:grid-cols-2">
            <QuickActions dialogs={dialogs} />
            <RecentActivity activity={d.activity} />
            <InventoryAlerts alerts={d.inventoryAlerts.items} />
            <GettingStarted g={d.gettingStarted} />
          </div>
        </>
      ) : (
        <>
          <NotLoaded failed={dashboard.isError} />
          {/* Offline, or when the figures cannot load, the quick actions still work (an invoice can be
              written offline); nothing is drawn below them that could push them down. */}
          {(dashboard.isError || !online) && <QuickActions dialogs={dialogs} />}
        </>
      )}
    </section>
  );
}
