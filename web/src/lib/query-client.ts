// The app's query cache and its copy in this browser's storage.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export const CACHE_KEY = 'kasuwa-cache';
export const WEEK = 7 * 24 * 60 * 60 * 1000;

// No refetch interval, no refetch on focus, data never stale, no retries: the app reads again only when
// something changed (a write invalidates what it touched). Kept a week so every list already seen is there
// offline (the persisted cache below).
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
      refetchOnWindowFocus: false,
      staleTime: Infinity,
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
