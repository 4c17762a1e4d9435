// A customer's statement for a period (GET /api/customers/:id/statement), its public link (made, revoked)
// and the statement behind a link (/s/:token).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { ShareLink } from '@shared/api/links.ts';
import type { Statement } from '@shared/api/statements.ts';

export interface Period {
  from: string;
  to: string;
}

export function useStatement(customerId: string, period: Period) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: ['/api/customers/statement', orgId, customerId, period],
    queryFn: () =>
      apiFetch<Statement>(
        `/api/customers/${customerId}/statement?${new URLSearchParams({ ...period }).toString()}`,
        { orgId },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useShareStatement(customerId: string) {
  const orgId = useOrganization().id;
  return {
    share: useMutation({
      mutationFn: (period: Period) =>
        apiFetch<ShareLink>(`/api/customers/${customerId}/statement/share`, { orgId, body: period }),
    }),
    revoke: useMutation({
      mutationFn: () => apiFetch(`/api/customers/${customerId}/statement/share`, { orgId, method: 'DELETE' }),
    }),
  };
}

export const usePublicStatement = (token: string) =>
  useQuery({
    queryKey: ['/api/public/statements', token],
    queryFn: () => apiFetch<Statement>(`/api/public/statements/${encodeURIComponent(token)}`),
  });
