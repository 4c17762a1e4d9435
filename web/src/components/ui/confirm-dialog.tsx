import { useIntl } from 'react-intl';
import { Dialog } from './dialog.tsx';

/** Asks before something that cannot be taken back. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{message}</p>
      <div className="modal-action">
        <button type="button" className="btn min-h-11" onClick={onClose}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button type="button" className="btn btn-error min-h-11" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
