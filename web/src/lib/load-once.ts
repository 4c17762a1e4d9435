/**
 * Code fetched when first needed and shared by every caller. A download that failed (the connection dropped
 * before the service worker kept the app) is not kept: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}
