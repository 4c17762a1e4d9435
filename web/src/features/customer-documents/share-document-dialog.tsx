// Share a document the customer receives (an invoice, a quote, a receipt, a credit note, a statement): its
// revocable public link, made on demand, then copied or sent by WhatsApp to the customer's number with a
// message in the document's language (the business's country decides it). The link is forgotten only once
// the server has revoked it; a refusal (offline, signed out) says why.
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { ShareLink } from '@/components/ui/share-link.tsx';
import { notifyError } from '@/lib/feedback.ts';
import { useIntlIn, useT } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';
import { whatsappNumber } from '@shared/phone.ts';

export function ShareDocumentDialog({
  title,
  text,
  country,
  phone,
  shared,
  pending,
  create,
  revoke,
  message,
  onClose,
}: {
  title: string;
  /** What sharing does, above the button. */
  text: string;
  /** The business's country: the message's language and how the customer's number is read. */
  country: string;
  /** The customer's phone, for WhatsApp. */
  phone: string | null | undefined;
  /** A link is live already (it can be revoked before a new one is made). */
  shared?: boolean;
  pending: boolean;
  /** Makes (or finds) the live link: its path on this site. */
  create: () => Promise<string>;
  revoke: () => Promise<unknown>;
  /** The WhatsApp message carrying `link`, written with `intl` (the document's language). */
  message: (intl: IntlShape, link: string) => string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const customerIntl = useIntlIn(documentLanguage(country));
  const [link, setLink] = useState<string | null>(null);
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm">{text}</p>
        {link ? (
          <ShareLink
            link={link}
            message={customerIntl ? message(customerIntl, link) : ''}
            label={t('invoices.share')}
            whatsappTo={whatsappNumber(phone, country)}
          />
        ) : (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={pending}
            onClick={async () => {
              try {
                setLink(`${location.origin}${await create()}`);
              } catch (e) {
                notifyError(intl, e);
              }
            }}
          >
            {t('invoices.share')}
          </button>
        )}
        {(shared || link) && (
          <button
            type="button"
            className="btn btn-ghost min-h-11 text-error"
            onClick={async () => {
              try {
                await revoke();
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
