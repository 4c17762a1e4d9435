// Lines an invoice prints the same way on screen, on paper, on its public link and in its PDF, so that the
// documents point at each other: the credited line names its credit notes, and each payment its reference and
// receipt number.
import { invoiceTotals } from '@shared/invoice-totals.ts';
import type { InvoiceDocumentData } from './invoice-document.tsx';

type Say = (id: string, values?: Record<string, string>) => string;

/** The balance a document prints: the amount due, never below 0 (nothing on a voided invoice). */
export const balanceDue = (d: Pick<InvoiceDocumentData, 'status' | 'amountDue'>) =>
  d.status === 'VOID' ? 0 : Math.max(d.amountDue, 0);

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

/**
 * What the lines' discounts took off (a subscription's discount), printed as its own line under the
 * subtotal of the lines at their full prices: "Discount (5%)" when every discounted line has the same.
 */
export function discountOf(t: Say, percent: (n: number) => string, d: InvoiceDocumentData) {
  const amount = invoiceTotals(d.lines, d.currency).discount;
  const rates = new Set(d.lines.map((l) => l.discountPercent ?? 0).filter((r) => r > 0));
  const label =
    rates.size === 1
      ? t('invoices.discountOf', { percent: percent([...rates][0]!) })
      : t('invoices.discount');
  return { amount, label, gross: d.subtotal + amount };
}
