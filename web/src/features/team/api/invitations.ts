// Invitations: the organization's pending ones and the writes that send and revoke them; and, outside any
// organization (the invitee is not a member yet), the link's preview, its acceptance and the sign-up from it.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterInviteeInput } from '../../../../../packages/shared/schemas/accounts.ts';
import type { InvitationInput, Role } from '../../../../../packages/shared/schemas/team.ts';
import { apiFetch, type StartedSession } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useOrganization } from '../../../lib/organization.tsx';
import {
  type Accepted,
  type CreatedInvitation,
  type Invitation,
  type InvitationPreview,
  ORG_KEY,
  teamKeys,
} from './keys.ts';

export const invitationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: teamKeys.invitations(orgId),
    queryFn: () => apiFetch<Invitation[]>(`/api/organizations/${orgId}/invitations`, { orgId }),
  });

export const useInvitations = () => useQuery(invitationsQuery(useOrganization().id));

/** Invites (or invites again, which gives a pending invitation a new link). */
export function useInvite() {
  const orgId = useOrganization().id;
  return useWrite<InvitationInput, CreatedInvitation>(
    (input) => ({
      method: 'POST',
      path: `/api/organizations/${orgId}/invitations`,
      body: input,
      label: input.email,
    }),
    [ORG_KEY],
  );
}

export function useRevokeInvitation() {
  const orgId = useOrganization().id;
  return useWrite<Invitation, unknown>(
    (i) => ({
      method: 'DELETE',
      path: `/api/organizations/${orgId}/invitations/${i.id}`,
      label: i.email,
    }),
    [ORG_KEY],
  );
}

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
