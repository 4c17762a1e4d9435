// /api/auth/login and /api/auth/user, and the /api/login, /api/logout navigations. Registration is in
// registration.ts.
import { LoginInputSchema } from '@shared/schemas/accounts.ts';
import { anonClient } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';
import { parseBody } from '../_shared/http.ts';
import { ok, userRequest } from './request.ts';

/** Signs in with email and password and returns the session, for integrators; the app signs in with Auth directly. */
export async function login(req: Request): Promise<Response> {
  const { captchaToken, ...input } = await parseBody(req, LoginInputSchema);
  // Auth limits sign-ins per address: it is told the caller's, not the function's own.
  const { data, error } = await anonClient(req.headers.get('x-forwarded-for')).auth.signInWithPassword({
    ...input,
    ...(captchaToken && { options: { captchaToken } }),
  });
  if (error || !data.session) {
    if (error?.status === 429)
      throw new AppError('RATE_LIMITED', error.message, undefined, { reason: 'TOO_MANY_ATTEMPTS' });
    if (error?.code === 'captcha_failed')
      throw new AppError('BAD_REQUEST', error.message, undefined, { reason: 'CAPTCHA_FAILED' });
    throw new AppError('UNAUTHORIZED', error?.message ?? 'Invalid login credentials', undefined, {
      reason: 'INVALID_CREDENTIALS',
    });
  }
  return Response.json({ session: data.session, user: { id: data.user.id, email: data.user.email } });
}

/** The current user as the app reads it: names, locale and organizations with the member's role. */
export async function currentUser(req: Request): Promise<Response> {
  const { userId, email, db } = await userRequest(req);
  const [profile, memberships] = await Promise.all([
    db.from('profiles').select('first_name, last_name, locale').eq('id', userId).single(),
    db
      .from('memberships')
      .select(
        'role, created_at, organization:organizations(id, name, country, currency, timezone, default_tax_rate)',
      )
      .eq('user_id', userId)
      .order('created_at'),
  ]);
  const { data: me } = ok(profile);
  const { data: orgs } = ok(memberships);
  return Response.json({
    id: userId,
    email,
    firstName: me.first_name,
    lastName: me.last_name,
    locale: me.locale,
    organizations: orgs.flatMap((m) =>
      m.organization
        ? [
            {
              id: m.organization.id,
              name: m.organization.name,
              country: m.organization.country,
              currency: m.organization.currency,
              timezone: m.organization.timezone,
              defaultTaxRate: m.organization.default_tax_rate,
              role: m.role,
            },
          ]
        : [],
    ),
  });
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

/** Browser navigation: the sign-in page (which goes on to / when a session exists). */
export const loginPage = () => redirect('/login');

/** Browser navigation: the app's sign-out route, which ends the session on this device and goes to /. */
export const logoutPage = () => redirect('/logout');
