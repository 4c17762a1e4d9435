// A payment's receipt as a PDF: the same content as the printed receipt (receipt-document.tsx).
import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { ReceiptData } from '../receipt-document.tsx';
import { Layout, LEFT, RIGHT, type FontFiles } from '@/features/customer-documents/pdf/layout.ts';
import {
  customerBlock,
  documentFoot,
  documentHead,
  pdfDate,
  say,
} from '@/features/customer-documents/pdf/parts.ts';

export async function receiptPdf(data: ReceiptData, intl: IntlShape, fonts?: FontFiles): Promise<Uint8Array> {
  const t = say(intl);
  const title = t('receipts.title');
  const money = (n: number) => formatMoney(n, data.currency, intl.locale);
  const layout = await Layout.create({
    title: `${title} ${data.receiptNumber} — ${data.seller.name}`,
    author: data.seller.name,
    language: intl.locale,
    fonts,
  });
  await documentHead(layout, data.seller, {
    title,
    number: data.receiptNumber,
    lines: [t('receipts.date', { date: pdfDate(intl, data.receivedAt) })],
  });
  if (data.reversal) {
    layout.paragraph(
      t('receipts.reversed', { date: pdfDate(intl, data.reversal.reversedAt), reason: data.reversal.reason }),
      LEFT,
      RIGHT - LEFT,
      { size: 10, bold: true },
    );
    layout.down(6);
  }
  customerBlock(layout, intl, t('receipts.receivedFrom'), data.customer, data.seller, RIGHT - LEFT);
  layout.down(12);
  layout.text(t('receipts.amount'), LEFT, { size: 9, grey: true });
  layout.down(22);
  layout.text(money(data.amount), LEFT, { size: 20, bold: true });
  layout.down(18);
  if (data.balanceAfter === 0 && !data.reversal) {
    layout.text(t('receipts.paidInFull'), LEFT, { size: 10, bold: true });
    layout.down(14);
  }
  layout.down(10);
  layout.rule();
  layout.down(16);
  const method = `${t(`payments.method.${data.method}`)}${
    data.provider ? ` (${t(`payments.provider.${data.provider}`)})` : ''
  }`;
  const rows: [string, string][] = [[t('receipts.method'), method]];
  if (data.ref) rows.push([t('receipts.ref'), data.ref]);
  rows.push(
    [t('receipts.forInvoice'), data.invoice.number],
    [t('receipts.invoiceTotal'), money(data.invoice.total)],
    [t('receipts.balanceAfter'), money(data.balanceAfter)],
  );
  for (const [label, value] of rows) {
    layout.need(16);
    layout.text(label, LEFT, { size: 10, grey: true });
    layout.text(value, RIGHT, { size: 10, align: 'right' });
    layout.down(16);
  }
  documentFoot(layout, intl, data.seller, false);
  return layout.save(
    (page, pages) => t('documents.page', { page, pages }),
    `${data.seller.name} · ${title} ${data.receiptNumber}`,
  );
}
