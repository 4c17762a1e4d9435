// A payment reference already used (the same mobile-money message typed twice, once offline): the payments
// that carry it, recorded or still on this device, and the choice to change the reference or record anyway.
import { useIntl } from 'react-intl';
import { WarningConfirm } from '@/components/ui/warning-confirm.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { ReferenceUse } from './api/payments.ts';

export function ReferenceWarning({
  reference,
  uses,
  pending = false,
  onConfirm,
  onBack,
}: {
  reference: string;
  uses: readonly ReferenceUse[];
  pending?: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const org = useOrganization();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(intl.locale, { timeZone: org.timezone, dateStyle: 'medium' }) : '';
  return (
    <WarningConfirm
      title={t('payments.refUsed.title', { ref: reference.trim() })}
      items={uses.map((u, i) => {
        const values = {
          amount: formatMoney(u.amount, u.currency ?? org.currency, intl.locale),
          invoice: u.invoiceNumber ?? t('outbox.pending'),
          receipt: u.receiptNumber ?? '',
          date: date(u.receivedAt),
        };
        return {
          key: String(i),
          testId: 'reference-use',
          text: u.pending ? t('payments.refUsed.onDevice', values) : t('payments.refUsed.recorded', values),
        };
      })}
      question={t('payments.refUsed.question')}
      backLabel={t('payments.refUsed.back')}
      confirmLabel={t('payments.refUsed.confirm')}
      pending={pending}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}
