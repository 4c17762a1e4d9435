// The header's "Pending changes": how many of the member's changes wait to reach the server, and the
// list of them — a refused one with its reason, Retry and Discard; ones waiting for it; a paused queue
// that needs signing in again.
import { Children, lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { discard, type OutboxEntry, retry } from '@/lib/outbox.ts';
import { useOutboxEntries } from '@/lib/use-outbox.ts';
import { type Organization, OrganizationProvider } from '@/lib/organization.tsx';
import { refusalMessage } from '@/lib/validation-message.ts';
import { useT } from '@/lib/i18n.tsx';

// The forms a refused new row (or payment) is corrected in, loaded when Edit is pressed.
const ProductDialog = lazy(() =>
  import('@/features/inventory/product-dialog.tsx').then((m) => ({ default: m.ProductDialog })),
);
const CustomerDialog = lazy(() =>
  import('@/features/customers/customer-dialog.tsx').then((m) => ({ default: m.CustomerDialog })),
);
const LeadDialog = lazy(() => import('@/features/crm/crm-page.tsx').then((m) => ({ default: m.LeadDialog })));
const InvoiceDialog = lazy(() =>
  import('@/features/invoices/create-invoice-dialog.tsx').then((m) => ({
    default: m.CreateInvoiceDialog,
  })),
);
const PaymentDialog = lazy(() =>
  import('@/features/payments/record-payment-dialog.tsx').then((m) => ({
    default: m.RecordPaymentDialog,
  })),
);
const SubscribeDialog = lazy(() =>
  import('@/features/subscriptions/subscribe-dialog.tsx').then((m) => ({ default: m.SubscribeDialog })),
);
const EDITABLE: Record<string, typeof ProductDialog> = {
  '/api/products': ProductDialog,
  '/api/customers': CustomerDialog,
  '/api/leads': LeadDialog,
  '/api/invoices': InvoiceDialog,
  '/api/payments': PaymentDialog,
  '/api/subscriptions': SubscribeDialog,
};

export function PendingChanges({ organizations }: { organizations: Organization[] }) {
  const intl = useIntl();
  const t = useT();
  // The kind of change (its address when it has no name). The strings come parsed: no message is made from a
  // string while the app runs, so this is not a default message.
  const opName = (path: string) => {
    const id = `outbox.op.${path.split('/')[2] ?? 'other'}`;
    return id in intl.messages ? t(id) : path;
  };
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // The form acts in the organization the change was made in (the one on screen may be another).
  const orgOf = (e: OutboxEntry) => organizations.find((o) => o.id === e.orgId);
  const Editor = editing && EDITABLE[editing.path];
  const editingOrg = editing && orgOf(editing);
  const editor = Editor && editingOrg && (
    <OrganizationProvider org={editingOrg}>
      <Suspense fallback={null}>
        <Editor refused={editing} onClose={() => setEditing(null)} />
      </Suspense>
    </OrganizationProvider>
  );
  if (!entries.length) return editor;
  const failed = entries.some((e) => e.status === 'failed' || e.status === 'needs-sign-in');
  return (
    <>
      {editor}
      <button
        type="button"
        className={`btn btn-sm min-h-11 min-w-11 shrink-0 gap-1 px-1.5 ${failed ? 'btn-error' : 'btn-warning'}`}
        onClick={() => setOpen(true)}
        data-testid="pending-changes"
      >
        <Icon
          paths={[
            'M12 17v-6m0 0-2.5 2.5M12 11l2.5 2.5M7 19a4.5 4.5 0 0 1-1-8.9 6 6 0 0 1 11.6-1.6A4.5 4.5 0 0 1 17.5 19H7Z',
          ]}
        />
        {/* The count shows; the words are read out (and shown on wider screens): "3 pending changes". */}
        {Children.toArray(
          intl.formatMessage(
            { id: 'outbox.count' },
            { count: entries.length, n: (count) => <span key="n">{count}</span> },
          ),
        ).map((part, i) =>
          typeof part === 'string' ? (
            <span key={i} className="sr-only sm:not-sr-only">
              {part}
            </span>
          ) : (
            part
          ),
        )}
      </button>
      {open && (
        <Dialog title={t('outbox.title')} onClose={() => setOpen(false)}>
          <ul className="flex flex-col divide-y divide-base-200">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 py-2" data-testid="pending-change">
                <span className="font-medium">
                  {opName(e.path)}
                  {e.label && !e.label.startsWith(e.method) && (
                    <span className="font-normal"> — {e.label}</span>
                  )}
                </span>
                <span className="text-sm opacity-70">
                  <FormattedMessage id={`outbox.status.${e.status}`} />
                </span>
                {e.status === 'failed' && (
                  <span className="text-sm text-error">{refusalMessage(intl, e.refusal ?? {})}</span>
                )}
                {(e.status === 'failed' || e.status === 'needs-sign-in') && (
                  <span className="flex gap-2">
                    <button type="button" className="btn btn-sm min-h-11" onClick={() => void retry(e.id)}>
                      {t('common.retry')}
                    </button>
                    {e.status === 'failed' && e.method === 'POST' && e.path in EDITABLE && orgOf(e) && (
                      <button
                        type="button"
                        className="btn btn-sm min-h-11"
                        onClick={() => {
                          setOpen(false);
                          setEditing(e);
                        }}
                      >
                        {t('common.edit')}
                      </button>
                    )}
                    {e.status === 'failed' && confirming !== e.id && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11 text-error"
                        onClick={() => setConfirming(e.id)}
                      >
                        {t('outbox.discard')}
                      </button>
                    )}
                  </span>
                )}
                {/* Discarding loses what the change held: asked once more, with buttons that cannot be
                    confused. */}
                {e.status === 'failed' && confirming === e.id && (
                  <div role="alert" className="flex flex-col gap-2 rounded-box bg-error/10 p-2 text-sm">
                    <span>{t('outbox.discardConfirm')}</span>
                    <span className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-error btn-sm min-h-11"
                        onClick={() => {
                          setConfirming(null);
                          void discard(e.id);
                        }}
                      >
                        {t('outbox.discardYes')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm min-h-11"
                        onClick={() => setConfirming(null)}
                      >
                        {t('outbox.discardKeep')}
                      </button>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Dialog>
      )}
    </>
  );
}

/** Signing out with unsent changes asks first: they stay on this device, unsent, until the next sign-in. */
export function useSignOutGuard() {
  const intl = useIntl();
  const entries = useOutboxEntries();
  return (e: React.MouseEvent) => {
    if (
      entries.length &&
      !window.confirm(intl.formatMessage({ id: 'outbox.signOutWarning' }, { count: entries.length }))
    )
      e.preventDefault();
  };
}

/** Sign Out (to /api/logout), asking first when changes have not reached the server. */
export function SignOutLink({ className }: { className: string }) {
  const guard = useSignOutGuard();
  return (
    <a href="/api/logout" className={className} onClick={guard}>
      <FormattedMessage id="app.signOut" />
    </a>
  );
}
