// The accounting summary of the current organization: revenue invoiced, money received, expenses (one set
// of figures with the reports and the dashboard).
import { useQuery } from '@tanstack/react-query';
import type { AccountingSummary } from '../../../../../packages/shared/schemas/accounting.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrganization } from '../../../lib/organization.tsx';
import { accountingKeys } from './keys.ts';

export function useAccountingSummary() {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: accountingKeys.summary(orgId),
    queryFn: () => apiFetch<AccountingSummary>('/api/accounting/summary', { orgId }),
  });
}
