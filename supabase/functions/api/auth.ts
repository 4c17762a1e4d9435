// /api/auth/* and the /api/login, /api/logout navigations.
import {
  LoginInputSchema,
  RegisterInputSchema,
  RegisterInviteeInputSchema,
  type RegisterInviteeInput,
} from '../../../packages/shared/schemas/accounts.ts';
import { adminClient, anonClient, requireUser } from '../_shared/clients.ts';
import { unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';

/**
 * Creates the auth user, then (as the service role) the profile's organization, OWNER membership and
 * Starter license in one SQL transaction; if that fails the auth user is deleted again: all or nothing.
 */
export async function register(req: Request): Promise<Response> {
  // With an invite link's token: the person joins the inviting organization instead (registerInvitee).
  const invited = await req
    .clone()
    .json()
    .then(
      (body: unknown) => typeof (body as { invitationToken?: unknown } | null)?.invitationToken === 'string',
      () => false,
    );
  if (invited) return registerInvitee(await parseBody(req, RegisterInviteeInputSchema));
  const input = await parseBody(req, RegisterInputSchema);
  const admin = adminClient();
  const { data: free, error: checkError } = await admin.rpc('organization_name_available', {
    p_name: input.organizationName,
  });
  if (checkError) throw fromPostgrest(checkError);
  if (!free)
    throw new AppError('ALREADY_EXISTS', 'An organization with this name already exists', undefined, {
      reason: 'ORGANIZATION_NAME_TAKEN',
      params: { name: input.organizationName },
      field: 'organizationName',
    });

  const user = await createUser(input);
  const { data: org, error: orgError } = await admin.rpc('register_organization', {
    p_user_id: user.id,
    p_name: input.organizationName,
    p_country: input.country,
    p_currency: input.currency,
  });
  if (orgError) {
    await admin.auth.admin.deleteUser(user.id);
    throw fromPostgrest(orgError);
  }
  return Response.json(
    { id: user.id, email: input.email, organization: { id: org.id, name: org.name } },
    { status: 201 },
  );
}

/** The auth user of a registration, with the names and language the profile keeps. */
async function createUser(input: Omit<RegisterInviteeInput, 'invitationToken'>) {
  const { data: created, error } = await adminClient().auth.admin.createUser({
    email: input.email,
    password: input.password,
    email_confirm: true,
    user_metadata: { first_name: input.firstName, last_name: input.lastName, locale: input.locale ?? 'en' },
  });
  if (error || !created.user) {
    if (error?.code === 'email_exists' || error?.status === 422) {
      throw new AppError('ALREADY_EXISTS', 'An account with this email already exists', undefined, {
        reason: 'EMAIL_TAKEN',
        field: 'email',
      });
    }
    throw new AppError('INTERNAL', 'Internal server error');
  }
  return created.user;
}

const GONE = { EXPIRED: 'INVITATION_EXPIRED', REVOKED: 'INVITATION_REVOKED', ACCEPTED: 'INVITATION_USED' };

/**
 * Sign-up through an invite link: the invitation is checked first (pending, for this email), then the auth
 * user is created and joins the inviting organization in one SQL call (register_invitee); if that refuses,
 * the auth user is deleted again. No organization of their own.
 */
async function registerInvitee(input: RegisterInviteeInput): Promise<Response> {
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
  const user = await createUser(input);
  const { data, error } = await admin.rpc('register_invitee', {
    p_user_id: user.id,
    p_token: input.invitationToken,
  });
  try {
    if (error) throw fromPostgrest(error);
    const joined = unwrap<{ organization: { id: string; name: string }; role: string }>(data);
    return Response.json(
      { id: user.id, email: input.email, organization: joined.organization, role: joined.role },
      { status: 201 },
    );
  } catch (e) {
    await admin.auth.admin.deleteUser(user.id);
    throw e;
  }
}

/** Signs in with email and password and returns the session, for integrators; the app signs in with Auth directly. */
export async function login(req: Request): Promise<Response> {
  const input = await parseBody(req, LoginInputSchema);
  // Auth limits sign-ins per address: it is told the caller's, not the function's own.
  const { data, error } = await anonClient(req.headers.get('x-forwarded-for')).auth.signInWithPassword(input);
  if (error || !data.session) {
    if (error?.status === 429)
      throw new AppError('RATE_LIMITED', error.message, undefined, { reason: 'TOO_MANY_ATTEMPTS' });
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
