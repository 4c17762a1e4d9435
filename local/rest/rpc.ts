// `/rpc/<fn>`: picks the overload whose parameter names fit the arguments (or the single unnamed
// json/jsonb parameter that takes the whole body), calls it with the arguments converted by
// `json_to_record` to the declared types, and shapes the result: void → 204, scalar → JSON value,
// composite → object, SETOF → array. Table-returning functions can be filtered, ordered and embedded.
import type { IncomingMessage } from 'node:http';
import { ApiError, pgrstError } from './errors.ts';
import type { Media } from './negotiate.ts';
import { checkMaxAffected, readOperation, type Operation } from './operation.ts';
import { preferenceApplied, wantsCount, type Preferences } from './prefer.ts';
import type { QueryParams } from './query.ts';
import { contentRange, pageStatus, requestedPage } from './range.ts';
import { planRead } from './read-plan.ts';
import { pagingSql } from './read-sql.ts';
import { key, type Routine, type SchemaCache } from './schema-cache.ts';
import { ident, Params, qualified } from './sql.ts';
import type { Outcome } from './statement.ts';

const CALL = '_rest_call';
const RESULT = '_rest_fn';

export interface RpcRequest {
  req: IncomingMessage;
  routine: Routine;
  /** Named arguments, or the whole body for a single unnamed json/jsonb parameter. */
  args: { named: Record<string, unknown> } | { body: unknown };
  query: QueryParams;
  prefs: Preferences;
  media: Media;
  maxRows: number;
  /** The largest body built for a table-returning function, in bytes. */
  maxBytes: number;
}

const takesWholeBody = (r: Routine) =>
  r.params.length === 1 && r.params[0]!.name === '' && ['json', 'jsonb'].includes(r.params[0]!.type);

const fitsNames = (r: Routine, names: string[]) =>
  names.every((n) => r.params.some((p) => p.name === n)) &&
  r.params.every((p) => p.hasDefault || names.includes(p.name));

/** The overload to call with arguments named `names` (`post`: the body may also go to a json parameter). */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  names: string[],
  post: boolean,
): { routine: Routine; wholeBody: boolean } {
  const overloads = cache.routines.get(key(schema, name)) ?? [];
  const named = overloads.filter((r) => fitsNames(r, names));
  if (named.length === 1) return { routine: named[0]!, wholeBody: false };
  if (named.length > 1) throw ambiguous(named);
  const json = post ? overloads.filter(takesWholeBody) : [];
  if (json.length === 1) return { routine: json[0]!, wholeBody: true };
  throw notFound(schema, name, names, post, overloads);
}

function ambiguous(routines: Routine[]): ApiError {
  const signature = (r: Routine) =>
    `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return pgrstError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${routines.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

function notFound(
  schema: string,
  name: string,
  names: string[],
  post: boolean,
  overloads: Routine[],
): ApiError {
  const func = `${schema}.${name}`;
  const sorted = [...names].sort();
  const list = sorted.join(', ');
  const params = sorted.length ? `(${list})` : ' without parameters';
  const searched = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`
    : ' without parameters';
  const jsonParam = post ? ' or with a single unnamed json/jsonb parameter' : '';
  const other = overloads[0];
  const hint = other
    ? `Perhaps you meant to call the function ${func}(${other.params
        .map((p) => p.name)
        .sort()
        .join(', ')})`
    : null;
  return pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${func}${params} in the schema cache`,
    `Searched for the function ${func}${searched}${jsonParam}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** `select <result> from fn(args)`, the result relation aliased `_rest_fn`. */
function callSql(r: RpcRequest, p: Params): string {
  const fn = qualified(r.routine.schema, r.routine.name);
  if ('body' in r.args) {
    return `select ${RESULT}.* from ${fn}(${p.add(JSON.stringify(r.args.body))}::${r.routine.params[0]!.type}) as ${RESULT}`;
  }
  const named = r.args.named;
  const used = r.routine.params.filter((param) => param.name in named);
  if (used.length === 0) return `select ${RESULT}.* from ${fn}() as ${RESULT}`;
  const columns = used.map((param) => `${ident(param.name)} ${param.type}`).join(', ');
  const args = used.map((param) => `${ident(param.name)} := _rest_args.${ident(param.name)}`).join(', ');
  return (
    `select ${RESULT}.* from json_to_record(${p.add(JSON.stringify(named))}::json) as _rest_args(${columns})` +
    ` cross join lateral ${fn}(${args}) as ${RESULT}`
  );
}

export function rpcOperation(r: RpcRequest, readOnly: boolean): Operation {
  const { routine, prefs } = r;
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined && !routine.returnsSet) {
    throw pgrstError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const p = new Params();
  const withSql = `with ${CALL} as (${callSql(r, p)}) `;
  if (routine.returns === 'composite') {
    return readOperation({
      req: r.req,
      root: planRead(routine.returnTable, routine.name, r.query),
      relation: CALL,
      withSql,
      params: p,
      prefs,
      media: r.media,
      maxRows: r.maxRows,
      maxBytes: r.maxBytes,
      readOnly,
      single: !routine.returnsSet,
      verify: (o) => checkMaxAffected(prefs, o),
      applied: ['count', 'tx', 'handling', 'max-affected'],
    });
  }
  return scalarOperation(r, withSql, p, readOnly);
}

// Scalars and void: the values themselves, without select, filters or embedding. As PostgREST, a
// function returning one value (or void) yields one row, so its exact count is 1 (`0-0/1`); a set of
// scalars is paged by `limit`/`offset`/`Range` and counted in full.
function scalarOperation(r: RpcRequest, withSql: string, p: Params, readOnly: boolean): Operation {
  const { routine } = r;
  const root = r.query.nodes.get('');
  const page = routine.returnsSet
    ? requestedPage(r.req, root?.offset, root?.limit, r.maxRows)
    : { offset: 0, limit: undefined };
  const total = wantsCount(r.prefs) ? `(select count(*) from ${CALL})` : 'null';
  const head = `${withSql}select ${total}::int8 as total, null::int8 as inserted,`;
  const text = routine.returnsSet
    ? `${head} count(*)::int8 as page_total, coalesce(json_agg(${RESULT}), '[]')::text as body` +
      ` from (select ${RESULT} from ${CALL}${pagingSql(page.limit, page.offset, p)}) as _rest_out`
    : // Referencing the call in page_total runs it even when nothing is returned (void).
      `${head} (select count(*) from ${CALL})::int8 as page_total, ` +
      (routine.returns === 'void'
        ? 'null::text as body'
        : `(select to_json(${RESULT})::text from ${CALL}) as body`);
  const status = (o: Outcome) => pageStatus(page.offset, o.pageTotal, o.total);
  return {
    statement: { text, values: p.values },
    command: false,
    readOnly,
    verify(o) {
      const s = status(o);
      if (s instanceof ApiError) throw s;
      checkMaxAffected(r.prefs, o);
    },
    reply(o) {
      const headers = {
        'Content-Range': contentRange(page.offset, o.pageTotal, o.total),
        ...preferenceApplied(r.prefs, ['count', 'tx', 'handling', 'max-affected']),
      };
      if (routine.returns === 'void') return { status: 204, headers, body: null };
      return {
        status: status(o) as number,
        headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
        body: r.req.method === 'HEAD' ? null : (o.body ?? 'null'),
      };
    },
  };
}
