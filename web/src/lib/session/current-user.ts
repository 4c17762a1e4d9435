// The current user, cached under the key /api/auth/user: null when signed out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/permissions.ts';
import { answerOf, apiFetch, isUnauthorizedError } from '../api-client.ts';
import { freshStoredToken, hasStoredSession } from './stored-session.ts';
import { handleUnauthorized } from './unauthorized.ts';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: 'en' | 'fr';
  organizations: {
    id: string;
    name: string;
    country: string;
    currency: string;
    timezone: string;
    defaultTaxRate: number;
    role: Role;
  }[];
}

let early: Promise<CurrentUser> | null = null;

/**
 * Starts reading the signed-in user while the app's code still downloads (the stored token has time left);
 * the query takes this answer when it first runs — after the kept data is restored, so a failure here never
 * stands in the way of what the device kept.
 */
export function readCurrentUserEarly(): void {
  if (early || !navigator.onLine || !freshStoredToken()) return;
  // index.html asks already, as the page starts, before the app's code (web/vite.config.ts).
  const started = (window as { kasuwaUser?: Promise<Response> }).kasuwaUser;
  delete (window as { kasuwaUser?: Promise<Response> }).kasuwaUser;
  early = started
    ? answerOf<CurrentUser>(started).then((answer) => answer.body)
    : apiFetch<CurrentUser>('/api/auth/user');
  // Handled when the query takes it; not an unhandled rejection meanwhile.
  early.catch(() => {});
}

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  // A browser without a session has no current user, known at once: a visitor's page draws on the first
  // render, without "Loading..." (the prerendered landing and sign-in pages are replaced by the same page).
  initialData: () => (hasStoredSession() ? undefined : null),
  queryFn: async (): Promise<CurrentUser | null> => {
    // Visitors without a stored session never download the Supabase client (a smaller landing page).
    if (!hasStoredSession()) return null;
    // A token with time left is used as it is, without waiting for the Supabase client to download.
    if (!freshStoredToken()) {
      const { supabase } = await import('../supabase.ts');
      const { data } = await supabase.auth.getSession();
      if (!data.session) return null;
    }
    const started = early;
    early = null;
    try {
      return await (started ?? apiFetch<CurrentUser>('/api/auth/user'));
    } catch (e) {
      // A 401 means signed out for this call; a stored session the server refuses is
      // an expired one: say so and go to sign-in.
      if (isUnauthorizedError(e)) {
        await handleUnauthorized();
        return null;
      }
      throw e;
    }
  },
});

export const useCurrentUser = () => useQuery(currentUserQuery);
