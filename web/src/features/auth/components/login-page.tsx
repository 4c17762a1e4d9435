import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { LoginInput } from '../../../../../packages/shared/schemas/accounts.ts';
import { useCaptcha } from '../../../components/captcha.tsx';
import { notify } from '../../../components/ui/notify.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { currentUserQuery } from '../../../lib/session/current-user.ts';
import { pendingInvitation } from '../../../lib/session/return-path.ts';
import { errorMessage, validationMessage } from '../../../lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

type Errors = Partial<Record<keyof LoginInput, string>>;

/**
 * What checking and sending the form needs — the shared schema (zod) and Supabase Auth — comes with the first
 * submit, not with the page: a phone on 3G downloads a third of the JavaScript to show two fields.
 */
const importSignIn = () =>
  Promise.all([
    import('../../../../../packages/shared/schemas/accounts.ts'),
    import('../../../lib/supabase.ts'),
  ]);
let signIn: ReturnType<typeof importSignIn> | undefined;
const loadSignIn = () =>
  (signIn ??= importSignIn().catch((e: unknown) => {
    signIn = undefined; // offline before the app was kept on this device: the next submit tries again
    throw e;
  }));

export function LoginPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const [invite] = useState(pendingInvitation);
  const captcha = useCaptcha();

  /** The input when the shared schema accepts it; else each field's first reason code is shown under it. */
  const check = async (form: HTMLFormElement): Promise<LoginInput | null> => {
    const [{ LoginInputSchema }] = await loadSignIn();
    const data = new FormData(form);
    const parsed = LoginInputSchema.safeParse({ email: data.get('email'), password: data.get('password') });
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as keyof LoginInput] ??= issue.message;
    setErrors(next);
    return parsed.success ? parsed.data : null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    setSubmitting(true);
    try {
      const input = await check(form);
      if (!input) {
        form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      const [, { supabase }] = await loadSignIn();
      const { error } = await supabase.auth
        .signInWithPassword({
          ...input,
          options: { captchaToken: captcha.token },
        })
        .finally(captcha.reset);
      if (error) throw error;
      await queryClient.invalidateQueries(currentUserQuery);
      notify({
        title: intl.formatMessage({ id: 'auth.welcomeBack' }),
        description: intl.formatMessage({ id: 'auth.signedIn' }),
      });
      // The page then leaves for where the person was going (VisitorsOnly: the invitation, the screen, /).
    } catch (error) {
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'auth.signInFailed' }),
        description: errorMessage(intl, error),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="auth.welcome" values={{ product: PRODUCT_NAME }} />
      </h1>
      <p className="opacity-70">
        <FormattedMessage id="auth.subtitle" />
      </p>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => void onSubmit(event)}
        // After a first submit each change is checked again, so an error goes as soon as it is put right.
        onChange={(event) => submitted.current && void check(event.currentTarget).catch(() => {})}
        noValidate
      >
        <TextField
          label={intl.formatMessage({ id: 'auth.email' })}
          name="email"
          type="email"
          autoComplete="email"
          error={validationMessage(intl, errors.email)}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.password' })}
          name="password"
          type="password"
          autoComplete="current-password"
          error={validationMessage(intl, errors.password)}
        />
        {captcha.element}
        <button type="submit" className="btn btn-primary min-h-11" disabled={submitting}>
          <FormattedMessage id={submitting ? 'auth.signingIn' : 'auth.signIn'} />
        </button>
      </form>
      <p className="mt-2 text-sm">
        <Link to="/forgot-password" className="link link-primary">
          <FormattedMessage id="auth.forgotLink" />
        </Link>
      </p>
      <p className="mt-2 text-sm">
        <FormattedMessage id="auth.noAccount" />{' '}
        {/* Come from a team invitation: the account is made for that business, not a new one. */}
        <Link to={invite ? `/invite/${invite}/register` : '/register'} className="link link-primary">
          <FormattedMessage id="auth.createAccount" />
        </Link>
      </p>
      <p className="mt-2 text-xs opacity-75">
        <FormattedMessage id="auth.terms" />
      </p>
    </AuthLayout>
  );
}
