// Share an invoice, or one of its receipts: a revocable public link (the invoice's; a receipt's is the same
// link with the receipt's number), copied or sent by WhatsApp with a message in the business's language.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { ShareLink } from '@/components/ui/share-link.tsx';
import { notifyError } from '@/lib/feedback.ts';
import { useIntlIn, useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { documentLanguage } from '@shared/countries.ts';
import { whatsappNumber } from '@shared/phone.ts';
import { useShareInvoice } from './api/invoices.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import type { ReceiptData } from '@/features/payments/receipt-document.tsx';

export function ShareDialog({
  invoice,
  receipt,
  onClose,
}: {
  invoice: Invoice;
  /** Share this receipt of the invoice rather than the invoice. */
  receipt?: ReceiptData;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  // The message goes to the customer: in the business's language, amounts written its way.
  const customerIntl = useIntlIn(documentLanguage(org.country));
  const { share, revoke } = useShareInvoice();
  // A quote is shared as a quote: its title, its words and its message.
  const kind = invoice.status === 'QUOTE' ? 'quotes' : 'invoices';
  const [link, setLink] = useState<string | null>(null);
  const create = async () => {
    try {
      const { path } = await share.mutateAsync(invoice.id);
      setLink(`${location.origin}${path}${receipt ? `/receipts/${receipt.receiptNumber}` : ''}`);
    } catch (e) {
      notifyError(intl, e);
    }
  };
  const message =
    link && customerIntl
      ? customerIntl.formatMessage(
          { id: receipt ? 'receipts.whatsappMessage' : `${kind}.whatsappMessage` },
          {
            customer: invoice.customer.name,
            number: receipt ? receipt.receiptNumber : invoice.number,
            org: org.name,
            amount: formatMoney(
              receipt ? receipt.amount : invoice.total,
              invoice.currency,
              customerIntl.locale,
            ),
            link,
          },
        )
      : '';
  return (
    <Dialog title={t(receipt ? 'receipts.shareTitle' : `${kind}.shareTitle`)} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm">{t(`${kind}.shareText`)}</p>
        {link ? (
          <ShareLink
            link={link}
            message={message}
            label={t('invoices.share')}
            whatsappTo={whatsappNumber(invoice.customer.phone, org.country)}
          />
        ) : (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={share.isPending}
            onClick={create}
          >
            {t('invoices.share')}
          </button>
        )}
        {(invoice.shared || link) && (
          <button
            type="button"
            className="btn btn-ghost min-h-11 text-error"
            onClick={async () => {
              // A refusal (offline, signed out) says why; the link is forgotten only once revoked.
              try {
                await revoke.mutateAsync(invoice.id);
              } catch (e) {
                notifyError(intl, e);
                return;
              }
              setLink(null);
              notify({ title: t('invoices.revoked') });
            }}
          >
            {t('invoices.revoke')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
