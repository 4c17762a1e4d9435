// The `/rest/v1` request handler: authenticate, route, negotiate, parse and plan, then run the one
// statement inside the request's transaction and answer — or answer with PostgREST's error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { BodyTooLarge, clientIp, readBody, type Handler } from '../http.ts';
import { ANON_ROLE, authenticate, type Identity } from './auth.ts';
import { pgrstError, sendError, toApiError } from './errors.ts';
import { Gate } from './gate.ts';
import { negotiateMedia, negotiateSchema, type Media } from './negotiate.ts';
import { readOperation, type Operation, type Reply } from './operation.ts';
import { openApiReply } from './openapi.ts';
import { invalidBody, isJsonObject, parseJsonBody } from './payload.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { putOperation } from './put-op.ts';
import type { QueryParams } from './query.ts';
import { parseQueryParams } from './query-params.ts';
import { planRead } from './read-plan.ts';
import { findRoutine, rpcOperation } from './rpc.ts';
import { key, type SchemaCache, type Table } from './schema-cache.ts';
import { qualified } from './sql.ts';
import { runAggregate, runCommand } from './statement.ts';
import { inTransaction } from './transaction.ts';
import { deleteOperation, insertOperation, updateOperation } from './write-op.ts';

export interface HandlerOptions {
  pool: pg.Pool;
  config: StackConfig;
  /** The current schema cache (replaced on reload). */
  cache: () => SchemaCache;
}

type Route = { kind: 'root' } | { kind: 'table'; name: string } | { kind: 'rpc'; name: string };

const BODY_LIMIT = 16 * 1024 * 1024;

function parseRoute(pathname: string): Route {
  const invalid = () => pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw invalid();
  }
  if (segments.length === 0) return { kind: 'root' };
  if (segments.length === 1) return { kind: 'table', name: segments[0]! };
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'rpc', name: segments[1]! };
  throw invalid();
}

/** What every operation needs from the request. */
interface RequestContext {
  req: IncomingMessage;
  url: URL;
  method: string;
  schema: string;
  cache: SchemaCache;
  prefs: Preferences;
  media: Media;
  maxRows: number;
  maxBytes: number;
  extraSearchPath: string[];
}

/** Bodies PostgREST reads as JSON: no Content-Type, application/json, or a JSON flavour of it. */
const JSON_BODY = /^application\/(?:[\w.+-]+\+)?json$/;

async function body(req: IncomingMessage, fallback?: unknown): Promise<unknown> {
  const mime = (req.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  try {
    const raw = await readBody(req, BODY_LIMIT);
    // As PostgREST v12+ answers on the wire (its error table's 415 row is stale): 400 PGRST102.
    if (raw.length && !JSON_BODY.test(mime)) throw invalidBody(`Content-Type not acceptable: ${mime}`);
    return parseJsonBody(raw, fallback);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw pgrstError(413, 'PGRST102', e.message);
    throw e;
  }
}

async function tableOperation(ctx: RequestContext, name: string): Promise<Operation> {
  const table: Table | undefined = ctx.cache.tables.get(key(ctx.schema, name));
  if (!table) {
    throw pgrstError(404, 'PGRST205', `Could not find the table '${ctx.schema}.${name}' in the schema cache`);
  }
  const query = parseQueryParams(ctx.url.searchParams);
  const { prefs, media } = ctx;
  switch (ctx.method) {
    case 'GET':
    case 'HEAD': {
      const root = planRead(table, table.name, query);
      const relation = qualified(table.schema, table.name);
      return readOperation({
        req: ctx.req,
        root,
        relation,
        prefs,
        media,
        maxRows: ctx.maxRows,
        maxBytes: ctx.maxBytes,
        readOnly: true,
      });
    }
    case 'POST':
      return insertOperation({ table, query, prefs, media, body: await body(ctx.req) });
    case 'PATCH':
      return updateOperation({ table, query, prefs, media, body: await body(ctx.req) });
    case 'PUT':
      return putOperation({ table, query, prefs, media, body: await body(ctx.req) });
    case 'DELETE':
      return deleteOperation({ table, query, prefs, media, body: undefined });
    default:
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${ctx.method}`);
  }
}

async function functionOperation(ctx: RequestContext, name: string): Promise<Operation> {
  const post = ctx.method === 'POST';
  if (!post && ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    throw pgrstError(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`);
  }
  const search = ctx.url.searchParams;
  let payload: unknown;
  let named: Record<string, unknown>;
  let query: QueryParams;
  if (post) {
    payload = await body(ctx.req, {});
    named = isJsonObject(payload) ? payload : {};
    query = parseQueryParams(search);
  } else {
    // GET passes arguments in the query string: keys naming a parameter are arguments, the rest filters.
    const overloads = ctx.cache.routines.get(key(ctx.schema, name)) ?? [];
    const isParam = (k: string) => overloads.some((r) => r.params.some((p) => p.name === k));
    named = Object.fromEntries([...search].filter(([k]) => isParam(k)));
    query = parseQueryParams(search, isParam);
  }
  const { routine, wholeBody } = findRoutine(ctx.cache, ctx.schema, name, Object.keys(named), post);
  const args = wholeBody ? { body: payload } : { named };
  const { prefs, media, maxRows, maxBytes, req } = ctx;
  // GET never writes; POST runs read-only unless the function is volatile.
  const readOnly = !post || routine.volatility !== 'volatile';
  return rpcOperation({ req, routine, args, query, prefs, media, maxRows, maxBytes }, readOnly);
}

