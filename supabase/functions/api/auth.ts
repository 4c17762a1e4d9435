// /api/auth/* and the /api/login, /api/logout navigations.
import {
  LoginInputSchema,
  RegisterInputSchema,
  RegisterOrganizationSchema,
  RegisterInviteeInputSchema,
  type RegisterInviteeInput,
} from '@shared/schemas/accounts.ts';
import { adminClient, anonClient, requireToken, requireUser, userClient } from '../_shared/clients.ts';
import { unwrap } from '../_shared/context.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';

/**
 * Registration through Auth's own sign-up (POST /auth/v1/signup with the anon key and the caller's
 * address), so Auth's limits apply to it as to any sign-up: its per-address budget, its captcha, its mail
 * budgets. Then, as the project's email-confirmation setting says:
 * - off (the local default): Auth answers a session, and the organization is created at once as the new
 *   user (create_organization); if that fails the user is deleted again: all or nothing. 201.
 * - on (hosted projects): Auth mails a link and answers no session. The organization's details wait in
 *   the user's metadata (`organization`) and reserve nothing; following the link signs the person in, and
 *   the app then creates it (POST /api/auth/register/complete), the name checked only then. 202, with
 *   the same answer whether or not the address already had an account, as Auth's.
 */
export async function register(req: Request): Promise<Response> {
  // Each attempt spends the address's budget first: the name check below answers before Auth's own.
  await spendBudget(req, 'register');
  // With an invite link's token: the person joins the inviting organization instead (registerInvitee).
  const invited = await req
    .clone()
    .json()
    .then(
      (body: unknown) => typeof (body as { invitationToken?: unknown } | null)?.invitationToken === 'string',
      () => false,
    );
  if (invited) return registerInvitee(req, await parseBody(req, RegisterInviteeInputSchema));
  const input = await parseBody(req, RegisterInputSchema);
  // A taken name is said before any account exists (it reserves nothing; the database decides later).
  const { data: free, error: checkError } = await adminClient().rpc('organization_name_available', {
    p_name: input.organizationName,
  });
  if (checkError) throw fromPostgrest(checkError);
  if (!free) throw nameTaken(input.organizationName, 'organizationName');

  const organization = { name: input.organizationName, country: input.country, currency: input.currency };
  const origin = req.headers.get('origin');
  const { data, error } = await anonClient(req.headers.get('x-forwarded-for')).auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { ...personMetadata(input), organization },
      // The mail's link comes back to the app's "Check your email" page, which goes on to finish the
      // registration, or says the link no longer works (Auth keeps to its allow list).
      ...(origin && { emailRedirectTo: new URL('/check-email', origin).toString() }),
      ...(input.captchaToken && { captchaToken: input.captchaToken }),
    },
  });
  if (error || !data.user) throw signUpRefusal(error);
  if (!data.session) {
    return Response.json({ email: input.email, confirmationRequired: true }, { status: 202 });
  }
  const { data: org, error: orgError } = await userClient(data.session.access_token).rpc(
    'create_organization',
    { p_name: organization.name, p_country: organization.country, p_currency: organization.currency },
  );
  if (orgError) {
    await adminClient().auth.admin.deleteUser(data.user.id);
    throw fromPostgrest(orgError);
  }
  await forgetPendingOrganization(data.session.access_token);
  return Response.json(
    {
      id: data.user.id,
      email: input.email,
      organization: { id: org.id, name: org.name },
      session: sessionOf(data.session),
    },
    { status: 201 },
  );
}

/**
 * After the confirmation link: creates the organization the person asked for at registration (kept in
 * their user metadata), as them. The name is checked now: taken meanwhile, it answers 409
 * ORGANIZATION_NAME_TAKEN on `name` and the app asks for another (POST /api/organizations). Someone who
 * already has an organization gets it back (a repeated call, a second tab).
 */
