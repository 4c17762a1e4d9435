// Download PDF: the document's PDF in its business's language (documentLanguage), whoever downloads it.
// The writer (pdf-lib) and its fonts load here, the first time a PDF is asked for.
import { documentLanguage } from '@shared/countries.ts';
import { saveFile } from '@/lib/download.ts';
import { intlIn } from '@/lib/i18n.tsx';
import type { InvoiceDocumentData } from '@/features/invoices/invoice-document.tsx';
import type { ReceiptData } from '@/features/payments/receipt-document.tsx';
import type { CreditNoteData } from '@/features/credit-notes/credit-note-document.tsx';
import type { Statement } from '@shared/api/statements.ts';

const save = (bytes: Uint8Array, name: string) =>
  saveFile(name, new Blob([bytes as BlobPart], { type: 'application/pdf' }));

export async function downloadPdf(data: InvoiceDocumentData): Promise<void> {
  const [{ invoicePdf }, intl] = await Promise.all([
    import('@/features/invoices/pdf/invoice-pdf.ts'),
    intlIn(documentLanguage(data.organization.country)),
  ]);
  save(await invoicePdf(data, intl), `${data.number}.pdf`);
}

export async function downloadReceiptPdf(data: ReceiptData): Promise<void> {
  const [{ receiptPdf }, intl] = await Promise.all([
    import('@/features/payments/pdf/receipt-pdf.ts'),
    intlIn(documentLanguage(data.seller.country)),
  ]);
  save(await receiptPdf(data, intl), `${data.receiptNumber}.pdf`);
}

export async function downloadCreditNotePdf(data: CreditNoteData): Promise<void> {
  const [{ creditNotePdf }, intl] = await Promise.all([
    import('@/features/credit-notes/pdf/credit-note-pdf.ts'),
    intlIn(documentLanguage(data.seller.country)),
  ]);
  save(await creditNotePdf(data, intl), `${data.note.number}.pdf`);
}

export async function downloadStatementPdf(data: Statement): Promise<void> {
  const [{ statementPdf }, intl] = await Promise.all([
    import('@/features/statements/pdf/statement-pdf.ts'),
    intlIn(documentLanguage(data.seller.country)),
  ]);
  const name = `${data.customer.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}-${data.from}-${data.to}`;
  save(await statementPdf(data, intl), `${name}.pdf`);
}
