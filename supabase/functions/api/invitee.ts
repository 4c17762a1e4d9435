// Sign-up through an invite link (POST /api/auth/register with an invitationToken): the new person joins
// the inviting organization with the invitation's role instead of making one.
import type { RegisterInviteeInput } from '@shared/schemas/accounts.ts';
import { adminClient } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, unwrap } from '../_shared/refusals.ts';
import { ok } from './request.ts';
import { confirmationRequired, sessionOf, signUp } from './sign-up.ts';

const GONE = { EXPIRED: 'INVITATION_EXPIRED', REVOKED: 'INVITATION_REVOKED', ACCEPTED: 'INVITATION_USED' };

/**
 * The invitation is checked first (pending, for this email), then the person signs up through Auth's own
 * sign-up as in register() — the caller's address, Auth's limits and captcha — never through the admin API:
 * an account made there would be confirmed for an address nobody has shown they hold, and anyone who can
 * invite (the owner of any organization, who sees the link) could make one for any address. Then, as the
 * project's email-confirmation setting says:
 * - off: Auth answers a session, and the new user joins the inviting organization with the invitation's role
 *   (register_invitee); if that refuses, the user is deleted again: all or nothing. 201.
 * - on: Auth mails a link and answers no session; nothing is joined yet (the database lets no unconfirmed
 *   address join). The link comes back to the invitation (/invite/<token>), where the person, now signed in,
 *   accepts it. 202, as register()'s.
 */
export async function registerInvitee(req: Request, input: RegisterInviteeInput): Promise<Response> {
  const admin = adminClient();
  const { data: preview } = ok(await admin.rpc('invitation_preview', { p_token: input.invitationToken }));
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
  // The mail's link comes back to the invitation, which the person, signed in by it, accepts.
  const { user, session } = await signUp(
    req,
    input,
    {},
    `/invite/${encodeURIComponent(input.invitationToken)}`,
  );
  if (!session) return confirmationRequired(input.email);
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
        session: sessionOf(session),
      },
      { status: 201 },
    );
  } catch (e) {
    await admin.auth.admin.deleteUser(user.id);
    throw e;
  }
}
