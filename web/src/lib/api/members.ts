// The organization's members: one query (and one cache entry) for every screen that lists them — the team,
// the CRM's owner picker, the activity log's filter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/schemas/team.ts';
import { apiList } from '../api-client.ts';
import { useOrganization } from '../organization.tsx';

export interface Member {
  id: string;
  role: Role;
  createdAt: string;
  status: 'Active';
  user: { firstName: string; lastName: string; email: string };
}

export const membersKey = (orgId: string) => ['/api/organizations', orgId, 'members'] as const;

export const membersQuery = (orgId: string) =>
  queryOptions({
    queryKey: membersKey(orgId),
    queryFn: () => apiList<Member>(`/api/organizations/${orgId}/members`, { orgId }),
  });

export const useMembers = () => useQuery(membersQuery(useOrganization().id));
