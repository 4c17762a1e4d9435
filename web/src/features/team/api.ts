// Team data for the current organization: members, pending invitations and employees, and the writes that
// change them (each with its own id through the outbox). The invite link's preview and acceptance are
// outside any organization: the invitee is not a member yet.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterInviteeInput } from '../../../../packages/shared/schemas/accounts.ts';
import type {
  EmployeeInput,
  EmployeeUpdate,
  InvitationInput,
  Role,
} from '../../../../packages/shared/schemas/team.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { useOrganization } from '../../lib/organization.tsx';

import type { Member } from '../../lib/api/members.ts';

export { type Member, useMembers } from '../../lib/api/members.ts';

/** The team queries' keys: the list's path first (what a write refreshes), then the organization. */
export const teamKeys = {
  invitations: (orgId: string) => ['/api/organizations', orgId, 'invitations'],
  employees: (orgId: string) => ['/api/employees', orgId],
  invitation: (token: string) => ['/api/invitations', token],
};

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  status: 'Invited';
  expiresAt: string;
  createdAt: string;
  invitedBy: string | null;
}

export interface CreatedInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  token: string | null;
  link: string | null;
}

export interface Employee {
  id: string;
  name: string;
  email: string | null;
  title: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  createdAt: string;
  updatedAt: string;
}

export interface InvitationPreview {
  organizationName: string;
  inviterName: string | null;
  email: string;
  role: Role;
  status: 'PENDING' | 'EXPIRED' | 'REVOKED' | 'ACCEPTED';
  expiresAt: string;
}

export interface Accepted {
  organization: { id: string; name: string };
  role: Role;
  alreadyMember: boolean;
}

// Under the organization's key, so every write of this file (and the dashboard's member count) refreshes.
const ORG_KEY = '/api/organizations';

export function useInvitations() {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: teamKeys.invitations(orgId),
    queryFn: () => apiFetch<Invitation[]>(`/api/organizations/${orgId}/invitations`, { orgId }),
  });
}

export function useEmployees() {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: teamKeys.employees(orgId),
    queryFn: () => apiFetch<Employee[]>('/api/employees', { orgId }),
  });
}

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

export function useChangeRole() {
  const orgId = useOrganization().id;
  return useWrite<{ member: Member; role: Role }, { id: string; role: Role }>(
    ({ member, role }) => ({
      method: 'PUT',
      path: `/api/organizations/${orgId}/members/${member.id}`,
      body: { role },
      label: member.user.email,
    }),
    [ORG_KEY],
  );
}

export function useRemoveMember() {
  const orgId = useOrganization().id;
  return useWrite<Member, unknown>(
    (member) => ({
      method: 'DELETE',
      path: `/api/organizations/${orgId}/members/${member.id}`,
      label: member.user.email,
    }),
    [ORG_KEY],
  );
}

export const useSaveEmployee = () =>
  useWrite<{ id?: string; input: EmployeeInput | EmployeeUpdate }, Employee>(
    ({ id, input }) =>
      id
        ? { method: 'PUT', path: `/api/employees/${id}`, body: input, label: input.name }
        : // A new employee's id is made on the device, so an add kept offline is applied once.
          { method: 'POST', path: '/api/employees', body: { ...input, id: uuidv7() }, label: input.name },
    ['/api/employees'],
  );

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

/** Sign-up through the invite link: the account is made and joins the organization in one call. */
export const registerInvitee = (input: RegisterInviteeInput) =>
  apiFetch<{ id: string; organization: { id: string; name: string }; role: Role }>('/api/auth/register', {
    body: input,
  });
