// /i/:token — the invoice a customer opens from a shared link: read-only, no sign-in, printable, in the
// business's language. A link no longer valid says so in the visitor's language (their browser's).
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/ui/loading.tsx';
import { usePublicInvoice } from './api/invoices.ts';
import { PdfButton } from './pdf-button.tsx';
import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document.tsx';
import { downloadPdf } from './invoice-page.tsx';
import { InLanguage } from '../../lib/i18n.tsx';
import { documentLanguage } from '../../../../packages/shared/countries.ts';

interface Shared {
  organization: InvoiceDocumentData['organization'];
  invoice: Omit<InvoiceDocumentData, 'organization' | 'lines' | 'payments'>;
  lines: InvoiceDocumentData['lines'];
  payments: InvoiceDocumentData['payments'];
}

export function PublicInvoicePage() {
  const { token = '' } = useParams();
  const intl = useIntl();
  const shared = usePublicInvoice<Shared>(token);
  if (shared.isError)
    return (
      <section className="mx-auto max-w-2xl p-6">
        <p role="alert">{intl.formatMessage({ id: 'invoices.public.invalid' })}</p>
      </section>
    );
  if (!shared.data) return <Loading />;
  const data: InvoiceDocumentData = {
    ...shared.data.invoice,
    organization: shared.data.organization,
    lines: shared.data.lines,
    payments: shared.data.payments,
  };
  // The customer reads it in the business's language (the buttons too), whatever their browser speaks.
  return (
    <InLanguage locale={documentLanguage(data.organization.country)}>
      <SharedInvoice data={data} />
    </InLanguage>
  );
}

function SharedInvoice({ data }: { data: InvoiceDocumentData }) {
  const intl = useIntl();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex justify-end gap-2 print:hidden">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'invoices.print' })}
        </button>
        <PdfButton make={() => downloadPdf(data)} />
      </div>
      <InvoiceDocument data={data} />
    </section>
  );
}
