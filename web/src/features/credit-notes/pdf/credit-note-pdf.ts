// A credit note as a PDF: the same content as the printed credit note (credit-note-document.tsx).
import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { CreditNoteData } from '../credit-note-document.tsx';
import { Layout, LEFT, RIGHT, type FontFiles } from '@/features/customer-documents/pdf/layout.ts';
import {
  customerBlock,
  documentFoot,
  documentHead,
  pdfDate,
  say,
} from '@/features/customer-documents/pdf/parts.ts';

export async function creditNotePdf(
  data: CreditNoteData,
  intl: IntlShape,
  fonts?: FontFiles,
): Promise<Uint8Array> {
  const t = say(intl);
  const { note } = data;
  const title = t('creditNotes.title');
  const money = (n: number) => formatMoney(n, note.currency, intl.locale);
  const layout = await Layout.create({
    title: `${title} ${note.number} — ${data.seller.name}`,
    author: data.seller.name,
    language: intl.locale,
    fonts,
  });
  await documentHead(layout, data.seller, {
    title,
    number: note.number,
    lines: [
      t('receipts.date', { date: pdfDate(intl, note.createdAt) }),
      t('creditNotes.forInvoice', { number: data.invoice.number }),
    ],
  });
  customerBlock(layout, intl, t('invoices.billTo'), data.customer, data.seller, 300);
  layout.down(10);

  const cols = { qty: 330, price: 420, rate: 465, amount: RIGHT };
  const descriptionWidth = cols.qty - 40 - LEFT;
  const header = () => {
    layout.need(30);
    layout.text(t('invoices.description'), LEFT, { size: 9, bold: true });
    layout.text(t('invoices.qty'), cols.qty, { size: 9, bold: true, align: 'right' });
    layout.text(t('invoices.unitPrice'), cols.price, { size: 9, bold: true, align: 'right' });
    layout.text(t('invoices.taxRate'), cols.rate, { size: 9, bold: true, align: 'right' });
    layout.text(t('invoices.total'), cols.amount, { size: 9, bold: true, align: 'right' });
    layout.down(6);
    layout.rule();
    layout.down(14);
  };
  header();
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(intl.locale, { style: 'percent', maximumFractionDigits: 2 });
  for (const line of note.lines) {
    const wrapped = layout.wrap(line.description, descriptionWidth, { size: 9 });
    if (layout.y - wrapped.length * 13 < 80) {
      layout.need(1000);
      header();
    }
    layout.text(qty.format(line.qty), cols.qty, { size: 9, align: 'right' });
    layout.text(money(line.unitPrice), cols.price, { size: 9, align: 'right' });
    layout.text(percent.format(line.taxRate / 100), cols.rate, { size: 9, align: 'right' });
    layout.text(money(line.amount), cols.amount, { size: 9, align: 'right' });
    for (const [i, part] of wrapped.entries()) {
      if (i) layout.down(12);
      layout.text(part, LEFT, { size: 9 });
    }
    layout.down(15);
  }
  layout.down(-6);
  layout.rule();
  layout.down(16);
  const refunded = note.refunds.reduce((s, r) => s + r.amount, 0);
  const totals: [string, number, boolean][] = [
    [t('invoices.subtotal'), note.subtotal, false],
    [t('invoices.tax'), note.tax, false],
    [t('creditNotes.total'), note.total, true],
  ];
  if (refunded > 0) totals.push([t('creditNotes.refunded'), refunded, false]);
  for (const [label, value, bold] of totals) {
    layout.need(16);
    layout.text(label, cols.price, { size: 10, bold, align: 'right' });
    layout.text(money(value), cols.amount, { size: 10, bold, align: 'right' });
    layout.down(16);
  }
  layout.down(8);
  layout.need(40);
  layout.text(t('creditNotes.reason'), LEFT, { size: 9, grey: true });
  layout.down(14);
  layout.paragraph(note.reason, LEFT, RIGHT - LEFT, { size: 10 });
  if (note.restock) {
    layout.down(4);
    layout.paragraph(t('creditNotes.restocked'), LEFT, RIGHT - LEFT, { size: 9, grey: true });
  }
  documentFoot(layout, intl, data.seller, false);
  return layout.save(
    (page, pages) => t('documents.page', { page, pages }),
    `${data.seller.name} · ${title} ${note.number}`,
  );
}
