// Users as GoTrue stores and serializes them (auth.users, auth.identities).
import type { PoolClient } from 'pg';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  phone: string | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export async function findUserByEmail(db: PoolClient, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and not is_sso_user and deleted_at is null`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: PoolClient, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1 and deleted_at is null`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The User object in GoTrue's field order; null optional fields are left out. */
export async function userJson(db: PoolClient, u: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await db.query<IdentityRow>(
    `select * from auth.identities where user_id = $1 order by created_at`,
    [u.id],
  );
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined);
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    is_anonymous: u.is_anonymous,
  };
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

/** Inserts a user and its email identity. */
export async function insertUser(
  db: PoolClient,
  u: {
    email: string;
    passwordHash: string | null;
    confirmed: boolean;
    userMetadata: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    invited?: boolean;
    id?: string;
  },
): Promise<UserRow> {
  const app = { provider: 'email', providers: ['email'], ...(u.appMetadata ?? {}) };
  const meta = u.confirmed ? { ...u.userMetadata, email_verified: true } : u.userMetadata;
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
                             confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), 'authenticated',
             'authenticated', lower($2), $3, case when $4 then now() end, case when $5 then now() end,
             case when $5 or not $4 then now() end, $6, $7, now(), now())
     returning *`,
    [u.id ?? null, u.email, u.passwordHash, u.confirmed, u.invited ?? false, app, meta],
  );
  const user = rows[0]!;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [user.id, { sub: user.id, email: user.email, email_verified: u.confirmed, phone_verified: false }],
  );
  return user;
}
