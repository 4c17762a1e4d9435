// The signed-in frame: sidebar navigation (a slide-out menu on phones), the header with the page title,
// connection state, theme switch and user menu, and the organization switcher.
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Drawer, MenuButton } from '../../components/ui/drawer.tsx';
import { ThemeSwitch } from '../../components/ui/theme-switch.tsx';
import { PRODUCT_NAME } from '../../lib/product.ts';
import type { CurrentUser } from '../auth/api/current-user.ts';
import { ConnectionBadge } from './connection-badge.tsx';
import { UserMenu } from './user-menu.tsx';

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

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const link = ({ to, id }: { to: string; id: string }) => (
    <li key={to}>
      <NavLink
        to={to}
        end
        onClick={onNavigate}
        className={({ isActive }) => `min-h-11 ${isActive ? 'menu-active' : ''}`}
      >
        <FormattedMessage id={id} />
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

function OrganizationCard({ user }: { user: CurrentUser }) {
  const org = user.organizations[0];
  if (!org) return null;
  return (
    <div className="rounded-box bg-base-200 p-3 text-sm" data-testid="organization-switcher">
      <p className="font-semibold">{org.name}</p>
      <p className="opacity-70">
        {org.country} · {org.currency}
      </p>
      <div className="mt-2 flex flex-col">
        <Link to="/settings" className="link min-h-11 content-center">
          <FormattedMessage id="shell.organizationSettings" />
        </Link>
        <a href="/api/logout" className="link min-h-11 content-center">
          <FormattedMessage id="app.signOut" />
        </a>
      </div>
    </div>
  );
}

export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const current = [...NAV, ...MANAGEMENT].find((n) => n.to === pathname);
  return (
    <div className="flex min-h-screen bg-base-100 text-base-content">
      <aside className="hidden w-64 shrink-0 flex-col gap-4 border-r border-base-300 p-4 md:flex">
        <Link to="/" className="text-xl font-bold text-primary">
          {PRODUCT_NAME}
        </Link>
        <OrganizationCard user={user} />
        <Navigation />
      </aside>
      {open && (
        <Drawer id="app-menu" side="left" onClose={() => setOpen(false)}>
          <OrganizationCard user={user} />
          <Navigation onNavigate={() => setOpen(false)} />
          <a href="/api/logout" className="btn btn-outline min-h-11">
            <FormattedMessage id="app.signOut" />
          </a>
        </Drawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-base-300 bg-base-100/95 px-3 py-2 backdrop-blur">
          <MenuButton open={open} onOpen={() => setOpen(true)} controls="app-menu" />
          <h1 className="flex-1 truncate text-lg font-semibold">
            {current && <FormattedMessage id={current.id} />}
          </h1>
          <ConnectionBadge />
          <div className="hidden sm:block">
            <ThemeSwitch />
          </div>
          <UserMenu user={user} />
        </header>
        <main className="flex-1">{children}</main>
      </div>
    </div>
  );
}
