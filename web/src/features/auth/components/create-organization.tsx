import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../components/ui/notify.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createOrganization } from '../../../lib/api/organizations.ts';
import { currentUserQuery, type CurrentUser } from '../../../lib/session/current-user.ts';

/**
 * A signed-in user without an organization gets one automatically: "<first name or My>
 * Organization" in Nigeria, in naira. A name already taken gets a number, as names are unique.
 */
export function CreateOrganization({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const base = `${user.firstName || 'My'} Organization`;
    void (async () => {
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
          await queryClient.invalidateQueries(currentUserQuery);
          return;
        } catch (e) {
          if (!(e instanceof ApiError && e.code === 'ALREADY_EXISTS')) break;
        }
      }
      notify({ variant: 'error', title: intl.formatMessage({ id: 'org.createFailed' }) });
    })();
  }, [user, intl, queryClient]);
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3">
      <span className="loading loading-spinner text-primary" aria-hidden />
      <FormattedMessage id="org.creating" />
    </div>
  );
}
