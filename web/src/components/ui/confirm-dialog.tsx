import { useIntl } from 'react-intl';
import { Dialog, DialogActions } from './dialog.tsx';

/**
 * Asks before something that cannot be taken back. The two buttons never read alike: where "Cancel" would
 * name the action itself (French "Annuler" a facture), the caller names the way out (`cancelLabel`: "Keep").
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{message}</p>
      <DialogActions>
        <button type="button" className="btn min-h-11" onClick={onClose}>
          {cancelLabel ?? intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button type="button" className="btn btn-error min-h-11" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