export async function completeRegistration(req: Request): Promise<Response> {
  const { db } = await requireUser(req);
  const token = requireToken(req);
  const { data: auth, error: authError } = await db.auth.getUser(token);
  if (authError || !auth.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const { data: memberships, error: membershipsError } = await db
    .from('memberships')
    .select('organization:organizations(id, name)')
    .eq('user_id', auth.user.id)
    .order('created_at')
    .limit(1);
  if (membershipsError) throw fromPostgrest(membershipsError);
  const existing = memberships[0]?.organization;
  if (existing) {
    await forgetPendingOrganization(token);
    return Response.json({ organization: existing });
  }
  const pending = PendingOrganizationSchema.safeParse(auth.user.user_metadata?.organization);
  if (!pending.success)
    throw new AppError('NOT_FOUND', 'No organization is waiting for this account', undefined, {
      reason: 'NO_PENDING_ORGANIZATION',
    });
  const { name, country, currency } = pending.data;
  const { data: org, error } = await db.rpc('create_organization', {
    p_name: name,
    p_country: country,
    p_currency: currency,
  });
  if (error) {
    if (error.code === '23505') throw nameTaken(name, 'name');
    throw fromPostgrest(error);
  }
  await forgetPendingOrganization(token);
  return Response.json({ organization: { id: org.id, name: org.name } }, { status: 201 });
}

/** What registration keeps in the user's metadata (the person may have edited it: checked again). */
const PendingOrganizationSchema = RegisterOrganizationSchema.pick({ country: true, currency: true }).extend({
  name: RegisterOrganizationSchema.shape.organizationName,
});

const nameTaken = (name: string, field: string) =>
  new AppError('ALREADY_EXISTS', 'An organization with this name already exists', undefined, {
    reason: 'ORGANIZATION_NAME_TAKEN',
    params: { name },
    field,
  });

/** Removes the waiting organization from the user's metadata once it exists (a null key is deleted). */
async function forgetPendingOrganization(accessToken: string): Promise<void> {
  const res = await fetch(`${Deno.env.get('SUPABASE_URL')}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: Deno.env.get('SUPABASE_ANON_KEY')!,
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ data: { organization: null } }),
  });
  // Left behind, it does no harm: the next call finds the organization and answers it.
  await res.body?.cancel();
}

/**
 * The session Auth's sign-up answered, handed to the caller: the app starts it as it is, rather than signing
 * in again — which, where the project asks for a captcha, would need a second token from the widget.
 */
const sessionOf = (session: { access_token: string; refresh_token: string; expires_in: number }) => ({
  access_token: session.access_token,
  refresh_token: session.refresh_token,
  expires_in: session.expires_in,
});

const personMetadata = (input: { firstName: string; lastName: string; locale?: 'en' | 'fr' }) => ({
  first_name: input.firstName,
  last_name: input.lastName,
  locale: input.locale ?? 'en',
});

/** Auth's refusal of a sign-up, in the app's codes. */
function signUpRefusal(error: { code?: string; status?: number; message: string } | null): AppError {
  if (error?.code === 'user_already_exists' || error?.code === 'email_exists')
    return new AppError('ALREADY_EXISTS', 'An account with this email already exists', undefined, {
      reason: 'EMAIL_TAKEN',
      field: 'email',
    });
  if (error?.code === 'over_email_send_rate_limit')
    return new AppError('RATE_LIMITED', error.message, undefined, { reason: 'EMAIL_SEND_WAIT' });
  if (error?.status === 429)
    return new AppError('RATE_LIMITED', error.message, undefined, { reason: 'TOO_MANY_ATTEMPTS' });
  if (error?.code === 'captcha_failed')
    return new AppError('BAD_REQUEST', error.message, undefined, { reason: 'CAPTCHA_FAILED' });
  if (error?.code === 'weak_password')
    return new AppError('VALIDATION_FAILED', error.message, undefined, {
      reason: 'PASSWORD_TOO_COMMON',
      field: 'password',
    });
  if (error?.code === 'signup_disabled')
    return new AppError('FORBIDDEN', error.message, undefined, { reason: 'SIGNUP_DISABLED' });
  if (!error?.status || error.status >= 500)
    return new AppError('UNAVAILABLE', 'The service is unavailable for a moment. Please try again.');
  return new AppError('INTERNAL', 'Internal server error');
}

const GONE = { EXPIRED: 'INVITATION_EXPIRED', REVOKED: 'INVITATION_REVOKED', ACCEPTED: 'INVITATION_USED' };

/**
 * Sign-up through an invite link. The invitation is checked first (pending, for this email), then the person
 * signs up through Auth's own sign-up as in register() — the caller's address, Auth's limits and captcha —
 * never through the admin API: an account made there would be confirmed for an address nobody has shown
 * they hold, and anyone who can invite (the owner of any organization, who sees the link) could make one
 * for any address. Then, as the project's email-confirmation setting says:
 * - off: Auth answers a session, and the new user joins the inviting organization with the invitation's role
 *   (register_invitee); if that refuses, the user is deleted again: all or nothing. 201.
 * - on: Auth mails a link and answers no session; nothing is joined yet (the database lets no unconfirmed
 *   address join). The link comes back to the invitation (/invite/<token>), where the person, now signed in,
 *   accepts it. 202, as register()'s.
 */
async function registerInvitee(req: Request, input: RegisterInviteeInput): Promise<Response> {
  const admin = adminClient();
  const { data: preview, error: previewError } = await admin.rpc('invitation_preview', {
    p_token: input.invitationToken,
  });
  if (previewError) throw fromPostgrest(previewError);
  if (!preview)
    throw new AppError('NOT_FOUND', 'This invitation link is not valid', undefined, {
      reason: 'INVITATION_INVALID',
    });
  const invitation = preview as { email: string; status: keyof typeof GONE | 'PENDING' };
  if (invitation.status !== 'PENDING')
    throw new AppError('GONE', 'This invitation can no longer be used', undefined, {
      reason: GONE[invitation.status],
    });
  if (invitation.email.toLowerCase() !== input.email.toLowerCase())
    throw new AppError('FORBIDDEN', 'This invitation was sent to another email address', undefined, {
      reason: 'INVITATION_OTHER_EMAIL',
      field: 'email',
    });
  const origin = req.headers.get('origin');
  const { data: signedUp, error: signUpError } = await anonClient(
    req.headers.get('x-forwarded-for'),
  ).auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: personMetadata(input),
      // The mail's link comes back to the invitation, which the person, signed in by it, accepts.
      ...(origin && {
        emailRedirectTo: new URL(`/invite/${encodeURIComponent(input.invitationToken)}`, origin).toString(),
      }),
      ...(input.captchaToken && { captchaToken: input.captchaToken }),
    },
  });
  if (signUpError || !signedUp.user) throw signUpRefusal(signUpError);
  if (!signedUp.session) {
    return Response.json({ email: input.email, confirmationRequired: true }, { status: 202 });
  }
  const user = signedUp.user;
  const { data, error } = await admin.rpc('register_invitee', {
    p_user_id: user.id,
    p_token: input.invitationToken,
  });
  try {
    if (error) throw fromPostgrest(error);
    const joined = unwrap<{ organization: { id: string; name: string }; role: string }>(data);
    return Response.json(
      {
        id: user.id,
        email: input.email,
        organization: joined.organization,
        role: joined.role,
        session: sessionOf(signedUp.session),
      },
      { status: 201 },
    );
  } catch (e) {
    await admin.auth.admin.deleteUser(user.id);
    throw e;
  }
}

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
  const { userId, email, db } = await requireUser(req);
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
  if (profile.error) throw fromPostgrest(profile.error);
  if (memberships.error) throw fromPostgrest(memberships.error);
  return Response.json({
    id: userId,
    email,
    firstName: profile.data.first_name,
    lastName: profile.data.last_name,
    locale: profile.data.locale,
    organizations: memberships.data.flatMap((m) =>
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
