// Database access for the auth service: the pool logs in as supabase_auth_admin, owner of `auth`.
import type pg from 'pg';

/** Anything that runs a parameterized query: the pool, or a client inside a transaction. */
export interface Db {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** Runs `work` in one transaction: committed if it returns, rolled back if it throws. */
export async function transaction<T>(pool: pg.Pool, work: (tx: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
