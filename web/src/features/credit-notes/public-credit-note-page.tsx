// /c/:token — the credit note a customer opens from a shared link: read-only, no sign-in, printable and as a
// PDF, in the business's language. A link no longer valid says so in the visitor's language.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { LinkNotLoaded, Loading } from '@/components/ui/loading.tsx';
import { InLanguage } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';
import { usePublicCreditNote } from '@/features/customer-documents/api/document-links.ts';
import type { CreditNote } from '@shared/api/credit-notes.ts';
import { CreditNoteDocument, type CreditNoteData } from './credit-note-document.tsx';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { downloadCreditNotePdf } from '@/features/customer-documents/pdf/download.ts';

/** What the public link answers: the credit note without the records' ids. */
interface Shared {
  seller: CreditNoteData['seller'];
  note: Omit<CreditNote, 'id' | 'createdBy' | 'lines' | 'refunds'> & {
    lines: Omit<CreditNote['lines'][number], 'id' | 'invoiceItemId' | 'productId'>[];
    refunds: Omit<CreditNote['refunds'][number], 'id'>[];
  };
  customer: CreditNoteData['customer'];
  invoice: CreditNoteData['invoice'];
}

/** The document's data, with keys for its rows (the public answer carries no ids). */
function documentOf(shared: Shared): CreditNoteData {
  const { note } = shared;
  return {
    ...shared,
    note: {
      ...note,
      id: note.number,
      createdBy: null,
      lines: note.lines.map((l, i) => ({ ...l, id: String(i), invoiceItemId: '', productId: null })),
      refunds: note.refunds.map((r, i) => ({ ...r, id: String(i) })),
    },
  };
}

export function PublicCreditNotePage() {
  const { token = '' } = useParams();
  const shared = usePublicCreditNote<Shared>(token);
  if (shared.error)
    return (
      <section className="mx-auto max-w-2xl p-6">
        <LinkNotLoaded error={shared.error} invalidId="creditNotes.public.invalid" />
      </section>
    );
  if (!shared.data) return <Loading />;
  const data = documentOf(shared.data);
  return (
    <InLanguage locale={documentLanguage(data.seller.country)}>
      <SharedCreditNote data={data} />
    </InLanguage>
  );
}

function SharedCreditNote({ data }: { data: CreditNoteData }) {
  const intl = useIntl();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex justify-end gap-2 print:hidden">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'invoices.print' })}
        </button>
        <PdfButton make={() => downloadCreditNotePdf(data)} />
      </div>
      <CreditNoteDocument data={data} />
    </section>
  );
}
