// The organization's activity log, filtered by what, who and when.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client.ts';
import { type AuditEntry, type AuditFilters, settingsKeys } from './keys.ts';

/** Entries per page of the activity log. */
export const AUDIT_PAGE_SIZE = 50;

export const auditLogQuery = (orgId: string, offset: number, limit: number, filters: AuditFilters) => {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return queryOptions({
    queryKey: settingsKeys.audit(orgId, offset, filters),
    queryFn: () => apiList<AuditEntry>(`/api/audit?${query.toString()}`, { orgId }),
    placeholderData: keepPreviousData,
  });
};

export const useAuditLog = (orgId: string, offset: number, limit: number, filters: AuditFilters) =>
  useQuery(auditLogQuery(orgId, offset, limit, filters));
