// The refresh_token grant with GoTrue's rotation rules. A live token is revoked and replaced by a
// child. A revoked one is still honoured when it is the parent of the session's current token (the
// client lost the last answer: it gets that current token back) or when it was revoked less than
// the reuse interval ago (concurrent tabs). Any other reuse looks like theft: with rotation on, the
// whole family is revoked, and that revocation is committed even though the call fails. From then on
// no token of the family works, not even within the reuse interval: the interval is for tabs racing a
// live session, and a session whose every token is revoked has none (GoTrue's current tokens end the
// session outright on a detected reuse).
import { transaction, type Db } from './db.ts';
import { AuthError, badRequest, validationFailed } from './errors.ts';
import type { AuthService, Client } from './service.ts';
import { findSession, insertRefreshToken, sessionResponse } from './sessions.ts';
import { isWellFormedRefreshToken } from './tokens.ts';
import { isBanned } from './user-record.ts';
import { findUserById } from './users.ts';
import { isUuid } from './validate.ts';

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  /** Revoked longer ago than the reuse interval. */
  reuse_expired: boolean;
}

type SessionJson = Awaited<ReturnType<typeof sessionResponse>>;

export async function refreshGrant(service: AuthService, presented: string, client: Client) {
  if (!isWellFormedRefreshToken(presented)) throw validationFailed('Refresh token is not valid');
  const outcome = await transaction(service.pool, (tx) => rotate(service, tx, presented, client));
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

/** The token, its user and its session, locked, or the error GoTrue answers when one is missing. */
async function lockGrant(tx: Db, presented: string, reuseInterval: number) {
  // Lock user, session and token in the order a deletion cascades (user, sessions, tokens), so a
  // concurrent logout or user deletion cannot deadlock with this refresh; the locks also make
  // concurrent refreshes of one session take turns.
  const owner = await tokenOwner(tx, presented);
  const user = owner && isUuid(owner.user_id) ? await findUserById(tx, owner.user_id, true) : undefined;
  const session = owner?.session_id ? await findSession(tx, owner.session_id, true) : undefined;
  const token = await lockToken(tx, presented, reuseInterval);
  if (!token || !user) {
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  return { user, session, token };
}

/** Returns (rather than throws) the reuse error so the family revocation commits. */
async function rotate(
  service: AuthService,
  tx: Db,
  presented: string,
  client: Client,
): Promise<SessionJson | AuthError> {
  const { user, session, token } = await lockGrant(tx, presented, service.settings.refreshTokenReuseInterval);
  let issued: string | undefined;
  if (token.revoked) {
    const current = await currentToken(tx, session.id);
    // No live token left: the family was revoked when a reuse was detected.
    if (!current) return alreadyUsed();
    if (current.parent === token.token) {
      issued = current.token;
    } else if (token.reuse_expired) {
      if (service.settings.refreshTokenRotation) await revokeFamily(tx, session.id);
      return alreadyUsed();
    }
  }
  if (!issued) {
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
      token.id,
    ]);
    issued = await insertRefreshToken(tx, user.id, session.id, token.token);
  }
  await tx.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = $2, ip = $3
      where id = $1`,
    [session.id, client.userAgent, client.ip],
  );
  const fresh = (await findUserById(tx, user.id))!;
  // auth.sessions does not record how the session was authenticated; password is the common case.
  return sessionResponse(service, fresh, session, issued, 'password');
}

const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

async function tokenOwner(tx: Db, token: string) {
  const { rows } = await tx.query<{ user_id: string; session_id: string | null }>(
    'select user_id, session_id from auth.refresh_tokens where token = $1',
    [token],
  );
  return rows[0];
}

/** The token row, read again under a lock now that its user and session are held. */
async function lockToken(tx: Db, token: string, reuseInterval: number): Promise<TokenRow | undefined> {
  const { rows } = await tx.query<TokenRow>(
    `select id, token, revoked,
            updated_at + make_interval(secs => $2) < now() as reuse_expired
       from auth.refresh_tokens where token = $1 for update`,
    [token, reuseInterval],
  );
  return rows[0];
}

async function currentToken(tx: Db, sessionId: string) {
  const { rows } = await tx.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens
      where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

async function revokeFamily(tx: Db, sessionId: string): Promise<void> {
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
    [sessionId],
  );
}
