// A modal dialog on the native <dialog> element (focus kept inside, Escape closes): a sheet from the
// bottom on phones, centred on wider screens. Rendered only while open, so its form starts fresh.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
  const titleId = useId();
  const intl = useIntl();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // In the body, so a dialog opened from another dialog's form is not a form inside a form.
  return createPortal(
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={`modal-box max-h-[92vh] ${wide ? 'sm:max-w-3xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-bold">
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
    </dialog>,
    document.body,
  );
}
