// Online or offline in the header, and a notice when it changes: "You're Offline" and "Back
// Online" (which sends the changes kept on the device).
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../components/ui/notify.tsx';
import { flush } from '../../lib/outbox.ts';
import { useT } from '../../lib/i18n.tsx';
import { useOnline } from '../../lib/connection.ts';

export function ConnectionBadge() {
  const t = useT();
  // Offline when the browser says so, or when the last call could not reach the server (lib/connection).
  const online = useOnline();
  useEffect(() => {
    const offline = () =>
      notify({ variant: 'error', title: t('connection.offline'), description: t('connection.offlineText') });
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
  // A dot and a word: small enough to leave the page title its room on a phone.
  return (
    <span
      className={`flex shrink-0 items-center gap-1.5 text-xs font-medium whitespace-nowrap ${online ? '' : 'text-error'}`}
      role="status"
      data-testid="connection-badge"
    >
      <span aria-hidden className={`size-2 rounded-full ${online ? 'bg-success' : 'bg-error'}`} />
      <FormattedMessage id={online ? 'shell.online' : 'shell.offline'} />
    </span>
  );
}
