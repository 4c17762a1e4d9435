// A document a shop sends its customer by e-mail (public.send_document_mail queues it as kind 'document'):
// an invoice or quote, a receipt, a credit note or a statement, with the seller's name, the amount and due
// date where they apply, and the button to the document's public page. In the document's language.
import { formatMoney } from '../money-format.ts';
import {
  absoluteLink,
  formatDay,
  layout,
  sellerLines,
  type MailLocale,
  type RenderedMail,
  type Seller,
} from './templates.ts';

export interface DocumentMailData {
  document: 'invoice' | 'quote' | 'receipt' | 'credit_note' | 'statement';
  number?: string;
  invoiceNumber?: string;
  currency?: string;
  total?: number | string;
  amountDue?: number | string | null;
  dueAt?: string | null;
  from?: string;
  to?: string;
  customerName: string;
  orgName: string;
  path: string;
}

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    subject: {
      invoice: (n: string, s: string) => `Invoice ${n} from ${s}`,
      quote: (n: string, s: string) => `Quote ${n} from ${s}`,
      receipt: (n: string, s: string) => `Receipt ${n} from ${s}`,
      credit_note: (n: string, s: string) => `Credit note ${n} from ${s}`,
      statement: (_: string, s: string) => `Statement of account from ${s}`,
    },
    button: {
      invoice: 'View the invoice',
      quote: 'View the quote',
      receipt: 'View the receipt',
      credit_note: 'View the credit note',
      statement: 'View the statement',
    },
    invoice: (s: string, n: string, total: string) => `${s} sends you invoice ${n} for ${total}.`,
    due: (amount: string, day: string) => `Amount due: ${amount}, to be paid by ${day}.`,
    quote: (s: string, n: string, total: string) => `${s} sends you quote ${n} for ${total}.`,
    receipt: (s: string, n: string, total: string, inv: string) =>
      `${s} confirms your payment of ${total} (receipt ${n}, invoice ${inv}).`,
    credit_note: (s: string, n: string, total: string, inv: string) =>
      `${s} sends you credit note ${n} of ${total} against invoice ${inv}.`,
    statement: (s: string, from: string, to: string) =>
      `${s} sends you your statement of account from ${from} to ${to}.`,
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    subject: {
      invoice: (n: string, s: string) => `Facture ${n} de ${s}`,
      quote: (n: string, s: string) => `Devis ${n} de ${s}`,
      receipt: (n: string, s: string) => `Reçu ${n} de ${s}`,
      credit_note: (n: string, s: string) => `Avoir ${n} de ${s}`,
      statement: (_: string, s: string) => `Relevé de compte de ${s}`,
    },
    button: {
      invoice: 'Voir la facture',
      quote: 'Voir le devis',
      receipt: 'Voir le reçu',
      credit_note: 'Voir l’avoir',
      statement: 'Voir le relevé',
    },
    invoice: (s: string, n: string, total: string) =>
      `${s} vous envoie la facture ${n} d’un montant de ${total}.`,
    due: (amount: string, day: string) => `Montant dû : ${amount}, à régler au plus tard le ${day}.`,
    quote: (s: string, n: string, total: string) =>
      `${s} vous envoie le devis ${n} d’un montant de ${total}.`,
    receipt: (s: string, n: string, total: string, inv: string) =>
      `${s} confirme votre paiement de ${total} (reçu ${n}, facture ${inv}).`,
    credit_note: (s: string, n: string, total: string, inv: string) =>
      `${s} vous envoie l’avoir ${n} de ${total} sur la facture ${inv}.`,
    statement: (s: string, from: string, to: string) =>
      `${s} vous envoie votre relevé de compte du ${from} au ${to}.`,
  },
} as const;

export function renderDocumentMail(
  d: DocumentMailData,
  locale: MailLocale,
  seller: Seller,
  siteUrl: string,
): RenderedMail {
  const w = WORDS[locale];
  const sellerName = seller.name ?? d.orgName;
  const money = (v: number | string | null | undefined) =>
    formatMoney(Number(v ?? 0), d.currency ?? '', locale === 'fr' ? 'fr-FR' : 'en-GB');
  const number = d.number ?? '';
  const total = money(d.total);
  const paragraphs: string[] = [w.hello(d.customerName)];
  if (d.document === 'invoice') {
    paragraphs.push(w.invoice(sellerName, number, total));
    if (d.amountDue != null && Number(d.amountDue) > 0 && d.dueAt)
      paragraphs.push(w.due(money(d.amountDue), formatDay(d.dueAt, locale)));
  } else if (d.document === 'quote') paragraphs.push(w.quote(sellerName, number, total));
  else if (d.document === 'receipt')
    paragraphs.push(w.receipt(sellerName, number, total, d.invoiceNumber ?? ''));
  else if (d.document === 'credit_note')
    paragraphs.push(w.credit_note(sellerName, number, total, d.invoiceNumber ?? ''));
  else
    paragraphs.push(w.statement(sellerName, formatDay(d.from ?? '', locale), formatDay(d.to ?? '', locale)));
  const subject = w.subject[d.document](number, sellerName);
  return {
    subject,
    ...layout({
      locale,
      heading: subject,
      paragraphs,
      button: { label: w.button[d.document], href: absoluteLink(siteUrl, d.path) },
      footer: sellerLines({ ...seller, name: sellerName }),
    }),
  };
}
