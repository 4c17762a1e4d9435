import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The menu button of a phone-width header. */
export function MenuButton({
  open,
  onOpen,
  controls,
}: {
  open: boolean;
  onOpen: () => void;
  controls: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost min-h-11 min-w-11 shrink-0 px-3 md:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onOpen}
    >
      <span aria-hidden>☰</span>
      <span className="sr-only">
        <FormattedMessage id="nav.openMenu" />
      </span>
    </button>
  );
}

// Whole class names, so Tailwind generates them: the panel sits on its side and slides in from that edge.
const SIDE = {
  left: 'left-0 animate-[drawer-from-left_200ms_ease-out]',
  right: 'right-0 animate-[drawer-from-right_200ms_ease-out]',
} as const;

/**
 * The slide-in menu on phones: a panel over a dimmed page that closes it when tapped. It comes in from the
 * side its menu button is on (`side`), so the finger that opened it finds it there.
 */
export function Drawer({
  id,
  side,
  onClose,
  children,
}: {
  id: string;
  side: 'left' | 'right';
  onClose: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" id={id}>
      <button
        type="button"
        className="absolute inset-0 bg-black/40"
        aria-label={intl.formatMessage({ id: 'nav.closeMenu' })}
        onClick={onClose}
      />
      <div
        data-testid="drawer-panel"
        className={`absolute top-0 ${SIDE[side]} flex h-full w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto overscroll-contain bg-base-100 p-4 shadow-xl motion-reduce:animate-none`}
      >
        {children}
      </div>
    </div>
  );
}
