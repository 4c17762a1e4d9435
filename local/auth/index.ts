// Supabase Auth (GoTrue)-compatible /auth/v1 for the local stack: the email + password subset
// supabase-js uses, the admin user API, invites and one-time codes (docs/local-stack-protocol.md).
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Handler } from '../http.ts';
import type { MailSender } from '../mail/send.ts';
import { createHandler } from './handler.ts';
import { RateLimiter } from './rate-limit.ts';

export function createAuth(opts: {
  pool: pg.Pool;
  config: StackConfig;
  issuer: string;
  /** Where mails go; without one they are only printed. */
  mail?: MailSender;
}): {
  handler: Handler;
} {
  const { auth } = opts.config;
  const handler = createHandler({
    pool: opts.pool,
    settings: auth,
    siteUrl: opts.config.siteUrl,
    issuer: opts.issuer,
    signInLimiter: new RateLimiter(auth.signInSignUpsPer5Min),
    refreshLimiter: new RateLimiter(auth.tokenRefreshPer5Min),
    signInFailureLimiter: new RateLimiter(auth.signInFailuresPerEmailPer5Min),
    verifyLimiter: new RateLimiter(auth.tokenVerificationsPer5Min),
    otpFailureLimiter: new RateLimiter(auth.otpFailuresPerEmailPer5Min),
    emailSentLimiter: new RateLimiter(auth.emailSentPerHour, 3600 * 1000),
    log: (line) => console.log(`[auth] ${line}`),
    mail: opts.mail,
    mailTemplates: opts.config.mail.templates,
  });
  return { handler };
}
