// Settings: the current organization's details, plan and activity log, and the profile. These writes are
// answered at once rather than queued (docs/decisions/007): a refusal must be shown on the spot.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrganizationInput, ProfileInput } from '../../../../packages/shared/schemas/accounts.ts';
import { apiFetch, apiList } from '../../lib/api-client.ts';

export interface AuditEntry {
  id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  entity: string;
  fields: string[];
  actor: string | null;
  createdAt: string;
}

export interface AuditFilters {
  entity: string;
  actor: string;
  from: string;
  to: string;
}

export interface Plan {
  plan: 'STARTER' | 'GROWTH' | 'BUSINESS';
  status: 'ACTIVE' | 'TRIAL' | 'SUSPENDED' | 'EXPIRED';
  startsAt: string | null;
  endsAt: string | null;
  trialEndsAt: string | null;
  limits: Record<PlanLimit, number | null>;
  usage: Record<PlanLimit, number>;
}
export type PlanLimit = 'members' | 'invoicesPerMonth' | 'products';

export const settingsKeys = {
  organization: (orgId: string) => ['/api/organizations', orgId] as const,
  plan: (orgId: string) => ['/api/organizations', orgId, 'plan'] as const,
  audit: (orgId: string, offset: number, filters: AuditFilters) =>
    ['/api/audit', orgId, offset, filters] as const,
};

export type OrganizationDetails = OrganizationInput & { id: string };

export const useOrganizationDetails = (orgId: string) =>
  useQuery({
    queryKey: settingsKeys.organization(orgId),
    queryFn: () => apiFetch<OrganizationDetails>(`/api/organizations/${orgId}`),
  });

export const updateOrganization = (orgId: string, input: OrganizationInput) =>
  apiFetch<OrganizationDetails>(`/api/organizations/${orgId}`, { method: 'PUT', body: input });

/** Deletes the organization; the server checks the name typed to confirm. */
export const deleteOrganization = (orgId: string, typedName: string) =>
  apiFetch(`/api/organizations/${orgId}`, { method: 'DELETE', body: { name: typedName } });

export const saveProfile = (input: ProfileInput) => apiFetch('/api/profile', { method: 'PUT', body: input });

export const usePlan = (orgId: string) =>
  useQuery({
    queryKey: settingsKeys.plan(orgId),
    queryFn: () => apiFetch<Plan>(`/api/organizations/${orgId}/plan`),
  });

export function useAuditLog(orgId: string, offset: number, limit: number, filters: AuditFilters) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return useQuery({
    queryKey: settingsKeys.audit(orgId, offset, filters),
    queryFn: () => apiList<AuditEntry>(`/api/audit?${query.toString()}`, { orgId }),
    placeholderData: keepPreviousData,
  });
}
