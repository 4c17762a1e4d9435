// A credit note (avoir) as the customer receives it (printed, as a PDF): the seller, its number and date,
// the customer, the invoice it credits, the credited lines with their amounts, the totals, the reason,
// whether the items went back in stock, and the refunds given on it.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Seller } from '@/lib/api/business-profile.ts';
import { formatMoney } from '@/lib/money.ts';
import type { CreditNote } from '@shared/api/credit-notes.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import { CustomerLines, DocumentFoot, SellerHeader } from '@/features/customer-documents/document-parts.tsx';
import type { DocumentCustomer } from '@/features/customer-documents/seller-lines.ts';

export interface CreditNoteData {
  seller: Seller;
  note: CreditNote;
  customer: DocumentCustomer;
  invoice: { number: string; total: number; issuedAt: string | null };
}

/** One of an invoice's credit notes, by its number (undefined when there is none such). */
export function creditNoteOf(
  inv: Pick<Invoice, 'creditNotes' | 'customer' | 'number' | 'total' | 'issuedAt'>,
  seller: Seller,
  number: string,
): CreditNoteData | undefined {
  const note = inv.creditNotes?.find((n) => n.number === number);
  if (!note) return undefined;
  return {
    seller,
    note,
    customer: inv.customer,
    invoice: { number: inv.number, total: inv.total, issuedAt: inv.issuedAt },
  };
}

export function CreditNoteDocument({ data }: { data: CreditNoteData }) {
  const intl = useIntl();
  const { note } = data;
  const money = (n: number) => formatMoney(n, note.currency, intl.locale);
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const refunded = note.refunds.reduce((s, r) => s + r.amount, 0);
  return (
    <article className="invoice-document flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-8 print:border-0 print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <SellerHeader seller={data.seller} />
        <div className="ml-auto text-right">
          <h2 className="text-sm font-semibold tracking-wide uppercase" data-testid="document-title">
            <FormattedMessage id="creditNotes.title" />
          </h2>
          <p className="font-mono text-lg font-semibold" data-testid="credit-note-number">
            {note.number}
          </p>
          <p className="text-sm">
            <FormattedMessage
              id="receipts.date"
              values={{ date: new Date(note.createdAt).toLocaleDateString(intl.locale) }}
            />
          </p>
        </div>
      </header>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <div>
          <p className="opacity-70">
            <FormattedMessage id="invoices.billTo" />
          </p>
          <p className="font-medium break-words">{data.customer.name}</p>
          <CustomerLines customer={data.customer} seller={data.seller} />
        </div>
        <div className="text-right">
          <p data-testid="credited-invoice">
            <FormattedMessage id="creditNotes.forInvoice" values={{ number: data.invoice.number }} />
          </p>
        </div>
      </div>
      <div
        className="overflow-x-auto"
        role="region"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'invoices.lines' })}
      >
        <table className="table table-sm">
          <thead>
            <tr>
              <th>
                <FormattedMessage id="invoices.description" />
              </th>
              <th className="text-right max-sm:hidden print:table-cell">
                <FormattedMessage id="invoices.qty" />
              </th>
              <th className="text-right max-sm:hidden print:table-cell">
                <FormattedMessage id="invoices.unitPrice" />
              </th>
              <th className="text-right max-sm:hidden print:table-cell">
                <FormattedMessage id="invoices.taxRate" />
              </th>
              <th className="text-right">
                <FormattedMessage id="invoices.total" />
              </th>
            </tr>
          </thead>
          <tbody data-testid="credit-note-lines">
            {note.lines.map((l) => (
              <tr key={l.id}>
                <td className="break-words">
                  {l.description}
                  <span className="block text-xs opacity-75 sm:hidden print:hidden">
                    {qty.format(l.qty)} × {money(l.unitPrice)} ·{' '}
                    {intl.formatNumber(l.taxRate / 100, { style: 'percent', maximumFractionDigits: 2 })}
                  </span>
                </td>
                <td className="text-right max-sm:hidden print:table-cell">{qty.format(l.qty)}</td>
                <td className="text-right max-sm:hidden print:table-cell">{money(l.unitPrice)}</td>
                <td className="text-right max-sm:hidden print:table-cell">{qty.format(l.taxRate)}</td>
                <td className="text-right">{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid grid-cols-2 gap-x-6 text-right" data-testid="document-totals">
        <dt>
          <FormattedMessage id="invoices.subtotal" />
        </dt>
        <dd>{money(note.subtotal)}</dd>
        <dt>
          <FormattedMessage id="invoices.tax" />
        </dt>
        <dd>{money(note.tax)}</dd>
        <dt className="font-semibold">
          <FormattedMessage id="creditNotes.total" />
        </dt>
        <dd className="font-semibold" data-testid="credit-note-total">
          {money(note.total)}
        </dd>
        {refunded > 0 && (
          <>
            <dt>
              <FormattedMessage id="creditNotes.refunded" />
            </dt>
            <dd data-testid="credit-note-refunded">{money(refunded)}</dd>
          </>
        )}
      </dl>
      <div className="text-sm">
        <p className="opacity-70">
          <FormattedMessage id="creditNotes.reason" />
        </p>
        <p className="break-words" data-testid="credit-note-reason">
          {note.reason}
        </p>
        {note.restock && (
          <p className="mt-1 opacity-70">
            <FormattedMessage id="creditNotes.restocked" />
          </p>
        )}
      </div>
      <DocumentFoot seller={data.seller} howToPay={false} />
    </article>
  );
}
