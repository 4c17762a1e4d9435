import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import { useCurrentUser, type CurrentUser } from '@/lib/session/current-user.ts';
import { hasStoredSession } from '@/lib/session/stored-session.ts';
import { pendingInvitation, takeReturnPath } from '@/lib/session/return-path.ts';
import { isRedirectingToSignIn } from '@/lib/session/unauthorized.ts';

/**
 * Renders `signedIn` or `signedOut` by the current user. While it is being read: "Setting up your
 * workspace..." for someone with a session (their organizations are on the way), else "Loading...".
 */
export function SessionGate({
  signedIn,
  signedOut,
}: {
  signedIn: (user: CurrentUser) => ReactNode;
  signedOut: ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  // A session that just expired goes to sign-in in a moment: not the visitor's page (a 404) meanwhile.
  if (isPending) return <Loading messageId={hasStoredSession() ? 'common.settingUp' : 'common.loading'} />;
  if (!user && isRedirectingToSignIn()) return <Loading />;
  return user ? signedIn(user) : signedOut;
}

/**
 * Sign-in and registration are for visitors. Someone signed in goes on: to the team invitation they came
 * from, else to the screen they were sent to sign in from, else to the dashboard.
 */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  return <SessionGate signedIn={() => <GoOn />} signedOut={children} />;
}

function GoOn() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const invite = pendingInvitation();
    void navigate(invite ? `/invite/${invite}` : takeReturnPath(), { replace: true });
  }, [navigate]);
  return <Loading />;
}
