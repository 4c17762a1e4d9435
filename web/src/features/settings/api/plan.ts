// The organization's plan and how much of each limit is used.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { type Plan, settingsKeys } from './keys.ts';

export const planQuery = (orgId: string) =>
  queryOptions({
    queryKey: settingsKeys.plan(orgId),
    queryFn: () => apiFetch<Plan>(`/api/organizations/${orgId}/plan`),
  });

export const usePlan = (orgId: string) => useQuery(planQuery(orgId));
