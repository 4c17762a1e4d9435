// Share an invoice, or one of its receipts: a revocable public link (the invoice's; a receipt's is the same
// link with the receipt's number), copied or sent by WhatsApp with a message in the business's language.
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { ShareDocumentDialog } from '@/features/customer-documents/share-document-dialog.tsx';
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
  const t = useT();
  const org = useOrganization();
  const { share, revoke } = useShareInvoice();
  // A quote is shared as a quote: its title, its words and its message.
  const kind = invoice.status === 'QUOTE' ? 'quotes' : 'invoices';
  return (
    <ShareDocumentDialog
      title={t(receipt ? 'receipts.shareTitle' : `${kind}.shareTitle`)}
      text={t(`${kind}.shareText`)}
      country={org.country}
      phone={invoice.customer.phone}
      shared={invoice.shared}
      pending={share.isPending}
      create={async () => {
        const { path } = await share.mutateAsync(invoice.id);
        return receipt ? `${path}/receipts/${receipt.receiptNumber}` : path;
      }}
      revoke={() => revoke.mutateAsync(invoice.id)}
      message={(intl, link) =>
        intl.formatMessage(
          { id: receipt ? 'receipts.whatsappMessage' : `${kind}.whatsappMessage` },
          {
            customer: invoice.customer.name,
            number: receipt ? receipt.receiptNumber : invoice.number,
            org: org.name,
            amount: formatMoney(receipt ? receipt.amount : invoice.total, invoice.currency, intl.locale),
            link,
          },
        )
      }
      onClose={onClose}
    />
  );
}
