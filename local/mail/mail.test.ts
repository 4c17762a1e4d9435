// The mail module on its own: the template subset renders the Auth's files as GoTrue would, and a mail sent
// over SMTP arrives in the catcher, readable from its JSON API.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../config.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { mailConfig } from './config.ts';
import { createMailSender } from './send.ts';
import { renderTemplate, TemplateError } from './template.ts';

describe('the template subset', () => {
  const source = '{{ if eq .Data.locale "fr" }}Bonjour {{ .Email }}{{ else }}Hello {{ .Email }}{{ end }}';

  it('switches on .Data.locale, English when it is missing or anything else', () => {
    expect(renderTemplate(source, { Email: 'a@b.c', Data: { locale: 'fr' } })).toBe('Bonjour a@b.c');
    expect(renderTemplate(source, { Email: 'a@b.c', Data: { locale: 'en' } })).toBe('Hello a@b.c');
    expect(renderTemplate(source, { Email: 'a@b.c', Data: {} })).toBe('Hello a@b.c');
    expect(renderTemplate(source, { Email: 'a@b.c' })).toBe('Hello a@b.c');
  });

  it('escapes values as html/template does, and prints nothing for a missing one', () => {
    expect(
      renderTemplate('<a href="{{ .URL }}">{{ .Name }}</a>{{ .Missing }}', {
        URL: 'x?a=1&b="2"',
        Name: '<b>',
      }),
    ).toBe('<a href="x?a=1&amp;b=&#34;2&#34;">&lt;b&gt;</a>');
  });

  it('refuses syntax beyond the subset, so a file is not silently rendered differently than on a hosted project', () => {
    expect(() => renderTemplate('{{ range .Items }}x{{ end }}', {})).toThrow(TemplateError);
    expect(() => renderTemplate('{{ if eq .Data.locale "fr" }}x', {})).toThrow(TemplateError);
  });

  it('renders every file of supabase/templates in both languages, with the code, the link and the product', () => {
    const dir = path.join(ROOT, 'supabase', 'templates');
    const files = readdirSync(dir).filter((f) => f.endsWith('.html'));
    expect(files.sort()).toEqual([
      'confirmation.html',
      'email_change.html',
      'invite.html',
      'magic_link.html',
      'recovery.html',
    ]);
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const data = {
        ConfirmationURL: 'https://x.test/verify?token=abc&type=t',
        Token: '123456',
        Email: 'a@b.c',
      };
      const fr = renderTemplate(text, { ...data, Data: { locale: 'fr' } });
      const en = renderTemplate(text, { ...data, Data: {} });
      for (const html of [fr, en]) {
        expect(html, file).toContain('Kasuwa');
        expect(html, file).toContain('123456');
        expect(html, file).toContain('https://x.test/verify?token=abc&amp;type=t');
      }
      expect(fr, file).toContain('lang="fr"');
      expect(fr, file).toMatch(/Vous recevez ce message parce/);
      expect(en, file).toMatch(/You got this mail because/);
    }
  });
});

describe('the catcher', () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  });
  afterAll(() => catcher.stop());

  it('catches a mail sent over SMTP and serves it from its JSON API and viewer', async () => {
    const sender = createMailSender({
      host: '127.0.0.1',
      port: catcher.smtpPort,
      user: '',
      pass: '',
      adminEmail: 'no-reply@kasuwa.app',
      senderName: 'Kasuwa',
    });
    await sender.send({ to: 'ama@example.com', subject: 'Réinitialisez', html: '<p>Code <b>123456</b></p>' });
    sender.close();

    const list = (await (await fetch(`${catcher.url}/api/v1/messages`)).json()) as {
      total: number;
      messages: {
        ID: string;
        To: { Address: string }[];
        Subject: string;
        From: { Name: string; Address: string };
      }[];
    };
    expect(list.total).toBe(1);
    const [summary] = list.messages;
    expect(summary).toMatchObject({
      To: [{ Address: 'ama@example.com' }],
      Subject: 'Réinitialisez',
      From: { Name: 'Kasuwa', Address: 'no-reply@kasuwa.app' },
    });
    const message = (await (await fetch(`${catcher.url}/api/v1/message/${summary!.ID}`)).json()) as {
      HTML: string;
      Text: string;
    };
    expect(message.HTML).toContain('<b>123456</b>');
    expect(message.Text).toContain('123456');

    // The viewer shows it, the mail's own HTML in a sandbox (no script of a mail runs there).
    expect(await (await fetch(`${catcher.url}/`)).text()).toContain('Réinitialisez');
    const view = await fetch(`${catcher.url}/view/${summary!.ID}.html`);
    expect(view.headers.get('content-security-policy')).toMatch(/^sandbox/);

    // A page whose name was pointed at this machine (DNS rebinding) is refused.
    const status = await new Promise<number>((resolve, reject) =>
      request(`${catcher.url}/api/v1/messages`, { headers: { host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(403);

    await fetch(`${catcher.url}/api/v1/messages`, { method: 'DELETE' });
    expect(catcher.messages()).toEqual([]);
  });
});

describe('where mail goes', () => {
  const toml = {
    auth: {
      email: {
        smtp: {
          enabled: true,
          host: 'env(TEST_SMTP_HOST)',
          port: 465,
          user: 'apikey',
          pass: 'env(TEST_SMTP_PASS)',
        },
        template: { recovery: { subject: 'Reset', content_path: './supabase/templates/recovery.html' } },
      },
    },
  };

  it('to the catcher on PORT+4 (viewer) and PORT+5 (SMTP) when no server is named', () => {
    const mail = mailConfig({}, {}, 3000, ROOT);
    expect(mail.catcher).toEqual({ httpPort: 3004, smtpPort: 3005 });
    expect(mail.smtp).toMatchObject({ host: '127.0.0.1', port: 3005, user: '', senderName: 'Kasuwa' });
    // config.toml's smtp block names its host through a variable that is not set: still the catcher.
    expect(mailConfig(toml, {}, 3000, ROOT).catcher).not.toBeNull();
  });

  it('to the server config.toml names, its env() values read from the environment', () => {
    const mail = mailConfig(
      toml,
      { TEST_SMTP_HOST: 'smtp.example.com', TEST_SMTP_PASS: 's3cret' },
      3000,
      ROOT,
    );
    expect(mail.catcher).toBeNull();
    expect(mail.smtp).toMatchObject({ host: 'smtp.example.com', port: 465, user: 'apikey', pass: 's3cret' });
    expect(mail.templates.recovery).toEqual({
      subject: 'Reset',
      contentPath: path.join(ROOT, 'supabase', 'templates', 'recovery.html'),
    });
  });

  it('to the server SMTP_* names, over config.toml', () => {
    const env = {
      SMTP_HOST: 'mail.example.org',
      SMTP_PORT: '2465',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      SMTP_ADMIN_EMAIL: 'shop@example.org',
      SMTP_SENDER_NAME: 'Efua Provisions',
    };
    const mail = mailConfig(toml, env, 3000, ROOT);
    expect(mail.catcher).toBeNull();
    expect(mail.smtp).toEqual({
      host: 'mail.example.org',
      port: 2465,
      user: 'u',
      pass: 'p',
      adminEmail: 'shop@example.org',
      senderName: 'Efua Provisions',
    });
  });
});
