// Lines an invoice prints the same way on screen, on paper, on its public link and in its PDF, so that the
// documents point at each other: the credited line names its credit notes, and each payment its reference and
// receipt number.
import type { InvoiceDocumentData } from './invoice-document.tsx';

type Say = (id: string, values?: Record<string, string>) => string;

/** "Credited (CN-000001, CN-000002)": the credited line names the credit notes behind it. */
export const creditedLabel = (t: Say, d: InvoiceDocumentData) =>
  d.creditNotes?.length
    ? t('creditNotes.creditedBy', { numbers: d.creditNotes.map((n) => n.number).join(', ') })
    : t('creditNotes.credited');

/** A payment as the history lists it: its date, method (provider), reference and receipt number. */
export const paymentLine = (
  t: Say,
  date: (iso: string) => string,
  p: InvoiceDocumentData['payments'][number],
) =>
  [
    date(p.receivedAt),
    t(`payments.method.${p.method}`) + (p.provider ? ` (${t(`payments.provider.${p.provider}`)})` : ''),
    p.ref,
    p.receiptNumber,
  ]
    .filter(Boolean)
    .join(' · ');
