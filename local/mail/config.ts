// Mail settings of the local stack, read like the Supabase CLI reads them: `[auth.email.smtp]` and
// `[auth.email.template.<kind>]` in supabase/config.toml, with SMTP_* in the environment taking precedence.
// Without an SMTP host, mail goes to the local catcher on ports derived from PORT, so stacks started side
// by side (tests, `npm start`) each have their own.
import path from 'node:path';
import type { SmtpSettings } from './send.ts';

/** The Auth's templates, by the names config.toml and GoTrue give them. */
export const AUTH_TEMPLATES = ['confirmation', 'recovery', 'invite', 'email_change', 'magic_link'] as const;
export type AuthTemplate = (typeof AUTH_TEMPLATES)[number];

export interface MailConfig {
  /** The catcher's ports (viewer and SMTP) when mail stays on this machine; null when a server is set. */
  catcher: { httpPort: number; smtpPort: number } | null;
  smtp: SmtpSettings;
  /** Subject (a template too, as GoTrue parses it) and body file of each Auth mail; absent: the default. */
  templates: Partial<Record<AuthTemplate, { subject?: string; contentPath?: string }>>;
}

type Toml = Record<string, unknown>;
const table = (t: unknown, key: string): Toml => ((t as Toml | undefined)?.[key] ?? {}) as Toml;

/** A config.toml value, with `env(NAME)` replaced by that variable as the CLI does. */
function value(raw: unknown, env: NodeJS.ProcessEnv): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw);
  const name = /^env\((\w+)\)$/.exec(text)?.[1];
  return name ? env[name] : text;
}

/** The viewer answers on PORT+4 and the SMTP server on PORT+5 (Postgres has PORT+2). */
export const catcherPorts = (port: number) => ({ httpPort: port + 4, smtpPort: port + 5 });

export function mailConfig(toml: Toml, env: NodeJS.ProcessEnv, port: number, root: string): MailConfig {
  const email = table(table(toml, 'auth'), 'email');
  const smtp = table(email, 'smtp');
  const configured = smtp.enabled !== false && value(smtp.host, env);
  const host = env.SMTP_HOST || (configured ? value(smtp.host, env) : undefined);
  const ports = {
    httpPort: Number(env.MAIL_PORT ?? catcherPorts(port).httpPort),
    smtpPort: Number(env.MAIL_SMTP_PORT ?? catcherPorts(port).smtpPort),
  };
  const templates: MailConfig['templates'] = {};
  for (const kind of AUTH_TEMPLATES) {
    const t = table(table(email, 'template'), kind);
    const contentPath = value(t.content_path, env);
    templates[kind] = {
      subject: value(t.subject, env),
      contentPath: contentPath ? path.resolve(root, contentPath) : undefined,
    };
  }
  return {
    catcher: host ? null : ports,
    smtp: {
      host: host ?? '127.0.0.1',
      port: Number(
        env.SMTP_PORT || (host ? value(smtp.port, env) : undefined) || (host ? 587 : ports.smtpPort),
      ),
      user: env.SMTP_USER ?? (host ? value(smtp.user, env) : undefined) ?? '',
      pass: env.SMTP_PASS ?? (host ? value(smtp.pass, env) : undefined) ?? '',
      adminEmail: env.SMTP_ADMIN_EMAIL ?? value(smtp.admin_email, env) ?? 'no-reply@kasuwa.app',
      senderName: env.SMTP_SENDER_NAME ?? value(smtp.sender_name, env) ?? 'Kasuwa',
    },
    templates,
  };
}
