import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../components/ui/loading.tsx';
import { useCurrentUser, type CurrentUser } from '../lib/session/current-user.ts';
import { isRedirectingToSignIn } from '../lib/session/unauthorized.ts';

/** Renders `signedIn` or `signedOut` by the current user; "Loading..." while it is being read. */
export function SessionGate({
  signedIn,
  signedOut,
}: {
  signedIn: (user: CurrentUser) => ReactNode;
  signedOut: ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  // A session that just expired goes to sign-in in a moment: not the visitor's page (a 404) meanwhile.
  if (isPending || (!user && isRedirectingToSignIn())) return <Loading />;
  return user ? signedIn(user) : signedOut;
}

/** Sign-in and registration are for visitors: a signed-in user goes to /. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  return <SessionGate signedIn={() => <Navigate to="/" replace />} signedOut={children} />;
}
