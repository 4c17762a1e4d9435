// An invoice or a quote as a PDF: the same document as the printed page, in the business's language, every
// amount written as the app writes it (formatMoney: ₦12,500.00, 12 500 CFA). A quote is titled Quote/Devis
// with its date and validity and asks for nothing yet (no paid, balance or payments).
import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { InvoiceDocumentData } from '../invoice-document.tsx';
import { balanceDue, creditedLabel, discountOf, paymentLine } from '../invoice-lines.ts';
import { Layout, LEFT, RIGHT, type FontFiles } from '@/features/customer-documents/pdf/layout.ts';
import {
  customerBlock,
  documentFoot,
  documentHead,
  pdfDate,
  say,
} from '@/features/customer-documents/pdf/parts.ts';

export async function invoicePdf(
  data: InvoiceDocumentData,
  intl: IntlShape,
  fonts?: FontFiles,
): Promise<Uint8Array> {
  const t = say(intl);
  const quote = data.status === 'QUOTE';
  const title = t(`invoices.documentTitle.${quote ? 'QUOTE' : 'INVOICE'}`);
  const money = (n: number) => formatMoney(n, data.currency, intl.locale);
  const date = (s: string) => pdfDate(intl, s);
  const layout = await Layout.create({
    title: `${title} ${data.number} — ${data.organization.name}`,
    author: data.organization.name,
    language: intl.locale,
    fonts,
  });

  const dates = quote
    ? [`${t('invoices.dateLabel')}: ${date(data.createdAt)}`]
    : [`${t('invoices.col.issued')}: ${date(data.issuedAt ?? data.createdAt)}`];
  if (data.dueAt)
    dates.push(`${quote ? t('invoices.validUntilLabel') : t('invoices.col.due')}: ${date(data.dueAt)}`);
  if (data.quoteNumber) dates.push(`${t('invoices.quoteLabel')}: ${data.quoteNumber}`);
  if (data.status === 'VOID' || data.status === 'PAID') dates.push(t(`invoices.status.${data.status}`));
  await documentHead(layout, data.organization, { title, number: data.number, lines: dates });

  customerBlock(
    layout,
    intl,
    t(quote ? 'quotes.for' : 'invoices.billTo'),
    data.customer,
    data.organization,
    300,
  );
  layout.down(10);

  // The lines: description (wrapped), quantity, unit price, tax rate, amount.
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
  for (const line of data.lines) {
    const wrapped = layout.wrap(line.description, descriptionWidth, { size: 9 });
    if (layout.y - wrapped.length * 13 < 80) {
      layout.need(1000); // the rest on a new page, under the column titles again
      header();
    }
    layout.text(qty.format(line.qty), cols.qty, { size: 9, align: 'right' });
    layout.text(money(line.unitPrice), cols.price, { size: 9, align: 'right' });
    layout.text(percent.format(line.taxRate / 100), cols.rate, { size: 9, align: 'right' });
    layout.text(money(line.qty * line.unitPrice), cols.amount, { size: 9, align: 'right' });
    for (const [i, part] of wrapped.entries()) {
      if (i) layout.down(12);
      layout.text(part, LEFT, { size: 9 });
    }
    layout.down(15);
  }
  layout.down(-6);
  layout.rule();
  layout.down(16);

  // A quote asks for nothing yet: no amount paid, no balance, no payments.
  const discount = discountOf(
    t,
    (n) => intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 }),
    data,
  );
  const totals: [string, number, boolean][] = [
    [t('invoices.subtotal'), discount.gross, false],
    ...(discount.amount > 0 ? [[discount.label, -discount.amount, false] as [string, number, boolean]] : []),
    [t('invoices.tax'), data.tax, false],
    [t('invoices.total'), data.total, true],
  ];
  if (!quote) {
    if ((data.amountCredited ?? 0) > 0)
      totals.push([creditedLabel(t, data), -(data.amountCredited ?? 0), false]);
    totals.push(
      [t('invoices.paid'), data.amountPaid, false],
      [t('invoices.balance'), balanceDue(data), true],
    );
  }
  for (const [label, value, bold] of totals) {
    layout.need(16);
    layout.text(label, cols.price, { size: 10, bold, align: 'right' });
    layout.text(money(value), cols.amount, { size: 10, bold, align: 'right' });
    layout.down(16);
  }

  if (!quote && data.payments.length) {
    layout.need(40);
    layout.down(8);
    layout.text(t('invoices.paymentHistory'), LEFT, { size: 10, bold: true });
    layout.down(15);
    for (const p of data.payments) {
      layout.need(14);
      layout.text(paymentLine(t, date, p), LEFT, { size: 9 });
      layout.text(money(p.amount), cols.amount, { size: 9, align: 'right' });
      layout.down(14);
    }
  }
  if (data.notes) {
    layout.need(30);
    layout.down(8);
    layout.text(t('documents.notes'), LEFT, { size: 10, bold: true });
    layout.down(14);
    layout.paragraph(data.notes, LEFT, RIGHT - LEFT, { size: 9 });
  }
  documentFoot(layout, intl, data.organization, data.status === 'ISSUED' || quote);
  return layout.save(
    (page, pages) => t('documents.page', { page, pages }),
    `${data.organization.name} · ${title} ${data.number}`,
  );
}
