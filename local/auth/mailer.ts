// The local stack has no mail server: what GoTrue would email (a one-time code and a link to
// GET /verify) is printed, so a developer can confirm, accept an invite or reset a password.
import type { AuthService } from './service.ts';
import { newOtp, otpHash } from './tokens.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm your signup',
  invite: 'You have been invited',
  recovery: 'Reset your password',
  magiclink: 'Your magic link',
  email_change: 'Confirm email change',
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

/** "Sends" a code for `email`; returns the hash to store in the user's token column. */
export function mailOtp(
  service: AuthService,
  kind: MailKind,
  email: string,
  redirectTo: string | null,
): string {
  const otp = newOtp();
  const hash = otpHash(email, otp);
  const link = actionLink(service, hash, kind, allowedRedirect(service, redirectTo));
  service.log(`mail to ${email} "${SUBJECTS[kind]}": code ${otp}, link ${link}`);
  return hash;
}
