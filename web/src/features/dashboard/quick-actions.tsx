// Quick actions on the dashboard: Create invoice, and for the roles that may, Add product, New lead and
// Record payment. Their dialogs load when opened.
import { Suspense, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import { Card } from './dashboard-card.tsx';

/** The dialogs the quick actions open, from other features: the app passes them in (app/router.tsx). */
export type QuickDialogs = Record<'invoice' | 'product' | 'lead', ComponentType<{ onClose: () => void }>>;

// A label longer than half a small phone ("Enregistrer un paiement") wraps inside its button.
const ACTION = 'btn h-auto min-h-11 whitespace-normal py-2';

export function QuickActions({ dialogs }: { dialogs: QuickDialogs }) {
  const navigate = useNavigate();
  const canStock = useCan('product.edit');
  const canLead = useCan('lead.edit');
  // A salesperson reads payments but does not record them (the Accounting page offers them no button).
  const canPay = useCan('payment.record');
  const [open, setOpen] = useState<'invoice' | 'product' | 'lead' | null>(null);
  const t = useT();
  return (
    <Card title={t('dashboard.quickActions')} testId="quick-actions">
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={ACTION + ' btn-primary'} onClick={() => setOpen('invoice')}>
          {t('dashboard.createInvoice')}
        </button>
        {canStock && (
          <button type="button" className={ACTION + ' btn-outline'} onClick={() => setOpen('product')}>
            {t('dashboard.addProduct')}
          </button>
        )}
        {canLead && (
          <button type="button" className={ACTION + ' btn-outline'} onClick={() => setOpen('lead')}>
            {t('dashboard.newLead')}
          </button>
        )}
        {canPay && (
          <button
            type="button"
            className={ACTION + ' btn-outline'}
            onClick={() => void navigate('/accounting')}
          >
            {t('dashboard.recordPayment')}
          </button>
        )}
      </div>
      <Suspense fallback={null}>
        {open === 'invoice' && <dialogs.invoice onClose={() => setOpen(null)} />}
        {open === 'product' && <dialogs.product onClose={() => setOpen(null)} />}
        {open === 'lead' && <dialogs.lead onClose={() => setOpen(null)} />}
      </Suspense>
    </Card>
  );
}
