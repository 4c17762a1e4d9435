// The dashboard's figures for the current organization, in one call.
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../../packages/shared/schemas/crm.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrganization } from '../../../lib/organization.tsx';

export const dashboardKeys = { all: (orgId: string) => ['/api/dashboard', orgId] as const };

export function useDashboard() {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: dashboardKeys.all(orgId),
    queryFn: () => apiFetch<Dashboard>('/api/dashboard', { orgId }),
  });
}
