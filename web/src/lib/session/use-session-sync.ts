import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from './current-user.ts';
import { whenIdle } from '../idle.ts';
import { freshStoredToken, hasStoredSession } from './stored-session.ts';

/** Signing in or out (in this tab or another) refreshes the current user. */
export function useSessionSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    // Only once there is a session: visitors never load the Supabase client on the landing page.
    if (!hasStoredSession()) return;
    // With a token that has time left, the client (which refreshes it) loads once the first screen is
    // drawn and idle, not in the way of the screen's own code and data on a slow connection.
    void (freshStoredToken() ? whenIdle() : Promise.resolve())
      .then(() => import('../supabase.ts'))
      .then(({ supabase }) => {
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
