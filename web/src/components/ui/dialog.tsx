// A modal dialog on the native <dialog> element (focus kept inside, Escape closes): a sheet from the
// bottom on phones, centred on wider screens. Rendered only while open, so its form starts fresh.
// The title row stays at the top and the body scrolls under it; the actions row (DialogActions) sticks to
// the bottom of the body, and the sheet stays above the on-screen keyboard, so Save is always in reach.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';

/**
 * How much of the layout viewport the on-screen keyboard covers, as `--keyboard` on the element: phones
 * shrink only the visual viewport when it opens, so `dvh` alone would leave the sheet's bottom under it.
 */
function useKeyboardInset(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const el = ref.current;
    if (!viewport || !el) return;
    const update = () => {
      // A pinch zoom shrinks the visual viewport too: only an unzoomed page's is the keyboard's doing.
      const covered =
        viewport.scale > 1.01 ? 0 : Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      el.style.setProperty('--keyboard', `${Math.round(covered)}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [ref]);
}

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
  useKeyboardInset(ref);
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
      <div
        data-testid="dialog-box"
        className={`modal-box mb-[var(--keyboard,0px)] flex max-h-[calc(100dvh-var(--keyboard,0px)-1rem)] flex-col overflow-hidden p-0 sm:max-h-[calc(100dvh-var(--keyboard,0px)-4rem)] ${wide ? 'sm:max-w-3xl' : ''}`}
      >
        <div className="flex shrink-0 items-start justify-between gap-2 px-4 pt-3 pb-2 sm:px-6 sm:pt-5">
          <h2 id={titleId} className="min-w-0 self-center text-lg font-bold break-words">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 min-w-11 shrink-0"
            aria-label={intl.formatMessage({ id: 'common.close' })}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        <div className="min-h-0 shrink overflow-y-auto overscroll-contain scroll-pb-24 px-4 pb-4 sm:px-6 sm:pb-6">
          {children}
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * A dialog's buttons (Cancel, then the main action): a row that stays at the bottom of the dialog while its
 * body scrolls, and wraps a long label instead of pushing a button out of the sheet.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="dialog-actions"
      className="modal-action sticky -bottom-4 z-10 -mx-4 mt-2 -mb-4 flex-wrap border-t border-base-300 bg-base-100 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 sm:pb-6 [&>.btn]:h-auto [&>.btn]:max-w-full [&>.btn]:py-2 [&>.btn]:leading-tight"
    >
      {children}
    </div>
  );
}

/**
 * A form dialog's two buttons: Cancel, which closes it, and the submit button with the form's action.
 * `danger` draws the action in the error colour (a deletion).
 */
export function FormActions({
  onCancel,
  submitLabel,
  disabled,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  disabled?: boolean;
  danger?: boolean;
}) {
  const intl = useIntl();
  return (
    <DialogActions>
      <button type="button" className="btn min-h-11" onClick={onCancel}>
        {intl.formatMessage({ id: 'common.cancel' })}
      </button>
      <button
        type="submit"
        className={`btn min-h-11 ${danger ? 'btn-error' : 'btn-primary'}`}
        disabled={disabled}
      >
        {submitLabel}
      </button>
    </DialogActions>
  );
}
