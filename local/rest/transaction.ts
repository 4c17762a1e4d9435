// One request = one transaction on one pooled connection, prepared as PostgREST prepares it: a single
// `set_config(…, true)` statement sets the search path, the role's own settings, the role itself and
// the `request.*` GUCs RLS policies read; everything is transaction-local, so nothing leaks to the next
// request on the same connection.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { pgrstError } from './errors.ts';
import { ident } from './sql.ts';

export interface RequestSettings {
  schema: string;
  extraSearchPath: string[];
  role: string;
  /** `ALTER ROLE … SET` settings of `role`, e.g. statement_timeout. */
  roleSettings: [string, string][];
  claims: Record<string, unknown>;
  req: IncomingMessage;
  /** The path as the API sees it (`/todos`, `/rpc/fn`). */
  path: string;
}

function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name !== 'cookie' && value !== undefined) headers[name] = [value].flat().join(', ');
  }
  return headers;
}

function requestCookies(req: IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** The `select set_config(…)` statement for a request. */
export function settingsStatement(s: RequestSettings): pg.QueryConfig {
  const searchPath = [...new Set([s.schema, ...s.extraSearchPath])].map(ident).join(', ');
  const settings: [string, string][] = [
    ['search_path', searchPath],
    ...s.roleSettings,
    ['role', s.role],
    ['request.jwt.claims', JSON.stringify(s.claims)],
    ['request.method', s.req.method ?? 'GET'],
    ['request.path', s.path],
    ['request.headers', JSON.stringify(requestHeaders(s.req))],
    ['request.cookies', JSON.stringify(requestCookies(s.req))],
  ];
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  return { text: `select ${calls.join(', ')}`, values: settings.flat() };
}

export interface TransactionOptions {
  readOnly: boolean;
  /** `Prefer: tx=rollback`: run everything, keep nothing. */
  rollback: boolean;
}

/** Runs `work` inside the request's transaction; any error rolls it back and is rethrown. */
export async function inTransaction<T>(
  pool: pg.Pool,
  settings: RequestSettings,
  options: TransactionOptions,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect().catch((e: unknown) => {
    throw pgrstError(503, 'PGRST000', 'Database connection error. Retrying the connection.', String(e));
  });
  let broken = false;
  try {
    await client.query(options.readOnly ? 'begin read only' : 'begin');
    await client.query(settingsStatement(settings));
    const result = await work(client);
    await client.query(options.rollback ? 'rollback' : 'commit');
    return result;
  } catch (e) {
    // A failed rollback means the connection itself is gone: don't return it to the pool.
    await client.query('rollback').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}
