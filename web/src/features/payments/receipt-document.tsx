// A payment's receipt as the customer receives it (printed, on the public link, as a PDF): the seller, the
// receipt's number and date, who paid, how much, how (method, provider, reference), for which invoice, and
// what was left to pay once it was applied.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Seller } from '@/lib/api/business-profile.ts';
import { formatMoney } from '@/lib/money.ts';
import { CustomerLines, DocumentFoot, SellerHeader } from '@/features/customer-documents/document-parts.tsx';
import type { DocumentCustomer } from '@/features/customer-documents/seller-lines.ts';
import type { InvoiceDocumentData } from '@/features/invoices/invoice-document.tsx';

export interface ReceiptData {
  seller: Seller;
  receiptNumber: string;
  receivedAt: string;
  amount: number;
  currency: string;
  method: string;
  provider: string | null;
  ref: string | null;
  customer: DocumentCustomer;
  invoice: { number: string; total: number };
  balanceAfter: number;
  /** The payment was taken back: the receipt stays, saying so. */
  reversal: { reason: string; reversedAt: string } | null;
}

/** The receipt of one of an invoice's payments, by its number (undefined when there is none such). */
export function receiptOf(data: InvoiceDocumentData, receiptNumber: string): ReceiptData | undefined {
  const p = data.payments.find((x) => x.receiptNumber === receiptNumber);
  if (!p?.receiptNumber) return undefined;
  return {
    seller: data.organization,
    receiptNumber: p.receiptNumber,
    receivedAt: p.receivedAt,
    amount: p.amount,
    currency: data.currency,
    method: p.method,
    provider: p.provider,
    ref: p.ref ?? null,
    customer: data.customer,
    invoice: { number: data.number, total: data.total },
    balanceAfter: p.balanceAfter ?? 0,
    reversal: p.reversal ?? null,
  };
}

export function ReceiptDocument({ data }: { data: ReceiptData }) {
  const intl = useIntl();
  const money = (n: number) => formatMoney(n, data.currency, intl.locale);
  const method = `${intl.formatMessage({ id: `payments.method.${data.method}` })}${
    data.provider ? ` (${intl.formatMessage({ id: `payments.provider.${data.provider}` })})` : ''
  }`;
  const rows: [string, string][] = [
    [intl.formatMessage({ id: 'receipts.method' }), method],
    ...(data.ref ? ([[intl.formatMessage({ id: 'receipts.ref' }), data.ref]] as [string, string][]) : []),
    [intl.formatMessage({ id: 'receipts.forInvoice' }), data.invoice.number],
    [intl.formatMessage({ id: 'receipts.invoiceTotal' }), money(data.invoice.total)],
    [intl.formatMessage({ id: 'receipts.balanceAfter' }), money(data.balanceAfter)],
  ];
  return (
    <article className="invoice-document flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-8 print:border-0 print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <SellerHeader seller={data.seller} />
        <div className="ml-auto text-right">
          <h2 className="text-sm font-semibold tracking-wide uppercase" data-testid="document-title">
            <FormattedMessage id="receipts.title" />
          </h2>
          <p className="font-mono text-lg font-semibold" data-testid="receipt-number">
            {data.receiptNumber}
          </p>
          <p className="text-sm">
            <FormattedMessage
              id="receipts.date"
              values={{ date: new Date(data.receivedAt).toLocaleDateString(intl.locale) }}
            />
          </p>
        </div>
      </header>
      {data.reversal && (
        <p
          role="status"
          className="rounded-box bg-error/10 p-3 text-sm font-medium text-error"
          data-testid="receipt-reversed"
        >
          <FormattedMessage
            id="receipts.reversed"
            values={{
              date: new Date(data.reversal.reversedAt).toLocaleDateString(intl.locale),
              reason: data.reversal.reason,
            }}
          />
        </p>
      )}
      <div>
        <p className="text-sm opacity-70">
          <FormattedMessage id="receipts.receivedFrom" />
        </p>
        <p className="font-medium break-words">{data.customer.name}</p>
        <div className="text-sm">
          <CustomerLines customer={data.customer} seller={data.seller} />
        </div>
      </div>
      <div className="rounded-box bg-base-200 p-4 text-center">
        <p className="text-sm opacity-70">
          <FormattedMessage id="receipts.amount" />
        </p>
        <p className="text-2xl font-bold" data-testid="receipt-amount">
          {money(data.amount)}
        </p>
        {data.balanceAfter === 0 && !data.reversal && (
          <p className="text-sm font-medium text-success">
            <FormattedMessage id="receipts.paidInFull" />
          </p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="receipt-details">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="opacity-70">{label}</dt>
            <dd className="text-right break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <DocumentFoot seller={data.seller} howToPay={false} />
    </article>
  );
}
