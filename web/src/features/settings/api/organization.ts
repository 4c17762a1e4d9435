// The organization's own details: read, update, and delete (the owner types its name to confirm).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationInput } from '@shared/schemas/accounts.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { type OrganizationDetails, settingsKeys } from './keys.ts';

export const organizationDetailsQuery = (orgId: string) =>
  queryOptions({
    queryKey: settingsKeys.organization(orgId),
    queryFn: () => apiFetch<OrganizationDetails>(`/api/organizations/${orgId}`),
  });

export const useOrganizationDetails = (orgId: string) => useQuery(organizationDetailsQuery(orgId));

export const updateOrganization = (orgId: string, input: OrganizationInput) =>
  apiFetch<OrganizationDetails>(`/api/organizations/${orgId}`, { method: 'PUT', body: input });

/** Deletes the organization; the server checks the name typed to confirm. */
export const deleteOrganization = (orgId: string, typedName: string) =>
  apiFetch(`/api/organizations/${orgId}`, { method: 'DELETE', body: { name: typedName } });
