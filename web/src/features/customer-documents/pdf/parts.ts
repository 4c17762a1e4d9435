// The head and foot every sales PDF shares: the seller (logo, name, contact lines, tax ID) on the left and
// the document's title, number and dates on the right; at the end how to pay, the terms and the footer
// note. The same lines as on screen (seller-lines.ts).
import type { IntlShape } from 'react-intl';
import type { Seller } from '@/lib/api/business-profile.ts';
import { customerLines, type DocumentCustomer, paymentLines, sellerLines } from '../seller-lines.ts';
import { LEFT, RIGHT, type Layout } from './layout.ts';

export const say = (intl: IntlShape) => (id: string, values?: Record<string, string | number>) =>
  intl.formatMessage({ id }, values);

/** A day (YYYY-MM-DD) or an instant as the reader's language writes a date (day first in English). */
export function pdfDate(intl: IntlShape, value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(day ? `${value}T00:00:00Z` : value).toLocaleDateString(intl.locale, {
    ...(day ? { timeZone: 'UTC' } : {}),
  });
}

export async function documentHead(
  layout: Layout,
  seller: Seller,
  right: { title: string; number: string; lines: string[] },
): Promise<void> {
  const top = layout.y;
  // Right: the title, the number and the dates.
  layout.down(14);
  layout.text(right.title.toLocaleUpperCase(), RIGHT, { size: 16, bold: true, align: 'right' });
  layout.down(18);
  layout.text(right.number, RIGHT, { size: 11, bold: true, align: 'right' });
  for (const line of right.lines) {
    layout.down(14);
    layout.text(line, RIGHT, { size: 9, align: 'right' });
  }
  const rightBottom = layout.y;
  // Left: the logo, then the seller's name and lines, kept clear of the right column.
  layout.y = top;
  const width = RIGHT - LEFT - 190;
  if (seller.logo) {
    const height = await layout.image(seller.logo, LEFT, 150, 48);
    if (height) layout.down(height + 6);
  }
  layout.down(14);
  layout.paragraph(seller.name, LEFT, width, { size: 14, bold: true });
  for (const line of sellerLines(seller)) layout.paragraph(line, LEFT, width, { size: 9 });
  layout.y = Math.min(layout.y, rightBottom) - 14;
}

/** The customer under its heading ("Bill to", "Received from"): its name, then a business's address and tax ID. */
export function customerBlock(
  layout: Layout,
  intl: IntlShape,
  heading: string,
  customer: DocumentCustomer,
  seller: Seller,
  width: number,
): void {
  layout.text(heading, LEFT, { size: 9, grey: true });
  layout.down(14);
  layout.paragraph(customer.name, LEFT, width, { size: 11, bold: true });
  for (const line of customerLines(customer, seller, say(intl)('documents.customerTaxId')))
    layout.paragraph(line, LEFT, width, { size: 9 });
}

export function documentFoot(layout: Layout, intl: IntlShape, seller: Seller, howToPay: boolean): void {
  const t = say(intl);
  const width = RIGHT - LEFT;
  const pay = howToPay
    ? paymentLines(seller, (p) => t(`payments.provider.${p}`), {
        accountName: t('documents.accountName'),
        accountNumber: t('documents.accountNumber'),
      })
    : [];
  const terms = howToPay && seller.paymentTermsDays != null;
  if (!pay.length && !terms && !seller.footer) return;
  layout.need(40);
  layout.down(8);
  layout.rule();
  layout.down(16);
  if (pay.length) {
    layout.paragraph(t('documents.howToPay'), LEFT, width, { size: 10, bold: true });
    for (const line of pay) layout.paragraph(line, LEFT, width, { size: 9 });
  }
  if (terms)
    layout.paragraph(t('documents.paymentTerms', { days: seller.paymentTermsDays! }), LEFT, width, {
      size: 9,
    });
  if (seller.footer) {
    layout.down(4);
    layout.paragraph(seller.footer, LEFT, width, { size: 9, grey: true });
  }
}
