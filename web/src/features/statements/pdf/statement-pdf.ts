// A customer's statement as a PDF: the same rows as the printed statement (statement-lines.ts).
import type { IntlShape } from 'react-intl';
import type { Statement } from '@shared/api/statements.ts';
import { statementDate, statementRows, statementSummary } from '../statement-lines.ts';
import { Layout, LEFT, RIGHT, type FontFiles } from '@/features/customer-documents/pdf/layout.ts';
import { documentFoot, documentHead, say } from '@/features/customer-documents/pdf/parts.ts';

export async function statementPdf(data: Statement, intl: IntlShape, fonts?: FontFiles): Promise<Uint8Array> {
  const t = say(intl);
  const title = t('statements.title');
  const day = (s: string) => statementDate(intl, s, data.timezone);
  const layout = await Layout.create({
    title: `${title} — ${data.customer.name} — ${data.seller.name}`,
    author: data.seller.name,
    language: intl.locale,
    fonts,
  });
  await documentHead(layout, data.seller, {
    title,
    number: data.customer.name,
    lines: [t('statements.period', { from: day(data.from), to: day(data.to) })],
  });
  const cols = { document: LEFT + 70, amount: 450, balance: RIGHT };
  const header = () => {
    layout.need(30);
    layout.text(t('statements.date'), LEFT, { size: 9, bold: true });
    layout.text(t('statements.document'), cols.document, { size: 9, bold: true });
    layout.text(t('statements.amount'), cols.amount, { size: 9, bold: true, align: 'right' });
    layout.text(t('statements.balance'), cols.balance, { size: 9, bold: true, align: 'right' });
    layout.down(6);
    layout.rule();
    layout.down(14);
  };
  if (data.accounts.length === 0) layout.paragraph(t('statements.empty'), LEFT, RIGHT - LEFT, { size: 10 });
  for (const account of data.accounts) {
    header();
    for (const row of statementRows(intl, data, account)) {
      if (layout.y < 90) {
        layout.need(1000);
        header();
      }
      const style = { size: 9, bold: row.strong };
      layout.text(row.date, LEFT, style);
      layout.text(row.label, cols.document, style);
      layout.text(row.amount, cols.amount, { ...style, align: 'right' });
      layout.text(row.balance, cols.balance, { ...style, align: 'right' });
      layout.down(15);
    }
    layout.down(-6);
    layout.rule();
    layout.down(14);
    layout.paragraph(statementSummary(intl, account).join(' · '), RIGHT, RIGHT - LEFT, {
      size: 9,
      align: 'right',
      grey: true,
    });
    layout.down(20);
  }
  documentFoot(
    layout,
    intl,
    data.seller,
    data.accounts.some((a) => a.closing > 0),
  );
  return layout.save(
    (page, pages) => t('documents.page', { page, pages }),
    `${data.seller.name} · ${title} · ${data.customer.name}`,
  );
}
