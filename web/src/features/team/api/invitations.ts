// Invitations: the organization's pending ones and the writes that send and revoke them. What the invitee does
// with the link, outside any organization, is in ./invitation-link.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationInput } from '@shared/schemas/team.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { type CreatedInvitation, type Invitation, ORG_KEY, teamKeys } from './keys.ts';

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
