import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { OrganizationFields } from '@/components/organization-fields.tsx';
import { RegisterOrganizationSchema } from '@shared/schemas/accounts.ts';
import { notify } from '@/components/ui/notify.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { createOrganization } from '@/lib/api/organizations.ts';
import { useCheckedForm } from '@/lib/checked-form.ts';
import { PRODUCT_NAME } from '@/lib/product.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { supabase } from '@/lib/supabase.ts';
import { errorMessage, refusalOf } from '@/lib/validation-message.ts';
import { completeRegistration } from '../api/register.ts';
import { PENDING_EMAIL_KEY } from '@/lib/session/return-path.ts';
import { AuthLayout } from './auth-layout.tsx';

type Step = { kind: 'creating' } | { kind: 'form'; name: string; country: string; currency: string };

/**
 * A signed-in user without an organization. Someone who registered while the project confirms emails
 * arrives here from the mail's link: the organization they asked for (kept with their account until then)
 * is created now; if its name was taken meanwhile, or anything else stops it, they set it up on a form
 * ("Set up your organization"), their choices filled in. Anyone else (an account made by an administrator)
 * gets one automatically: "<first name or My> Organization" in Nigeria, in naira, a number added to a name
 * already taken.
 */
export function CreateOrganization({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [step, setStep] = useState<Step>({ kind: 'creating' });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const created = async () => {
      sessionStorage.removeItem(PENDING_EMAIL_KEY);
      await queryClient.invalidateQueries(currentUserQuery);
    };
    void (async () => {
      const { data } = await supabase.auth.getUser();
      const pending = data.user?.user_metadata?.organization as
        { name?: string; country?: string; currency?: string } | undefined;
      if (pending) {
        try {
          await completeRegistration();
          notify({
            title: intl.formatMessage({ id: 'register.welcome' }, { product: PRODUCT_NAME }),
            description: intl.formatMessage({ id: 'register.created' }),
          });
          await created();
        } catch (e) {
          setStep({
            kind: 'form',
            name: pending.name ?? '',
            country: pending.country ?? '',
            currency: pending.currency ?? '',
          });
          if (!(e instanceof ApiError && e.code === 'ALREADY_EXISTS'))
            notify({
              variant: 'error',
              title: intl.formatMessage({ id: 'org.createFailed' }),
              description: errorMessage(intl, e),
            });
        }
        return;
      }
      const base = `${user.firstName || 'My'} Organization`;
      for (let attempt = 1; attempt <= 5; attempt++) {
        try {
          // Names are unique across organizations: after two taken ones, a short random suffix.
          await createOrganization({
            name:
              attempt === 1
                ? base
                : attempt === 2
                  ? `${base} 2`
                  : `${base} ${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
            country: 'NG',
            currency: 'NGN',
          });
          await created();
          return;
        } catch (e) {
          if (!(e instanceof ApiError && e.code === 'ALREADY_EXISTS')) break;
        }
      }
      notify({ variant: 'error', title: intl.formatMessage({ id: 'org.createFailed' }) });
    })();
  }, [user, intl, queryClient]);

  if (step.kind === 'form') return <SetUpOrganization initial={step} />;
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3">
      <span className="loading loading-spinner text-primary" aria-hidden />
      <FormattedMessage id="org.creating" />
    </div>
  );
}

const organizationSchema = async () => RegisterOrganizationSchema;

/** "Set up your organization": the choices made at registration, the name marked taken when it was. */
function SetUpOrganization({ initial }: { initial: { name: string; country: string; currency: string } }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useCheckedForm(organizationSchema, {
    organizationName: initial.name,
    country: initial.country,
    currency: initial.currency,
  });
  const { showRefusal } = form;

  useEffect(() => {
    // Said at once: the name they chose is the reason they are here.
    showRefusal(
      { field: 'organizationName', reason: 'ORGANIZATION_NAME_TAKEN', params: { name: initial.name } },
      { focus: false },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  const onSubmit = form.submit(async (input) => {
    try {
      await createOrganization({
        name: input.organizationName,
        country: input.country,
        currency: input.currency,
      });
    } catch (e) {
      const refusal = refusalOf(e);
      notify({
        variant: 'error',
        title: intl.formatMessage({ id: 'org.createFailed' }),
        description: errorMessage(intl, e),
      });
      form.showRefusal({
        ...refusal,
        field: refusal.field === 'name' ? 'organizationName' : refusal.field,
      });
      return;
    }
    sessionStorage.removeItem(PENDING_EMAIL_KEY);
    notify({
      title: intl.formatMessage({ id: 'register.welcome' }, { product: PRODUCT_NAME }),
      description: intl.formatMessage({ id: 'register.created' }),
    });
    await queryClient.invalidateQueries(currentUserQuery);
  });

  return (
    <AuthLayout>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="setupOrg.title" />
        </h1>
        <p className="opacity-70">
          <FormattedMessage id="setupOrg.text" />
        </p>
        <OrganizationFields form={form} />
        <button type="submit" className="btn btn-primary min-h-11" disabled={form.submitting}>
          <FormattedMessage id={form.submitting ? 'org.creatingShort' : 'setupOrg.submit'} />
        </button>
      </form>
      {/* Outside the app's frame there is no user menu: the way out is here. */}
      <p className="mt-2 text-sm">
        <Link to="/logout" className="link link-primary">
          <FormattedMessage id="app.signOut" />
        </Link>
      </p>
    </AuthLayout>
  );
}
