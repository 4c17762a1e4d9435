// Share a credit note as an invoice is shared: its revocable public link (/c/<token>, the live one when there
// is one), copied or sent by WhatsApp to the customer's number with a message in the document's language.
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useShareCreditNote } from '@/features/customer-documents/api/document-links.ts';
import { ShareDocumentDialog } from '@/features/customer-documents/share-document-dialog.tsx';
import type { CreditNote } from '@shared/api/credit-notes.ts';
import type { Invoice } from '@shared/api/invoices.ts';

export function CreditNoteShareDialog({
  note,
  invoice,
  onClose,
}: {
  note: CreditNote;
  invoice: Pick<Invoice, 'number' | 'customer'>;
  onClose: () => void;
}) {
  const t = useT();
  const org = useOrganization();
  const { share, revoke } = useShareCreditNote();
  return (
    <ShareDocumentDialog
      title={t('creditNotes.shareTitle')}
      text={t('creditNotes.shareText')}
      country={org.country}
      phone={invoice.customer.phone}
      shared={note.shared}
      pending={share.isPending}
      create={async () => (await share.mutateAsync(note.id)).path}
      revoke={() => revoke.mutateAsync(note.id)}
      message={(intl, link) =>
        intl.formatMessage(
          { id: 'creditNotes.whatsappMessage' },
          {
            customer: invoice.customer.name,
            number: note.number,
            invoice: invoice.number,
            org: org.name,
            amount: formatMoney(note.total, note.currency, intl.locale),
            link,
          },
        )
      }
      onClose={onClose}
    />
  );
}
