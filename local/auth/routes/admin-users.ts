// GET /admin/users (paged), GET and DELETE /admin/users/{id}: the admin API's reads and hard delete.
// Every route takes the service_role key (see requireAdmin).
import { requireAdmin } from '../authenticate.ts';
import type { Db } from '../db.ts';
import { notFound, validationFailed } from '../errors.ts';
import { booleanField } from '../request.ts';
import { ok, type Call, type Route } from '../service.ts';
import { userJson } from '../user-json.ts';
import type { UserRecord } from '../user-record.ts';
import { AUDIENCE, findUserById, listUsers } from '../users.ts';
import { isUuid } from '../validate.ts';

const DEFAULT_PER_PAGE = 50;

export const listAdminUsers: Route = async (service, call) => {
  await requireAdmin(call.req);
  const page = pageParameter(call.url, 'page', 1);
  const perPage = pageParameter(call.url, 'per_page', DEFAULT_PER_PAGE);
  const { users, total } = await listUsers(service.pool, page, perPage);
  return {
    status: 200,
    body: { users: users.map(userJson), aud: AUDIENCE },
    headers: { 'X-Total-Count': String(total), Link: linkHeader(call.url, page, perPage, total) },
  };
};

export const getAdminUser: Route = async (service, call) => {
  await requireAdmin(call.req);
  return ok(userJson(await loadUser(service.pool, call)));
};

export const deleteAdminUser: Route = async (service, call) => {
  await requireAdmin(call.req);
  const user = await loadUser(service.pool, call);
  if (booleanField(await call.body({ optional: true }), 'should_soft_delete')) {
    throw validationFailed('Soft deletion is not supported by the local stack');
  }
  // A plain DELETE, so foreign keys to auth.users cascade (profiles, sessions, identities).
  await service.pool.query('delete from auth.users where id = $1', [user.id]);
  return ok({});
};

/** The user named by the path, with GoTrue's 404s for a malformed or unknown id. */
export async function loadUser(db: Db, call: Call): Promise<UserRecord> {
  const id = call.params.id ?? '';
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** An empty parameter means the default (auth-js always sends both, often empty). */
function pageParameter(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name) ?? '';
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  }
  return Math.max(1, Number(raw));
}

/**
 * GoTrue's Link header: the request's own path and query with `page` replaced, keys sorted, a
 * `next` link only while there are more pages, and always a `last` link. auth-js reads the page
 * number right after the first `=`, which sorting makes `page`.
 */
function linkHeader(url: URL, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(target));
    query.sort();
    return `<${url.pathname}?${query.toString()}>; rel="${rel}"`;
  };
  const links = lastPage > page ? [link(page + 1, 'next')] : [];
  return [...links, link(lastPage, 'last')].join(', ');
}
