import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';

const subscribe = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** Online or offline, as the browser last knew it. */
export function ConnectionBadge() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return (
    <span className={`badge ${online ? 'badge-success' : 'badge-error'}`} role="status">
      <FormattedMessage id={online ? 'shell.online' : 'shell.offline'} />
    </span>
  );
}
