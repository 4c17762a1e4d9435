// A route's request read once, and the database's answers turned into the API's. First the caller (401
// before anything else), then the body checked with the route's schema (which may name the organization:
// `orgId`), then for an organization's route the organization it is for (x-org-id header, else the body's,
// else the caller's first) and the write's mutation id (Idempotency-Key, the offline outbox's id for it).
// Every database answer goes through `ok`, `call` or `write`, which throw its refusal as the API's error
// answer (../_shared/refusals.ts decides how each maps).
import { z } from 'zod';
import type { Database } from '@shared/database.types.ts';
import { type Db, requireUser } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';
import { invalidQuery, parseBody } from '../_shared/http.ts';
import { fromPostgrest, unwrap } from '../_shared/refusals.ts';

export type { Db };
type Functions = Database['public']['Functions'];
type Args<N extends keyof Functions> = Functions[N]['Args'];
/**
 * A SQL function's arguments as a route passes them: the generated types cannot say that an argument may be
 * null (no status to filter by, a plan not saved yet), which Postgres passes to any argument.
 */
type Given<N extends keyof Functions, Filled extends string> = {
  [K in keyof Omit<Args<N>, Filled>]: Omit<Args<N>, Filled>[K] | null;
};
type DbError = { code?: string; message: string; hint?: string | null };

/** The SQL functions of writes: each applied once per (organization, mutation id), answering { data } or { error }. */
export type Mutation = {
  [N in keyof Functions]: Args<N> extends { p_org_id: string; p_mutation_id: string } ? N : never;
}[keyof Functions];
/** The SQL functions called for one organization (p_org_id). */
export type OrgCall = {
  [N in keyof Functions]: Args<N> extends { p_org_id: string } ? N : never;
}[keyof Functions];

/** What a route's body schema reads, without the organization it may name. */
type BodyOf<S> = S extends z.ZodType ? Omit<z.infer<S>, 'orgId'> : undefined;

interface BodyOptions<S> {
  /** The JSON body's schema; none for a route that reads no body. */
  body?: S;
  /** The largest body, when more than the usual (a spreadsheet's import). */
  bodyLimit?: number;
}

export interface OrgRequest<S> {
  userId: string;
  db: Db;
  orgId: string;
  /** The write's Idempotency-Key; null when the caller sent none (the write is then not remembered). */
  mutationId: string | null;
  body: BodyOf<S>;
  /** The SQL function `name` applied once under the mutation id: its data, or its refusal thrown. */
  write<N extends Mutation>(name: N, args: Given<N, 'p_org_id' | 'p_mutation_id'>): Promise<unknown>;
  /** The SQL function `name` called for the organization: its answer, or its refusal thrown. */
  call<N extends OrgCall>(name: N, args?: Given<N, 'p_org_id'>): Promise<Functions[N]['Returns']>;
}

// Any body may name the organization; a strict schema stays strict about every other field.
const OrgInBody = z.strictObject({ orgId: z.string().optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An organization's request: the caller, the body, the organization — the one `orgId` names (a path's,
 * 404 when it is not an id) or else the request's — and the mutation id.
 */
export async function orgRequest<S extends z.ZodType | undefined = undefined>(
  req: Request,
  options: BodyOptions<S> & { orgId?: string } = {},
): Promise<OrgRequest<S>> {
  const { userId, db } = await requireUser(req);
  const parsed: { orgId?: string } | undefined = options.body
    ? await parseBody(req, z.intersection(options.body, OrgInBody), { limit: options.bodyLimit })
    : undefined;
  const { orgId: named, ...body } = parsed ?? {};
  if (options.orgId !== undefined && !UUID.test(options.orgId))
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  const requested = await organization(req, db, userId, options.orgId ?? named);
  const orgId = options.orgId ?? requested;
  const mutationId = req.headers.get('idempotency-key');
  if (mutationId !== null && !UUID.test(mutationId))
    throw new AppError('BAD_REQUEST', 'Idempotency-Key must be a UUID', undefined, {
      reason: 'IDEMPOTENCY_KEY_INVALID',
    });
  // A write without a key passes null, which private.replay takes as a write it need not remember.
  const rpc = db.rpc.bind(db) as unknown as (
    name: string,
    args: object,
  ) => PromiseLike<{
    data: unknown;
    error: DbError | null;
  }>;
  return {
    userId,
    db,
    orgId,
    mutationId,
    body: (parsed ? body : undefined) as BodyOf<S>,
    write: async (name, args) =>
      unwrap(answer(await rpc(name, { ...args, p_org_id: orgId, p_mutation_id: mutationId }))),
    call: async <N extends OrgCall>(name: N, args?: Given<N, 'p_org_id'>) =>
      answer(await rpc(name, { ...args, p_org_id: orgId })) as Functions[N]['Returns'],
  };
}

/** The organization a request is for: the x-org-id header, else the one named, else the caller's first. */
async function organization(req: Request, db: Db, userId: string, named: string | undefined) {
  let orgId = req.headers.get('x-org-id') ?? named ?? null;
  if (!orgId) {
    const { data } = await db
      .from('memberships')
      .select('org_id')
      .eq('user_id', userId)
      .order('created_at')
      .limit(1);
    orgId = data?.[0]?.org_id ?? null;
  }
  if (!orgId || !UUID.test(orgId))
    throw new AppError('BAD_REQUEST', 'No organization selected', undefined, { reason: 'NO_ORGANIZATION' });
  return orgId;
}

/** A request about the caller themselves (their account, an organization by its id): the caller, then the body. */
export async function userRequest<S extends z.ZodType | undefined = undefined>(
  req: Request,
  options: BodyOptions<S> = {},
): Promise<{ userId: string; email: string; db: Db; body: BodyOf<S> }> {
  const user = await requireUser(req);
  const body = options.body && (await parseBody(req, options.body, { limit: options.bodyLimit }));
  return { ...user, body: body as BodyOf<S> };
}

/** The data of a database answer, or its error thrown as the API's answer. */
function answer<T>(res: { data: T; error: DbError | null }): T {
  if (res.error) throw fromPostgrest(res.error);
  return res.data;
}

/** A Data API answer that succeeded (its data and count), or its error thrown as the API's answer. */
export function ok<R extends { error: DbError | null }>(res: R): Extract<R, { error: null }> {
  if (res.error) throw fromPostgrest(res.error);
  return res as Extract<R, { error: null }>;
}

/** A page of a list, read from the query string, and what to search for. */
export const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(100).optional(),
});

/** The query string read with `schema`; 400 when it does not fit. */
export function query<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  return parsed.data;
}

/** A page of a list, with the whole list's length (X-Total-Count). */
export const withTotal = (body: unknown, total: number) =>
  Response.json(body, { headers: { 'x-total-count': String(total) } });
