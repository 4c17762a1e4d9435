// Share a credit note as an invoice is shared: its revocable public link (/c/<token>, the live one when there
// is one), copied or sent by WhatsApp to the customer's number with a message in the document's language.
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
import { useShareCreditNote } from '@/features/customer-documents/api/document-links.ts';
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
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const customerIntl = useIntlIn(documentLanguage(org.country));
  const { share, revoke } = useShareCreditNote();
  const [link, setLink] = useState<string | null>(null);
  const create = async () => {
    try {
      const { path } = await share.mutateAsync(note.id);
      setLink(`${location.origin}${path}`);
    } catch (e) {
      notifyError(intl, e);
    }
  };
  const message =
    link && customerIntl
      ? customerIntl.formatMessage(
          { id: 'creditNotes.whatsappMessage' },
          {
            customer: invoice.customer.name,
            number: note.number,
            invoice: invoice.number,
            org: org.name,
            amount: formatMoney(note.total, note.currency, customerIntl.locale),
            link,
          },
        )
      : '';
  return (
    <Dialog title={t('creditNotes.shareTitle')} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm">{t('creditNotes.shareText')}</p>
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
        {(note.shared || link) && (
          <button
            type="button"
            className="btn btn-ghost min-h-11 text-error"
            onClick={async () => {
              try {
                await revoke.mutateAsync(note.id);
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
