// Who is calling, checked in GoTrue's order and with its errors: a Bearer header, a valid HS256
// signature and expiry, a `sub` naming an existing user, and (when the token has one) a session
// that still exists — so a token stops working for /user as soon as its session is logged out.
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt, type Claims } from '../jwt.ts';
import type { Db } from './db.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findSession } from './sessions.ts';
import { isBanned, type UserRecord } from './user-record.ts';
import { findUserById } from './users.ts';
import { isUuid } from './validate.ts';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export interface Caller {
  user: UserRecord;
  /** Absent for tokens minted without a session (GoTrue accepts those). */
  sessionId: string | undefined;
  claims: Claims;
}

/** The verified claims of the request's Bearer token. */
export async function verifiedClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const result = await verifyJwt(token);
  if (!result.ok) {
    // The wording of golang-jwt, which GoTrue passes through.
    const detail =
      result.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid: signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  return result.claims;
}

export async function authenticateUser(db: Db, req: IncomingMessage): Promise<Caller> {
  const claims = await verifiedClaims(req);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  const sessionId = claims.session_id && claims.session_id !== NIL_UUID ? claims.session_id : undefined;
  if (sessionId) {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await findSession(db, sessionId))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { user, sessionId, claims };
}

/** Admin endpoints take a token whose role is an admin role (the service_role key). */
export async function requireAdmin(req: IncomingMessage): Promise<Claims> {
  const claims = await verifiedClaims(req);
  if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
