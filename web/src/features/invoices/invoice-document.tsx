// The invoice as a document: what the invoice page prints (A4 or a phone screen), what the public link
// shows, and what the PDF is made from.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/money.ts';
import { InvoiceStatusBadge } from '@/components/ui/status-badge.tsx';
import type { Seller } from '@/lib/api/business-profile.ts';
import { CustomerLines, DocumentFoot, SellerHeader } from '@/features/customer-documents/document-parts.tsx';
import type { DocumentCustomer } from '@/features/customer-documents/seller-lines.ts';
import { balanceDue, creditedLabel, discountOf, paymentLine } from './invoice-lines.ts';

export interface InvoiceDocumentData {
  /** The seller: the organization with its business profile. */
  organization: Seller;
  number: string;
  /** The number it was sent with as a quote (QUO-000001), once issued as an invoice. */
  quoteNumber?: string | null;
  status: string;
  currency: string;
  customer: DocumentCustomer;
  createdAt: string;
  issuedAt: string | null;
  dueAt: string | null;
  lines: {
    description: string;
    qty: number;
    unitPrice: number;
    taxRate: number;
    /** Percent off the line (a subscription's discount): the document prints it under the subtotal. */
    discountPercent?: number;
  }[];
  subtotal: number;
  tax: number;
  total: number;
  amountPaid: number;
  /** What credit notes took off the invoice (none: 0). */
  amountCredited?: number;
  /** What is left to pay, as the server answers it (below 0 when overpaid); printed through balanceDue. */
  amountDue: number;
  payments: {
    amount: number;
    method: string;
    provider: string | null;
    receivedAt: string;
    ref?: string | null;
    receiptNumber?: string;
    balanceAfter?: number;
    /** Set once the payment was reversed (its receipt says so). */
    reversal?: { reason: string; reversedAt: string } | null;
  }[];
  /** Its credit notes, named beside what they took off. */
  creditNotes?: { number: string; total: number }[];
  notes?: string | null;
}

