// An Auth of its own on the test database, for behaviours the shared stack does not run with
// (confirmations on, a captcha, small budgets): the local Auth's handler on a port of its own, mailing to a
// catcher of its own. Local only: a hosted project's settings are its own.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { createAuth } from '../../local/auth/index.ts';
import { loadConfig, type StackConfig } from '../../local/config.ts';
import { startMailCatcher } from '../../local/mail/catcher.ts';
import { createMailSender } from '../../local/mail/send.ts';
import { ANON_KEY, DATABASE_ADMIN_URL, SUPABASE_URL } from '../env.ts';

export const canStartOwnAuth =
  ['localhost', '127.0.0.1'].includes(new URL(SUPABASE_URL).hostname) && Boolean(DATABASE_ADMIN_URL);

export async function startOwnAuth(settings: Partial<StackConfig['auth']>) {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const config = loadConfig();
  Object.assign(config.auth, settings);
  const pool = new pg.Pool({ connectionString: DATABASE_ADMIN_URL, max: 2 });
  const mail = createMailSender({ ...config.mail.smtp, host: '127.0.0.1', port: catcher.smtpPort });
  // The handler needs the server's address (its issuer), known once the server listens.
  const auth: { handler?: ReturnType<typeof createAuth>['handler'] } = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    url.pathname = url.pathname.replace(/^\/auth\/v1/, '');
    void auth.handler!(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  auth.handler = createAuth({ pool, config, issuer: `${url}/auth/v1`, mail }).handler;
  return {
    /** The project URL supabase-js takes (it adds /auth/v1). */
    url,
    mailUrl: catcher.url,
    pool,
    /** A supabase-js client of this Auth. */
    client: () =>
      createClient(url, ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      }),
    /** POST to this Auth, as supabase-js sends it. */
    post: (path: string, body: unknown) =>
      fetch(`${url}/auth/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      }),
    async stop() {
      mail.close();
      server.closeAllConnections();
      server.close();
      await pool.end();
      await catcher.stop();
    },
  };
}

export type OwnAuth = Awaited<ReturnType<typeof startOwnAuth>>;
