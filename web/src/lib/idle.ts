import { lazy, useEffect, useState, type ComponentType } from 'react';
import { apiSettled } from './api-client.ts';
import { loadOnce } from './load-once.ts';

const idleCallback = (timeout: number) =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 1500));
  });

/**
 * Resolves once the screen on show has been drawn and has the answers it asked /api for, and the browser is
 * idle: for work that need not stand in the way of the first screen's own code and data on a slow connection
 * (the Supabase client, the service worker). Waits at most about 12 s, however busy the screen stays.
 */
export async function whenIdle(): Promise<void> {
  // The page's own files first (the first screen's code, which index.html asked for): the browser is idle
  // while they download, and what comes next would share the line with them.
  await atMost(4000, pageLoaded());
  await idleCallback(3000);
  await atMost(4000, apiSettled());
  await idleCallback(1000);
  // When the first screen was done and the background work began (DevTools' timeline, e2e/page-weight.spec.ts).
  if (!performance.getEntriesByName(IDLE_MARK).length) performance.mark(IDLE_MARK);
}

const IDLE_MARK = 'kasuwa:first-screen-done';

/** `promise`, or nothing once `ms` have passed. */
const atMost = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** False until the first screen is done (whenIdle): for what the screen does not draw first. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let live = true;
    void whenIdle().then(() => live && setIdle(true));
    return () => {
      live = false;
    };
  }, []);
  return idle;
}

/**
 * A part of a screen whose code comes after the screen's first paint (a dialog, another tab: React.lazy), and
 * is fetched as soon as the screen has its answers (whenIdle), so that it still opens if the connection drops
 * before the service worker keeps the app (a first visit).
 */
export function lazyAfterFirstPaint<P extends object>(load: () => Promise<ComponentType<P>>) {
  const get = loadOnce(load);
  void whenIdle()
    .then(get)
    .catch(() => {});
  return lazy(() => get().then((component) => ({ default: component })));
}
