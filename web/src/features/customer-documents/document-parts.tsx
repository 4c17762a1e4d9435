// What every sales document prints about the seller: its header (logo, name, legal name, address, contacts,
// tax ID) and its foot (how to pay: bank and mobile money; the payment terms; the footer note). The PDF
// prints the same lines (seller-lines.ts).
import { useIntl } from 'react-intl';
import type { Seller } from '@/lib/api/business-profile.ts';
import { customerLines, type DocumentCustomer, paymentLines, sellerLines } from './seller-lines.ts';

export function SellerHeader({ seller }: { seller: Seller }) {
  const intl = useIntl();
  const region = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const lines = sellerLines(seller);
  return (
    <div className="flex min-w-0 flex-wrap items-start gap-3" data-testid="seller">
      {seller.logo && (
        <img src={seller.logo} alt="" className="h-14 max-w-40 object-contain" data-testid="seller-logo" />
      )}
      <div className="min-w-0">
        <p className="text-xl font-bold break-words">{seller.name}</p>
        {lines.map((l, i) => (
          <p key={i} className="text-sm break-words">
            {l}
          </p>
        ))}
        {lines.length === 0 && (
          <p className="text-sm opacity-70">
            {region.of(seller.country) ?? seller.country} · {seller.currency}
          </p>
        )}
      </div>
    </div>
  );
}

/** A business customer's address and tax ID under its name, when it has them. */
export function CustomerLines({ customer, seller }: { customer: DocumentCustomer; seller: Seller }) {
  const intl = useIntl();
  const lines = customerLines(customer, seller, intl.formatMessage({ id: 'documents.customerTaxId' }));
  if (!lines.length) return null;
  return (
    <div data-testid="customer-lines">
      {lines.map((l, i) => (
        <p key={i} className="break-words">
          {l}
        </p>
      ))}
    </div>
  );
}

/** The foot of a document: how to pay (invoices), the payment terms (invoices) and the footer note. */
export function DocumentFoot({ seller, howToPay }: { seller: Seller; howToPay: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as never);
  const pay = howToPay
    ? paymentLines(seller, (p) => t(`payments.provider.${p}`), {
        accountName: t('documents.accountName'),
        accountNumber: t('documents.accountNumber'),
      })
    : [];
  const terms = howToPay && seller.paymentTermsDays != null;
  if (!pay.length && !terms && !seller.footer) return null;
  return (
    <footer className="flex flex-col gap-2 border-t border-base-300 pt-3 text-sm" data-testid="document-foot">
      {pay.length > 0 && (
        <div>
          <p className="font-semibold">{t('documents.howToPay')}</p>
          {pay.map((l, i) => (
            <p key={i} className="break-words">
              {l}
            </p>
          ))}
        </div>
      )}
      {terms && <p>{t('documents.paymentTerms', { days: seller.paymentTermsDays })}</p>}
      {seller.footer && <p className="whitespace-pre-line opacity-80">{seller.footer}</p>}
    </footer>
  );
}
