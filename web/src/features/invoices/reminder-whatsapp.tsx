// "Send reminder on WhatsApp" on an unpaid issued invoice: makes a public link to the invoice and opens
// WhatsApp (to the customer's phone when the shop has it) with a reminder in the business's language — the
// amount still due, the due date when there is one (said as upcoming, today or past), and the link.
import { useIntl } from 'react-intl';
import { documentLanguage } from '@shared/countries.ts';
import { localDate } from '@shared/csv.ts';
import { whatsappNumber } from '@shared/phone.ts';
import { notifyError } from '@/lib/feedback.ts';
import { useIntlIn, useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useShareInvoice } from './api/invoices.ts';
import type { Invoice } from '@shared/api/invoices.ts';

/**
 * The reminder's words by its due date, in the shop's calendar: not late yet ("is due on"), due today, or
 * late ("was due on"); without a due date, "is not paid yet".
 */
export function reminderMessageId(dueAt: string | null, today: string): string {
  if (!dueAt) return 'invoices.reminderMessageNoDate';
  if (dueAt > today) return 'invoices.reminderMessageUpcoming';
  return dueAt === today ? 'invoices.reminderMessageToday' : 'invoices.reminderMessage';
}

export function ReminderWhatsApp({ invoice }: { invoice: Invoice }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const customerIntl = useIntlIn(documentLanguage(org.country));
  const { share } = useShareInvoice();
  if (invoice.status !== 'ISSUED' || !(invoice.balance > 0)) return null;
  const open = async () => {
    if (!customerIntl) return;
    // Opened at once (a window opened after waiting for the server is blocked as a pop-up), then sent to
    // WhatsApp when the link is made.
    const win = window.open('', '_blank');
    try {
      const { path } = await share.mutateAsync(invoice.id);
      const link = `${location.origin}${path}`;
      const values = {
        customer: invoice.customer.name,
        number: invoice.number,
        org: org.name,
        amount: formatMoney(invoice.balance, invoice.currency, customerIntl.locale),
        date: invoice.dueAt
          ? customerIntl.formatDate(new Date(`${invoice.dueAt}T00:00:00Z`), {
              dateStyle: 'long',
              timeZone: 'UTC',
            })
          : '',
        link,
      };
      const today = localDate(org.timezone);
      const message = customerIntl.formatMessage({ id: reminderMessageId(invoice.dueAt, today) }, values);
      const number = whatsappNumber(invoice.customer.phone, org.country);
      const url = `https://wa.me/${number ?? ''}?text=${encodeURIComponent(message)}`;
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else location.assign(url);
    } catch (e) {
      win?.close();
      notifyError(intl, e);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline min-h-11"
      disabled={share.isPending}
      onClick={() => void open()}
    >
      {t('invoices.remindWhatsApp')}
    </button>
  );
}
