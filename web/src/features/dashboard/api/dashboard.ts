// The dashboard's figures for the current organization, in one call.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';

export const dashboardKeys = { all: (orgId: string) => ['/api/dashboard', orgId] as const };

export const dashboardQuery = (orgId: string) =>
  queryOptions({
    queryKey: dashboardKeys.all(orgId),
    queryFn: () => apiFetch<Dashboard>('/api/dashboard', { orgId }),
  });

export const useDashboard = () => useQuery(dashboardQuery(useOrganization().id));
