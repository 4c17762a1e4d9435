import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../../components/ui/loading.tsx';
import { useCurrentUser, type CurrentUser } from '../api/current-user.ts';

/** Renders `signedIn` or `signedOut` by the current user; "Loading..." while it is being read. */
export function SessionGate({
  signedIn,
  signedOut,
}: {
  signedIn: (user: CurrentUser) => ReactNode;
  signedOut: ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Loading />;
  return user ? signedIn(user) : signedOut;
}

/** Sign-in and registration are for visitors: a signed-in user goes to /. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  return <SessionGate signedIn={() => <Navigate to="/" replace />} signedOut={children} />;
}
