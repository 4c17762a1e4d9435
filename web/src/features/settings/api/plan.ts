// The organization's plan and how much of each limit is used.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type Plan, settingsKeys } from './keys.ts';

export const usePlan = (orgId: string) =>
  useQuery({
    queryKey: settingsKeys.plan(orgId),
    queryFn: () => apiFetch<Plan>(`/api/organizations/${orgId}/plan`),
  });
