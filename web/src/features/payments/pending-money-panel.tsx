// Above an invoice, what this device has done to its money and not sent yet — a payment taken offline, a
// reversal, a deletion, a credit note — and the balance due once it is sent: the shop sees what it already
// took, and is not led to take it twice.
import { useIntl } from 'react-intl';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import { balanceOnceSent, type PendingMoney } from './pending-money.ts';

export function PendingMoneyPanel({
  invoice,
  pending,
}: {
  invoice: Invoice;
  pending: readonly PendingMoney[];
}) {
  const intl = useIntl();
  const t = useT();
  if (!pending.length) return null;
  const money = (n: number) => formatMoney(n, invoice.currency, intl.locale);
  const after = balanceOnceSent(invoice, pending);
  const label = (c: PendingMoney) =>
    c.kind === 'payment'
      ? t('payments.pending.payment', {
          amount: money(c.amount),
          method: c.provider ? t(`payments.provider.${c.provider}`) : t(`payments.method.${c.method}`),
        }) + (c.ref ? ` · ${c.ref}` : '')
      : t(`payments.pending.${c.kind}`, { amount: money(c.amount) });
  return (
    <section
      role="status"
      className="alert alert-info flex flex-col items-start gap-1 print:hidden"
      data-testid="pending-money"
    >
      <p className="font-semibold">{t('payments.pendingTitle')}</p>
      <ul className="list-inside list-disc">
        {pending.map((c) => (
          <li key={c.entryId} className="break-words">
            {label(c)}
          </li>
        ))}
      </ul>
      {invoice.status !== 'QUOTE' && invoice.status !== 'VOID' && (
        <p className="font-semibold" data-testid="balance-once-sent">
          {after > 0 ? t('payments.balanceOnceSent', { amount: money(after) }) : t('payments.paidOnceSent')}
        </p>
      )}
    </section>
  );
}
