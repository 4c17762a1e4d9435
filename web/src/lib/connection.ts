import { useSyncExternalStore } from 'react';

// Whether the server can be reached: the browser's own flag, and what the last call to the server said.
// On a weak 3G connection (or a captive portal) the browser may say "online" while nothing gets through;
// a call that fails to reach the server says otherwise until a later one gets an answer, or the browser
// reports the network back.
const listeners = new Set<() => void>();
let reachable = true;

/** What a call to the server found: an answer (true) or no way through (false). */
export function reportReachable(ok: boolean): void {
  if (ok === reachable) return;
  reachable = ok;
  listeners.forEach((l) => l());
}

export function isOnline(): boolean {
  return navigator.onLine && reachable;
}

/** For useSyncExternalStore: told when the browser's flag or the server's reachability changes. */
export function subscribeConnection(change: () => void): () => void {
  const online = () => {
    reachable = true; // the network is back: try again
    change();
  };
  listeners.add(change);
  window.addEventListener('online', online);
  window.addEventListener('offline', change);
  return () => {
    listeners.delete(change);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', change);
  };
}

/** Whether the server can be reached, as a component sees it (re-rendered when it changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline);
}
