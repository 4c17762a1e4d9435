import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery, hasStoredSession } from './current-user.ts';

/** Signing in or out (in this tab or another) refreshes the current user. */
export function useSessionSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    // Only once there is a session: visitors never load the Supabase client on the landing page.
    if (!hasStoredSession()) return;
    void import('../supabase.ts').then(({ supabase }) => {
      if (cancelled) return;
      const { data } = supabase.auth.onAuthStateChange((event) => {
        if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED') {
          void queryClient.invalidateQueries(currentUserQuery);
        }
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [queryClient]);
}
