// `npm run db:reset`: recreates the local database from supabase/migrations and supabase/seed.sql (the demo
// data), as `RESET=1 npm start` does when it starts, then exits. Same data rules as `npm start`: the
// embedded Postgres under DATA_DIR (default .data, on PG_PORT, default PORT+2), or the server at
// DATABASE_URL — which is not the local stack's own, so it is reset only when asked with RESET=1.
// Stop `npm start` on the same DATA_DIR first: one Postgres at a time can use a data directory.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, ROOT } from './config.ts';
import { reset } from './migrate.ts';
import { startDatabase } from './postgres.ts';

const config = loadConfig();
const external = process.env.DATABASE_URL;
const verbose = process.env.LOG_LEVEL === 'debug';

/** The server's address without its password, to print. */
function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

if (external && process.env.RESET !== '1') {
  console.error(
    `DATABASE_URL is set: ${shown(external)} is not the local stack's own database, and a reset drops every ` +
      `schema in it but extensions.\nRun it again with RESET=1 if it holds nothing to keep.`,
  );
  process.exit(1);
}

const started = Date.now();
const db = await startDatabase({
  dataDir: config.dataDir,
  port: config.pgPort,
  log: verbose ? (line) => console.error(line) : undefined,
});
try {
  const out = await reset(db.adminUrl, db.postgresUrl);
  if (verbose) console.error(out);

  const files = readdirSync(path.join(ROOT, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'));
  const client = new pg.Client({ connectionString: db.adminUrl });
  await client.connect();
  let applied: number;
  let organizations: number;
  let users: number;
  try {
    applied = Number(
      (await client.query<{ n: string }>('select count(*) as n from supabase_migrations.schema_migrations'))
        .rows[0]?.n,
    );
    organizations = Number(
      (await client.query<{ n: string }>('select count(*) as n from public.organizations')).rows[0]?.n,
    );
    users = Number((await client.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]?.n);
  } finally {
    await client.end();
  }

  const where = external
    ? shown(external)
    : `the local database in ${config.dataDir} (Postgres on port ${config.pgPort})`;
  console.log(`
  Reset ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:
    every schema dropped, the Supabase roles and the auth schema made again
    ${applied} of ${files.length} migrations applied from supabase/migrations
    supabase/seed.sql applied: ${organizations} organization${organizations === 1 ? '' : 's'}, ${users} user${users === 1 ? '' : 's'}

  Demo login: demo@kasuwa.app / kasuwa-demo-2026 (organization "Kasuwa Demo Shop")
  Start the app on it with ${process.env.DATA_DIR ? `\`DATA_DIR=${process.env.DATA_DIR} npm start\`` : '`npm start`'}.
`);
  if (applied !== files.length) process.exitCode = 1;
} finally {
  await db.stop();
}
