// The pages around the app's own screens, each loaded when first visited: forgetting a password, the public
// site, the documents a customer opens by link, an invitation, a new organization, and not found.
import { lazy } from 'react';
import { withStrings } from './lazy-screen.tsx';

// Forgetting a password and setting a new one: the shell's strings, as on sign-in.
export const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/components/forgot-password-page.tsx').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
// "Check your email" after registering where emails are confirmed: the shell's strings, as on sign-in.
export const CheckEmailPage = lazy(() =>
  import('@/features/auth/components/check-email-page.tsx').then((m) => ({
    default: m.CheckEmailPage,
  })),
);
export const ResetPasswordPage = lazy(() =>
  import('@/features/auth/components/reset-password-page.tsx').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
export const LogoutPage = lazy(
  withStrings(() =>
    import('@/features/auth/components/logout-page.tsx').then((m) => ({ default: m.LogoutPage })),
  ),
);
export const PricingPage = lazy(() =>
  import('@/features/marketing/pricing-page.tsx').then((m) => ({ default: m.PricingPage })),
);
export const FeaturesPage = lazy(() =>
  import('@/features/marketing/features-page.tsx').then((m) => ({ default: m.FeaturesPage })),
);
export const AboutPage = lazy(() =>
  import('@/features/marketing/about-page.tsx').then((m) => ({ default: m.AboutPage })),
);
export const TestimonialsPage = lazy(() =>
  import('@/features/marketing/testimonials-page.tsx').then((m) => ({ default: m.TestimonialsPage })),
);
// The terms and the privacy policy: their words are the marketing feature's (not every visitor's first page's).
export const TermsPage = lazy(
  withStrings(() => import('@/features/marketing/legal-pages.tsx').then((m) => ({ default: m.TermsPage }))),
);
export const PrivacyPage = lazy(
  withStrings(() => import('@/features/marketing/legal-pages.tsx').then((m) => ({ default: m.PrivacyPage }))),
);
export const DemoPage = lazy(
  withStrings(() => import('@/features/marketing/demo-page.tsx').then((m) => ({ default: m.DemoPage }))),
);
export const PublicStatementPage = lazy(
  withStrings(() =>
    import('@/features/statements/public-statement-page.tsx').then((m) => ({
      default: m.PublicStatementPage,
    })),
  ),
);
export const PublicReceiptPage = lazy(
  withStrings(() =>
    import('@/features/invoices/public-invoice-page.tsx').then((m) => ({ default: m.PublicReceiptPage })),
  ),
);
export const PublicInvoicePage = lazy(
  withStrings(() =>
    import('@/features/invoices/public-invoice-page.tsx').then((m) => ({ default: m.PublicInvoicePage })),
  ),
);
export const PublicCreditNotePage = lazy(
  withStrings(() =>
    import('@/features/credit-notes/public-credit-note-page.tsx').then((m) => ({
      default: m.PublicCreditNotePage,
    })),
  ),
);
export const InvitePage = lazy(
  withStrings(() => import('@/features/team/invite-page.tsx').then((m) => ({ default: m.InvitePage }))),
);
export const InviteRegisterPage = lazy(
  withStrings(() =>
    import('@/features/team/invite-register-page.tsx').then((m) => ({ default: m.InviteRegisterPage })),
  ),
);
export const CreateOrganization = lazy(
  withStrings(() =>
    import('@/features/auth/components/create-organization.tsx').then((m) => ({
      default: m.CreateOrganization,
    })),
  ),
);
export const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
