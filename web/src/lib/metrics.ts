// GET /api/reports/metrics for the current organization: the dashboard cards and the inventory badge.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

export interface Metrics {
  currency: string;
  cashReceived: number;
  revenueThisMonth: number;
  revenueLastMonth: number;
  revenueByCurrency: Record<string, number>;
  activeCustomers: number;
  newCustomersThisMonth: number;
  pendingInvoices: number;
  outstanding: number;
  outstandingByCurrency: Record<string, number>;
  lowStockItems: number;
}

export const metricsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['/api/reports/metrics', orgId],
    queryFn: () => apiFetch<Metrics>('/api/reports/metrics', { orgId }),
  });

export const useMetrics = (orgId: string) => useQuery(metricsQuery(orgId));
