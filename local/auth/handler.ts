// Routing for the auth service. Paths arrive with /auth/v1 stripped, as behind Supabase's gateway.
// Routes return a Reply or throw an AuthError; this is the one place either becomes a response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { clientIp, sendEmpty, sendJson, type Handler } from '../http.ts';
import { AuthError, sendAuthError } from './errors.ts';
import { readJsonBody, type Json } from './request.ts';
import { createAdminUser, updateAdminUser } from './routes/admin-user-write.ts';
import { deleteAdminUser, getAdminUser, listAdminUsers } from './routes/admin-users.ts';
import { generateLink } from './routes/generate-link.ts';
import { invite } from './routes/invite.ts';
import { logout } from './routes/logout.ts';
import { health, settings } from './routes/meta.ts';
import { otp } from './routes/otp.ts';
import { recover } from './routes/recover.ts';
import { resend } from './routes/resend.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, updateCurrentUser } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';
import type { AuthService, Call, Client, Reply, Route } from './service.ts';

const ROUTES: [method: string, path: string, route: Route][] = [
  ['GET', '/health', health],
  ['GET', '/settings', settings],
  ['POST', '/signup', signup],
  ['POST', '/token', token],
  ['GET', '/user', getUser],
  ['PUT', '/user', updateCurrentUser],
  ['POST', '/logout', logout],
  ['POST', '/recover', recover],
  ['POST', '/otp', otp],
  ['POST', '/resend', resend],
  ['GET', '/verify', verifyGet],
  ['POST', '/verify', verifyPost],
  ['POST', '/invite', invite],
  ['GET', '/admin/users', listAdminUsers],
  ['POST', '/admin/users', createAdminUser],
  ['GET', '/admin/users/:id', getAdminUser],
  ['PUT', '/admin/users/:id', updateAdminUser],
  ['DELETE', '/admin/users/:id', deleteAdminUser],
  ['POST', '/admin/generate_link', generateLink],
];

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[i]!);
    else if (part !== got[i]) return undefined;
  }
  return params;
}

function findRoute(method: string, path: string): { route: Route; params: Record<string, string> } {
  let pathKnown = false;
  for (const [routeMethod, pattern, route] of ROUTES) {
    const params = matchPath(pattern, path);
    if (!params) continue;
    if (routeMethod === method) return { route, params };
    pathKnown = true;
  }
  if (pathKnown) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  throw new AuthError(404, 'not_found', 'Not found');
}

function clientOf(req: IncomingMessage): Client {
  const ip = clientIp(req);
  return { ip: isIP(ip) ? ip : null, userAgent: req.headers['user-agent'] ?? null };
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.body === undefined) sendEmpty(res, reply.status, reply.headers);
  else sendJson(res, reply.status, reply.body, reply.headers);
}

export function createHandler(service: AuthService): Handler {
  return async (req, res, url) => {
    try {
      const { route, params } = findRoute(req.method ?? 'GET', url.pathname);
      let body: Promise<Json> | undefined;
      const call: Call = {
        req,
        url,
        params,
        client: clientOf(req),
        body: (options) => (body ??= readJsonBody(req, options?.optional)),
      };
      send(res, await route(service, call));
    } catch (e) {
      if (e instanceof AuthError) return sendAuthError(req, res, e);
      service.log(`unexpected error on ${req.method} ${url.pathname}: ${(e as Error).stack ?? String(e)}`);
      const failure = 'Unexpected failure, please check server logs for more information';
      sendAuthError(req, res, new AuthError(500, 'unexpected_failure', failure));
    }
  };
}
