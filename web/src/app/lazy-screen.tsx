// How the app's screens are loaded: each page its own chunk, with the features' strings it shows, and the
// screens a first visit may open drawn at once when their code is already here.
import { lazy, useState, type ComponentType } from 'react';
import { loadMessages, storedLocale } from '@/lib/i18n.tsx';

/**
 * A screen that shows features' strings loads them with its code: a visitor's first page (the landing
 * page) has only the shell's (lib/i18n.tsx), and the marketing pages need no more.
 */
export const withStrings =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages(storedLocale())]).then(([m]) => m);

/**
 * A screen that draws at once when its code is already here, else as a lazy one ("Loading..." first). Each
 * mount keeps the kind it started with, so a page never remounts (and loses what was typed) when its code
 * arrives. The prerendered visitor pages use it: main.tsx waits for their code, and the app's first render
 * replaces the prerendered page by the same page, never by a spinner.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const lazyScreen = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy = lazyScreen();
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (e: unknown) => {
        // Offline before the code was kept: this mount shows the route's error. The next one tries again once
        // the connection is back or a few seconds have passed, not at once: React draws a screen that failed
        // once more before showing the error, and a fresh download for that draw failed again, without end.
        loading = undefined;
        const renew = () => {
          window.removeEventListener('online', renew);
          clearTimeout(timer);
          Lazy = lazyScreen();
        };
        const timer = setTimeout(renew, 5_000);
        window.addEventListener('online', renew);
        throw e;
      },
    ));
  function Screen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
