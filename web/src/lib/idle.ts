import { apiSettled } from './api-client.ts';

const idleCallback = (timeout: number) =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 1500));
  });

/**
 * Resolves once the screen on show has been drawn and has the answers it asked /api for, and the browser is
 * idle: for work that need not stand in the way of the first screen's own code and data on a slow connection
 * (the Supabase client, the service worker). Waits at most about 8 s, however busy the screen stays.
 */
export async function whenIdle(): Promise<void> {
  await idleCallback(3000);
  await Promise.race([apiSettled(), new Promise((resolve) => setTimeout(resolve, 4000))]);
  await idleCallback(1000);
}
