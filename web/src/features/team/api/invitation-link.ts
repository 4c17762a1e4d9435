// An invitation's link, used outside any organization (the invitee is not a member yet): its preview, its
// acceptance and the sign-up from it. Apart from the team's screen code, so that the invitee's pages load
// only this.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterInviteeInput } from '@shared/schemas/accounts.ts';
import type { Role } from '@shared/schemas/team.ts';
import { apiFetch, type StartedSession } from '@/lib/api-client.ts';
import { type Accepted, type InvitationPreview, teamKeys } from './keys.ts';

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: () => apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    // Read afresh on every visit (it may have been revoked or used since) and not kept once left.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Joining needs the server there and then (no organization to queue it under yet): sent directly. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiFetch<Accepted>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
  });

/**
 * Sign-up through the invite link: the account is made and joins the organization in one call; or, where
 * the project confirms emails, "confirmation required" — the mail's link brings the person back to the
 * invitation, to accept it signed in.
 */
export const registerInvitee = (input: RegisterInviteeInput) =>
  apiFetch<
    | { id: string; organization: { id: string; name: string }; role: Role; session: StartedSession }
    | { email: string; confirmationRequired: true }
  >('/api/auth/register', { body: input });
