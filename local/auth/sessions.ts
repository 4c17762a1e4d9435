// Sessions and their refresh-token chains. A sign-in opens an auth.sessions row and its first refresh
// token; each refresh revokes the presented token and chains a child to it (`parent`), so a session's
// tokens form one family that a detected reuse revokes at once.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import type { AuthService, Client } from './service.ts';
import { newRefreshToken, signAccessToken, type AuthMethod } from './tokens.ts';
import { userJson } from './user-json.ts';
import type { UserRecord } from './user-record.ts';
import { findUserById, updateUser, NOW } from './users.ts';

export interface Session {
  id: string;
  /** Unix seconds of the sign-in, the `amr` timestamp. */
  authenticatedAt: number;
}

/** The token response of sign-in, sign-up, refresh and verify. */
export async function sessionResponse(
  service: AuthService,
  user: UserRecord,
  session: Session,
  refreshToken: string,
  method: AuthMethod,
) {
  const access = await signAccessToken({
    issuer: service.issuer,
    expiry: service.settings.jwtExpiry,
    user,
    sessionId: session.id,
    method,
    authenticatedAt: session.authenticatedAt,
  });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: service.settings.jwtExpiry,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** Inserts a refresh token; like GoTrue, every token issued counts as a sign-in of the user. */
export async function insertRefreshToken(
  tx: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  await updateUser(tx, userId, { last_sign_in_at: NOW });
  return token;
}

/** Opens a session for `user` and answers with its tokens; call inside a transaction. */
export async function startSession(
  service: AuthService,
  tx: Db,
  user: UserRecord,
  method: AuthMethod,
  client: Client,
) {
  const sessionId = randomUUID();
  const { rows } = await tx.query<{ at: number }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)
     returning floor(extract(epoch from created_at))::int as at`,
    [sessionId, user.id, client.userAgent, client.ip],
  );
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  const fresh = (await findUserById(tx, user.id))!;
  const session = { id: sessionId, authenticatedAt: rows[0]!.at };
  return sessionResponse(service, fresh, session, refreshToken, method);
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions; their refresh tokens go with them (foreign key cascade). */
export async function endSessions(
  db: Db,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (sessionId && scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
    // Tokens outside any session (GoTrue's oldest ones) belong to the user too.
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}

/** The session row, if it still exists (logout deletes it). */
export async function findSession(db: Db, id: string, forUpdate = false): Promise<Session | undefined> {
  const { rows } = await db.query<Session>(
    `select id, floor(extract(epoch from created_at))::int as "authenticatedAt"
       from auth.sessions where id = $1 ${forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0];
}
