// POST /logout?scope=global|local|others: ends sessions, so their refresh tokens stop working and
// their access tokens are refused by /user (which checks that the session still exists).
import { authenticateUser } from '../authenticate.ts';
import { transaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import type { Route } from '../service.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';

const SCOPES: readonly string[] = ['global', 'local', 'others'] satisfies LogoutScope[];

export const logout: Route = async (service, call) => {
  const { user, sessionId } = await authenticateUser(service.pool, call.req);
  const scope = call.url.searchParams.get('scope') || 'global';
  if (!SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  await transaction(service.pool, (tx) => endSessions(tx, user.id, sessionId, scope as LogoutScope));
  return { status: 204 };
};
