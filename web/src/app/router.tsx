import { lazy, Suspense, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import { rememberReturnPath } from '@/lib/session/return-path.ts';
import { SessionGate, VisitorsOnly } from './session-gate.tsx';
import { readCurrentUserEarly } from '@/lib/session/current-user.ts';
import { freshStoredToken, hasStoredSession } from '@/lib/session/stored-session.ts';
import { PublicLayout } from './public-layout.tsx';
import { DocumentLayout } from './document-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { preloadable, withStrings } from './lazy-screen.tsx';
import {
  ForgotPasswordPage,
  CheckEmailPage,
  ResetPasswordPage,
  LogoutPage,
  PricingPage,
  FeaturesPage,
  AboutPage,
  TestimonialsPage,
  TermsPage,
  PrivacyPage,
  DemoPage,
  PublicStatementPage,
  PublicReceiptPage,
  PublicInvoicePage,
  PublicCreditNotePage,
  InvitePage,
  InviteRegisterPage,
  CreateOrganization,
  NotFoundPage,
} from './lazy-pages.tsx';

// Route-level code splitting: each page is its own chunk, loaded when first visited. The screens a first
// visit may open draw at once once their code is here (preloadable), which preloadScreen fetches at start
// with the strings: no "Loading..." between the session's answer and the screen (React would otherwise hold
// a screen whose code arrives just after a spinner for 300 ms more, so as not to flicker).
const LandingPage = preloadable(() =>
  import('@/features/marketing/landing-page.tsx').then((m) => m.LandingPage),
);
// Sign-in shows the shell's strings only (a visitor's first page may be this one).
const LoginPage = preloadable(() =>
  import('@/features/auth/components/login-page.tsx').then((m) => m.LoginPage),
);
// Registration too: its strings are the shell's.
const RegisterPage = preloadable(() =>
  import('@/features/auth/components/register-page.tsx').then((m) => m.RegisterPage),
);
const AppLayout = preloadable(withStrings(() => import('./shell/app-layout.tsx').then((m) => m.AppLayout)));
const DashboardPage = preloadable(
  withStrings(() => import('@/features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
);
const AccountingPage = preloadable(
  withStrings(() => import('@/features/accounting/accounting-page.tsx').then((m) => m.AccountingPage)),
);
const ReportsPage = preloadable(
  withStrings(() => import('@/features/reports/reports-page.tsx').then((m) => m.ReportsPage)),
);
const InventoryPage = preloadable(
  withStrings(() => import('@/features/inventory/inventory-page.tsx').then((m) => m.InventoryPage)),
);
const SalesPage = preloadable(
  withStrings(() => import('@/features/invoices/sales-page.tsx').then((m) => m.SalesPage)),
);
const InvoicePage = preloadable(
  withStrings(() => import('@/features/invoices/invoice-page.tsx').then((m) => m.InvoicePage)),
);
const ReceiptPage = preloadable(
  withStrings(() => import('@/features/payments/receipt-page.tsx').then((m) => m.ReceiptPage)),
);
const CreditNotePage = preloadable(
  withStrings(() => import('@/features/credit-notes/credit-note-page.tsx').then((m) => m.CreditNotePage)),
);
const StatementPage = preloadable(
  withStrings(() => import('@/features/statements/statement-page.tsx').then((m) => m.StatementPage)),
);
const SubscriptionPage = preloadable(
  withStrings(() => import('@/features/subscriptions/subscription-page.tsx').then((m) => m.SubscriptionPage)),
);
const CrmPage = preloadable(withStrings(() => import('@/features/crm/crm-page.tsx').then((m) => m.CrmPage)));
const TeamPage = preloadable(
  withStrings(() => import('@/features/team/team-page.tsx').then((m) => m.TeamPage)),
);
const SettingsPage = preloadable(
  withStrings(() => import('@/features/settings/settings-page.tsx').then((m) => m.SettingsPage)),
);

// The screens a first visit may open, by name (preloadScreen).
const screens = {
  landing: LandingPage,
  login: LoginPage,
  register: RegisterPage,
  dashboard: DashboardPage,
  shell: AppLayout,
  accounting: AccountingPage,
  reports: ReportsPage,
  inventory: InventoryPage,
  sales: SalesPage,
  invoice: InvoicePage,
  receipt: ReceiptPage,
  creditNote: CreditNotePage,
  statement: StatementPage,
  subscription: SubscriptionPage,
  crm: CrmPage,
  team: TeamPage,
  settings: SettingsPage,
};

// The app composes features: what one screen shows of another feature is passed in here, so features never
// import each other. The dashboard's quick actions open the sales, inventory and CRM dialogs; Accounting
// shows the sales feature's payments.
const quickDialogs = {
  invoice: lazy(() =>
    import('@/features/invoices/create-invoice-dialog.tsx').then((m) => ({ default: m.CreateInvoiceDialog })),
  ),
  product: lazy(() =>
    import('@/features/inventory/product-dialog.tsx').then((m) => ({ default: m.ProductDialog })),
  ),
  lead: lazy(() => import('@/features/crm/crm-page.tsx').then((m) => ({ default: m.LeadDialog }))),
};
const PaymentsSection = lazy(() =>
  import('@/features/payments/payments-section.tsx').then((m) => ({ default: m.PaymentsSection })),
);

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
const visitorsOnly = (node: ReactNode) => page(<VisitorsOnly>{node}</VisitorsOnly>);

/** A visitor at an app screen (a bookmark, a shared link) signs in first, and comes back to it. */
function SignInFirst() {
  const location = useLocation();
  rememberReturnPath(location.pathname + location.search);
  return <Navigate to="/login" replace />;
}

/** An app screen for members; a visitor signs in first (at / they get the landing page). */
const member = (screen: (user: CurrentUser) => ReactNode, visitor: ReactNode = <SignInFirst />) =>
  page(
    <SessionGate
      signedIn={(user) =>
        user.organizations.length ? (
          <AppLayout user={user}>{screen(user)}</AppLayout>
        ) : (
          <CreateOrganization user={user} />
        )
      }
      signedOut={<PublicLayout>{visitor}</PublicLayout>}
    />,
  );

type Screen = keyof typeof screens;

/** The app's screens for members, by path and code (a visitor there signs in first; at / sees the landing page). */
const MEMBER_SCREENS: [string, Screen, (user: CurrentUser) => ReactNode][] = [
  ['/', 'dashboard', (user) => <DashboardPage user={user} dialogs={quickDialogs} />],
  ['/accounting', 'accounting', () => <AccountingPage payments={<PaymentsSection />} />],
  ['/reports', 'reports', () => <ReportsPage />],
  ['/inventory', 'inventory', () => <InventoryPage />],
  ['/sales', 'sales', () => <SalesPage />],
  ['/crm', 'crm', () => <CrmPage />],
  ['/sales/invoices/:id', 'invoice', () => <InvoicePage />],
  ['/sales/invoices/:id/receipts/:receipt', 'receipt', () => <ReceiptPage />],
  ['/sales/invoices/:id/credit-notes/:number', 'creditNote', () => <CreditNotePage />],
  ['/sales/customers/:id/statement', 'statement', () => <StatementPage />],
  ['/sales/subscriptions/:id', 'subscription', () => <SubscriptionPage />],
  ['/team', 'team', () => <TeamPage />],
  ['/settings', 'settings', (user) => <SettingsPage user={user} />],
];
const VISITOR_SCREENS: Record<string, Screen> = {
  '/': 'landing',
  '/login': 'login',
  '/register': 'register',
};

/**
 * Starts downloading the code the first screen needs, before the app has drawn anything: for a member the
 * shell and the screen, and who they are (or the Supabase client first, when the session must be
 * refreshed); for a visitor the page at that path. Resolves once that code is here (main.tsx waits for it
 * under a prerendered page).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const signedIn = hasStoredSession();
  const names = signedIn
    ? ['shell' as const, MEMBER_SCREENS.find(([path]) => matchPath(path, pathname))?.[1]]
    : [VISITOR_SCREENS[pathname.replace(/(.)\/+$/, '$1')]];
  // A failure here is met again, and shown, when the screen itself loads.
  const loaded = Promise.all(names.map((name) => name && screens[name].preload().catch(() => {})));
  if (!signedIn) return loaded;
  // The client is needed first only to refresh a token about to expire (lib/session/stored-session.ts).
  if (!freshStoredToken()) import('@/lib/supabase.ts').catch(() => {});
  // Who is signed in, and in which organizations, is read while the code downloads.
  else readCurrentUserEarly();
  return loaded;
}

/**
 * Every screen of the app. The routes are declared as components (BrowserRouter in main.tsx), not with the
 * data router: the app loads no data through the router, and its code is half the size (17 KB gzipped less
 * on every first page).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        {MEMBER_SCREENS.map(([path, , screen]) => (
          <Route
            key={path}
            path={path}
            element={member(screen, path === '/' ? <LandingPage /> : undefined)}
          />
        ))}
        {/* What a shop sends its customers: the document, without our marketing frame. */}
        <Route element={<DocumentLayout />}>
          <Route path="/i/:token" element={page(<PublicInvoicePage />)} />
          <Route path="/i/:token/receipts/:receipt" element={page(<PublicReceiptPage />)} />
          <Route path="/s/:token" element={page(<PublicStatementPage />)} />
          <Route path="/c/:token" element={page(<PublicCreditNotePage />)} />
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="/pricing" element={page(<PricingPage />)} />
          <Route path="/features" element={page(<FeaturesPage />)} />
          <Route path="/about" element={page(<AboutPage />)} />
          <Route path="/testimonials" element={page(<TestimonialsPage />)} />
          <Route path="/demo" element={page(<DemoPage />)} />
          <Route path="/terms" element={page(<TermsPage />)} />
          <Route path="/privacy" element={page(<PrivacyPage />)} />
          <Route path="/login" element={visitorsOnly(<LoginPage />)} />
          <Route path="/register" element={visitorsOnly(<RegisterPage />)} />
          <Route path="/logout" element={page(<LogoutPage />)} />
          <Route path="/forgot-password" element={visitorsOnly(<ForgotPasswordPage />)} />
          <Route path="/check-email" element={visitorsOnly(<CheckEmailPage />)} />
          {/* Not for visitors only: the mail's link arrives signed in, with a recovery session. */}
          <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
          {/* /api/login and /api/logout are the function's redirects; a build that calls the functions on
              their own origin (VITE_API_URL) has no /api/* here, so the app takes them itself. */}
          <Route path="/api/login" element={<Navigate to="/login" replace />} />
          <Route path="/api/logout" element={<Navigate to="/logout" replace />} />
          <Route path="/invite/:token" element={page(<InvitePage />)} />
          <Route path="/invite/:token/register" element={page(<InviteRegisterPage />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
