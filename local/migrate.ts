// Migrations and seed, applied by the Supabase CLI itself (`supabase db push`), which records them in
// supabase_migrations.schema_migrations exactly as it does on a hosted project.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './config.ts';
import { bootstrap } from './postgres.ts';

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, SUPABASE_YES: '1', PGSSLMODE: 'disable' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out}`)),
    );
  });
}

const cli = path.join(ROOT, 'node_modules', '.bin', 'supabase');

/**
 * Applies pending migrations, then `seed.sql` when it has not been applied yet (the CLI tracks it);
 * without the seed when `seed` is false.
 */
export async function migrate(postgresUrl: string, { seed = true } = {}): Promise<string> {
  return run(cli, ['db', 'push', '--remote', postgresUrl, ...(seed ? ['--include-seed'] : []), '--yes']);
}

/**
 * Empties the database back to what `bootstrap` makes and re-applies migrations and seed, as
 * `supabase db reset` does. (The CLI's own remote reset drops the `auth` schema, which GoTrue owns on
 * Supabase; the local stack recreates it instead.)
 */
export async function reset(adminUrl: string, postgresUrl: string, { seed = true } = {}): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace
        where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'extensions')`,
    );
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.query('create schema public');
  } finally {
    await client.end();
  }
  await bootstrap(adminUrl);
  return migrate(postgresUrl, { seed });
}
