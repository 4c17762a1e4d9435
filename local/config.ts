// Settings of the local stack: ports and paths from the environment, auth and API settings from
// supabase/config.toml (the same file `supabase start` reads), and the documented local-only keys.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { parseGoDuration } from './auth/validate.ts';
import { stackKeys, type StackKeys } from './keys.ts';
import { mailConfig, type MailConfig } from './mail/config.ts';
import { type CaptchaSettings, captchaSettingsOf } from '../packages/shared/captcha.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The JWT secret and keys that `supabase start` prints for every local project. They are public,
 * for local development only, and never valid on a hosted project.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface StackConfig {
  /** The interface the stack listens on: loopback unless HOST says otherwise. */
  host: string;
  port: number;
  pgPort: number;
  dataDir: string;
  siteUrl: string;
  api: {
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
    /** A Data API request that waits longer for a database connection is 504 PGRST003. */
    poolAcquisitionTimeoutMs: number;
    /** The largest response body the local Data API builds (ours; PostgREST has none). */
    maxResponseBytes: number;
  };
  auth: {
    jwtExpiry: number;
    minimumPasswordLength: number;
    enableSignup: boolean;
    enableConfirmations: boolean;
    refreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    /** Sign-in and sign-up requests allowed per 5 minutes per IP address (GoTrue's window). */
    signInSignUpsPer5Min: number;
    tokenRefreshPer5Min: number;
    /** Failed password sign-ins allowed per 5 minutes for one email from one address. */
    signInFailuresPerEmailPer5Min: number;
    /** Calls to /verify allowed per 5 minutes per IP address (GoTrue's `token_verifications`). */
    tokenVerificationsPer5Min: number;
    /**
     * Wrong one-time codes allowed per 5 minutes for one email, from any address; the one that spends
     * the budget also voids the codes the address has pending, so a 6-digit code cannot be guessed.
     */
    otpFailuresPerEmailPer5Min: number;
    /** Recovery mails sent per hour by the whole project (GoTrue's `email_sent`). */
    emailSentPerHour: number;
    /** How soon one address may be sent another mail, in ms (GoTrue's SMTP `max_frequency`). */
    emailMaxFrequencyMs: number;
    /**
     * Sign-up, sign-in, recovery, /otp and /resend need a captcha token (`[auth.captcha] enabled`); the
     * local Auth only checks that one is present (local/auth/captcha.ts).
     */
    captchaEnabled: boolean;
    /** A new password needs the current one, unless signed in with a code (`[auth.email]`). */
    requireCurrentPassword: boolean;
  };
  functions: Record<string, { verifyJwt: boolean }>;
  /**
   * The captcha widget the served page shows (CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY), written into it as the
   * build would (local/static.ts), so that an app built without one can be served with one; unset, the page
   * keeps what it was built with.
   */
  captcha?: CaptchaSettings;
  /** Where mail goes: the local catcher, or the SMTP server config.toml or SMTP_* names (local/mail/). */
  mail: MailConfig;
  /** The JWT secret and the keys signed with it (local/keys.ts). */
  keys: StackKeys;
}

type Toml = Record<string, unknown>;
const table = (t: unknown, key: string): Toml => ((t as Toml | undefined)?.[key] ?? {}) as Toml;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const toml = parse(readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')) as Toml;
  const api = table(toml, 'api');
  const auth = table(toml, 'auth');
  const email = table(auth, 'email');
  const rate = table(auth, 'rate_limit');
  const captcha = table(auth, 'captcha');
  const fns = table(toml, 'functions');
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST || '127.0.0.1';
  return {
    host,
    port,
    pgPort: Number(env.PG_PORT ?? port + 2),
    dataDir: path.resolve(ROOT, env.DATA_DIR ?? '.data'),
    siteUrl: env.SITE_URL ?? `http://localhost:${port}`,
    api: {
      schemas: (api.schemas as string[] | undefined) ?? ['public'],
      extraSearchPath: (api.extra_search_path as string[] | undefined) ?? ['public', 'extensions'],
      maxRows: Number(api.max_rows ?? 1000),
      // PostgREST's `db-pool-acquisition-timeout` default.
      poolAcquisitionTimeoutMs: 10_000,
      maxResponseBytes: Number(env.REST_MAX_RESPONSE_BYTES ?? 10_000_000),
    },
    auth: {
      jwtExpiry: Number(auth.jwt_expiry ?? 3600),
      minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
      enableSignup: auth.enable_signup !== false,
      // AUTH_ENABLE_CONFIRMATIONS=1 (or 0) overrides config.toml for one stack: the tests start a stack
      // that confirms emails beside the usual one that does not.
      enableConfirmations: env.AUTH_ENABLE_CONFIRMATIONS
        ? env.AUTH_ENABLE_CONFIRMATIONS === '1'
        : email.enable_confirmations === true,
      refreshTokenRotation: auth.enable_refresh_token_rotation !== false,
      refreshTokenReuseInterval: Number(auth.refresh_token_reuse_interval ?? 10),
      signInSignUpsPer5Min: Number(env.AUTH_RATE_LIMIT_SIGN_IN ?? rate.sign_in_sign_ups ?? 30),
      tokenRefreshPer5Min: Number(env.AUTH_RATE_LIMIT_REFRESH ?? rate.token_refresh ?? 150),
      signInFailuresPerEmailPer5Min: Number(env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES ?? 10),
      tokenVerificationsPer5Min: Number(env.AUTH_RATE_LIMIT_VERIFY ?? rate.token_verifications ?? 30),
      otpFailuresPerEmailPer5Min: Number(env.AUTH_RATE_LIMIT_OTP_FAILURES ?? 5),
      emailSentPerHour: Number(env.AUTH_RATE_LIMIT_EMAIL_SENT ?? rate.email_sent ?? 2),
      requireCurrentPassword: email.require_current_password === true,
      captchaEnabled: env.AUTH_CAPTCHA_ENABLED ? env.AUTH_CAPTCHA_ENABLED === '1' : captcha.enabled === true,
      emailMaxFrequencyMs: parseGoDuration(
        String(env.AUTH_EMAIL_MAX_FREQUENCY ?? email.max_frequency ?? '60s'),
      ),
    },
    functions: Object.fromEntries(
      Object.entries(fns).map(([name, f]) => [name, { verifyJwt: (f as Toml).verify_jwt !== false }]),
    ),
    captcha: captchaSettingsOf(env, { provider: 'CAPTCHA_PROVIDER', siteKey: 'CAPTCHA_SITE_KEY' }),
    mail: mailConfig(toml, env, port, ROOT),
    // Throws UnsafeConfigError when HOST reaches beyond this machine and no secret of one's own is set.
    keys: stackKeys(host, env.JWT_SECRET),
  };
}
