// The app's own mail (payment reminders, low-stock alerts, invitations to an organization, documents a
// member sends a customer), sent by this
// function over SMTP. Where it goes is configured by the environment:
//   SMTP_URL   smtp://user:pass@host:port — smtps:// (or port 465 / 2465) speaks TLS from the first byte,
//              other ports upgrade with STARTTLS. Hosted edge functions cannot reach ports 25 and 587.
//   MAIL_FROM  the sender, "Kasuwa <no-reply@example.com>" or just the address.
//   SITE_URL   the app's address, which the links in the mails start with.
// POST /api/jobs/send-mail (service role key only, run on a clock) drains private.outgoing_mail: it claims
// due rows through public.claim_outgoing_mail (leased, so two drains never send one row), renders each
// kind in its locale, sends it, and marks it sent or records the error (tried again later, a bounded number
// of times).
// @ts-types="@types/nodemailer"
import nodemailer from 'nodemailer';
import {
  renderInvitation,
  renderLowStockDigest,
  renderPaymentReminder,
  type InvitationData,
  type LowStockData,
  type MailLocale,
  type PaymentReminderData,
  type RenderedMail,
  type Seller,
} from '@shared/mail/templates.ts';
import { renderDocumentMail, type DocumentMailData } from '@shared/mail/document-mail.ts';
import { adminClient, requireToken } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';

export interface SmtpTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
}

/** SMTP_URL read: smtp:// or smtps://, user and password percent-encoded, port 587 or 465 by default. */
export function parseSmtpUrl(value: string): SmtpTarget {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL is not a URL (smtp://user:pass@host:port)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  const port = url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure: url.protocol === 'smtps:' || port === 465 || port === 2465,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
  };
}

/** MAIL_FROM read: "Name <address>" or an address. */
export function parseFrom(value: string | undefined): { name: string; address: string } {
  const text = (value ?? '').trim();
  const m = /^(.*)<([^<>\s]+@[^<>\s]+)>$/.exec(text);
  if (m) return { name: m[1]!.trim().replace(/^"|"$/g, '') || 'Kasuwa', address: m[2]! };
  if (/^[^<>\s]+@[^<>\s]+$/.test(text)) return { name: 'Kasuwa', address: text };
  return { name: 'Kasuwa', address: 'no-reply@kasuwa.app' };
}

/** A claimed row of private.outgoing_mail (public.claim_outgoing_mail). */
export interface ClaimedMail {
  id: number;
  kind: string;
  to_address: string;
  locale: string;
  data: unknown;
  attempts: number;
  organization_id: string | null;
  org_name: string | null;
  org_address: string | null;
  org_phone: string | null;
  org_email: string | null;
}

/** What goes out: one mail per row, except a recipient's low-stock rows, which go out as one digest. */
export interface Delivery {
  ids: number[];
  to: string;
  replyTo: string | null;
  kind: string;
  mail: RenderedMail;
}

export function compose(rows: ClaimedMail[], siteUrl: string): { deliveries: Delivery[]; unknown: number[] } {
  const deliveries: Delivery[] = [];
  const unknown: number[] = [];
  const digests = new Map<string, ClaimedMail[]>();
  for (const row of rows) {
    const locale: MailLocale = row.locale === 'fr' ? 'fr' : 'en';
    const seller: Seller = {
      name: row.org_name,
      address: row.org_address,
      phone: row.org_phone,
      email: row.org_email,
    };
    const base = { ids: [row.id], to: row.to_address, kind: row.kind };
    if (row.kind === 'invitation') {
      deliveries.push({
        ...base,
        replyTo: null,
        mail: renderInvitation(row.data as InvitationData, locale, siteUrl),
      });
    } else if (row.kind === 'payment_reminder') {
      deliveries.push({
        ...base,
        replyTo: row.org_email,
        mail: renderPaymentReminder(row.data as PaymentReminderData, locale, seller, siteUrl),
      });
    } else if (row.kind === 'document') {
      // A document a member sent: the customer's answer goes to the shop.
      deliveries.push({
        ...base,
        replyTo: row.org_email,
        mail: renderDocumentMail(row.data as DocumentMailData, locale, seller, siteUrl),
      });
    } else if (row.kind === 'low_stock') {
      const key = `${row.organization_id}|${row.to_address.toLowerCase()}|${locale}`;
      digests.set(key, [...(digests.get(key) ?? []), row]);
    } else {
      unknown.push(row.id);
    }
  }
  for (const group of digests.values()) {
    const first = group[0]!;
    deliveries.push({
      ids: group.map((r) => r.id),
      to: first.to_address,
      replyTo: null,
      kind: 'low_stock',
      mail: renderLowStockDigest(
        group.map((r) => r.data as LowStockData),
        first.locale === 'fr' ? 'fr' : 'en',
        siteUrl,
      ),
    });
  }
  return { deliveries, unknown };
}

function transport(smtpUrl: string) {
  const target = parseSmtpUrl(smtpUrl);
  return nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: target.user ? { user: target.user, pass: target.pass } : undefined,
    // A stuck server fails this run (the rows are tried again later), it does not hang it.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Constant-time comparison of the bearer token with the service role key. */
function isServiceKey(req: Request): boolean {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const token = /^bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!key || token.length !== key.length) return false;
  let diff = 0;
  for (let i = 0; i < key.length; i++) diff |= key.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}

/** POST /api/jobs/send-mail: sends what is due; answers {claimed, sent, failed}. Service role key only. */
export async function sendMailJob(req: Request): Promise<Response> {
  // No token (or the public anon key): 401 as on every route; anyone else's token: 403.
  requireToken(req);
  if (!isServiceKey(req))
    throw new AppError('FORBIDDEN', 'Only the scheduler may run this job', undefined, {
      reason: 'JOB_FORBIDDEN',
    });
  const smtpUrl = Deno.env.get('SMTP_URL');
  if (!smtpUrl)
    throw new AppError('UNAVAILABLE', 'No SMTP_URL is configured', undefined, {
      reason: 'MAIL_NOT_CONFIGURED',
    });
  const siteUrl = Deno.env.get('SITE_URL') ?? 'http://localhost:3000';
  const from = parseFrom(Deno.env.get('MAIL_FROM'));
  const db = adminClient();
  const { data, error } = await db.rpc('claim_outgoing_mail', { p_limit: 100 });
  if (error) throw new AppError('INTERNAL', error.message);
  const rows = (data ?? []) as ClaimedMail[];
  const { deliveries, unknown } = compose(rows, siteUrl);
  const finish = async (ids: number[], err: string | null) => {
    const done = await db.rpc('finish_outgoing_mail', { p_ids: ids, p_error: err ?? undefined });
    if (done.error)
      console.error(`mail: could not record the outcome of ${ids.join(',')}: ${done.error.message}`);
  };
  if (unknown.length) await finish(unknown, 'unknown kind of mail');
  let sent = 0;
  let failed = unknown.length;
  if (deliveries.length) {
    const smtp = transport(smtpUrl);
    try {
      for (const d of deliveries) {
        try {
          await smtp.sendMail({
            from,
            to: d.to,
            replyTo: d.replyTo ?? undefined,
            subject: d.mail.subject,
            html: d.mail.html,
            text: d.mail.text,
            headers: { 'X-Kasuwa-Kind': d.kind },
          });
          await finish(d.ids, null);
          sent += d.ids.length;
        } catch (e) {
          await finish(d.ids, (e as Error).message || String(e));
          failed += d.ids.length;
        }
      }
    } finally {
      smtp.close();
    }
  }
  return Response.json({ claimed: rows.length, sent, failed });
}
