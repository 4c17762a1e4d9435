// /sales/invoices/:id/receipts/:receipt — a payment's receipt, to print, download as a PDF or send (the
// invoice's public link with the receipt's number), in the business's language.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import { useSeller } from '@/lib/api/business-profile.ts';
import { InLanguage, useT } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';
import { useInvoice } from '@/features/invoices/api/invoices.ts';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { downloadReceiptPdf } from '@/features/customer-documents/pdf/download.ts';
import { ReceiptDocument, receiptOf } from './receipt-document.tsx';
import { ShareDialog } from '@/features/invoices/share-dialog.tsx';
import { SendMailButton } from '@/features/customer-documents/send-mail.tsx';

export function ReceiptPage() {
  const { id = '', receipt: number = '' } = useParams();
  const t = useT();
  const seller = useSeller();
  const invoice = useInvoice(id);
  const [sharing, setSharing] = useState(false);
  if (!invoice.data) return invoice.isError ? <p className="p-4">{t('receipts.notFound')}</p> : <Loading />;
  const inv = invoice.data;
  const receipt = receiptOf({ ...inv, organization: seller }, number);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/sales/invoices/${id}`} className="link min-h-11 content-center">
          ← {t('receipts.back')}
        </Link>
        {receipt && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
              {t('invoices.print')}
            </button>
            <PdfButton make={() => downloadReceiptPdf(receipt)} />
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setSharing(true)}>
              {t('invoices.share')}
            </button>
            <SendMailButton
              target={{ kind: 'receipt', id: inv.id, receipt: receipt.receiptNumber }}
              email={inv.customer.email}
            />
          </div>
        )}
      </div>
      {receipt ? (
        <InLanguage locale={documentLanguage(seller.country)}>
          <ReceiptDocument data={receipt} />
        </InLanguage>
      ) : (
        <p role="alert">{t('receipts.notFound')}</p>
      )}
      {sharing && receipt && (
        <ShareDialog invoice={inv} receipt={receipt} onClose={() => setSharing(false)} />
      )}
    </section>
  );
}
