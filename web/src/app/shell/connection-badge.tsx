// Online or offline in the header, and a notice when it changes: "You're Offline" and "Back
// Online" (which sends the changes kept on the device). Pressed, it shows what each screen keeps on this
// device to open offline (device-dialog.tsx).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Role } from '@shared/schemas/team.ts';
import { FormattedMessage } from 'react-intl';
import { notify } from '@/components/ui/notify.tsx';
import { flush } from '@/lib/outbox.ts';
import { useT } from '@/lib/i18n.tsx';
import { useOnline } from '@/lib/connection.ts';

// Loaded when opened: it reads every screen's queries (warm-device.ts), which the first screen does not need.
const DeviceDialog = lazy(() => import('./device-dialog.tsx').then((m) => ({ default: m.DeviceDialog })));

export function ConnectionBadge({ org }: { org?: { id: string; role: Role } }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Offline when the browser says so, or when the last call could not reach the server (lib/connection).
  const online = useOnline();
  useEffect(() => {
    const offline = () =>
      // A normal state to know about, not a failure: the neutral look, not the error's.
      notify({ variant: 'info', title: t('connection.offline'), description: t('connection.offlineText') });
    const back = () => {
      notify({ title: t('connection.online'), description: t('connection.onlineText') });
      void flush();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', back);
    };
  }, [t]);
  // A dot and a word: small enough to leave the page title its room on a phone, where "Hors ligne" goes
  // onto two lines rather than take the room of the title's longest word.
  const state = (
    <span
      className={`flex items-center gap-1.5 text-left text-xs leading-tight font-medium ${online ? '' : 'text-error'}`}
      role="status"
      data-testid="connection-badge"
    >
      <span aria-hidden className={`size-2 shrink-0 rounded-full ${online ? 'bg-success' : 'bg-error'}`} />
      <FormattedMessage id={online ? 'shell.online' : 'shell.offline'} />
    </span>
  );
  if (!org) return state;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 shrink px-1 whitespace-normal"
        aria-haspopup="dialog"
        // The state, and what pressing it opens: "Online, On this device".
        aria-label={`${t(online ? 'shell.online' : 'shell.offline')}, ${t('shell.device.title')}`}
        onClick={() => setOpen(true)}
      >
        {state}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DeviceDialog org={org} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
