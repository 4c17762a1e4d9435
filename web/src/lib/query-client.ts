// The app's query cache and its copy in this browser's storage.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export const CACHE_KEY = 'kasuwa-cache';
export const WEEK = 7 * 24 * 60 * 60 * 1000;

// What a screen shows comes from the cache at once; it is read again in the background when the screen
// opens, or the app comes back to the foreground, and it is over STALE_MS old: another till's sale, a
// colleague's new customer or a period the scheduler billed shows without a reload. Within STALE_MS moving
// between screens costs no request (a slow connection pays for each). A write invalidates what it touched
// at once. No retries: a failed read keeps what was shown. Kept a week so every list already seen is there
// offline (the persisted cache below).
export const STALE_MS = 60_000;
let onError: (error: unknown) => void = () => {};

/** What every failed query and mutation goes through (a 401 anywhere ends the session: lib/session). */
export function onQueryError(handler: (error: unknown) => void): void {
  onError = handler;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (e) => onError(e) }),
  mutationCache: new MutationCache({ onError: (e) => onError(e) }),
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: true,
      staleTime: STALE_MS,
      gcTime: WEEK,
      retry: false,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Signing out: nothing of the organization's data stays on the device (unsent changes excepted). */
export function forgetCachedData(): void {
  queryClient.clear();
  localStorage.removeItem(CACHE_KEY);
}

/**
 * Whether a query is on its way to its first answer: what sits below what it draws waits for it rather than
 * move down when it comes (false once answered, failed, or paused offline).
 */
export const firstAnswerComing = (query: { isPending: boolean; fetchStatus: string }) =>
  query.isPending && query.fetchStatus === 'fetching';
