// /i/:token — the invoice a customer opens from a shared link: read-only, no sign-in, printable, in the
// business's language. A link no longer valid says so in the visitor's language (their browser's).
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { LinkNotLoaded, Loading } from '@/components/ui/loading.tsx';
import { usePublicInvoice } from './api/invoices.ts';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { ReceiptDocument, receiptOf, type ReceiptData } from '@/features/payments/receipt-document.tsx';

import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document.tsx';
import { downloadPdf, downloadReceiptPdf } from '@/features/customer-documents/pdf/download.ts';
import { InLanguage } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';

interface Shared {
  organization: InvoiceDocumentData['organization'];
  invoice: Omit<InvoiceDocumentData, 'organization' | 'lines' | 'payments' | 'creditNotes'>;
  lines: InvoiceDocumentData['lines'];
  payments: InvoiceDocumentData['payments'];
  creditNotes?: InvoiceDocumentData['creditNotes'];
}

/** The shared invoice, as the document's data (undefined while it loads), or why it did not load. */
function useShared(token: string): { data?: InvoiceDocumentData; error: unknown } {
  const shared = usePublicInvoice<Shared>(token);
  if (!shared.data) return { error: shared.error };
  return {
    data: {
      ...shared.data.invoice,
      organization: shared.data.organization,
      lines: shared.data.lines,
      payments: shared.data.payments,
      creditNotes: shared.data.creditNotes ?? [],
    },
    error: null,
  };
}

function NotShown({ error }: { error: unknown }) {
  return (
    <section className="mx-auto max-w-2xl p-6">
      <LinkNotLoaded error={error} invalidId="invoices.public.invalid" />
    </section>
  );
}

export function PublicInvoicePage() {
  const { token = '' } = useParams();
  const { data, error } = useShared(token);
  if (error) return <NotShown error={error} />;
  if (!data) return <Loading />;
  // The customer reads it in the business's language (the buttons too), whatever their browser speaks.
  return (
    <InLanguage locale={documentLanguage(data.organization.country)}>
      <SharedInvoice data={data} token={token} />
    </InLanguage>
  );
}

/** /i/:token/receipts/:receipt — one payment's receipt from a shared invoice link. */
export function PublicReceiptPage() {
  const { token = '', receipt: number = '' } = useParams();
  const { data, error } = useShared(token);
  if (error) return <NotShown error={error} />;
  if (!data) return <Loading />;
  const receipt = receiptOf(data, number);
  return (
    <InLanguage locale={documentLanguage(data.organization.country)}>
      <SharedReceipt receipt={receipt} token={token} />
    </InLanguage>
  );
}

function SharedReceipt({ receipt, token }: { receipt: ReceiptData | undefined; token: string }) {
  const intl = useIntl();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/i/${token}`} className="link min-h-11 content-center">
          ← {intl.formatMessage({ id: 'receipts.back' })}
        </Link>
        {receipt && (
          <div className="flex gap-2">
            <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
              {intl.formatMessage({ id: 'invoices.print' })}
            </button>
            <PdfButton make={() => downloadReceiptPdf(receipt)} />
          </div>
        )}
      </div>
      {receipt ? (
        <ReceiptDocument data={receipt} />
      ) : (
        <p role="alert">{intl.formatMessage({ id: 'receipts.notFound' })}</p>
      )}
    </section>
  );
}

function SharedInvoice({ data, token }: { data: InvoiceDocumentData; token: string }) {
  const intl = useIntl();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex justify-end gap-2 print:hidden">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'invoices.print' })}
        </button>
        <PdfButton make={() => downloadPdf(data)} />
      </div>
      <InvoiceDocument data={data} receiptHref={(n) => `/i/${token}/receipts/${n}`} />
    </section>
  );
}
