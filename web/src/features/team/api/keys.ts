// The team's query keys and the shapes the server answers for invitations, employees and an accepted
// invitation.
import type { Role } from '@shared/schemas/team.ts';

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
export const ORG_KEY = '/api/organizations';
