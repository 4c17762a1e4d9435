// Database test harness: runs SQL against the real Postgres as a given user, role and organization,
// exactly as PostgREST would (SET LOCAL ROLE + request.jwt.claims), inside a transaction that is rolled
// back, so tests leave nothing behind and can run in parallel. The database itself is reset once per
// run by tests/global-setup.ts.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { DATABASE_URL } from '../../tests/env.ts';

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
afterAll(() => pool.end());

export type Sql = <T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params?: unknown[],
) => Promise<T[]>;

export type Actor =
  { role: 'anon' } | { role: 'service_role' } | { role: 'authenticated'; userId: string; email?: string };

/** Runs `fn` in a transaction as the database owner (postgres), then rolls back unless `commit`. */
export async function asOwner<T>(fn: (sql: Sql) => Promise<T>, opts: { commit?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(async (text, params) => (await client.query(text, params)).rows);
    await client.query(opts.commit ? 'commit' : 'rollback');
    return result;
  } catch (e) {
    await client.query('rollback');
    throw e;
  } finally {
    client.release();
  }
}

/** Runs `fn` as the actor, as PostgREST runs a request: one transaction, role and JWT claims set. */
export async function as<T>(actor: Actor, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return asOwner(async (sql) => {
    const claims =
      actor.role === 'authenticated'
        ? { sub: actor.userId, role: actor.role, email: actor.email ?? '', aud: 'authenticated' }
        : { role: actor.role };
    await sql(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      actor.role,
      JSON.stringify(claims),
    ]);
    return fn(sql);
  });
}

/**
 * Runs `fn` as the actor inside a savepoint of an outer transaction, so a test can prepare rows as owner
 * and then try things as several users, all rolled back at the end.
 */
export async function actAs<T>(sql: Sql, actor: Actor, fn: () => Promise<T>): Promise<T> {
  const claims =
    actor.role === 'authenticated'
      ? { sub: actor.userId, role: actor.role, email: actor.email ?? '', aud: 'authenticated' }
      : { role: actor.role };
  await sql('savepoint act_as');
  try {
    await sql(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      actor.role,
      JSON.stringify(claims),
    ]);
    const result = await fn();
    await sql('release savepoint act_as');
    return result;
  } catch (e) {
    await sql('rollback to savepoint act_as');
    throw e;
  } finally {
    await sql(`select set_config('role', 'postgres', true), set_config('request.jwt.claims', '', true)`);
  }
}

/** Creates an auth user (the profile trigger fires) and returns its id. */
export async function createUser(
  sql: Sql,
  meta: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = meta.email ?? `user-${id.slice(0, 8)}@test.kasuwa.app`;
  await sql(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
             '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, email, JSON.stringify({ first_name: meta.firstName ?? 'Test', last_name: meta.lastName ?? 'User' })],
  );
  return { id, email };
}

/** Creates an organization owned by `ownerId` through the same function the app calls. */
export async function createOrganization(
  sql: Sql,
  ownerId: string,
  name = `Org ${randomUUID().slice(0, 8)}`,
) {
  return actAs(sql, { role: 'authenticated', userId: ownerId }, async () => {
    const [org] = await sql<{ id: string; name: string }>(
      `select id, name from public.create_organization($1, 'GH', 'GHS')`,
      [name],
    );
    return org!;
  });
}

/** Expects `promise` to fail with the SQLSTATE `code`; returns the error for further checks. */
export async function expectSqlError(promise: Promise<unknown>, code: string): Promise<pg.DatabaseError> {
  try {
    await promise;
  } catch (e) {
    const err = e as pg.DatabaseError;
    if (err.code !== code)
      throw new Error(`Expected SQLSTATE ${code}, got ${err.code}: ${err.message}`, { cause: e });
    return err;
  }
  throw new Error(`Expected SQLSTATE ${code}, but the statement succeeded`);
}

// ---------------------------------------------------------------------------------------------------
// Shared helpers for the data-model suites.

export type Role = 'OWNER' | 'MANAGER' | 'ACCOUNTANT' | 'SALES';
export const ROLES: readonly Role[] = ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES'];

/** The actor PostgREST would set up for a signed-in user. */
export function user(userId: string): Actor {
  return { role: 'authenticated', userId };
}

/** Creates a user and makes them a member of the organization with `role` (as the database owner). */
export async function addMember(sql: Sql, orgId: string, role: Role): Promise<{ id: string; email: string }> {
  const member = await createUser(sql);
  await sql(`insert into public.memberships (org_id, user_id, role) values ($1, $2, $3)`, [
    orgId,
    member.id,
    role,
  ]);
  return member;
}

/** Runs `text` as `actor` in a savepoint and returns the rows; the error, if any, is thrown. */
export function sqlAs<T extends pg.QueryResultRow = Record<string, unknown>>(
  sql: Sql,
  actor: Actor,
  text: string,
  params?: unknown[],
): Promise<T[]> {
  return actAs(sql, actor, () => sql<T>(text, params));
}

/** The SQLSTATE `promise` fails with, or 'ok' when it succeeds. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    const code = (e as pg.DatabaseError).code;
    if (!code) throw e;
    return code;
  }
}

/** Runs `fn` in a savepoint without changing role, so a statement expected to fail leaves the transaction usable. */
export async function savepoint<T>(sql: Sql, fn: () => Promise<T>): Promise<T> {
  await sql('savepoint test_step');
  try {
    const result = await fn();
    await sql('release savepoint test_step');
    return result;
  } catch (e) {
    await sql('rollback to savepoint test_step');
    throw e;
  }
}
