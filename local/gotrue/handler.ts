// The Supabase Auth (GoTrue) subset supabase-js uses for email and password, plus the admin API.
// Paths arrive with /auth/v1 stripped, as behind Supabase's gateway.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import type { StackConfig } from '../config.ts';
import { BodyTooLarge, clientIp, readBody, sendEmpty, sendJson, type Handler } from '../http.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import { AuthError, invalidCredentials, sendAuthError, validation } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { createSession, refreshSession, type SessionOptions } from './sessions.ts';
import { EMAIL_RE, findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users.ts';

type Body = Record<string, unknown>;
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Route = (ctx: Ctx) => Promise<Reply>;
interface Ctx {
  req: IncomingMessage;
  url: URL;
  body: Body;
  db: PoolClient;
  params: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ok = (body: unknown): Reply => ({ status: 200, body });
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const otpHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

export function createAuthHandler(opts: { pool: pg.Pool; config: StackConfig; issuer: string }): Handler {
  const { config } = opts;
  const sessionOpts: SessionOptions = { config, issuer: opts.issuer };
  const signInLimit = new RateLimiter(config.auth.signInSignUpsPer5Min);
  const refreshLimit = new RateLimiter(config.auth.tokenRefreshPer5Min);
  const hash = (password: string) => bcrypt.hash(password, 10);

  function checkPassword(password: string) {
    if (!password) throw validation('Signup requires a valid password');
    if (Buffer.byteLength(password) > 72) throw validation('Password cannot be longer than 72 characters');
    if (password.length < config.auth.minimumPasswordLength) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${config.auth.minimumPasswordLength} characters.`,
        {
          weak_password: { reasons: ['length'] },
        },
      );
    }
  }

  function limit(limiter: RateLimiter, req: IncomingMessage) {
    if (!limiter.allow(clientIp(req)))
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /** The user behind a Bearer access token, checked as GoTrue checks it. */
  async function authenticate(ctx: Ctx): Promise<{ user: UserRow; sessionId: string | undefined }> {
    const token = bearerToken(ctx.req.headers.authorization);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const v = await verifyJwt(token);
    if (!v.ok)
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${v.message}`);
    const sub = v.claims.sub;
    if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID.test(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(ctx.db, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = v.claims.session_id;
    if (sessionId) {
      const { rowCount } = await ctx.db.query('select 1 from auth.sessions where id = $1', [sessionId]);
      if (!rowCount)
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId };
  }

  async function requireAdmin(ctx: Ctx) {
    const token = bearerToken(ctx.req.headers.authorization);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const v = await verifyJwt(token);
    if (!v.ok)
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${v.message}`);
    if (v.claims.role !== 'service_role' && v.claims.role !== 'supabase_admin') {
      throw new AuthError(403, 'not_admin', 'User not allowed');
    }
  }

  async function adminUser(ctx: Ctx): Promise<UserRow> {
    await requireAdmin(ctx);
    const id = ctx.params[0]!;
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  async function applyUserChanges(db: PoolClient, user: UserRow, body: Body, admin: boolean) {
    if (body.data !== undefined || body.user_metadata !== undefined) {
      // Keys merge; a null value deletes the key.
      await db.query(
        `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}') || $2::jsonb),
                updated_at = now() where id = $1`,
        [user.id, obj(body.data ?? body.user_metadata)],
      );
    }
    if (body.app_metadata !== undefined) {
      if (!admin) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
      await db.query(
        `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || $2::jsonb, updated_at = now() where id = $1`,
        [user.id, obj(body.app_metadata)],
      );
    }
    const password = str(body.password);
    if (password) {
      checkPassword(password);
      if (!admin && user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      await db.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        await hash(password),
      ]);
    }
    const email = str(body.email).toLowerCase();
    if (email && email !== user.email) {
      if (!EMAIL_RE.test(email)) throw validation(`Unable to validate email address: invalid format`);
      if (await findUserByEmail(db, email))
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      // Without a mail server (autoconfirm), the change applies at once, as GoTrue does with confirmations off.
      await db.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [user.id, email]);
      await db.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    if (admin && body.email_confirm === true) {
      await db.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
        [user.id],
      );
    }
    if (admin && typeof body.ban_duration === 'string') {
      const until =
        body.ban_duration === 'none' ? null : new Date(Date.now() + parseDuration(body.ban_duration));
      await db.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, until]);
    }
    return (await findUserById(db, user.id))!;
  }

  const routes: [method: string, pattern: RegExp, route: Route][] = [
    [
      'GET',
      /^\/health$/,
      async () =>
        ok({ version: 'local', name: 'GoTrue', description: 'Kasuwa local stack: the Supabase Auth subset' }),
    ],
    [
      'GET',
      /^\/settings$/,
      async () =>
        ok({
          external: { email: true, phone: false, anonymous_users: false },
          disable_signup: !config.auth.enableSignup,
          mailer_autoconfirm: !config.auth.enableConfirmations,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        }),
    ],
    [
      'POST',
      /^\/signup$/,
      async ({ req, body, db }) => {
        limit(signInLimit, req);
        if (!config.auth.enableSignup)
          throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
        const email = str(body.email).trim().toLowerCase();
        if (!email)
          throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
        if (!EMAIL_RE.test(email)) throw validation('Unable to validate email address: invalid format');
        const password = str(body.password);
        checkPassword(password);
        if (await findUserByEmail(db, email))
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        const confirmed = !config.auth.enableConfirmations;
        const user = await insertUser(db, {
          email,
          passwordHash: await hash(password),
          confirmed,
          userMetadata: obj(body.data),
        });
        if (!confirmed) return ok(await userJson(db, user));
        return ok(await createSession(db, sessionOpts, user.id, 'password'));
      },
    ],
    [
      'POST',
      /^\/token$/,
      async ({ req, url, body, db }) => {
        const grant = url.searchParams.get('grant_type');
        if (grant === 'refresh_token') {
          limit(refreshLimit, req);
          return ok(await refreshSession(db, sessionOpts, str(body.refresh_token)));
        }
        if (grant !== 'password') throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
        limit(signInLimit, req);
        const email = str(body.email).trim();
        if (!email) throw validation('missing email or phone');
        const user = await findUserByEmail(db, email);
        const password = str(body.password);
        if (
          !user ||
          !password ||
          !user.encrypted_password ||
          !(await bcrypt.compare(password, user.encrypted_password))
        ) {
          throw invalidCredentials();
        }
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        if (user.banned_until && user.banned_until > new Date())
          throw new AuthError(400, 'user_banned', 'User is banned');
        return ok(await createSession(db, sessionOpts, user.id, 'password'));
      },
    ],
    ['GET', /^\/user$/, async (ctx) => ok(await userJson(ctx.db, (await authenticate(ctx)).user))],
    [
      'PUT',
      /^\/user$/,
      async (ctx) => {
        const { user } = await authenticate(ctx);
        return ok(await userJson(ctx.db, await applyUserChanges(ctx.db, user, ctx.body, false)));
      },
    ],
    [
      'POST',
      /^\/logout$/,
      async (ctx) => {
        const { user, sessionId } = await authenticate(ctx);
        const scope = ctx.url.searchParams.get('scope') ?? 'global';
        if (!['global', 'local', 'others'].includes(scope))
          throw validation(`Unsupported logout scope "${scope}"`);
        if (scope === 'global' || !sessionId) {
          await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
        } else if (scope === 'local') {
          await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
        } else {
          await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
            user.id,
            sessionId,
          ]);
        }
        return { status: 204 };
      },
    ],
    [
      'POST',
      /^\/admin\/users$/,
      async (ctx) => {
        await requireAdmin(ctx);
        const email = str(ctx.body.email).trim().toLowerCase();
        if (!email) throw validation('Unable to validate email address: invalid format');
        if (!EMAIL_RE.test(email)) throw validation('Unable to validate email address: invalid format');
        if (await findUserByEmail(ctx.db, email)) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        const password = str(ctx.body.password);
        const user = await insertUser(ctx.db, {
          id: str(ctx.body.id) || undefined,
          email,
          passwordHash: await hash(password || randomBytes(24).toString('base64url')),
          confirmed: ctx.body.email_confirm === true,
          userMetadata: obj(ctx.body.user_metadata),
          appMetadata: obj(ctx.body.app_metadata),
        });
        return ok(await userJson(ctx.db, user));
      },
    ],
    [
      'GET',
      /^\/admin\/users$/,
      async (ctx) => {
        await requireAdmin(ctx);
        const page = Math.max(1, Number(ctx.url.searchParams.get('page')) || 1);
        const perPage = Math.min(1000, Math.max(1, Number(ctx.url.searchParams.get('per_page')) || 50));
        const { rows: count } = await ctx.db.query<{ n: string }>(
          'select count(*) as n from auth.users where deleted_at is null',
        );
        const total = Number(count[0]!.n);
        const { rows } = await ctx.db.query<UserRow>(
          'select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
          [perPage, (page - 1) * perPage],
        );
        const users = await Promise.all(rows.map((u) => userJson(ctx.db, u)));
        const last = Math.max(1, Math.ceil(total / perPage));
        const base = `${opts.issuer}/admin/users`;
        const links = [
          ...(page < last ? [`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []),
          `<${base}?page=${last}&per_page=${perPage}>; rel="last"`,
        ];
        return {
          status: 200,
          body: { users, aud: 'authenticated' },
          headers: { 'x-total-count': String(total), link: links.join(', ') },
        };
      },
    ],
    ['GET', /^\/admin\/users\/([^/]+)$/, async (ctx) => ok(await userJson(ctx.db, await adminUser(ctx)))],
    [
      'PUT',
      /^\/admin\/users\/([^/]+)$/,
      async (ctx) =>
        ok(await userJson(ctx.db, await applyUserChanges(ctx.db, await adminUser(ctx), ctx.body, true))),
    ],
    [
      'DELETE',
      /^\/admin\/users\/([^/]+)$/,
      async (ctx) => {
        const user = await adminUser(ctx);
        await ctx.db.query('delete from auth.users where id = $1', [user.id]);
        return ok({});
      },
    ],
    [
      'POST',
      /^\/invite$/,
      async (ctx) => {
        await requireAdmin(ctx);
        const email = str(ctx.body.email).trim().toLowerCase();
        if (!EMAIL_RE.test(email)) throw validation('Unable to validate email address: invalid format');
        let user = await findUserByEmail(ctx.db, email);
        if (user?.email_confirmed_at)
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        user ??= await insertUser(ctx.db, {
          email,
          passwordHash: null,
          confirmed: false,
          invited: true,
          userMetadata: obj(ctx.body.data),
        });
        const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await ctx.db.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1`,
          [user.id, otpHash(email, otp)],
        );
        console.log(
          `[auth] invite for ${email}: OTP ${otp} (POST /auth/v1/verify {"type":"invite","email":…,"token":…})`,
        );
        return ok(await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
      },
    ],
    [
      'POST',
      /^\/recover$/,
      async (ctx) => {
        const email = str(ctx.body.email).trim().toLowerCase();
        if (!EMAIL_RE.test(email)) throw validation('Unable to validate email address: invalid format');
        const user = await findUserByEmail(ctx.db, email);
        if (user) {
          const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
          await ctx.db.query(
            `update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`,
            [user.id, otpHash(email, otp)],
          );
          console.log(`[auth] recovery for ${email}: OTP ${otp}`);
        }
        return ok({});
      },
    ],
    [
      'POST',
      /^\/verify$/,
      async (ctx) => {
        const type = str(ctx.body.type);
        const column = type === 'recovery' ? 'recovery_token' : 'confirmation_token';
        if (!['signup', 'invite', 'recovery', 'magiclink', 'email'].includes(type))
          throw validation('Verify requires a verification type');
        const email = str(ctx.body.email).trim().toLowerCase();
        const tokenHash = str(ctx.body.token_hash) || (email ? otpHash(email, str(ctx.body.token)) : '');
        const { rows } = await ctx.db.query<UserRow>(
          `select * from auth.users where ${column} = $1 and ${column} <> ''
              and coalesce(${type === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'}, now()) > now() - interval '1 hour'`,
          [tokenHash],
        );
        const user = rows[0];
        if (!tokenHash || !user) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
        await ctx.db.query(
          `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
                  encrypted_password = coalesce(encrypted_password, $2), updated_at = now() where id = $1`,
          [user.id, await hash(randomBytes(24).toString('base64url'))],
        );
        return ok(await createSession(ctx.db, sessionOpts, user.id, 'otp'));
      },
    ],
  ];

  return async (req, res, url) => {
    const match = routes.find(([m, p]) => m === req.method && p.test(url.pathname));
    if (!match) {
      const known = routes.some(([, p]) => p.test(url.pathname));
      return sendAuthError(
        req,
        res,
        new AuthError(
          known ? 405 : 404,
          known ? 'method_not_allowed' : 'not_found',
          known ? 'Method not allowed' : 'Not found',
        ),
      );
    }
    let body: Body = {};
    try {
      const raw = await readBody(req);
      if (raw.length) body = obj(JSON.parse(raw.toString('utf8')));
    } catch (e) {
      return sendAuthError(
        req,
        res,
        e instanceof BodyTooLarge
          ? new AuthError(413, 'request_entity_too_large', 'Request body too large')
          : new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
      );
    }
    const db = await opts.pool.connect();
    try {
      await db.query('begin');
      const reply = await match[2]({ req, url, body, db, params: match[1].exec(url.pathname)!.slice(1) });
      await db.query('commit');
      if (reply.status === 204) return sendEmpty(res, 204, reply.headers);
      sendJson(res, reply.status, reply.body, reply.headers);
    } catch (e) {
      await db.query('rollback').catch(() => {});
      if (e instanceof AuthError) {
        // A family revoked on reuse must stay revoked even though the request fails.
        if (e.code === 'refresh_token_already_used') await revokeFamily(opts.pool, body);
        return sendAuthError(req, res, e);
      }
      throw e;
    } finally {
      db.release();
    }
  };
}

async function revokeFamily(pool: pg.Pool, body: Body) {
  await pool.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = (select session_id from auth.refresh_tokens where token = $1)`,
    [str(body.refresh_token)],
  );
}

function parseDuration(d: string): number {
  const m = /^(\d+)(h|m|s)$/.exec(d);
  if (!m) throw validation('invalid format for ban duration');
  return Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[m[2] as 'h' | 'm' | 's'];
}
