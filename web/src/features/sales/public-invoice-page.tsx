// /i/:token — the invoice a customer opens from a shared link: read-only, no sign-in, printable.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/ui/loading.tsx';
import { usePublicInvoice } from './api.ts';
import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document.tsx';
import { usePdfDownload } from './invoice-page.tsx';

interface Shared {
  organization: InvoiceDocumentData['organization'];
  invoice: Omit<InvoiceDocumentData, 'organization' | 'lines' | 'payments'>;
  lines: InvoiceDocumentData['lines'];
  payments: InvoiceDocumentData['payments'];
}

export function PublicInvoicePage() {
  const { token = '' } = useParams();
  const intl = useIntl();
  const pdf = usePdfDownload();
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
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex justify-end gap-2 print:hidden">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'invoices.print' })}
        </button>
        <button type="button" className="btn btn-outline min-h-11" onClick={() => pdf(data)}>
          {intl.formatMessage({ id: 'invoices.pdf' })}
        </button>
      </div>
      <InvoiceDocument data={data} />
    </section>
  );
}
