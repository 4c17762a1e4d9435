// The signed-in frame: sidebar navigation (a slide-out menu on phones), the header with the page title,
// connection state, theme switch, notifications and user menu, and the organization switcher.
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Drawer, MenuButton } from '@/components/ui/drawer.tsx';
import { ThemeSwitch } from '@/components/ui/theme-switch.tsx';
import { PRODUCT_NAME } from '@/lib/product.ts';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import { useLocale } from '@/lib/i18n.tsx';
import { usePreferencesEffect, useSavePreferences } from '@/lib/preferences.ts';
import { ConnectionBadge } from './connection-badge.tsx';
import { PendingChanges, SignOutLink } from './pending-changes.tsx';
import { metricsQuery } from '@/lib/metrics.ts';
import { useIdle } from '@/lib/idle.ts';
import { usePreloadedToasts } from '@/components/ui/notify.tsx';
import { OrganizationProvider, useCurrentOrganization, type Organization } from '@/lib/organization.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { useOnline } from '@/lib/connection.ts';
import { queryClient } from '@/lib/query-client.ts';

export const NAV = [
  { to: '/', id: 'shell.nav.dashboard' },
  { to: '/inventory', id: 'shell.nav.inventory' },
  { to: '/sales', id: 'shell.nav.sales' },
  { to: '/crm', id: 'shell.nav.crm' },
  { to: '/accounting', id: 'shell.nav.accounting' },
  { to: '/reports', id: 'shell.nav.reports' },
] as const;
export const MANAGEMENT = [
  { to: '/team', id: 'shell.nav.team' },
  { to: '/settings', id: 'shell.nav.settings' },
] as const;

/** The inventory entry's badge: products at or below their low-stock threshold. */
function LowStockBadge({ org }: { org: Organization }) {
  const intl = useIntl();
  // Not a read the screen waits for: asked for once the screen is done (Inventory's own tab asks at once).
  const count = useQuery({ ...metricsQuery(org.id), enabled: useIdle() }).data?.lowStockItems ?? 0;
  if (!count) return null;
  return (
    <span
      className="badge badge-sm badge-warning"
      data-testid="low-stock-badge"
      aria-label={intl.formatMessage({ id: 'shell.lowStockBadge' }, { count })}
    >
      {count}
    </span>
  );
}

function Navigation({ org, onNavigate }: { org: Organization; onNavigate?: () => void }) {
  const link = ({ to, id }: { to: string; id: string }) => (
    <li key={to}>
      <NavLink
        to={to}
        end
        onClick={onNavigate}
        className={({ isActive }) => `min-h-11 items-center ${isActive ? 'menu-active' : ''}`}
      >
        <FormattedMessage id={id} />
        {to === '/inventory' && <LowStockBadge org={org} />}
      </NavLink>
    </li>
  );
  return (
    <ul className="menu w-full gap-1">
      {NAV.map(link)}
      <li className="menu-title">
        <FormattedMessage id="shell.management" />
      </li>
      {MANAGEMENT.map(link)}
    </ul>
  );
}

/** The interface follows the profile's language when the user (or another of their devices) changed it. */
function useProfileLocale(user: CurrentUser) {
  const { locale, setLocale } = useLocale();
  useEffect(() => {
    if (user.locale !== locale) setLocale(user.locale);
    // Only a change of the profile's locale moves the interface; the switch itself saves the profile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.locale]);
}

/** The header's theme switch; in the app the choice is saved with the member's preferences too. */
function AppThemeSwitch({ org }: { org: Organization }) {
  const save = useSavePreferences(org.id);
  return <ThemeSwitch onChange={(theme) => save.mutate({ theme })} />;
}

function PreferencesEffect({ org }: { org: Organization }) {
  usePreferencesEffect(org.id);
  return null;
}

export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const org = useCurrentOrganization(user);
  useProfileLocale(user);
  usePreloadedToasts(useIdle());
  const { pathname } = useLocation();
  // The screen's section: /sales/invoices/… is in Sales.
  const current = [...NAV, ...MANAGEMENT].find(
    (n) => n.to === pathname || (n.to !== '/' && pathname.startsWith(`${n.to}/`)),
  );
  return (
    <div className="flex min-h-screen bg-base-100 text-base-content">
      <aside className="hidden w-64 shrink-0 flex-col gap-4 border-r border-base-300 p-4 md:flex print:hidden">
        <Link to="/" className="text-xl font-bold text-primary">
          {PRODUCT_NAME}
        </Link>
        {org && <OrganizationSwitcher user={user} current={org} />}
        {org && <Navigation org={org} />}
      </aside>
      {open && (
        <Drawer id="app-menu" side="left" onClose={() => setOpen(false)}>
          {org && <OrganizationSwitcher user={user} current={org} onNavigate={() => setOpen(false)} />}
          {org && <Navigation org={org} onNavigate={() => setOpen(false)} />}
          <div className="sm:hidden">{org && <AppThemeSwitch org={org} />}</div>
          <SignOutLink className="btn btn-outline min-h-11" />
        </Drawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* One row at any width: the title takes what the compact controls leave, on two lines if need be,
            and never less than its longest word (a word cut in two, "Compt / abilité", reads as two words):
            the connection state gives up its room first, on two lines. The bar is opaque: a page scrolled
            under it never shows through the title. */}
        <header className="sticky top-0 z-30 flex items-center gap-1 border-b border-base-300 bg-base-100 px-1 py-2 sm:gap-2 sm:px-3 print:hidden">
          <MenuButton open={open} onOpen={() => setOpen(true)} controls="app-menu" />
          <h1 className="line-clamp-2 min-w-min flex-1 text-base leading-tight font-semibold sm:text-lg">
            {current && <FormattedMessage id={current.id} />}
          </h1>
          <PendingChanges organizations={user.organizations} />
          <ConnectionBadge org={org ? { id: org.id, role: org.role } : undefined} />
          <div className="hidden sm:block">{org && <AppThemeSwitch org={org} />}</div>
          {org && <NotificationBell orgId={org.id} />}
          <UserMenu user={user} role={org?.role} />
        </header>
        <main className="flex-1">
          {org && (
            <OrganizationProvider key={org.id} org={org}>
              <PreferencesEffect org={org} />
              <WarmDevice org={org} />
              {children}
            </OrganizationProvider>
          )}
        </main>
      </div>
    </div>
  );
}

/**
 * Once the app is idle and online, keeps every screen's first data on the device (warm-device.ts), so each
 * opens offline after one sign-in; again when the connection comes back, for what was not kept yet.
 */
function WarmDevice({ org }: { org: Organization }) {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const stop = new AbortController();
    // After the screen on show has what it asked for (its reads come first on a slow connection), and when
    // the browser has nothing else to do.
    const later = window.setTimeout(function settle() {
      if (stop.signal.aborted) return;
      if (queryClient.isFetching() > 0) {
        window.setTimeout(settle, 500);
        return;
      }
      window.requestIdleCallback(
        () => {
          // Gone offline meanwhile: this effect runs again once the connection is back.
          if (stop.signal.aborted) return;
          void import('./warm-device.ts').then(
            ({ warmDevice }) => warmDevice(queryClient, { id: org.id, role: org.role }, stop.signal),
            () => {}, // its code could not be fetched (the connection dropped): the same
          );
        },
        { timeout: 5000 },
      );
    }, 2000);
    return () => {
      stop.abort();
      window.clearTimeout(later);
    };
  }, [online, org.id, org.role]);
  return null;
}
