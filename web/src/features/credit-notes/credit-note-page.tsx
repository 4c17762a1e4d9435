// /sales/invoices/:id/credit-notes/:number — a credit note (avoir) as a document, to print or download as a
// PDF, shared by its link or sent by e-mail, in the business's language; Refund while the customer overpaid
// something not yet given back.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import { useSeller } from '@/lib/api/business-profile.ts';
import { InLanguage, useT } from '@/lib/i18n.tsx';
import { useCan } from '@/lib/organization.tsx';
import { documentLanguage } from '@shared/countries.ts';
import { useInvoice } from '@/features/invoices/api/invoices.ts';
import { CreditNoteDocument, creditNoteOf } from './credit-note-document.tsx';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { downloadCreditNotePdf } from '@/features/customer-documents/pdf/download.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { CreditNoteShareDialog } from './credit-note-share-dialog.tsx';
import { SendMailButton } from '@/features/customer-documents/send-mail.tsx';

export function CreditNotePage() {
  const { id = '', number = '' } = useParams();
  const t = useT();
  const seller = useSeller();
  const invoice = useInvoice(id);
  const canRefund = useCan('refund.record');
  const [refunding, setRefunding] = useState(false);
  const [sharing, setSharing] = useState(false);
  if (!invoice.data)
    return invoice.isError ? <p className="p-4">{t('creditNotes.notFound')}</p> : <Loading />;
  const inv = invoice.data;
  const data = creditNoteOf(inv, seller, number);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/sales/invoices/${id}`} className="link min-h-11 content-center">
          ← {t('receipts.back')}
        </Link>
        {data && (
          <div className="flex flex-wrap gap-2">
            {canRefund && (inv.refundable ?? 0) > 0 && (
              <button type="button" className="btn btn-primary min-h-11" onClick={() => setRefunding(true)}>
                {t('refunds.record')}
              </button>
            )}
            <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
              {t('invoices.print')}
            </button>
            <PdfButton make={() => downloadCreditNotePdf(data)} />
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setSharing(true)}>
              {t('invoices.share')}
            </button>
            <SendMailButton target={{ kind: 'credit_note', id: data.note.id }} email={inv.customer.email} />
          </div>
        )}
      </div>
      {data ? (
        <InLanguage locale={documentLanguage(seller.country)}>
          <CreditNoteDocument data={data} />
        </InLanguage>
      ) : (
        <p role="alert">{t('creditNotes.notFound')}</p>
      )}
      {sharing && data && (
        <CreditNoteShareDialog note={data.note} invoice={inv} onClose={() => setSharing(false)} />
      )}
      {refunding && data && (
        <RefundDialog
          creditNote={{ id: data.note.id, number: data.note.number, currency: data.note.currency }}
          refundable={inv.refundable}
          onClose={() => setRefunding(false)}
        />
      )}
    </section>
  );
}
