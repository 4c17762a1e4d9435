// Test-only database objects for the Data API suites that the app's own schema cannot exercise (range
// columns, views over tables with foreign keys, self-referencing tables, functions returning sets of
// scalars). They are created in `public` as the `postgres` role under a prefix unique to the run, made
// visible with `NOTIFY pgrst, 'reload schema'` — as on a real project — and dropped afterwards.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { ANON_KEY, DATABASE_URL, SUPABASE_URL } from '../env.ts';
import { rest } from './rest-helpers.ts';

async function runSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const RELOAD = `notify pgrst, 'reload schema'`;

/**
 * Runs `sql` (one transaction), reloads the schema cache and waits until `probe`, a `/rest/v1` path
 * reading one of the new objects, answers 200.
 */
export async function createFixture(sql: string, probe: string): Promise<void> {
  await runSql(`begin; ${sql}; ${RELOAD}; commit;`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await rest(probe);
    await res.arrayBuffer();
    if (res.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the Data API did not answer ${probe} after the reload`);
}

export async function dropFixture(sql: string): Promise<void> {
  await runSql(`begin; ${sql}; ${RELOAD}; commit;`);
}

/** supabase-js without the app's database types, for the fixtures' tables and functions. */
export function untypedClient(key = ANON_KEY) {
  return createClient(SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
