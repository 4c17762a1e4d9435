import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../components/ui/loading.tsx';
import type { CurrentUser } from '../lib/session/current-user.ts';
import { rememberReturnPath } from '../lib/session/return-path.ts';
import { SessionGate, VisitorsOnly } from './session-gate.tsx';
import { loadMessages, storedLocale } from '../lib/i18n.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * A screen that shows features' strings loads them with its code: a visitor's first page (the landing
 * page) has only the shell's (lib/i18n.tsx), and the marketing pages need no more.
 */
const withStrings =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages(storedLocale())]).then(([m]) => m);

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const LandingPage = lazy(() =>
  import('../features/marketing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const LoginPage = lazy(
  withStrings(() =>
    import('../features/auth/components/login-page.tsx').then((m) => ({ default: m.LoginPage })),
  ),
);
const RegisterPage = lazy(
  withStrings(() =>
    import('../features/auth/components/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
  ),
);
const LogoutPage = lazy(
  withStrings(() =>
    import('../features/auth/components/logout-page.tsx').then((m) => ({ default: m.LogoutPage })),
  ),
);
const DashboardPage = lazy(
  withStrings(() =>
    import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
  ),
);
const PricingPage = lazy(() =>
  import('../features/marketing/pricing-page.tsx').then((m) => ({ default: m.PricingPage })),
);
const FeaturesPage = lazy(() =>
  import('../features/marketing/features-page.tsx').then((m) => ({ default: m.FeaturesPage })),
);
const AboutPage = lazy(() =>
  import('../features/marketing/about-page.tsx').then((m) => ({ default: m.AboutPage })),
);
const TestimonialsPage = lazy(() =>
  import('../features/marketing/testimonials-page.tsx').then((m) => ({ default: m.TestimonialsPage })),
);
const DemoPage = lazy(
  withStrings(() => import('../features/marketing/demo-page.tsx').then((m) => ({ default: m.DemoPage }))),
);
const AppLayout = lazy(
  withStrings(() => import('./shell/app-layout.tsx').then((m) => ({ default: m.AppLayout }))),
);
const AccountingPage = lazy(
  withStrings(() =>
    import('../features/accounting/accounting-page.tsx').then((m) => ({ default: m.AccountingPage })),
  ),
);
const ReportsPage = lazy(
  withStrings(() => import('../features/reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage }))),
);
const InventoryPage = lazy(
  withStrings(() =>
    import('../features/inventory/inventory-page.tsx').then((m) => ({ default: m.InventoryPage })),
  ),
);
const SalesPage = lazy(
  withStrings(() => import('../features/sales/sales-page.tsx').then((m) => ({ default: m.SalesPage }))),
);
const InvoicePage = lazy(
  withStrings(() => import('../features/sales/invoice-page.tsx').then((m) => ({ default: m.InvoicePage }))),
);
const PublicInvoicePage = lazy(
  withStrings(() =>
    import('../features/sales/public-invoice-page.tsx').then((m) => ({ default: m.PublicInvoicePage })),
  ),
);
const CrmPage = lazy(
  withStrings(() => import('../features/crm/crm-page.tsx').then((m) => ({ default: m.CrmPage }))),
);
const TeamPage = lazy(
  withStrings(() => import('../features/team/team-page.tsx').then((m) => ({ default: m.TeamPage }))),
);
const InvitePage = lazy(
  withStrings(() => import('../features/team/invite-page.tsx').then((m) => ({ default: m.InvitePage }))),
);
const InviteRegisterPage = lazy(
  withStrings(() =>
    import('../features/team/invite-register-page.tsx').then((m) => ({ default: m.InviteRegisterPage })),
  ),
);
const SettingsPage = lazy(
  withStrings(() =>
    import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
  ),
);
const CreateOrganization = lazy(
  withStrings(() =>
    import('../features/auth/components/create-organization.tsx').then((m) => ({
      default: m.CreateOrganization,
    })),
  ),
);
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

// The app composes features: what one screen shows of another feature is passed in here, so features never
// import each other. The dashboard's quick actions open the sales, inventory and CRM dialogs; Accounting
// shows the sales feature's payments.
const quickDialogs = {
  invoice: lazy(() =>
    import('../features/sales/create-invoice-dialog.tsx').then((m) => ({ default: m.CreateInvoiceDialog })),
  ),
  product: lazy(() =>
    import('../features/inventory/product-dialog.tsx').then((m) => ({ default: m.ProductDialog })),
  ),
  lead: lazy(() => import('../features/crm/crm-page.tsx').then((m) => ({ default: m.LeadDialog }))),
};
const PaymentsSection = lazy(() =>
  import('../features/sales/payments-section.tsx').then((m) => ({ default: m.PaymentsSection })),
);

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

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

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: member((user) => <DashboardPage user={user} dialogs={quickDialogs} />, <LandingPage />),
      },
      { path: '/accounting', element: member(() => <AccountingPage payments={<PaymentsSection />} />) },
      { path: '/reports', element: member(() => <ReportsPage />) },
      { path: '/inventory', element: member(() => <InventoryPage />) },
      { path: '/sales', element: member(() => <SalesPage />) },
      { path: '/crm', element: member(() => <CrmPage />) },
      { path: '/sales/invoices/:id', element: member(() => <InvoicePage />) },
      { path: '/team', element: member(() => <TeamPage />) },
      { path: '/settings', element: member((user) => <SettingsPage user={user} />) },
      {
        element: <PublicLayout />,
        children: [
          { path: '/pricing', element: page(<PricingPage />) },
          { path: '/features', element: page(<FeaturesPage />) },
          { path: '/about', element: page(<AboutPage />) },
          { path: '/testimonials', element: page(<TestimonialsPage />) },
          { path: '/demo', element: page(<DemoPage />) },
          {
            path: '/login',
            element: page(
              <VisitorsOnly>
                <LoginPage />
              </VisitorsOnly>,
            ),
          },
          {
            path: '/register',
            element: page(
              <VisitorsOnly>
                <RegisterPage />
              </VisitorsOnly>,
            ),
          },
          { path: '/logout', element: page(<LogoutPage />) },
          { path: '/i/:token', element: page(<PublicInvoicePage />) },
          { path: '/invite/:token', element: page(<InvitePage />) },
          { path: '/invite/:token/register', element: page(<InviteRegisterPage />) },
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
    ],
  },
]);
