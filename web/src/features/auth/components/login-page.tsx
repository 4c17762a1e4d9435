import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LoginInputSchema, type LoginInput } from '../../../../../packages/shared/schemas/accounts.ts';
import { notify } from '../../../components/ui/notify.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { supabase } from '../../../lib/supabase.ts';
import { currentUserQuery } from '../../../lib/session/current-user.ts';
import { errorMessage, validationMessage } from '../../../lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

export function LoginPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
  });

  const onSubmit = handleSubmit(async (input) => {
    const { error } = await supabase.auth.signInWithPassword(input);
    if (error) {
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'auth.signInFailed' }),
        description: errorMessage(intl, error),
      });
      return;
    }
    await queryClient.invalidateQueries(currentUserQuery);
    notify({
      title: intl.formatMessage({ id: 'auth.welcomeBack' }),
      description: intl.formatMessage({ id: 'auth.signedIn' }),
    });
    // The page then leaves for where the person was going (VisitorsOnly: the invitation, the screen, /).
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="auth.welcome" values={{ product: PRODUCT_NAME }} />
      </h1>
      <p className="opacity-70">
        <FormattedMessage id="auth.subtitle" />
      </p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'auth.email' })}
          type="email"
          autoComplete="email"
          error={validationMessage(intl, formState.errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'auth.password' })}
          type="password"
          autoComplete="current-password"
          error={validationMessage(intl, formState.errors.password?.message)}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary min-h-11" disabled={formState.isSubmitting}>
          <FormattedMessage id={formState.isSubmitting ? 'auth.signingIn' : 'auth.signIn'} />
        </button>
      </form>
      <p className="mt-2 text-sm">
        <FormattedMessage id="auth.noAccount" />{' '}
        <Link to="/register" className="link link-primary">
          <FormattedMessage id="auth.createAccount" />
        </Link>
      </p>
      <p className="mt-2 text-xs opacity-75">
        <FormattedMessage id="auth.terms" />
      </p>
    </AuthLayout>
  );
}
