// Registers /sw.js and, when a new version of the app is waiting, asks "A new version is available. Would
// you like to update?"; confirming reloads into it.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useIntl } from 'react-intl';

export function UpdatePrompt() {
  const intl = useIntl();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div
      role="alertdialog"
      aria-live="polite"
      className="toast toast-bottom toast-center z-50"
      data-testid="update-prompt"
    >
      <div className="alert flex flex-wrap shadow-lg">
        <span>{intl.formatMessage({ id: 'pwa.updateAvailable' })}</span>
        <button
          type="button"
          className="btn btn-primary btn-sm min-h-11"
          onClick={() => void updateServiceWorker(true)}
        >
          {intl.formatMessage({ id: 'pwa.update' })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setNeedRefresh(false)}>
          {intl.formatMessage({ id: 'pwa.later' })}
        </button>
      </div>
    </div>
  );
}
