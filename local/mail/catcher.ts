// The local stack's mail catcher, as `supabase start` runs one: an SMTP server that accepts every mail and
// keeps the last ones in memory, and a small viewer with a JSON API at a loopback URL. Mail sent to it
// travels over real SMTP (the Auth and, later, the app's own mails), and the tests read it back from the
// JSON API, whose shape is a subset of Mailpit's (the catcher `supabase start` runs), so the same tests can
// read a CLI stack's mail too.
//
// Loopback only: the mails hold sign-in codes and password reset links.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sendJson } from '../http.ts';
import { escapeHtml } from './template.ts';

export interface Address {
  Name: string;
  Address: string;
}

export interface CaughtMail {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Subject: string;
  /** When it arrived (ISO 8601). */
  Created: string;
  Text: string;
  HTML: string;
}

export interface MailCatcher {
  /** The viewer and its JSON API, e.g. http://127.0.0.1:3004 */
  url: string;
  smtpPort: number;
  /** Caught mail, newest first. */
  messages(): CaughtMail[];
  stop(): Promise<void>;
}

/** How many mails are kept; older ones are dropped (a long-running `npm start` stays small). */
export const KEPT_MAILS = 500;
/** The largest mail accepted (Auth's are a few KB; reminders with a PDF would be under this). */
const MAX_MAIL_BYTES = 10 * 1024 * 1024;
const HOST = '127.0.0.1';
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

const addresses = (field: AddressObject | AddressObject[] | undefined): Address[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => ({ Name: v.name ?? '', Address: v.address ?? '' })),
  );

const summary = (m: CaughtMail) => ({
  ID: m.ID,
  MessageID: m.MessageID,
  From: m.From,
  To: m.To,
  Subject: m.Subject,
  Created: m.Created,
  Snippet: m.Text.replace(/\s+/g, ' ').trim().slice(0, 250),
});