/** Whose share of the connections a request takes: the signed-in user, or the address of an anon caller. */
function callerOf(req: IncomingMessage, identity: Identity): string | null {
  if (identity.role === 'service_role') return null;
  const sub = identity.claims.sub;
  return typeof sub === 'string' && sub !== '' ? `user ${sub}` : `address ${clientIp(req)}`;
}

async function execute(
  pool: pg.Pool,
  gate: Gate,
  ctx: RequestContext,
  identity: Identity,
  op: Operation,
): Promise<Reply> {
  const settings = {
    schema: ctx.schema,
    extraSearchPath: ctx.extraSearchPath,
    role: identity.role,
    roleSettings: ctx.cache.roleSettings.get(identity.role) ?? [],
    claims: identity.claims,
    req: ctx.req,
    path: ctx.url.pathname,
  };
  const options = { readOnly: op.readOnly, rollback: ctx.prefs.tx === 'rollback' };
  const release = await gate.enter(callerOf(ctx.req, identity));
  try {
    const outcome = await inTransaction(pool, settings, options, async (client) => {
      const result = op.command
        ? await runCommand(client, op.statement)
        : await runAggregate(client, op.statement);
      op.verify(result);
      return result;
    });
    return op.reply(outcome);
  } finally {
    release();
  }
}

function send(res: ServerResponse, reply: Reply, extra: Record<string, string>): void {
  const body = reply.body ?? '';
  res.writeHead(reply.status, {
    ...reply.headers,
    ...extra,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

export function createRestHandler({ pool, config, cache }: HandlerOptions): Handler {
  const schemas = config.api.schemas;
  const capacity = pool.options.max ?? 10;
  // Half the connections per caller: one account's burst leaves the other half to everyone else.
  const gate = new Gate({
    capacity,
    perCaller: Math.max(1, Math.floor(capacity / 2)),
    acquireTimeoutMs: config.api.poolAcquisitionTimeoutMs,
  });
  return async (req, res, url) => {
    let anonymous = true;
    try {
      const identity = await authenticate(req.headers.authorization);
      anonymous = identity.role === ANON_ROLE;
      const route = parseRoute(url.pathname);
      const ctx: RequestContext = {
        req,
        url,
        method: req.method ?? 'GET',
        schema: negotiateSchema(req, schemas),
        cache: cache(),
        prefs: parsePrefer(req.headers.prefer),
        media: negotiateMedia(req.headers.accept),
        maxRows: config.api.maxRows,
        maxBytes: config.api.maxResponseBytes,
        extraSearchPath: config.api.extraSearchPath,
      };
      // With several schemas exposed, the response names the one used.
      const profile: Record<string, string> = schemas.length > 1 ? { 'Content-Profile': ctx.schema } : {};
      if (route.kind === 'root') return send(res, openApiReply(ctx.cache, ctx.schema), profile);
      const op =
        route.kind === 'rpc'
          ? await functionOperation(ctx, route.name)
          : await tableOperation(ctx, route.name);
      send(res, await execute(pool, gate, ctx, identity, op), profile);
    } catch (e) {
      sendError(res, toApiError(e, anonymous));
    }
  };
}
