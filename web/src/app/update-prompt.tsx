// Registers /sw.js and, when a new version of the app is waiting, asks "A new version is available. Would
// you like to update?"; confirming reloads into it.
import { useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/connection.ts';
import { useIdle } from '@/lib/idle.ts';

/** How long Update waits for the new version to take over before reloading into it anyway. */
const HANDOVER_MS = 3000;

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
  const update = async () => {
    const waiting = (registration.current ?? (await navigator.serviceWorker.getRegistration()))?.waiting;
    // Nothing waiting: the new version is active already (often on the visit that installed the app).
    if (!waiting) return window.location.reload();
    // Reload once the new version is active — told by its own state (a page no version controls is never
    // taken over) or by the browser's controller change (a page the old version controls), whichever comes
    // first.
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    waiting.addEventListener('statechange', () => waiting.state === 'activated' && reload());
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    await updateServiceWorker(true);
    // Chromium stops the old version to hand over; a request from this page reaching it meanwhile starts it
    // again and the hand-over is dropped (seen on a busy phone: the prompt stayed, nothing reloaded). The
    // new version, told to skip waiting, then takes over at the next page load: reload if it has not by now.
    window.setTimeout(reload, HANDOVER_MS);
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
        <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={() => void update()}>
          {intl.formatMessage({ id: 'pwa.update' })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setNeedRefresh(false)}>
          {intl.formatMessage({ id: 'pwa.later' })}
        </button>
      </div>
    </div>
  );
}
