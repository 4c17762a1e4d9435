// POST /api/auth/register and /api/auth/register/complete: a new account with its own organization (an
// invite link's token makes it an invitee's registration instead: invitee.ts).
import {
  RegisterInputSchema,
  RegisterInviteeInputSchema,
  RegisterOrganizationSchema,
} from '@shared/schemas/accounts.ts';
import { adminClient, requireToken, userClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import { parseBody } from '../_shared/http.ts';
import { fromPostgrest } from '../_shared/refusals.ts';
import { registerInvitee } from './invitee.ts';
import { ok, userRequest } from './request.ts';
import { confirmationRequired, sessionOf, signUp } from './sign-up.ts';

/**
 * Registration through Auth's own sign-up (sign-up.ts). Then, as the project's email-confirmation setting
 * says:
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
  const { data: free } = ok(
    await adminClient().rpc('organization_name_available', { p_name: input.organizationName }),
  );
  if (!free) throw nameTaken(input.organizationName, 'organizationName');

  const organization = { name: input.organizationName, country: input.country, currency: input.currency };
  // The mail's link comes back to the app's "Check your email" page, which goes on to finish the
  // registration, or says the link no longer works.
  const { user, session } = await signUp(req, input, { organization }, '/check-email');
  if (!session) return confirmationRequired(input.email);
  const { data: org, error: orgError } = await userClient(session.access_token).rpc('create_organization', {
    p_name: organization.name,
    p_country: organization.country,
    p_currency: organization.currency,
  });
  if (orgError) {
    await adminClient().auth.admin.deleteUser(user.id);
    throw fromPostgrest(orgError);
  }
  await forgetPendingOrganization(session.access_token);
  return Response.json(
    {
      id: user.id,
      email: input.email,
      organization: { id: org.id, name: org.name },
      session: sessionOf(session),
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
  const { db } = await userRequest(req);
  const token = requireToken(req);
  const { data: auth, error: authError } = await db.auth.getUser(token);
  if (authError || !auth.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  const { data: memberships } = ok(
    await db
      .from('memberships')
      .select('organization:organizations(id, name)')
      .eq('user_id', auth.user.id)
      .order('created_at')
      .limit(1),
  );
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
