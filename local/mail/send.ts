// Sending mail over SMTP: the one way the local stack mails anybody. The Auth's mails use it now; the
// app's own (reminders, alerts, invitations) are to use the same settings. Where it goes is the SMTP server
// of `[auth.email.smtp]` in supabase/config.toml or SMTP_* in the environment, else the local catcher
// (local/mail/catcher.ts), so nothing leaves this machine unless someone configured a provider.
import nodemailer from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** The sender's address (GoTrue's SMTP_ADMIN_EMAIL). */
  adminEmail: string;
  senderName: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** Without it, the catcher and mail programs derive a text version from the HTML. */
  text?: string;
  /** Extra headers (the kind of mail, which a provider or a filter can sort on). */
  headers?: Record<string, string>;
}

export interface MailSender {
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up banner and logs (no password). */
  describe(): string;
  close(): void;
}

export function createMailSender(settings: SmtpSettings): MailSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    // 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when the server offers it.
    secure: settings.port === 465 || settings.port === 2465,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    // One connection reused between mails, closed when idle; a stuck server fails the request, not hangs it.
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: { name: settings.senderName, address: settings.adminEmail },
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
      });
    },
    describe: () => `smtp://${settings.host}:${settings.port}${settings.user ? ` as ${settings.user}` : ''}`,
    close: () => transport.close(),
  };
}
