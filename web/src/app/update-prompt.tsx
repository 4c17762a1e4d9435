// Registers /sw.js and, when a new version of the app is waiting, asks "A new version is available. Would
// you like to update?"; confirming reloads into it.
import { useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useIntl } from 'react-intl';
import { useOnline } from '../lib/connection.ts';
import { useIdle } from '../lib/idle.ts';

/**
 * The service worker is registered once the first screen is drawn and has its answers, and the browser is
 * idle: its code (and the worker's own download of the app) does not stand in the way of the first screen on
 * a slow phone. Never while offline, where registering fails (until the next visit): then as soon as the
 * connection is back.
 */
export function UpdatePrompt() {
  const online = useOnline();
  const idle = useIdle();
  const [registering, setRegistering] = useState(false);
  // Once started it stays: going offline later does not undo a registration.
  if (idle && online && !registering) setRegistering(true);
  return registering ? <ServiceWorkerPrompt /> : null;
}

function ServiceWorkerPrompt() {
  const intl = useIntl();
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true, onRegisteredSW: (_url, r) => void (registration.current = r) });
  if (!needRefresh) return null;
  const update = () => {
    // The page reloads when the new version takes over. Nothing waiting: the new version is active already
    // (often on the visit that installed the app): reload into it.
    const waiting = registration.current?.waiting;
    if (!waiting) return window.location.reload();
    if (!navigator.serviceWorker.controller)
      // A page no version controls yet is never taken over: reload once the new version is active.
      waiting.addEventListener(
        'statechange',
        () => waiting.state === 'activated' && window.location.reload(),
      );
    // A page the old version controls: reload when the new one takes it over — the browser's own event, not
    // only the library's, which did not always come (the prompt stayed, the page never reloaded).
    else
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
    void updateServiceWorker(true);
  };
  return (
    <div
      role="alertdialog"
      aria-live="polite"
      className="toast toast-bottom toast-center z-50"
      data-testid="update-prompt"
    >
      <div className="alert flex flex-wrap shadow-lg">
        <span>{intl.formatMessage({ id: 'pwa.updateAvailable' })}</span>
        <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={update}>
          {intl.formatMessage({ id: 'pwa.update' })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setNeedRefresh(false)}>
          {intl.formatMessage({ id: 'pwa.later' })}
        </button>
      </div>
    </div>
  );
}
