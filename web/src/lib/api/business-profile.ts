// The business profile: the seller's details every document prints (quote, invoice, receipt, the public
// page, the PDF). Settings edits it; the sales documents read it. The public page gets the same shape from
// the server (private.seller_json).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessProfile, BusinessProfileInput } from '@shared/schemas/accounts.ts';
import { apiFetch } from '../api-client.ts';
import { useOrganization } from '../organization.tsx';

export type { BusinessProfile, BusinessProfileInput };

export interface MobileMoneyNumber {
  provider: string;
  number: string;
  name?: string | null;
}

/** The seller as a document prints it: the organization and, where filled in, its profile. */
export interface Seller {
  name: string;
  country: string;
  currency: string;
  legalName?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  taxIdLabel?: string | null;
  taxId?: string | null;
  logo?: string | null;
  bankName?: string | null;
  bankAccountName?: string | null;
  bankAccountNumber?: string | null;
  mobileMoney?: MobileMoneyNumber[];
  paymentTermsDays?: number | null;
  footer?: string | null;
}

export const businessProfileQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['/api/organizations/profile', orgId],
    queryFn: () => apiFetch<BusinessProfile>(`/api/organizations/${orgId}/profile`),
    staleTime: 5 * 60_000,
  });

export const useBusinessProfile = (orgId: string) => useQuery(businessProfileQuery(orgId));

export const saveBusinessProfile = (orgId: string, input: BusinessProfileInput) =>
  apiFetch<BusinessProfile>(`/api/organizations/${orgId}/profile`, { method: 'PUT', body: input });

/** The current organization as the seller of its documents (its name alone until the profile arrives). */
export function useSeller(): Seller {
  const org = useOrganization();
  const profile = useBusinessProfile(org.id);
  return { name: org.name, country: org.country, currency: org.currency, ...profile.data };
}
