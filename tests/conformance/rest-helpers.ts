// Shared by the Data API (PostgREST) conformance suites: raw HTTP calls as supabase-js makes them, and
// signed-in users with their own organizations. Users come from the Auth admin API, as on a real
// project; where that API does not answer (a local stack without Auth), they are inserted directly
// into auth.users and given a token signed with the JWT secret.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { ANON_KEY, DATABASE_ADMIN_URL, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';

/** The project's JWT secret: `JWT_SECRET` for a real project, else the local stack's. */
export const JWT_SECRET = process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long';

export const unique = (): string => randomUUID().slice(0, 8);

/** A response body as the suites read it: any shape, checked by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: Response): Promise<any> => res.json();

export interface RestInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer token; the anon key when omitted, none when null. */
  token?: string | null;
}

/** A request to `/rest/v1<path>` with the headers postgrest-js sends. */
export function rest(path: string, init: RestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { apikey: ANON_KEY, ...init.headers };
  const token = init.token === undefined ? ANON_KEY : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  return fetch(`${SUPABASE_URL}/rest/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
}

export function signToken(
  claims: Record<string, unknown>,
  secret = JWT_SECRET,
  expiresIn = 3600,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + expiresIn, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

const PASSWORD = 'a-long-enough-password';

async function auth(path: string, body: unknown, token = SERVICE_ROLE_KEY): Promise<Response> {
  return fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function insertAuthUser(email: string): Promise<string> {
  const id = randomUUID();
  const client = new pg.Client({ connectionString: DATABASE_ADMIN_URL });
  await client.connect();
  try {
    await client.query(
      `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                               raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
               '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [id, email],
    );
  } finally {
    await client.end();
  }
  return id;
}

/** A confirmed user, signed in. */
export async function createUser(): Promise<TestUser> {
  const email = `rest-${unique()}@test.kasuwa.app`;
  const created = await auth('/admin/users', { email, password: PASSWORD, email_confirm: true });
  const id = created.ok ? ((await created.json()) as { id: string }).id : await insertAuthUser(email);
  const signIn = created.ok
    ? await auth('/token?grant_type=password', { email, password: PASSWORD }, ANON_KEY)
    : null;
  const token = signIn?.ok
    ? ((await signIn.json()) as { access_token: string }).access_token
    : await signToken({ sub: id, role: 'authenticated', aud: 'authenticated', email });
  return { id, email, token };
}

export interface Owner extends TestUser {
  orgId: string;
  orgName: string;
}

/** A user who owns a new organization, created through rpc/create_organization as the app does. */
export async function createOwner(orgName = `Rest Org ${unique()}`): Promise<Owner> {
  const user = await createUser();
  const res = await rest('/rpc/create_organization', {
    token: user.token,
    body: { p_name: orgName, p_country: 'GH', p_currency: 'GHS' },
  });
  if (res.status !== 200) throw new Error(`create_organization: ${res.status} ${await res.text()}`);
  const org = (await res.json()) as { id: string };
  return { ...user, orgId: org.id, orgName };
}

/**
 * Moves the owner's organization to Enterprise (five businesses per owner), through the Data API as the
 * service role, so the owner may create more: the free plan allows one business.
 */
export async function allowMoreOrganizations(owner: Pick<Owner, 'orgId'>): Promise<void> {
  const res = await rest(`/licenses?org_id=eq.${owner.orgId}`, {
    method: 'PATCH',
    token: SERVICE_ROLE_KEY,
    headers: { apikey: SERVICE_ROLE_KEY },
    body: { plan: 'BUSINESS' },
  });
  if (!res.ok) throw new Error(`licenses: ${res.status} ${await res.text()}`);
}
