// The one way to show a toast: a title and a description, in the person's language. The toast library is
// loaded with the first toast, so pages that never show one (the landing page) never download it.
// Toasts sit at the bottom on phones and top right, below the header, on wider screens (never over the
// header); each has a close button and can be swiped away; an error stays twice as long as a success.
// While a dialog is open they are shown inside it (a modal dialog is drawn above everything else, so a toast
// outside it — the reason a save was refused — was hidden behind a phone's bottom sheet), at the top on a
// phone, clear of the sheet's Save and Cancel.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { Toast } from 'react-hot-toast';

type ToastModule = typeof import('react-hot-toast');
let library: Promise<ToastModule> | undefined;
const load = () =>
  (library ??= import('react-hot-toast').catch((error: unknown) => {
    // Not downloaded (the connection dropped before the app was kept on the device): the next toast tries
    // again, rather than every later toast failing with this one — "Back Online" among them.
    library = undefined;
    throw error;
  }));

/**
 * A member's app has the toast library from its first idle moment (not with the first toast): a connection
 * that drops on a first visit, before the service worker keeps the app, can still say "You're Offline" and
 * "Saved on this device".
 */
export function usePreloadedToasts(ready: boolean) {
  useEffect(() => {
    if (ready) load().catch(() => {}); // offline already: the first toast tries again
  }, [ready]);
}
const onLoad = new Set<(m: ToastModule) => void>();

/** How long a toast shows: an error is read and acted on, so it stays longer. */
const DURATION = { success: 5000, info: 5000, error: 10_000 } as const;
type Variant = keyof typeof DURATION;

/**
 * The mark of a toast that reports a state rather than a result (the connection dropped): neutral, not the
 * library's red cross, which would say something went wrong.
 */
const INFO_ICON = (
  <svg
    aria-hidden
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    className="size-5 shrink-0 text-info"
  >
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </svg>
);
/** The header's height (app/shell/app-layout.tsx keeps it to one row of at most 64 px) and a margin. */
const BELOW_HEADER = 72;

export function notify(opts: { title: string; description?: string; variant?: Variant }): void {
  void notifyShown(opts);
}

/**
 * notify, answering once the toast is handed to the library (or could not be, offline): for what must wait
 * until the person can read it (sign-in opens 500 ms after "Unauthorized", not 500 ms after it was asked for
 * while its library still downloads).
 */
export function notifyShown(opts: { title: string; description?: string; variant?: Variant }): Promise<void> {
  const body = (
    <div>
      <p className="font-semibold">{opts.title}</p>
      {opts.description && <p className="text-sm opacity-80">{opts.description}</p>}
    </div>
  );
  return load()
    .then((m) => {
      for (const listener of onLoad) listener(m);
      const variant = opts.variant ?? 'success';
      // One toast at a time: the one on screen is replaced by the new one. Each has its own id: a toast that
      // reused the id of one just timed out was removed with it a moment later, never seen (a profile saved
      // five seconds after signing in said nothing).
      m.default.remove();
      const options = { id: `kasuwa-${++shown}`, duration: DURATION[variant] };
      if (variant === 'info') m.default(body, { ...options, icon: INFO_ICON });
      else m.default[variant](body, options);
    })
    .catch(() => {
      // The library could not be downloaded (offline on a first visit): this toast is not shown; what it said
      // is on screen too (the header's connection badge, Pending changes).
    });
}
let shown = 0;

const WIDE = '(min-width: 640px)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/**
 * A toast as the library draws it, with a close button, and dismissed by a sideways swipe on a touch screen.
 * With a mouse it lets clicks through to what it covers (and a pointer resting there does not hold it on
 * screen, as the library does for a toast under the pointer): only its close button takes them.
 */
function DismissibleToast({ m, toast }: { m: ToastModule; toast: Toast }) {
  const intl = useIntl();
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const dismiss = () => m.default.dismiss(toast.id);
  return (
    <div
      data-testid="toast"
      // What kind of toast it is, as its icon shows it (a blank toast of the library is an info one).
      data-variant={toast.type === 'blank' ? 'info' : toast.type}
      className="pointer-events-none! touch-pan-y pointer-coarse:pointer-events-auto!"
      style={dx ? { translate: `${dx}px 0`, opacity: Math.max(0.2, 1 - Math.abs(dx) / 200) } : undefined}
      onPointerDown={(e) => {
        if (e.pointerType === 'touch') start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setDx(e.clientX - start.current);
      }}
      onPointerUp={() => {
        start.current = null;
        if (Math.abs(dx) > 80) dismiss();
        setDx(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      <m.ToastBar
        toast={toast}
        // The theme's colours (the library's own are white in the dark theme too).
        style={{
          maxWidth: 420,
          pointerEvents: 'inherit', // the library's own is "auto": follow the wrapper's
          background: 'var(--color-base-100)',
          color: 'var(--color-base-content)',
          border: '1px solid var(--color-base-300)',
        }}
      >
        {({ icon, message }) => (
          <>
            {icon}
            {message}
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle pointer-events-auto -my-1 -mr-2 min-h-11 min-w-11 shrink-0"
              // Not just "Close": inside a dialog it stands beside the dialog's own Close.
              aria-label={intl.formatMessage({ id: 'common.closeNotification' })}
              onClick={dismiss}
            >
              <span aria-hidden>✕</span>
            </button>
          </>
        )}
      </m.ToastBar>
    </div>
  );
}

/** The modal dialog open on top of the others, if any (dialogs are rendered into the body). */
const topDialog = () => {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.length ? open[open.length - 1]! : null;
};
const subscribeDialogs = (change: () => void) => {
  const observer = new MutationObserver(change);
  observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
};

/** Where the toasts show: mounted once the first toast has loaded the library (it then shows that toast). */
export function Toaster() {
  const [m, setModule] = useState<ToastModule | null>(null);
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
  const dialog = useSyncExternalStore(subscribeDialogs, topDialog);
  useEffect(() => {
    const listener = (loaded: ToastModule) => setModule(() => loaded);
    onLoad.add(listener);
    if (library) void library.then(listener);
    return () => void onLoad.delete(listener);
  }, []);
  if (!m) return null;
  const onPhoneSheet = dialog && !wide;
  const toaster = (
    <m.Toaster
      position={wide ? 'top-right' : onPhoneSheet ? 'top-center' : 'bottom-center'}
      containerStyle={
        wide
          ? { top: BELOW_HEADER }
          : onPhoneSheet
            ? { top: 'max(0.5rem, env(safe-area-inset-top))', left: 8, right: 8 }
            : { bottom: 'max(1rem, env(safe-area-inset-bottom))', left: 8, right: 8 }
      }
    >
      {(toast) => <DismissibleToast m={m} toast={toast} />}
    </m.Toaster>
  );
  return dialog ? createPortal(toaster, dialog) : toaster;
}
