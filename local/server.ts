// The local stack: one Node process, one origin. Routes like Supabase's gateway (prefix stripped before
// the service sees the path) and serves the SPA for everything else.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, ROOT, type StackConfig } from './config.ts';
import { createFunctions } from './functions.ts';
import { useJwtSecret } from './jwt.ts';
import { createAuth } from './auth/index.ts';
import { applyCors, corsOriginCheck, sendJson, type Handler } from './http.ts';
import { migrate, reset, unknownMigrations } from './migrate.ts';
import { startDatabase, type Database } from './postgres.ts';
import { createRest } from './rest/index.ts';
import { createStatic } from './static.ts';
import { startMailCatcher, type MailCatcher } from './mail/catcher.ts';
import { createMailSender } from './mail/send.ts';

export interface Stack {
  url: string;
  config: StackConfig;
  db: Database;
  /** The local mail catcher (its viewer and JSON API at `url`); null when mail goes to an SMTP server. */
  mail: MailCatcher | null;
  stop(): Promise<void>;
}

export async function startStack(
  opts: {
    reset?: boolean;
    log?: (line: string) => void;
    /** What the person starting the stack must read (a reset they did not ask for). */
    notice?: (message: string) => void;
    config?: StackConfig;
    /** Always its own embedded database, even where DATABASE_URL names another (a second stack in tests). */
    embedded?: boolean;
    /** The built app's folder under web/ (WEB_DIST, else dist): a second stack may serve another build. */
    webDist?: string;
  } = {},
): Promise<Stack> {
  const config = opts.config ?? loadConfig();
  // Before anything signs or checks a token.
  useJwtSecret(config.keys.jwtSecret);
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? ((message: string) => console.warn(message));
  // Mail stays on this machine (the catcher) unless config.toml or SMTP_HOST names a server. Started first:
  // a port already taken stops the start before anything else runs.
  const catcher = config.mail.catcher ? await startMailCatcher({ ...config.mail.catcher, log }) : null;
  const db = await startDatabase({
    dataDir: config.dataDir,
    port: config.pgPort,
    log,
    embedded: opts.embedded,
  });
  // A database built from migrations that no longer exist (the files were re-cut before the first
  // deployment) cannot be migrated forward: it is reset, with its data.
  const stale = opts.reset ? [] : await unknownMigrations(db.postgresUrl);
  if (stale.length > 0 && process.env.DATABASE_URL && !opts.embedded) {
    // Not the local stack's own database: never reset it unasked.
    throw new Error(
      `The database at DATABASE_URL was built by migrations that supabase/migrations no longer has ` +
        `(${stale.join(', ')}). Reset it yourself (RESET=1) if it holds nothing to keep.`,
    );
  }
  if (stale.length > 0) {
    notice(
      `\n  The local database in ${config.dataDir} was built by migrations that supabase/migrations no longer has\n` +
        `  (${stale.length} of them, e.g. ${stale[0]}): the migration history changed (docs/decisions/004).\n` +
        `  Resetting it: its data is replaced by the demo data.\n`,
    );
  }
  log(
    opts.reset || stale.length > 0 ? await reset(db.adminUrl, db.postgresUrl) : await migrate(db.postgresUrl),
  );

  const url = `http://localhost:${config.port}`;
  const restPool = new pg.Pool({ connectionString: db.authenticatorUrl, max: 10 });
  const authPool = new pg.Pool({ connectionString: db.authAdminUrl, max: 5 });
  // Idle connections are closed by Postgres when it shuts down (Ctrl-C) or restarts; log, don't crash. A
  // connection lost while a request holds it fails that request; the pool opens new ones afterwards.
  for (const pool of [restPool, authPool]) {
    pool.on('error', (e) => log(`database connection closed: ${e.message}`));
    pool.on('connect', (client) => client.on('error', (e) => log(`database connection lost: ${e.message}`)));
  }
  const rest = await createRest({ pool: restPool, config });
  const mailer = createMailSender(config.mail.smtp);
  const auth = createAuth({ pool: authPool, config, issuer: `${url}/auth/v1`, mail: mailer });
  const functions = await createFunctions({ config, supabaseUrl: url, dbUrl: db.postgresUrl, log });
  const serveStatic = createStatic(path.join(ROOT, 'web', opts.webDist ?? process.env.WEB_DIST ?? 'dist'), {
    anonKey: config.keys.anonKey,
    captcha: config.captcha,
  });

  const corsAllowed = corsOriginCheck(config.siteUrl, process.env.ALLOWED_ORIGINS);
  const routes: [prefix: string, handler: Handler, strip: boolean][] = [
    ['/auth/v1', auth.handler, true],
    ['/rest/v1', rest.handler, true],
    ['/functions/v1', functions.handler, true],
    // The app's own /api/* surface is the `api` function; it sees the path as /api/… either way.
    ['/api', functions.handler, false],
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/health') return sendJson(res, 200, { status: 'ok' });
      for (const [prefix, handler, strip] of routes) {
        if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
          // Functions answer their own CORS (ALLOWED_ORIGINS), as on a hosted project.
          if (!prefix.startsWith('/functions') && prefix !== '/api' && applyCors(req, res, corsAllowed))
            return;
          if (strip) url.pathname = url.pathname.slice(prefix.length) || '/';
          return await handler(req, res, url);
        }
      }
      await serveStatic(req, res, url);
    } catch (e) {
      log(`unhandled error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) sendJson(res, 500, { code: 'XX000', message: 'Internal server error' });
      else res.destroy();
    }
  };
  const listen = (host: string) => {
    const server = createServer(handle);
    // An idle kept-alive connection is closed by the server only after a minute. With Node's default (5 s)
    // a client that sends on a connection just as the server closes it gets ECONNRESET (seen in the
    // browser tests: a call a few seconds after the previous one, on a busy machine).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    return new Promise<Server>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, host, () => resolve(server));
    });
  };
  const servers: Server[] = [];
  await (async () => {
    // This machine only, unless HOST says otherwise (local/keys.ts refuses the demo keys beyond it).
    servers.push(await listen(config.host));
    // `localhost` may name ::1 first: without HOST, the IPv6 loopback answers too, where there is one.
    if (!process.env.HOST && config.host === '127.0.0.1') {
      const v6 = await listen('::1').catch(() => null);
      if (v6) servers.push(v6);
    }
  })().catch(async (e: unknown) => {
    for (const server of servers) server.close();
    // The port is taken: leave nothing running behind (the edge runtime, Postgres).
    await functions.stop().catch(() => {});
    await rest.stop().catch(() => {});
    await Promise.all([restPool.end(), authPool.end()]).catch(() => {});
    mailer.close();
    await catcher?.stop().catch(() => {});
    await db.stop().catch(() => {});
    throw e;
  });

  return {
    url,
    config,
    db,
    mail: catcher,
    async stop() {
      // Stop accepting, let requests in flight finish, then close whatever is still open (a keep-alive
      // connection of the edge runtime, a request stuck since a database restart) so stopping never hangs.
      const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
      const force = setTimeout(() => servers.forEach((server) => server.closeAllConnections()), 2_000);
      await Promise.all(closed);
      clearTimeout(force);
      await functions.stop();
      await rest.stop();
      await Promise.all([restPool.end(), authPool.end()]);
      mailer.close();
      await catcher?.stop();
      await db.stop();
    },
  };
}