export function InvoiceDocument({
  data,
  receiptHref,
}: {
  data: InvoiceDocumentData;
  /** Where a payment's receipt opens (the app's page or the public link's). */
  receiptHref?: (receiptNumber: string) => string;
}) {
  const intl = useIntl();
  const money = (n: number) => formatMoney(n, data.currency, intl.locale);
  const date = (s: string) => new Date(s).toLocaleDateString(intl.locale);
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 });
  const quote = data.status === 'QUOTE';
  const discount = discountOf(say, percent, data);
  return (
    <article className="invoice-document flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-8 print:border-0 print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <SellerHeader seller={data.organization} />
        <div className="ml-auto text-right">
          <h2 className="text-sm font-semibold tracking-wide uppercase" data-testid="document-title">
            <FormattedMessage id={`invoices.documentTitle.${quote ? 'QUOTE' : 'INVOICE'}`} />
          </h2>
          <p className="font-mono text-lg font-semibold" data-testid="invoice-number">
            {data.number}
          </p>
          <span data-testid="invoice-status">
            <InvoiceStatusBadge
              status={data.status}
              partlyPaid={data.amountPaid + (data.amountCredited ?? 0) > 0}
            />
          </span>
        </div>
      </header>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <div>
          <p className="opacity-70">
            <FormattedMessage id={quote ? 'quotes.for' : 'invoices.billTo'} />
          </p>
          <p className="font-medium">{data.customer.name}</p>
          <CustomerLines customer={data.customer} seller={data.organization} />
        </div>
        <div className="text-right">
          <p>
            {data.issuedAt ? (
              <FormattedMessage id="invoices.issuedOn" values={{ date: date(data.issuedAt) }} />
            ) : (
              <FormattedMessage id="invoices.createdOn" values={{ date: date(data.createdAt) }} />
            )}
          </p>
          {data.dueAt && (
            <p>
              <FormattedMessage
                id={quote ? 'invoices.validUntil' : 'invoices.dueOn'}
                values={{ date: date(data.dueAt) }}
              />
            </p>
          )}
          {data.quoteNumber && (
            <p data-testid="quote-number">
              <FormattedMessage id="invoices.fromQuote" values={{ number: data.quoteNumber }} />
            </p>
          )}
        </div>
      </div>
      {/* On a phone a line is its description with "qty × price · tax" under it, and its amount: every
          column in view. Should anything still be wider, the region scrolls, from the keyboard too. */}
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
          <tbody>
            {data.lines.map((l, i) => (
              <tr key={i}>
                <td className="break-words">
                  {l.description}
                  <span className="block text-xs opacity-75 sm:hidden print:hidden">
                    {qty.format(l.qty)} × {money(l.unitPrice)} · {percent(l.taxRate)}
                  </span>
                </td>
                <td className="text-right max-sm:hidden print:table-cell">{qty.format(l.qty)}</td>
                <td className="text-right max-sm:hidden print:table-cell">{money(l.unitPrice)}</td>
                <td className="text-right max-sm:hidden print:table-cell">{qty.format(l.taxRate)}</td>
                <td className="text-right">{money(l.qty * l.unitPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid grid-cols-2 gap-x-6 text-right" data-testid="document-totals">
        <dt>
          <FormattedMessage id="invoices.subtotal" />
        </dt>
        <dd>{money(discount.gross)}</dd>
        {discount.amount > 0 && (
          <>
            <dt>{discount.label}</dt>
            <dd data-testid="discount">{money(-discount.amount)}</dd>
          </>
        )}
        <dt>
          <FormattedMessage id="invoices.tax" />
        </dt>
        <dd>{money(data.tax)}</dd>
        <dt className="font-semibold">
          <FormattedMessage id="invoices.total" />
        </dt>
        <dd className="font-semibold">{money(data.total)}</dd>
        {/* A quote asks for nothing yet: no amount paid, no balance, no payments. */}
        {!quote && (
          <>
            {(data.amountCredited ?? 0) > 0 && (
              <>
                <dt>{creditedLabel(say, data)}</dt>
                <dd data-testid="amount-credited">{money(-(data.amountCredited ?? 0))}</dd>
              </>
            )}
            <dt>
              <FormattedMessage id="invoices.paid" />
            </dt>
            <dd>{money(data.amountPaid)}</dd>
            <dt className="font-semibold">
              <FormattedMessage id="invoices.balance" />
            </dt>
            <dd className="font-semibold" data-testid="balance-due">
              {money(balanceDue(data))}
            </dd>
          </>
        )}
      </dl>
      <section hidden={quote}>
        <h3 className="mb-1 font-semibold">
          <FormattedMessage id="invoices.paymentHistory" />
        </h3>
        {data.payments.length === 0 ? (
          <p className="text-sm opacity-70">
            <FormattedMessage id="invoices.noPayments" />
          </p>
        ) : (
          <ul className="text-sm" data-testid="payment-history">
            {data.payments.map((p, i) => (
              <li key={i} className="flex items-center justify-between gap-2 border-b border-base-200 py-1">
                <span className="min-w-0 break-words">{paymentLine(say, date, p)}</span>
                <span className="flex flex-wrap items-center justify-end gap-x-3">
                  {p.receiptNumber && receiptHref && (
                    <Link
                      to={receiptHref(p.receiptNumber)}
                      className="link min-h-11 content-center print:hidden"
                      data-testid="receipt-link"
                    >
                      <FormattedMessage id="receipts.view" values={{ number: p.receiptNumber }} />
                    </Link>
                  )}
                  <span>{money(p.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.notes && (
        <section className="text-sm">
          <h3 className="font-semibold">
            <FormattedMessage id="documents.notes" />
          </h3>
          <p className="whitespace-pre-line">{data.notes}</p>
        </section>
      )}
      <DocumentFoot seller={data.organization} howToPay={data.status === 'ISSUED' || quote} />
    </article>
  );
}
