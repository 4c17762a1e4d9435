// Migrations and seed, applied by the Supabase CLI itself (`supabase db push`), which records them in
// supabase_migrations.schema_migrations exactly as it does on a hosted project.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
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
 * The migrations recorded as applied in the database that supabase/migrations no longer has (same
 * version and name): a database built before the files were re-cut (docs/decisions/004). The CLI refuses
 * to push onto such a history; the local stack resets the database instead.
 */
export async function unknownMigrations(postgresUrl: string): Promise<string[]> {
  const local = new Set(
    readdirSync(path.join(ROOT, 'supabase', 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -'.sql'.length)),
  );
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ migration: string }>(
        `select version || '_' || coalesce(name, '') as migration
           from supabase_migrations.schema_migrations order by version`,
      )
      // A database no migration has been applied to yet has no history table.
      .catch((e: { code?: string }) => {
        if (e.code === '42P01' || e.code === '3F000') return { rows: [] };
        throw e;
      });
    return rows.map((r) => r.migration).filter((m) => !local.has(m));
  } finally {
    await client.end();
  }
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
