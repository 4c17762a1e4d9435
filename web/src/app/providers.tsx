import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/notify.tsx';
import { useCurrentUser } from '@/lib/session/current-user.ts';
import { useSessionSync } from '@/lib/session/use-session-sync.ts';
import { LocaleProvider } from '@/lib/i18n.tsx';
import { CACHE_KEY, queryClient, WEEK } from '@/lib/query-client.ts';

/** The query cache in this browser's storage: lists seen before show offline, and after a restart. */
const persister = createSyncStoragePersister({ storage: window.localStorage, key: CACHE_KEY });
const persistOptions = {
  persister,
  maxAge: WEEK,
  buster: import.meta.env.VITE_APP_VERSION ?? 'v1',
  dehydrateOptions: {
    // Only what the server answered is kept — also when reading it again has just failed (offline, a
    // dropped 3G connection): the last answer stays, it is not thrown away with the failed refresh.
    // The public invoice and statement links are not kept. A visitor's "no current user" is not kept: the next visit
    // reads the session again.
    shouldDehydrateQuery: (q: { state: { status: string; data: unknown }; queryKey: readonly unknown[] }) =>
      q.state.data !== undefined &&
      !['/api/public/invoices', '/api/public/statements', '/api/invitations'].includes(
        q.queryKey[0] as string,
      ) &&
      !(q.queryKey[0] === '/api/auth/user' && q.state.data == null),
  },
};

function SessionSync() {
  useSessionSync();
  return null;
}

/**
 * Sends the outbox and reads again what the server changed for each organization — while someone is signed
 * in: a visitor has nothing to send (changes kept from a session that ended wait for the next sign-in), so
 * the landing and sign-in pages never download the outbox.
 */
function OutboxSync() {
  const signedIn = Boolean(useCurrentUser().data);
  useEffect(() => {
    if (!signedIn) return;
    let stop = () => {};
    let live = true;
    void import('@/lib/outbox.ts').then(({ outbox, startOutbox }) => {
      if (!live) return;
      const halt = startOutbox();
      const off = outbox.onApplied((orgIds) => {
        for (const orgId of orgIds)
          void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === orgId });
      });
      stop = () => {
        halt();
        off();
      };
    });
    return () => {
      live = false;
      stop();
    };
  }, [signedIn]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <LocaleProvider>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        // The kept data shows at once; with a network, what is on screen is then read again from the server.
        onSuccess={() => navigator.onLine && void queryClient.invalidateQueries()}
      >
        <SessionSync />
        <OutboxSync />
        {children}
        <Toaster />
      </PersistQueryClientProvider>
    </LocaleProvider>
  );
}
