// An invoice made on this device that the server does not have yet (/sales/invoices/:id before it is sent):
// what was typed — customer, status, lines and total — and, once issued, Record Payment, whose payment
// waits in the queue behind the invoice. Its number, document, PDF and link come when the server has it.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { InvoiceInput } from '@shared/schemas/sales.ts';
import { invoiceTotals } from '@shared/invoice-totals.ts';
import { InvoiceStatusBadge } from '@/components/ui/status-badge.tsx';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { formatMoney } from '@/lib/money.ts';
import type { OutboxEntry } from '@/lib/outbox.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import { useIssuedToPay } from '@/features/payments/api/payments.ts';
import { RecordPaymentDialog } from '@/features/payments/record-payment-dialog.tsx';

export function PendingInvoice({ entry }: { entry: OutboxEntry }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const canPay = useCan('payment.record');
  const [paying, setPaying] = useState(false);
  const body = entry.body as InvoiceInput & { id: string };
  const row = entry.creates!.row as { customer?: { name?: string } };
  const customer = row.customer?.name || entry.label;
  const currency = body.currency ?? org.currency;
  const lines = body.lines ?? [];
  const totals = invoiceTotals(
    lines.map((l) => ({ qty: l.qty, unitPrice: l.unitPrice, taxRate: l.taxRate ?? 0 })),
    currency,
  );
  // Its balance, less the payments already waiting for it on this device.
  const payable = useIssuedToPay(org.id).invoices.find((i) => i.id === body.id);
  const money = (n: number) => formatMoney(n, currency, intl.locale);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-4" data-testid="pending-invoice">
      <Link to="/sales" className="link min-h-11 content-center">
        ← {t('invoices.back')}
      </Link>
      <div className="rounded-box border border-warning/40 bg-warning/10 p-3">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {t('invoices.pendingTitle')} <PendingBadge />
        </p>
        <p className="text-sm">{t('invoices.pendingText')}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Label above the name: no colon to punctuate differently in French. */}
        <div className="min-w-0">
          <p className="text-sm opacity-70">{t('invoices.customer')}</p>
          <p className="font-medium break-words">{customer}</p>
        </div>
        <InvoiceStatusBadge status={body.status ?? 'QUOTE'} />
      </div>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {lines.map((l, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-2 p-3">
            <span className="min-w-0 break-words">{l.description}</span>
            <span className="whitespace-nowrap">
              {l.qty} × {money(l.unitPrice)}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-lg font-semibold">
        <span>{t('invoices.total')}</span>
        <span>{money(totals.total)}</span>
      </p>
      {payable && (
        <p className="flex justify-between">
          <span>{t('invoices.balance')}</span>
          <span>{money(payable.balance)}</span>
        </p>
      )}
      {payable && canPay && (
        <button type="button" className="btn btn-primary min-h-11 self-start" onClick={() => setPaying(true)}>
          {t('payments.record')}
        </button>
      )}
      {paying && payable && (
        <RecordPaymentDialog
          invoice={{
            id: body.id,
            number: t('outbox.pending'),
            currency,
            balance: payable.balance,
            customer: { name: customer },
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </section>
  );
}
