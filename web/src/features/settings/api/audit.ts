// The organization's activity log, filtered by what, who and when.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { type AuditEntry, type AuditFilters, settingsKeys } from './keys.ts';

export function useAuditLog(orgId: string, offset: number, limit: number, filters: AuditFilters) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return useQuery({
    queryKey: settingsKeys.audit(orgId, offset, filters),
    queryFn: () => apiList<AuditEntry>(`/api/audit?${query.toString()}`, { orgId }),
    placeholderData: keepPreviousData,
  });
}
