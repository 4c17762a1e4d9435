// The /rest/v1 service: each request is one transaction with the caller's role and JWT claims set, so
// row-level security decides; the statement builds the JSON answer itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { readBody } from '../http.ts';
import { emptyNode, ident, Params, ReadBuilder, type NodeQuery } from './build.ts';
import { ApiError, fromPg } from './errors.ts';
import { callerOf, parseQuery, preferOf, type Caller, type ParsedQuery, type Prefer } from './request.ts';
import { rpcCall } from './rpc.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';

const TIMEOUTS: Record<string, string> = { anon: '3s', authenticated: '8s' };
const OBJECT = 'application/vnd.pgrst.object+json';

export interface Statement {
  sql: string;
  params: unknown[];
  readOnly: boolean;
}
interface Outcome {
  status: number;
  body?: string;
  headers: Record<string, string>;
}

export function createRestHandler(opts: { pool: pg.Pool; config: StackConfig; cache: () => SchemaCache }) {
  const { config } = opts;

  async function respond(
    caller: Caller,
    req: IncomingMessage,
    url: URL,
    stmt: Statement,
    prefer: Prefer,
    shape: (rows: pg.QueryResultRow[]) => Outcome,
  ): Promise<Outcome> {
    const client = await opts.pool.connect();
    try {
      await client.query(stmt.readOnly ? 'begin read only' : 'begin');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (k !== 'cookie') headers[k] = String(v);
      await client.query(
        `select set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true),
                set_config('request.method', $4, true), set_config('request.path', $5, true),
                set_config('request.headers', $6, true), set_config('request.cookies', '{}', true),
                set_config('statement_timeout', $7, true)`,
        [
          [...config.api.schemas.slice(0, 1), ...config.api.extraSearchPath].map(ident).join(', '),
          caller.role,
          JSON.stringify(caller.claims),
          req.method,
          url.pathname,
          JSON.stringify(headers),
          TIMEOUTS[caller.role] ?? '8s',
        ],
      );
      const { rows } = await client.query(stmt.sql, stmt.params);
      const outcome = shape(rows);
      await client.query(outcome.status < 400 && !prefer.rollback ? 'commit' : 'rollback');
      return outcome;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw fromPg(e, caller.role === 'anon');
    } finally {
      client.release();
    }
  }

  function relationOf(name: string): Relation {
    const rel = opts.cache().relations.get(name);
    if (!rel) {
      throw new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
    }
    return rel;
  }

  /** Range from limit/offset or the Range header, capped by max_rows. */
  function paging(req: IncomingMessage, root: NodeQuery) {
    const range = /^(?:items=)?(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let offset = root.offset ?? 0;
    let limit = root.limit;
    if (range) {
      offset = Number(range[1]);
      if (range[2]) limit = Math.min(limit ?? Infinity, Number(range[2]) - offset + 1);
    }
    limit = Math.min(limit ?? config.api.maxRows, config.api.maxRows);
    root.offset = offset;
    root.limit = limit;
    return { offset, limit };
  }

  function readOutcome(
    req: IncomingMessage,
    rows: pg.QueryResultRow[],
    offset: number,
    counted: boolean,
    status = 200,
  ): Outcome {
    const body = String(rows[0]!.body);
    const n = Number(rows[0]!.n);
    const total = counted ? Number(rows[0]!.total) : null;
    const headers: Record<string, string> = {};
    headers['content-range'] = n > 0 ? `${offset}-${offset + n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
    if (total !== null && offset > 0 && offset >= total && n === 0 && total > 0) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    const accept = String(req.headers.accept ?? '');
    if (accept.includes(OBJECT)) {
      if (n !== 1) {
        throw new ApiError(
          406,
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${n} rows`,
        );
      }
      return {
        status,
        body: JSON.stringify((JSON.parse(body) as unknown[])[0]),
        headers: { ...headers, 'content-type': `${OBJECT}; charset=utf-8` },
      };
    }
    if (accept.includes('text/csv'))
      return {
        status,
        body: toCsv(JSON.parse(body) as Record<string, unknown>[]),
        headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
      };
    const partial = total !== null && status === 200 && (offset > 0 || offset + n < total);
    return { status: partial ? 206 : status, body, headers };
  }

  async function read(
    caller: Caller,
    req: IncomingMessage,
    url: URL,
    rel: Relation,
    q: ParsedQuery,
    prefer: Prefer,
  ): Promise<Outcome> {
    const root = q.nodes.get('') ?? emptyNode();
    q.nodes.set('', root);
    const { offset } = paging(req, root);
    const b = new ReadBuilder(opts.cache(), new Params(), q.nodes);
    const source = `${ident(rel.schema)}.${ident(rel.name)}`;
    const inner = b.query(rel, source, q.select, '');
    const counted = !!prefer.count;
    const count = counted
      ? `, (select count(*) from ${source} c0${whereClause(b.where(rel, 'c0'))}) as total`
      : '';
    const sql = `select coalesce(json_agg(_r), '[]')::text as body, count(_r) as n${count} from (${inner}) _r`;
    return respond(caller, req, url, { sql, params: b.params.values, readOnly: true }, prefer, (rows) =>
      readOutcome(req, rows, offset, counted),
    );
  }

  /** After a write: the representation of the written rows (selected and embedded) or just their number. */
  function writeResult(rel: Relation, q: ParsedQuery, prefer: Prefer, cte: string, params: Params) {
    if (prefer.return !== 'representation')
      return `${cte} select '[]' as body, (select count(*) from _w) as n`;
    const nodes = new Map(q.nodes);
    nodes.set('', emptyNode());
    const b = new ReadBuilder(opts.cache(), params, nodes);
    return `${cte} select coalesce(json_agg(_r), '[]')::text as body, count(_r) as n from (${b.query(rel, '_w', q.select, '')}) _r`;
  }

  function writeOutcome(req: IncomingMessage, prefer: Prefer, status: number) {
    return (rows: pg.QueryResultRow[]): Outcome => {
      const n = Number(rows[0]!.n);
      const headers = { 'content-range': `*/${prefer.count ? n : '*'}` };
      if (prefer.return !== 'representation') return { status: status === 201 ? 201 : 204, headers };
      return readOutcome(req, rows, 0, false, status === 201 ? 201 : 200);
    };
  }

  function columnsOf(rel: Relation, body: unknown, q: ParsedQuery): string[] {
    const rows = Array.isArray(body) ? body : [body];
    const cols = q.columns ?? [...new Set(rows.flatMap((r) => Object.keys((r ?? {}) as object)))];
    for (const c of cols) {
      if (!rel.columns.has(c))
        throw new ApiError(
          400,
          'PGRST204',
          `Could not find the '${c}' column of '${rel.name}' in the schema cache`,
        );
    }
    return cols;
  }

  async function parseJsonBody(req: IncomingMessage): Promise<unknown> {
    const raw = (await readBody(req, 10 * 1024 * 1024)).toString('utf8');
    try {
      return raw.trim() ? JSON.parse(raw) : {};
    } catch (e) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', (e as Error).message);
    }
  }

  async function insert(
    caller: Caller,
    req: IncomingMessage,
    url: URL,
    rel: Relation,
    q: ParsedQuery,
    prefer: Prefer,
  ): Promise<Outcome> {
    const body = await parseJsonBody(req);
    if (typeof body !== 'object' || body === null)
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const cols = columnsOf(rel, body, q);
    const params = new Params();
    const list = cols.map(ident).join(', ');
    const target = `${ident(rel.schema)}.${ident(rel.name)}`;
    let conflict = '';
    if (prefer.resolution) {
      const keys = q.onConflict ?? rel.primaryKey;
      const updates = cols.filter((c) => !keys.includes(c)).map((c) => `${ident(c)} = excluded.${ident(c)}`);
      conflict =
        prefer.resolution === 'ignore-duplicates' || updates.length === 0
          ? ` on conflict (${keys.map(ident).join(', ')}) do nothing`
          : ` on conflict (${keys.map(ident).join(', ')}) do update set ${updates.join(', ')}`;
    }
    const rows = params.add(JSON.stringify(Array.isArray(body) ? body : [body]));
    const values = cols.length
      ? `(${list}) select ${list} from json_populate_recordset(null::${target}, ${rows}::json)`
      : `default values`;
    const cte = `with _w as (insert into ${target} ${values}${conflict} returning ${target}.*)`;
    return respond(
      caller,
      req,
      url,
      { sql: writeResult(rel, q, prefer, cte, params), params: params.values, readOnly: false },
      prefer,
      writeOutcome(req, prefer, 201),
    );
  }

  async function update(
    caller: Caller,
    req: IncomingMessage,
    url: URL,
    rel: Relation,
    q: ParsedQuery,
    prefer: Prefer,
  ): Promise<Outcome> {
    const body = await parseJsonBody(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const cols = columnsOf(rel, body, q);
    const params = new Params();
    const b = new ReadBuilder(opts.cache(), params, q.nodes);
    const where = b.where(rel, 't0');
    if (!where.length) throw new ApiError(400, '21000', 'UPDATE requires a WHERE clause');
    const target = `${ident(rel.schema)}.${ident(rel.name)}`;
    if (!cols.length) return { status: 204, headers: {} };
    const v = params.add(JSON.stringify(body));
    const sets = cols.map((c) => `${ident(c)} = _v.${ident(c)}`).join(', ');
    const cte = `with _w as (update ${target} t0 set ${sets} from json_populate_record(null::${target}, ${v}::json) _v${whereClause(where)} returning t0.*)`;
    return respond(
      caller,
      req,
      url,
      { sql: writeResult(rel, q, prefer, cte, params), params: params.values, readOnly: false },
      prefer,
      writeOutcome(req, prefer, 200),
    );
  }

  async function remove(
    caller: Caller,
    req: IncomingMessage,
    url: URL,
    rel: Relation,
    q: ParsedQuery,
    prefer: Prefer,
  ): Promise<Outcome> {
    const params = new Params();
    const where = new ReadBuilder(opts.cache(), params, q.nodes).where(rel, 't0');
    if (!where.length) throw new ApiError(400, '21000', 'DELETE requires a WHERE clause');
    const target = `${ident(rel.schema)}.${ident(rel.name)}`;
    const cte = `with _w as (delete from ${target} t0${whereClause(where)} returning t0.*)`;
    return respond(
      caller,
      req,
      url,
      { sql: writeResult(rel, q, prefer, cte, params), params: params.values, readOnly: false },
      prefer,
      writeOutcome(req, prefer, 200),
    );
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let outcome: Outcome;
    try {
      const caller = await callerOf(req);
      const profile = req.headers['accept-profile'] ?? req.headers['content-profile'];
      if (profile && !config.api.schemas.includes(String(profile))) {
        throw new ApiError(
          406,
          'PGRST106',
          `Invalid schema: ${profile}`,
          null,
          `Only the following schemas are exposed: ${config.api.schemas.join(', ')}`,
        );
      }
      const prefer = preferOf(req);
      const method = req.method ?? 'GET';
      const rpc = /^\/rpc\/([^/]+)$/.exec(url.pathname);
      if (rpc) {
        const stmt = await rpcCall(
          opts.cache(),
          decodeURIComponent(rpc[1]!),
          req,
          url,
          method,
          parseJsonBody,
        );
        outcome = await respond(caller, req, url, stmt, prefer, (rows) => stmt.shape(rows, req));
      } else if (url.pathname === '/' || url.pathname === '') {
        outcome = {
          status: 200,
          body: JSON.stringify({
            swagger: '2.0',
            info: { title: 'Kasuwa local PostgREST', version: 'local' },
          }),
          headers: {},
        };
      } else {
        const rel = relationOf(decodeURIComponent(url.pathname.slice(1)));
        const q = parseQuery(url, { relationNames: new Set(opts.cache().relations.keys()) });
        if (method === 'GET' || method === 'HEAD') outcome = await read(caller, req, url, rel, q, prefer);
        else if (method === 'POST') outcome = await insert(caller, req, url, rel, q, prefer);
        else if (method === 'PATCH') outcome = await update(caller, req, url, rel, q, prefer);
        else if (method === 'DELETE') outcome = await remove(caller, req, url, rel, q, prefer);
        else throw new ApiError(405, 'PGRST101', 'Unsupported HTTP method');
        if (method === 'HEAD') outcome.body = undefined;
      }
    } catch (e) {
      const err = e instanceof ApiError ? e : fromPg(e, false);
      if (!(e instanceof ApiError) && !(e as { code?: string }).code) throw e;
      outcome = { status: err.status, body: JSON.stringify(err.body()), headers: err.headers };
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      ...outcome.headers,
    };
    if (outcome.body === undefined) {
      delete headers['content-type'];
      res.writeHead(outcome.status, headers).end();
      return;
    }
    headers['content-length'] = String(Buffer.byteLength(outcome.body));
    res.writeHead(outcome.status, headers).end(outcome.body);
  };
}

const whereClause = (w: string[]) => (w.length ? ` where ${w.join(' and ')}` : '');

function toCsv(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n');
}
