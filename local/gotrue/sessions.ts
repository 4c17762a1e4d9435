// Sessions, access tokens and refresh-token rotation, as GoTrue does them: every sign-in is a session
// whose refresh tokens form a parent→child chain; reusing a revoked token outside the reuse interval
// revokes the whole family.
import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { StackConfig } from '../config.ts';
import { signJwt } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

export interface SessionOptions {
  config: StackConfig;
  issuer: string;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function accessToken(opts: SessionOptions, u: UserRow, sessionId: string, method: string, at: number) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + opts.config.auth.jwtExpiry;
  const token = await signJwt({
    iss: opts.issuer,
    sub: u.id,
    aud: u.aud ?? 'authenticated',
    exp,
    iat,
    email: u.email ?? '',
    phone: u.phone ?? '',
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    role: u.role ?? 'authenticated',
    aal: 'aal1',
    amr: [{ method, timestamp: at }],
    session_id: sessionId,
    is_anonymous: u.is_anonymous,
  });
  return { token, exp };
}

async function sessionResponse(
  db: PoolClient,
  opts: SessionOptions,
  u: UserRow,
  sessionId: string,
  refreshToken: string,
  method: string,
  signedInAt: number,
) {
  const { token, exp } = await accessToken(opts, u, sessionId, method, signedInAt);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: exp - Math.floor(Date.now() / 1000),
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(db, u),
  };
}

/** Starts a session for a user who just proved who they are (password, OTP). */
export async function createSession(
  db: PoolClient,
  opts: SessionOptions,
  userId: string,
  method: 'password' | 'otp',
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1')
     returning id`,
    [userId],
  );
  const sessionId = rows[0]!.id;
  const refresh = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
    [refresh, userId, sessionId],
  );
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const user = (await findUserById(db, userId))!;
  return sessionResponse(db, opts, user, sessionId, refresh, method, Math.floor(Date.now() / 1000));
}

interface TokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
  session_created: Date | null;
}

/** The refresh_token grant, with rotation and the reuse interval. */
export async function refreshSession(db: PoolClient, opts: SessionOptions, token: string) {
  if (typeof token !== 'string' || token.length < 12)
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  const { rows } = await db.query<TokenRow>(
    `select t.token, t.user_id, t.revoked, t.updated_at, t.session_id, s.created_at as session_created
       from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
      where t.token = $1 for update of t`,
    [token],
  );
  const row = rows[0];
  if (!row)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (!row.session_id || !row.session_created) {
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const user = await findUserById(db, row.user_id);
  if (!user)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.banned_until && user.banned_until > new Date())
    throw new AuthError(400, 'user_banned', 'User is banned');

  let next: string;
  if (row.revoked) {
    const { rows: live } = await db.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
      [row.session_id],
    );
    const current = live[0];
    const withinReuse =
      Date.now() - row.updated_at.getTime() < opts.config.auth.refreshTokenReuseInterval * 1000;
    if (current && (current.parent === row.token || withinReuse)) {
      next = current.token;
    } else {
      if (opts.config.auth.refreshTokenRotation) {
        await db.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`,
          [row.session_id],
        );
      }
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  } else {
    next = newRefreshToken();
    await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
      row.token,
    ]);
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [next, row.user_id, row.token, row.session_id],
    );
  }
  await db.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [
    row.session_id,
  ]);
  return sessionResponse(
    db,
    opts,
    user,
    row.session_id,
    next,
    'password',
    Math.floor(row.session_created.getTime() / 1000),
  );
}
