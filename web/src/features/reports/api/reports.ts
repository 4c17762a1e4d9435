// The reports of the current organization: each report's answer by type and period, aggregated in SQL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ExpensesReport,
  InventoryReport,
  OverviewReport,
  PaymentsReport,
  ReportDays,
  ReportType,
  SalesReport,
  TimeseriesReport,
} from '@shared/schemas/accounting.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { PAGE_SIZE } from '@/lib/api/paging.ts';

/** The reports' keys: path first, then the organization. */
export const reportKeys = {
  report: (orgId: string, type: string, days: number, offset: number) => [
    '/api/reports',
    orgId,
    type,
    days,
    offset,
  ],
};

export { PAGE_SIZE };

export interface Answers {
  overview: OverviewReport;
  sales: SalesReport;
  payments: PaymentsReport;
  expenses: ExpensesReport;
  inventory: InventoryReport;
  timeseries: TimeseriesReport;
}

export const reportQuery = <T extends ReportType | 'timeseries'>(
  orgId: string,
  type: T,
  days: ReportDays,
  offset = 0,
) => {
  const q = new URLSearchParams({ days: String(days), offset: String(offset), limit: String(PAGE_SIZE) });
  return queryOptions({
    queryKey: reportKeys.report(orgId, type, days, offset),
    queryFn: () => apiFetch<Answers[T]>(`/api/reports/${type}?${q.toString()}`, { orgId }),
  });
};

export function useReport<T extends ReportType | 'timeseries'>(
  type: T,
  days: ReportDays,
  offset = 0,
  enabled = true,
) {
  return useQuery({
    ...reportQuery(useOrganization().id, type, days, offset),
    // While the next page loads the current one stays; another report or range never stands in for it.
    placeholderData: (previous, query) =>
      query?.queryKey[2] === type && query.queryKey[3] === days ? previous : undefined,
    enabled,
  });
}
