// A session the server no longer accepts (expired, signed out elsewhere): an "Unauthorized" toast,
// then sign-in after 500 ms.
import { notifyShown } from '@/components/ui/notify.tsx';
import { LOCALE_KEY, loadedIntl } from '../i18n.tsx';
import { isUnauthorizedError } from '../api-client.ts';
import { forgetCachedData, onQueryError } from '../query-client.ts';
import { rememberReturnPath, SESSION_ENDED_KEY } from './return-path.ts';

export const UNAUTHORIZED_REDIRECT_MS = 500;

let redirecting = false;
// True from a deliberate sign-out until the next sign-in: a call answered 401 because this device just
// ended its own session is not an expired session (no toast, no detour to sign-in instead of the home page).
let signingOut = false;

/** True from the "Unauthorized" toast until sign-in opens: screens wait instead of showing a visitor's page. */
export const isRedirectingToSignIn = () => redirecting;

export async function handleUnauthorized(): Promise<void> {
  if (redirecting || signingOut) return;
  redirecting = true;
  // Signing in again comes back to this screen, and the sign-in page says why it opened.
  rememberReturnPath(window.location.pathname + window.location.search);
  sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  const { supabase } = await import('../supabase.ts');
  await supabase.auth.signOut({ scope: 'local' });
  forgetCachedData();
  const intl = loadedIntl(localStorage.getItem(LOCALE_KEY) === 'fr' ? 'fr' : 'en');
  // The 500 ms count from when the toast is up, not from when it was asked for (its code may still be on
  // its way); at most 3 s for it, so a toast that cannot come never holds sign-in back.
  await Promise.race([
    notifyShown({
      variant: 'error',
      title: intl.formatMessage({ id: 'auth.unauthorized' }),
      description: intl.formatMessage({ id: 'auth.loggedOut' }),
    }),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
  setTimeout(() => window.location.assign('/api/login'), UNAUTHORIZED_REDIRECT_MS);
}

/** Ends the session on this device (Sign out) and forgets its cached data; 401s meanwhile are expected. */
export async function signOutHere(): Promise<void> {
  signingOut = true;
  sessionStorage.removeItem(SESSION_ENDED_KEY);
  const { supabase } = await import('../supabase.ts');
  try {
    await supabase.auth.signOut({ scope: 'local' });
  } finally {
    forgetCachedData();
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event !== 'SIGNED_IN') return;
      signingOut = false;
      data.subscription.unsubscribe();
    });
  }
}

// Any call the server answers 401 — a list, a report, a save — ends the session the same way, not only the
// current-user query: a screen never spins on "Loading..." for a session that is gone.
onQueryError((e) => {
  if (isUnauthorizedError(e)) void handleUnauthorized();
});
