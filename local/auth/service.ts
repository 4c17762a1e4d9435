// What every route gets: the service's shared state, and the call it answers.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { MailConfig } from '../mail/config.ts';
import type { MailSender } from '../mail/send.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Json } from './request.ts';

export interface AuthService {
  pool: pg.Pool;
  settings: StackConfig['auth'];
  siteUrl: string;
  /** The JWT `iss` and the public base of this service (mail links point at it). */
  issuer: string;
  signInLimiter: RateLimiter;
  refreshLimiter: RateLimiter;
  /**
   * Failed password sign-ins per email from one address: guessing one person's password is slowed down
   * without letting anyone lock that person out (their own address keeps its budget).
   */
  signInFailureLimiter?: RateLimiter;
  /** Calls to /verify per address. */
  verifyLimiter: RateLimiter;
  /** Wrong one-time codes per email, from any address (local/auth/routes/verify.ts). */
  otpFailureLimiter: RateLimiter;
  /** Recovery mails sent by the whole service per hour (one bucket, key `mail`). */
  emailSentLimiter: RateLimiter;
  /** The service's log; each mail's code and link are printed there too, for the developer. */
  log: (line: string) => void;
  /** Where mails go over SMTP (local/mail/send.ts); without it they are only printed. */
  mail?: MailSender;
  /** Subject and body file of each mail, from config.toml (local/auth/mailer.ts). */
  mailTemplates?: MailConfig['templates'];
}

/** Who is calling, recorded on the sessions they open. */
export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export interface Call {
  req: IncomingMessage;
  url: URL;
  /** Path parameters, e.g. `id` of /admin/users/{id}. */
  params: Record<string, string>;
  client: Client;
  /** The JSON body, read on first use (GET routes never read one); `optional` accepts none. */
  body(options?: { optional?: boolean }): Promise<Json>;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (service: AuthService, call: Call) => Promise<Reply>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
