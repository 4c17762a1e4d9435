// /rpc/<fn>: the function is chosen by the names of the arguments given (JSON body for POST, query
// string for GET), called with named arguments cast to their declared types.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { emptyNode, ident, Params } from './build.ts';
import { ApiError } from './errors.ts';
import { parseQuery } from './request.ts';
import type { DbFunction, SchemaCache } from './schema-cache.ts';
import type { Statement } from './handler.ts';

export interface RpcStatement extends Statement {
  shape(
    rows: pg.QueryResultRow[],
    req: IncomingMessage,
  ): { status: number; body?: string; headers: Record<string, string> };
}

function choose(
  cache: SchemaCache,
  name: string,
  given: string[],
  body: unknown,
): { fn: DbFunction; wholeBody: boolean } {
  const candidates = cache.functions.get(name) ?? [];
  const fits = candidates.filter(
    (f) =>
      given.every((g) => f.args.some((a) => a.name === g)) &&
      f.args.every((a) => a.hasDefault || given.includes(a.name)),
  );
  if (fits.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
    );
  }
  if (fits[0]) return { fn: fits[0], wholeBody: false };
  const single = candidates.find(
    (f) => f.args.length === 1 && !f.args[0]!.name && /^jsonb?$/.test(f.args[0]!.type),
  );
  if (single && body !== undefined) return { fn: single, wholeBody: true };
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${[...given].sort().join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${[...given].sort().join(', ') || 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

/** A JSON value as the text Postgres parses for the argument's type. */
function argText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (/^jsonb?$/.test(type)) return JSON.stringify(value);
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null ? 'NULL' : `"${String(typeof v === 'object' ? JSON.stringify(v) : v).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function rpcCall(
  cache: SchemaCache,
  name: string,
  req: IncomingMessage,
  url: URL,
  method: string,
  readJson: (req: IncomingMessage) => Promise<unknown>,
): Promise<RpcStatement> {
  if (!['GET', 'HEAD', 'POST'].includes(method))
    throw new ApiError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed on functions');
  const argNames = new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
  const q = parseQuery(url, { rpcArgs: argNames });
  let body: unknown;
  let given: Record<string, unknown>;
  if (method === 'POST') {
    body = await readJson(req);
    given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } else {
    given = Object.fromEntries(q.rest);
  }
  const { fn, wholeBody } = choose(cache, name, Object.keys(given), body);
  const params = new Params();
  const args = wholeBody
    ? `${params.add(JSON.stringify(body))}::${fn.args[0]!.type}`
    : fn.args
        .filter((a) => a.name in given)
        .map((a) => `${ident(a.name)} => ${params.add(argText(given[a.name], a.type))}::${a.type}`)
        .join(', ');
  const call = `${ident(fn.schema)}.${ident(fn.name)}(${args})`;
  const readOnly = method !== 'POST' || !fn.volatile;
  let sql: string;
  let kind: 'void' | 'set' | 'object' | 'scalar';
  if (fn.returnsVoid) {
    sql = `select ${call}, '' as body`;
    kind = 'void';
  } else if (fn.returnsSet) {
    const root = q.nodes.get('') ?? emptyNode();
    const order = root.order.map((o) => `_r.${ident(o.column)} ${o.desc ? 'desc' : 'asc'}`).join(', ');
    const inner = `select * from ${call} _r${order ? ` order by ${order}` : ''}${root.limit !== undefined ? ` limit ${root.limit}` : ''}${root.offset ? ` offset ${root.offset}` : ''}`;
    sql = fn.returnsComposite
      ? `select coalesce(json_agg(_s), '[]')::text as body from (${inner}) _s`
      : `select coalesce(json_agg(_s._r), '[]')::text as body from (${inner}) _s`;
    kind = 'set';
  } else if (fn.returnsComposite) {
    sql = `select row_to_json(_r)::text as body, (_r is null) as empty from ${call} _r`;
    kind = 'object';
  } else {
    sql = `select to_json(${call})::text as body`;
    kind = 'scalar';
  }
  return {
    sql,
    params: params.values,
    readOnly,
    shape(rows, request) {
      if (kind === 'void') return { status: 204, headers: {} };
      let text = String(rows[0]?.body ?? 'null');
      if (kind === 'object' && rows[0]?.empty) text = 'null';
      const accept = String(request.headers.accept ?? '');
      if (kind === 'set' && accept.includes('application/vnd.pgrst.object+json')) {
        const list = JSON.parse(text) as unknown[];
        if (list.length !== 1)
          throw new ApiError(
            406,
            'PGRST116',
            'Cannot coerce the result to a single JSON object',
            `The result contains ${list.length} rows`,
          );
        text = JSON.stringify(list[0]);
      }
      return { status: 200, body: text, headers: {} };
    },
  };
}
