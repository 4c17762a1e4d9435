// auth.users and auth.identities rows. A user is read whole, with its identities, as JSON from
// Postgres (timestamps stay text with their microseconds). Writes follow GoTrue's statement order
// (insert, then role, then confirmation) so triggers on auth.users see what they would on Supabase.
import type { Db } from './db.ts';
import type { Json } from './request.ts';
import type { UserRecord } from './user-record.ts';

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUDIENCE = 'authenticated';

const SELECT_USER = `
  select to_jsonb(u) || jsonb_build_object('identities', coalesce(
    (select jsonb_agg(to_jsonb(i) order by i.created_at, i.id) from auth.identities i where i.user_id = u.id),
    '[]'::jsonb)) as user
  from auth.users u`;

async function selectUsers(db: Db, where: string, values: unknown[]): Promise<UserRecord[]> {
  const { rows } = await db.query<{ user: UserRecord }>(`${SELECT_USER} ${where}`, values);
  return rows.map((r) => r.user);
}

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRecord | undefined> {
  const lock = forUpdate ? 'for update of u' : '';
  return (await selectUsers(db, `where u.id = $1 ${lock}`, [id]))[0];
}

/** The email user of the default audience (SSO users share addresses and are not matched). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const where = `where u.instance_id = $1 and lower(u.email) = lower($2) and u.aud = $3 and not u.is_sso_user`;
  return (await selectUsers(db, where, [INSTANCE_ID, email, AUDIENCE]))[0];
}

export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

export async function findUserByToken(
  db: Db,
  column: TokenColumn,
  hash: string,
): Promise<UserRecord | undefined> {
  return (await selectUsers(db, `where u.${column} = $1 and u.${column} <> ''`, [hash]))[0];
}

/** Users waiting to switch to `email` (an unconfirmed email change). */
export async function findUsersByNewEmail(db: Db, email: string): Promise<UserRecord[]> {
  return selectUsers(db, `where lower(u.email_change) = lower($1) and u.email_change_token_new <> ''`, [
    email,
  ]);
}

/** One page, newest first, and the total, as GET /admin/users lists them. */
export async function listUsers(db: Db, page: number, perPage: number) {
  const where = `where u.instance_id = $1 and u.aud = $2 order by u.created_at desc, u.id limit $3 offset $4`;
  const users = await selectUsers(db, where, [INSTANCE_ID, AUDIENCE, perPage, (page - 1) * perPage]);
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::int as total from auth.users where instance_id = $1 and aud = $2',
    [INSTANCE_ID, AUDIENCE],
  );
  return { users, total: rows[0]!.total };
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string | null;
  appMetadata: Json;
  userMetadata: Json;
  role: string;
  /** Extra keys for the email identity's identity_data (sign-up copies its `data`). */
  identityData?: Json;
}

/** Inserts the user and its email identity; call inside a transaction. */
export async function insertUser(tx: Db, user: NewUser): Promise<void> {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, $2, $3, '', $4, $5, $6, $7, now(), now())`,
    [
      INSTANCE_ID,
      user.id,
      AUDIENCE,
      user.email,
      user.passwordHash ?? '',
      user.appMetadata,
      user.userMetadata,
    ],
  );
  await updateUser(tx, user.id, { role: user.role });
  const identityData = {
    ...user.identityData,
    sub: user.id,
    email: user.email,
    email_verified: false,
    phone_verified: false,
  };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now(), now())`,
    [user.id, user.id, identityData],
  );
}

/** Marker for "the transaction's timestamp" in updateUser. */
export const NOW = Symbol('now');

/** The columns updateUser may set; its SQL names them, so nothing else may reach it. */
const UPDATABLE = new Set([
  'role',
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'invited_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change',
  'email_change_token_new',
  'email_change_token_current',
  'email_change_sent_at',
  'email_change_confirm_status',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'banned_until',
] as const);

type Column = typeof UPDATABLE extends Set<infer C> ? C : never;

/** Sets the given columns (values as parameters) and updated_at. */
export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Record<Column, unknown>>,
): Promise<void> {
  const values: unknown[] = [id];
  const sets = Object.entries(changes).map(([column, value]) => {
    if (!UPDATABLE.has(column as Column)) throw new Error(`updateUser: unknown column ${column}`);
    if (value === NOW) return `${column} = now()`;
    values.push(value);
    return `${column} = $${values.length}`;
  });
  await db.query(`update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, values);
}

/** Merges identity_data keys into the user's email identity. */
export async function updateEmailIdentity(db: Db, userId: string, data: Json): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || $2, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, data],
  );
}

/** Whether another user of the audience already has this address. */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const found = await findUserByEmail(db, email);
  return found !== undefined && found.id !== exceptId;
}
