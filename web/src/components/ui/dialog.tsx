// A modal dialog on the native <dialog> element (focus kept inside, Escape closes): a sheet from the
// bottom on phones, centred on wider screens. Rendered only while open, so its form starts fresh.
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const intl = useIntl();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={`modal-box max-h-[92vh] ${wide ? 'sm:max-w-3xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-2">
          <h2 id="dialog-title" className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 min-w-11"
            aria-label={intl.formatMessage({ id: 'common.close' })}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
