// The marketing pages' frame: navigation (with a slide-in menu on phones) and footer.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch.tsx';
import { Drawer, MenuButton } from '@/components/ui/drawer.tsx';
import { ThemeSwitch } from '@/components/ui/theme-switch.tsx';
import { PRODUCT_NAME } from '@/lib/product.ts';

const LINKS = [
  { to: '/features', id: 'nav.features' },
  { to: '/pricing', id: 'nav.pricing' },
  { to: '/about', id: 'nav.about' },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          onClick={onNavigate}
          // /features#all-features counts as /features: the hash is not part of the match.
          className={() => `btn btn-ghost min-h-11 ${pathname === l.to ? 'btn-active text-primary' : ''}`}
          aria-current={pathname === l.to ? 'page' : undefined}
        >
          <FormattedMessage id={l.id} />
        </NavLink>
      ))}
      <Link to="/login" onClick={onNavigate} className="btn btn-ghost min-h-11">
        <FormattedMessage id="nav.signIn" />
      </Link>
      <Link to="/register" onClick={onNavigate} className="btn btn-primary min-h-11">
        <FormattedMessage id="nav.getStarted" />
      </Link>
    </>
  );
}

export function PublicLayout({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur print:hidden">
        <nav className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
          <Link
            to="/"
            className="text-xl font-bold text-primary"
            aria-label={intl.formatMessage({ id: 'nav.home' })}
          >
            {PRODUCT_NAME}
          </Link>
          <div className="hidden items-center gap-1 md:flex">
            <NavLinks />
            <LanguageSwitch />
          </div>
          <MenuButton open={open} onOpen={() => setOpen(true)} controls="mobile-menu" />
        </nav>
      </header>
      {open && (
        <Drawer id="mobile-menu" side="right" onClose={() => setOpen(false)}>
          <button type="button" className="btn btn-ghost min-h-11 self-end" onClick={() => setOpen(false)}>
            <span aria-hidden>✕</span>
            <span className="sr-only">
              <FormattedMessage id="nav.closeMenu" />
            </span>
          </button>
          <NavLinks onNavigate={() => setOpen(false)} />
          <LanguageSwitch />
        </Drawer>
      )}
      <main className="flex-1">{children ?? <Outlet />}</main>
      <footer className="border-t border-base-300 bg-base-200 print:hidden">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <div>
            <p>
              © {new Date().getFullYear()} {PRODUCT_NAME}. <FormattedMessage id="footer.rights" />
            </p>
            <p className="opacity-70">
              <FormattedMessage id="footer.tagline" />
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4">
              <Link to="/terms" className="link link-hover inline-flex min-h-11 items-center">
                <FormattedMessage id="footer.terms" />
              </Link>
              <Link to="/privacy" className="link link-hover inline-flex min-h-11 items-center">
                <FormattedMessage id="footer.privacy" />
              </Link>
            </p>
          </div>
          <ThemeSwitch />
        </div>
      </footer>
    </div>
  );
}
