// A purchase order: its supplier, status and lines with their cost, and for those who manage stock the next
// step — Approve a draft, Receive an approved order (its lines are added to stock once).
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useCan } from '@/lib/organization.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import type { PurchaseOrder } from './api/keys.ts';
import { usePurchaseOrder, useSetOrderStatus } from './api/purchase-orders.ts';

export function OrderDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const canEdit = useCan('purchaseOrder.edit');
  const order = usePurchaseOrder(id).data;
  const setStatus = useSetOrderStatus();
  const act = async (action: 'approve' | 'receive') => {
    const done = await submitWrite(intl, () => setStatus.mutateAsync({ id, action }), {
      success: action === 'approve' ? 'orders.approved' : 'orders.received',
    });
    if (!done.ok) return;
  };
  return (
    <Dialog title={t('orders.detail')} onClose={onClose} wide>
      {!order ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-3">
          <p>
            <span className="font-semibold">{order.supplier?.name}</span> ·{' '}
            <OrderBadge status={order.status} />
          </p>
          <ul className="divide-y divide-base-200">
            {order.lines?.map((l) => (
              <li key={l.id} className="flex justify-between gap-2 py-2">
                <span>
                  {l.product.name} × {l.quantity} {l.product.unit}
                </span>
                <span>{formatMoney(l.quantity * l.unitCost, order.currency, intl.locale)}</span>
              </li>
            ))}
          </ul>
          <p className="text-right font-semibold">
            {t('orders.total')}: {formatMoney(order.total, order.currency, intl.locale)}
          </p>
          {canEdit && order.status !== 'RECEIVED' && (
            <button
              type="button"
              className="btn btn-primary min-h-11"
              disabled={setStatus.isPending}
              onClick={() => act(order.status === 'DRAFT' ? 'approve' : 'receive')}
            >
              {t(order.status === 'DRAFT' ? 'orders.approve' : 'orders.receive')}
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}

const ORDER_STYLE = { DRAFT: 'badge-ghost', APPROVED: 'badge-info', RECEIVED: 'badge-success' } as const;
export function OrderBadge({ status }: { status: PurchaseOrder['status'] }) {
  return (
    <span className={`badge badge-sm ${ORDER_STYLE[status]}`}>
      <FormattedMessage id={`orders.status.${status}`} />
    </span>
  );
}
