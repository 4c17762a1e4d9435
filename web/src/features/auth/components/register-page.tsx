import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { OrganizationFields } from '@/components/organization-fields.tsx';
import { PERSON_FIELDS, PersonFields } from '@/components/person-fields.tsx';
import { useCaptcha } from '@/components/captcha.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TermsNotice } from '@/components/terms-notice.tsx';
import { registerAccount } from '../api/register.ts';
import { PENDING_EMAIL_KEY, PENDING_INVITE_KEY } from '@/lib/session/return-path.ts';
import { PRODUCT_NAME } from '@/lib/product.ts';
import { currentUserQuery } from '@/lib/session/current-user.ts';
import { errorMessage, refusalOf } from '@/lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useLocale, useT } from '@/lib/i18n.tsx';
import { useCheckedForm } from '@/lib/checked-form.ts';
import { loadOnce } from '@/lib/load-once.ts';

// The page draws without zod, a form library and the Supabase client (a phone's first page may be this one):
// the check comes when a field is first focused, the client with the account's session.
const registerSchema = loadOnce(() =>
  import('@shared/schemas/accounts.ts').then((m) => m.RegisterInputSchema),
);

export function RegisterPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  // Every field starts empty, so an untouched one fails with its own message.
  const form = useCheckedForm(registerSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    organizationName: '',
    country: '',
    currency: '',
  });
  const t = useT();
  const captcha = useCaptcha();
  const next = async () => (await form.valid(PERSON_FIELDS)) && setStep(2);

  const onSubmit = form.submit(async (input) => {
    try {
      const registered = await registerAccount({ ...input, locale, captchaToken: captcha.token }).finally(
        captcha.reset,
      );
      if ('confirmationRequired' in registered) {
        // The project confirms emails: nothing is signed in or created until the mail's link is followed.
        sessionStorage.setItem(PENDING_EMAIL_KEY, registered.email);
        sessionStorage.removeItem(PENDING_INVITE_KEY);
        void navigate('/check-email');
        return;
      }
      // The session Auth's sign-up started (signing in again would need a second captcha token).
      const { supabase } = await import('@/lib/supabase.ts');
      const { error: signInError } = await supabase.auth.setSession(registered.session);
      if (signInError) throw signInError;
    } catch (e) {
      notify({
        variant: 'error',
        title: t('register.failed'),
        description: errorMessage(intl, e),
      });
      // A taken email is said under the email, on the first step; a taken business name under the name.
      const refusal = refusalOf(e);
      if (refusal.field && (PERSON_FIELDS as readonly string[]).includes(refusal.field)) setStep(1);
      form.showRefusal(refusal);
      return;
    }
    await queryClient.invalidateQueries(currentUserQuery);
    notify({
      title: intl.formatMessage({ id: 'register.welcome' }, { product: PRODUCT_NAME }),
      description: t('register.created'),
    });
    // The page then leaves for where the person was going (VisitorsOnly: the invitation, the screen, /).
  });

  return (
    <AuthLayout>
      <ul className="steps mb-2 w-full" aria-label={t('register.progress')}>
        <li
          className={`step ${step >= 1 ? 'step-primary' : ''}`}
          aria-current={step === 1 ? 'step' : undefined}
        >
          <FormattedMessage id="register.step.personal" />
        </li>
        <li
          className={`step ${step === 2 ? 'step-primary' : ''}`}
          aria-current={step === 2 ? 'step' : undefined}
        >
          <FormattedMessage id="register.step.organization" />
        </li>
      </ul>
      <form
        className="flex flex-col gap-4"
        // On the first step, Next (or Enter in a field) checks it and goes to the second.
        onSubmit={
          step === 1
            ? (event) => {
                event.preventDefault();
                void next();
              }
            : onSubmit
        }
        onFocus={form.preload}
        noValidate
      >
        {/* Each step has its own inputs (keyed): the values are the form's, kept when going back. */}
        {step === 1 ? (
          <Fragment key="personal">
            <h1 className="text-2xl font-bold">
              <FormattedMessage id="register.title" />
            </h1>
            <PersonFields form={form} />
            <button type="submit" className="btn btn-primary min-h-11">
              <FormattedMessage id="register.next" />
            </button>
          </Fragment>
        ) : (
          <Fragment key="organization">
            <h1 className="text-2xl font-bold">
              <FormattedMessage id="register.orgTitle" />
            </h1>
            <OrganizationFields form={form} />
            {captcha.element}
            {/* The main action takes the room, on one line ("Créer le compte" wrapped at 360 px when the two
                buttons shared the row in halves); going back needs only its word. */}
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-ghost min-h-11 shrink-0 px-3"
                onClick={() => setStep(1)}
              >
                <FormattedMessage id="register.previous" />
              </button>
              <button
                type="submit"
                className="btn btn-primary min-h-11 min-w-0 flex-1 px-3 whitespace-nowrap"
                disabled={form.submitting}
              >
                <FormattedMessage id={form.submitting ? 'register.submitting' : 'register.submit'} />
              </button>
            </div>
          </Fragment>
        )}
      </form>
      <p className="mt-2 text-sm">
        <FormattedMessage id="register.haveAccount" />{' '}
        <Link to="/login" className="link link-primary">
          <FormattedMessage id="register.signIn" />
        </Link>
      </p>
      <TermsNotice className="mt-2" />
    </AuthLayout>
  );
}
