// The current user, cached under the key /api/auth/user: null when signed out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isUnauthorizedError } from '../api-client.ts';
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
    role: string;
  }[];
}

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    // Visitors without a stored session never download the Supabase client (a smaller landing page).
    if (!hasStoredSession()) return null;
    // A token with time left is used as it is, without waiting for the Supabase client to download.
    if (!freshStoredToken()) {
      const { supabase } = await import('../supabase.ts');
      const { data } = await supabase.auth.getSession();
      if (!data.session) return null;
    }
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
