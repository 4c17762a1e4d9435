// The current user, cached under the key /api/auth/user: null when signed out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isUnauthorizedError } from '../api-client.ts';
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
    role: string;
  }[];
}

/** Whether this browser holds a session (read without loading the Supabase client). */
export const hasStoredSession = () =>
  localStorage.getItem('kasuwa-auth') !== null ||
  // A session arriving in the address from an Auth mail's link (a confirmed sign-up), which the Supabase
  // client stores once loaded.
  /(^#|&)access_token=/.test(window.location.hash);

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    // Visitors without a stored session never download the Supabase client (a smaller landing page).
    if (!hasStoredSession()) return null;
    const { supabase } = await import('../supabase.ts');
    const { data } = await supabase.auth.getSession();
    if (!data.session) return null;
    try {
      return await apiFetch<CurrentUser>('/api/auth/user');
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
