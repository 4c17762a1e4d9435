// The app's own mails (not Auth's): each kind queued in private.outgoing_mail rendered in its locale, as
// HTML and as plain text. Shared by the edge function that sends them and by the tests that read them.
// Every value comes from people (a customer's or a shop's name, an address) and is escaped in the HTML.
import { formatMoney } from '../money-format.ts';

export type MailLocale = 'en' | 'fr';

/** The seller's details printed in the mail; its email is the mail's Reply-To. */
export interface Seller {
  name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface InvitationData {
  path: string;
  orgName: string;
  inviterName: string | null;
  role: string;
  expiresAt: string;
}

export interface PaymentReminderData {
  number: string;
  step: number;
  dueAt: string;
  amountDue: number | string;
  currency: string;
  customerName: string;
  orgName: string;
  path: string;
}

export interface LowStockData {
  productId: string;
  name: string;
  sku: string | null;
  stock: number | string;
  threshold: number | string;
  orgName: string;
}

export const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');

/** A due date (YYYY-MM-DD, a day in the organization's zone) written out: "3 December 2026", "3 décembre 2026". */
export function formatDay(day: string, locale: MailLocale): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

const ROLES: Record<MailLocale, Record<string, string>> = {
  en: { OWNER: 'owner', MANAGER: 'manager', ACCOUNTANT: 'accountant', SALES: 'sales' },
  fr: { OWNER: 'propriétaire', MANAGER: 'gérant', ACCOUNTANT: 'comptable', SALES: 'commercial' },
};

/** Joins a path the database knows (/invite/…, /i/…) to the app's address. */
export const absoluteLink = (siteUrl: string, path: string): string =>
  new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;

export function sellerLines(seller: Seller): string[] {
  return [seller.name, seller.address, seller.phone, seller.email].filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
}

/** The frame every mail shares: a heading, paragraphs, an optional button and table, the seller's details. */
export function layout(opts: {
  locale: MailLocale;
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  table?: { head: string[]; rows: string[][] };
  footer: string[];
}): { html: string; text: string } {
  const p = (t: string) => `<p style="margin:0 0 14px">${escapeHtml(t)}</p>`;
  const button = opts.button
    ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.button.href)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(opts.button.label)}</a></p>` +
      // The address written out too (for mail programs that hide buttons), broken anywhere on a phone.
      `<p style="margin:0 0 14px;word-break:break-all;font-size:13px">${escapeHtml(opts.button.href)}</p>`
    : '';
  const table = opts.table
    ? `<table style="border-collapse:collapse;width:100%;margin:0 0 14px"><thead><tr>${opts.table.head
        .map(
          (h) => `<th style="text-align:left;border-bottom:1px solid #ccc;padding:6px">${escapeHtml(h)}</th>`,
        )
        .join('')}</tr></thead><tbody>${opts.table.rows
        .map(
          (r) =>
            `<tr>${r.map((c) => `<td style="border-bottom:1px solid #eee;padding:6px">${escapeHtml(c)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const footer = opts.footer.length
    ? `<p style="margin:24px 0 0;color:#555;font-size:13px">${opts.footer.map(escapeHtml).join('<br>')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${opts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(opts.heading)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;color:#1f2937;margin:0;padding:16px">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>
${opts.paragraphs.map(p).join('\n')}
${table}
${button}
${footer}
</div></body></html>`;
  const textTable = opts.table
    ? [opts.table.head.join(' | '), ...opts.table.rows.map((r) => r.join(' | '))].join('\n') + '\n\n'
    : '';
  const text =
    `${opts.heading}\n\n${opts.paragraphs.join('\n\n')}\n\n${textTable}` +
    (opts.button ? `${opts.button.label}: ${opts.button.href}\n\n` : '') +
    (opts.footer.length ? `--\n${opts.footer.join('\n')}\n` : '');
  return { html, text };
}

export function renderInvitation(d: InvitationData, locale: MailLocale, siteUrl: string): RenderedMail {
  const link = absoluteLink(siteUrl, d.path);
  const role = ROLES[locale][d.role] ?? d.role;
  const expires = formatDay(d.expiresAt, locale);
  if (locale === 'fr') {
    const who = d.inviterName ? `${d.inviterName} vous invite` : 'Vous êtes invité(e)';
    const subject = `Invitation à rejoindre ${d.orgName} sur Kasuwa`;
    return {
      subject,
      ...layout({
        locale,
        heading: subject,
        paragraphs: [
          `${who} à rejoindre ${d.orgName} sur Kasuwa en tant que ${role}.`,
          `Le lien est valable jusqu’au ${expires}.`,
        ],
        button: { label: 'Accepter l’invitation', href: link },
        footer: [
          'Vous recevez ce message parce qu’un membre de cette entreprise a saisi votre adresse. Si vous ne l’attendiez pas, ignorez-le.',
        ],
      }),
    };
  }
  const who = d.inviterName ? `${d.inviterName} has invited you` : 'You have been invited';
  const subject = `Join ${d.orgName} on Kasuwa`;
  return {
    subject,
    ...layout({
      locale,
      heading: subject,
      paragraphs: [`${who} to join ${d.orgName} on Kasuwa as ${role}.`, `The link works until ${expires}.`],
      button: { label: 'Accept the invitation', href: link },
      footer: [
        'You got this mail because a member of this organization entered your address. If you did not expect it, ignore it.',
      ],
    }),
  };
}

export function renderPaymentReminder(
  d: PaymentReminderData,
  locale: MailLocale,
  seller: Seller,
  siteUrl: string,
): RenderedMail {
  const link = absoluteLink(siteUrl, d.path);
  const amount = formatMoney(Number(d.amountDue), d.currency, locale === 'fr' ? 'fr-FR' : 'en-GB');
  const due = formatDay(d.dueAt, locale);
  const sellerName = seller.name ?? d.orgName;
  const overdue = d.step > 0;
  const footer = sellerLines({ ...seller, name: sellerName });
  if (locale === 'fr') {
    const subject = overdue
      ? `Rappel : la facture ${d.number} de ${sellerName} est en retard depuis le ${due}`
      : `Rappel : la facture ${d.number} de ${sellerName} est à régler le ${due}`;
    return {
      subject,
      ...layout({
        locale,
        heading: subject,
        paragraphs: [
          `Bonjour ${d.customerName},`,
          overdue
            ? `La facture ${d.number} devait être réglée le ${due}. Il reste ${amount} à payer.`
            : `La facture ${d.number} est à régler le ${due}. Montant dû : ${amount}.`,
          'Si vous avez déjà payé, merci de ne pas tenir compte de ce message.',
        ],
        button: { label: 'Voir la facture', href: link },
        footer,
      }),
    };
  }
  const subject = overdue
    ? `Reminder: invoice ${d.number} of ${sellerName} is overdue since ${due}`
    : `Reminder: invoice ${d.number} of ${sellerName} is due on ${due}`;
  return {
    subject,
    ...layout({
      locale,
      heading: subject,
      paragraphs: [
        `Hello ${d.customerName},`,
        overdue
          ? `Invoice ${d.number} was due on ${due}. ${amount} is still to be paid.`
          : `Invoice ${d.number} is due on ${due}. Amount due: ${amount}.`,
        'If you have already paid, please ignore this message.',
      ],
      button: { label: 'View the invoice', href: link },
      footer,
    }),
  };
}

/** One mail for every low-stock row of one recipient: "3 products are running low", with a table. */
export function renderLowStockDigest(
  items: LowStockData[],
  locale: MailLocale,
  siteUrl: string,
): RenderedMail {
  const orgName = items[0]?.orgName ?? '';
  const number = (v: number | string) =>
    new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB').format(Number(v));
  const rows = items.map((i) => [i.name, i.sku ?? '', number(i.stock), number(i.threshold)]);
  const link = absoluteLink(siteUrl, '/inventory');
  if (locale === 'fr') {
    const subject =
      items.length === 1
        ? `${orgName} : ${items[0]!.name} est presque épuisé`
        : `${orgName} : ${items.length} produits sont presque épuisés`;
    return {
      subject,
      ...layout({
        locale,
        heading: subject,
        paragraphs: ['Ces produits sont à leur seuil de réapprovisionnement ou en dessous :'],
        table: { head: ['Produit', 'Réf.', 'Stock', 'Seuil'], rows },
        button: { label: 'Voir le stock', href: link },
        footer: ['Vous recevez ce message parce que vos préférences demandent les alertes de stock.'],
      }),
    };
  }
  const subject =
    items.length === 1
      ? `${orgName}: ${items[0]!.name} is running low`
      : `${orgName}: ${items.length} products are running low`;
  return {
    subject,
    ...layout({
      locale,
      heading: subject,
      paragraphs: ['These products are at or below their reorder threshold:'],
      table: { head: ['Product', 'SKU', 'Stock', 'Threshold'], rows },
      button: { label: 'View stock', href: link },
      footer: ['You got this mail because your preferences ask for low-stock alerts.'],
    }),
  };
}