export async function startMailCatcher(opts: {
  smtpPort: number;
  httpPort: number;
  log?: (line: string) => void;
}): Promise<MailCatcher> {
  const log = opts.log ?? (() => {});
  let kept: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // No TLS and any (or no) login: it is a catcher on this machine, not a relay.
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
    size: MAX_MAIL_BYTES,
    banner: 'Kasuwa local mail catcher',
    logger: false,
    // Stopping does not wait long for senders that keep a connection open between mails.
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            ID: randomUUID(),
            MessageID: parsed.messageId ?? '',
            From: addresses(parsed.from)[0] ?? { Name: '', Address: '' },
            To: addresses(parsed.to),
            Subject: parsed.subject ?? '',
            Created: new Date().toISOString(),
            Text: parsed.text ?? '',
            HTML: typeof parsed.html === 'string' ? parsed.html : '',
          };
          kept = [mail, ...kept].slice(0, KEPT_MAILS);
          callback();
        })
        .catch((e: unknown) => {
          log(`mail catcher: unreadable mail: ${(e as Error).message}`);
          callback(e as Error);
        });
    },
  });
  smtp.on('error', (e) => log(`mail catcher: ${e.message}`));

  const http = createServer((req, res) => {
    try {
      serve(req, res);
    } catch (e) {
      log(`mail catcher: ${(e as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
    }
  });

  const find = (id: string) => kept.find((m) => m.ID === id);
  function serve(req: IncomingMessage, res: ServerResponse) {
    // Only for pages on this machine: a site whose name an attacker points at 127.0.0.1 (DNS rebinding)
    // sends its own name as Host and is refused, so it cannot read the links in the mail.
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (!LOOPBACK_NAMES.has(host)) return sendJson(res, 403, { error: 'loopback only' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const messageId = /^\/api\/v1\/message\/([^/]+)$/.exec(path)?.[1];
    const viewId = /^\/view\/([^/]+)\.html$/.exec(path)?.[1];
    if (req.method === 'GET' && path === '/api/v1/messages') {
      return sendJson(res, 200, { total: kept.length, count: kept.length, messages: kept.map(summary) });
    }
    if (req.method === 'DELETE' && path === '/api/v1/messages') {
      kept = [];
      return sendJson(res, 200, {});
    }
    if (req.method === 'GET' && messageId) {
      const mail = find(decodeURIComponent(messageId));
      return mail ? sendJson(res, 200, mail) : sendJson(res, 404, { error: 'not found' });
    }
    if (req.method === 'GET' && viewId) {
      const mail = find(decodeURIComponent(viewId));
      if (!mail) return sendJson(res, 404, { error: 'not found' });
      // The mail's own HTML, with no script and nothing fetched from elsewhere.
      return sendHtml(res, mail.HTML || `<pre>${escapeHtml(mail.Text)}</pre>`, {
        'content-security-policy':
          "sandbox allow-popups allow-popups-to-escape-sandbox; img-src data:; style-src 'unsafe-inline'",
      });
    }
    if (req.method === 'GET' && path === '/')
      return sendHtml(res, viewerPage(kept, url.searchParams.get('id')));
    sendJson(res, 404, { error: 'not found' });
  }

  const listenSmtp = () =>
    new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(opts.smtpPort, HOST, () => {
        smtp.server.off('error', reject);
        resolve();
      });
    });
  const listenHttp = () =>
    new Promise<Server>((resolve, reject) => {
      http.once('error', reject);
      http.listen(opts.httpPort, HOST, () => resolve(http));
    });
  await listenSmtp();
  await listenHttp().catch(async (e: unknown) => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw e;
  });

  return {
    url: `http://${HOST}:${(http.address() as AddressInfo).port}`,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    messages: () => kept,
    async stop() {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

function sendHtml(res: ServerResponse, html: string, headers: Record<string, string> = {}) {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-frame-options': 'SAMEORIGIN',
    ...headers,
  });
  res.end(html);
}

/** The viewer: the list of caught mail, and the chosen one shown in a sandboxed frame. */
function viewerPage(mails: CaughtMail[], chosenId: string | null): string {
  const chosen = mails.find((m) => m.ID === chosenId) ?? mails[0];
  const rows = mails
    .map(
      (m) =>
        `<li${m === chosen ? ' class="on"' : ''}><a href="/?id=${encodeURIComponent(m.ID)}">` +
        `<b>${escapeHtml(m.Subject || '(no subject)')}</b><br>` +
        `to ${escapeHtml(m.To.map((t) => t.Address).join(', '))} · ${escapeHtml(m.Created.slice(0, 19).replace('T', ' '))}</a></li>`,
    )
    .join('');
  const detail = chosen
    ? `<h2>${escapeHtml(chosen.Subject)}</h2>
       <p>From ${escapeHtml(`${chosen.From.Name} <${chosen.From.Address}>`)} to ${escapeHtml(chosen.To.map((t) => t.Address).join(', '))}</p>
       <iframe title="Mail" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/${encodeURIComponent(chosen.ID)}.html"></iframe>`
    : '<p>No mail yet. Mail the local stack sends (sign-up, password reset, invitations) shows here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kasuwa — caught mail (${mails.length})</title>
<style>
body{font:15px system-ui,sans-serif;margin:0;display:flex;flex-wrap:wrap;min-height:100vh}
nav{flex:1 1 280px;max-width:420px;border-right:1px solid #ddd;overflow:auto}
nav h1{font-size:16px;margin:12px}ul{list-style:none;margin:0;padding:0}
li a{display:block;padding:10px 12px;border-top:1px solid #eee;color:inherit;text-decoration:none}
li.on a{background:#eef6ff}main{flex:3 1 360px;padding:0 16px 16px}
iframe{width:100%;height:70vh;border:1px solid #ddd;border-radius:6px}
</style></head><body>
<nav><h1>Caught mail (${mails.length}, newest first; last ${KEPT_MAILS} kept) · <a href="/">refresh</a></h1><ul>${rows}</ul></nav>
<main>${detail}</main>
</body></html>`;
}
