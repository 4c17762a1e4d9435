// The accounting summary of the current organization: revenue invoiced, money received, expenses (one set
// of figures with the reports and the dashboard).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingSummary } from '@shared/schemas/accounting.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { accountingKeys } from './keys.ts';

export const accountingSummaryQuery = (orgId: string) =>
  queryOptions({
    queryKey: accountingKeys.summary(orgId),
    queryFn: () => apiFetch<AccountingSummary>('/api/accounting/summary', { orgId }),
  });

export const useAccountingSummary = () => useQuery(accountingSummaryQuery(useOrganization().id));
