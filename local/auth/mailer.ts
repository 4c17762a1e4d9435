// The Auth's mails: a one-time code and a link to GET /verify, rendered from supabase/templates/*.html (the
// files config.toml names, which a hosted project uses too) with GoTrue's template fields, and sent over
// SMTP (local/mail/send.ts): to the local catcher unless an SMTP server is configured. The code and the link
// are also printed, as before there was a mail server, since developers read them from the console.
import { readFileSync } from 'node:fs';
import type { AuthTemplate } from '../mail/config.ts';
import { renderTemplate, type TemplateData } from '../mail/template.ts';
import { AuthError } from './errors.ts';
import type { AuthService } from './service.ts';
import { newOtp, otpHash } from './tokens.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** The template each kind is rendered from (GoTrue's names: `confirmation` is the sign-up mail). */
const TEMPLATE: Record<MailKind, AuthTemplate> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
};

/** Used when config.toml names no subject or file for a kind (GoTrue has built-in ones the same way). */
const DEFAULTS: Record<AuthTemplate, { subject: string; body: string }> = {
  confirmation: {
    subject: 'Confirm your email address',
    body: '<p>Confirm this address: <a href="{{ .ConfirmationURL }}">confirm</a>, or enter the code {{ .Token }}.</p>',
  },
  invite: {
    subject: 'You have been invited',
    body: '<p>You have been invited: <a href="{{ .ConfirmationURL }}">accept the invitation</a>.</p>',
  },
  recovery: {
    subject: 'Reset your password',
    body: '<p><a href="{{ .ConfirmationURL }}">Reset your password</a>, or enter the code {{ .Token }}.</p>',
  },
  magic_link: {
    subject: 'Your sign-in link',
    body: '<p><a href="{{ .ConfirmationURL }}">Sign in</a>, or enter the code {{ .Token }}.</p>',
  },
  email_change: {
    subject: 'Confirm your new email address',
    body: '<p>Confirm {{ .NewEmail }}: <a href="{{ .ConfirmationURL }}">confirm</a>, or enter the code {{ .Token }}.</p>',
  },
};

/** What GoTrue says when the mail cannot be sent (the request fails, and nothing it stored is kept). */
const SEND_FAILED: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  invite: 'Error sending invite email',
  recovery: 'Error sending recovery email',
  magiclink: 'Error sending magic link email',
  email_change: 'Error sending email change email',
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a link may send the browser: `redirect_to` when it is on the site's origin or on this
 * machine, else the site URL (GoTrue checks an allow list the same way, so links cannot be used
 * to send people to other sites).
 */
export function allowedRedirect(service: AuthService, requested: string | null): string {
  if (!requested) return service.siteUrl;
  try {
    const url = new URL(requested);
    const site = new URL(service.siteUrl);
    if (url.origin === site.origin || LOOPBACK.has(url.hostname)) return url.toString();
  } catch {
    // not a URL: fall back to the site
  }
  return service.siteUrl;
}

/** The link a mail carries: GET /verify with the token hash, which redirects to `redirectTo`. */
export function actionLink(
  service: AuthService,
  tokenHash: string,
  type: MailKind,
  redirectTo: string,
): string {
  const link = new URL(`${service.issuer}/verify`);
  link.searchParams.set('token', tokenHash);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

/** Who a mail is for: the address it goes to, and the account's address and metadata the template reads. */
export interface Recipient {
  /** Where the mail goes (the new address, for an email change). */
  to: string;
  /** The account's current address (GoTrue's `.Email`). */
  email: string;
  /** user_metadata (GoTrue's `.Data`): `.Data.locale` chooses the language. */
  metadata: Record<string, unknown> | null;
}

/** Subject and HTML body of an Auth mail, rendered from the configured template files. */
export function renderAuthMail(
  service: AuthService,
  kind: MailKind,
  data: TemplateData,
): { subject: string; html: string } {
  const name = TEMPLATE[kind];
  const configured = service.mailTemplates?.[name] ?? {};
  const body = configured.contentPath ? readFileSync(configured.contentPath, 'utf8') : DEFAULTS[name].body;
  return {
    // GoTrue renders the subject as a template too: it may switch language like the body.
    subject: renderTemplate(configured.subject ?? DEFAULTS[name].subject, data, `${name} subject`).trim(),
    html: renderTemplate(body, data, configured.contentPath ?? name),
  };
}

/** Mails a new code to `recipient`; returns its hash, to store in the user's token column. */
export async function mailOtp(
  service: AuthService,
  kind: MailKind,
  recipient: Recipient,
  redirectTo: string | null,
): Promise<string> {
  const otp = newOtp();
  const hash = otpHash(recipient.to, otp);
  const target = allowedRedirect(service, redirectTo);
  const link = actionLink(service, hash, kind, target);
  const data: TemplateData = {
    SiteURL: service.siteUrl,
    ConfirmationURL: link,
    Email: recipient.email,
    Token: otp,
    TokenHash: hash,
    Data: recipient.metadata ?? {},
    RedirectTo: target,
    ...(kind === 'email_change' && { NewEmail: recipient.to, SendingTo: recipient.to }),
  };
  let mail: { subject: string; html: string };
  try {
    mail = renderAuthMail(service, kind, data);
  } catch (e) {
    service.log(`mail template for ${kind} unusable: ${(e as Error).message}`);
    throw new AuthError(500, 'unexpected_failure', SEND_FAILED[kind]);
  }
  service.log(`mail to ${recipient.to} "${mail.subject}": code ${otp}, link ${link}`);
  if (service.mail) {
    try {
      await service.mail.send({
        to: recipient.to,
        subject: mail.subject,
        html: mail.html,
        headers: { 'X-Kasuwa-Mail-Type': kind },
      });
    } catch (e) {
      service.log(`mail to ${recipient.to} not sent (${service.mail.describe()}): ${(e as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', SEND_FAILED[kind]);
    }
  }
  return hash;
}
