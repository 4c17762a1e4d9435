// The bell in the header: how many notifications are unread, and, pressed, the latest ones as sentences in
// the member's language, newest first (a panel under the bell on a wide screen, a sheet from the bottom on
// a phone). Tapping one opens what it is about and marks it read; "Mark all as read" clears the count.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { useOnline } from '@/lib/connection.ts';
import { Icon } from '@/components/ui/icon.tsx';
import { useT } from '@/lib/i18n.tsx';
import { useWide } from '@/lib/use-media-query.ts';
import { sentence, target } from './notification-text.ts';
import { type AppNotification, useMarkRead, useNotifications } from './notifications.ts';

function BellIcon() {
  return <Icon paths={['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0']} />;
}

function NotificationList({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const intl = useIntl();
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const query = useNotifications(orgId);
  const mark = useMarkRead(orgId);
  const data = query.data;
  if (!data) {
    if (query.isError && online)
      return (
        <p className="p-4 text-error">
          <FormattedMessage id="common.loadFailed" />
        </p>
      );
    return <Loading />;
  }
  const open = (n: AppNotification) => {
    if (!n.readAt) mark.mutate([n.id]);
    onDone();
    void navigate(target(n));
  };
  return (
    <div className="flex flex-col gap-2" data-testid="notification-list">
      {(!online || data.unread > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {!online && <p className="text-sm opacity-75">{t('notifications.offline')}</p>}
          {data.unread > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm ms-auto min-h-11"
              onClick={() => mark.mutate(null)}
            >
              {t('notifications.markAllRead')}
            </button>
          )}
        </div>
      )}
      {data.rows.length === 0 ? (
        <div className="flex flex-col gap-1 py-6 text-center" data-testid="notifications-empty">
          <p className="font-medium">{t('notifications.empty')}</p>
          <p className="text-sm opacity-75">{t('notifications.emptyText')}</p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {data.rows.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`flex min-h-11 w-full items-start gap-2 rounded px-2 py-2 text-left hover:bg-base-200 ${n.readAt ? '' : 'font-semibold'}`}
                data-testid="notification"
                data-unread={n.readAt ? undefined : 'true'}
                onClick={() => open(n)}
              >
                <span
                  aria-hidden
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${n.readAt ? '' : 'bg-primary'}`}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="break-words">
                    {!n.readAt && <span className="sr-only">{t('notifications.unread')}: </span>}
                    {sentence(intl, n)}
                  </span>
                  <span className="text-xs font-normal opacity-75">
                    {intl.formatDate(n.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-base-300 pt-2">
        <Link
          to="/settings?tab=notifications"
          className="link inline-flex min-h-11 items-center text-sm"
          onClick={onDone}
        >
          {t('notifications.settings')}
        </Link>
      </div>
    </div>
  );
}

/** The panel under the bell on a wide screen: closes on Escape, on a click elsewhere, and after a choice. */
function Panel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onPointer = (e: PointerEvent) => {
      const bell = ref.current?.parentElement;
      if (bell && !bell.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    ref.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-testid="notification-panel"
      className="absolute top-full right-0 z-40 mt-2 flex max-h-[70vh] w-96 max-w-[calc(100vw-1rem)] flex-col overflow-y-auto overscroll-contain rounded-box border border-base-300 bg-base-100 p-3 shadow-lg outline-none"
    >
      <h2 className="mb-2 text-lg font-bold">{title}</h2>
      {children}
    </div>
  );
}

export function NotificationBell({ orgId }: { orgId: string }) {
  const intl = useIntl();
  const t = useT();
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const unread = useNotifications(orgId).data?.unread ?? 0;
  const close = () => setOpen(false);
  const title = t('notifications.title');
  const list = <NotificationList orgId={orgId} onDone={close} />;
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        className="btn btn-ghost btn-sm relative min-h-11 min-w-11 shrink-0 px-1.5"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={intl.formatMessage({ id: 'notifications.open' }, { count: unread })}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="badge badge-xs badge-error absolute top-1 right-0.5 h-4 min-w-4 px-1 text-[0.625rem] font-semibold"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open &&
        (wide ? (
          <Panel title={title} onClose={close}>
            {list}
          </Panel>
        ) : (
          <Dialog title={title} onClose={close}>
            {list}
          </Dialog>
        ))}
    </div>
  );
}
