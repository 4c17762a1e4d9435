// After sign-in, once the app is idle and online, the device keeps what each screen shows first: the same
// queries the screens make (their first page, no search), read one after another so a 3G connection is not
// flooded, and kept with the rest of the query cache. Every signed-in screen then opens offline with the
// data of that moment, not only the screens visited online. What is already kept and less than an hour old
// is not read again (a screen reads its own again when opened online).
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { REPORT_TYPES, SALES_REPORT_TYPES } from '@shared/report-types.ts';
import { can, type Role } from '@shared/permissions.ts';
import { isOnline } from '@/lib/connection.ts';
import { businessProfileQuery } from '@/lib/api/business-profile.ts';
import { membersQuery } from '@/lib/api/members.ts';
import { productsQuery } from '@/lib/api/products.ts';
import { metricsQuery } from '@/lib/metrics.ts';
import { preferencesQuery } from '@/lib/preferences.ts';
import { accountingSummaryQuery } from '@/features/accounting/api/summary.ts';
import { expensesQuery } from '@/features/accounting/api/expenses.ts';
import { leadSummaryQuery, leadsQuery } from '@/features/crm/api/leads.ts';
import { LEAD_STAGES } from '@shared/schemas/values.ts';
import { dashboardQuery } from '@/features/dashboard/api/dashboard.ts';
import { purchaseOrdersQuery } from '@/features/inventory/api/purchase-orders.ts';
import { suppliersQuery } from '@/features/inventory/api/suppliers.ts';
import { reportQuery } from '@/features/reports/api/reports.ts';
import { customersQuery } from '@/features/customers/api/customers.ts';
import { invoicesQuery } from '@/features/invoices/api/invoices.ts';
import { paymentsQuery } from '@/features/payments/api/payments.ts';
import { subscriptionsQuery } from '@/features/subscriptions/api/subscriptions.ts';
import { AUDIT_PAGE_SIZE, auditLogQuery } from '@/features/settings/api/audit.ts';
import { organizationDetailsQuery } from '@/features/settings/api/organization.ts';
import { planQuery } from '@/features/settings/api/plan.ts';
import { employeesQuery } from '@/features/team/api/employees.ts';
import { invitationsQuery } from '@/features/team/api/invitations.ts';

/** Kept data younger than this is not read again. */
const FRESH_MS = 60 * 60 * 1000;
/** The report period a screen opens on. */
const DEFAULT_DAYS = 30;

/** What each screen reads when it opens (with its first tab, page and no search), by screen. */
export function screenQueries(orgId: string, role: Role) {
  return {
    dashboard: [dashboardQuery(orgId), metricsQuery(orgId)],
    inventory: [
      productsQuery(orgId, { search: '', offset: 0 }),
      suppliersQuery(orgId),
      purchaseOrdersQuery(orgId, 0),
    ],
    sales: [
      invoicesQuery(orgId, { search: '', offset: 0 }),
      customersQuery(orgId, '', 0),
      paymentsQuery(orgId, 0),
      // The forms: Create Invoice's products, customers and payment terms, Record Payment's invoices.
      productsQuery(orgId, { search: '', offset: 0, limit: 500 }),
      customersQuery(orgId, '', 0, 6),
      // Up to 500 customers, so that searching for one offline (the customer list, Create Invoice) finds
      // them among what is kept (lib/kept-search.ts), not only among the first page.
      customersQuery(orgId, '', 0, 500),
      businessProfileQuery(orgId),
      invoicesQuery(orgId, { status: 'ISSUED', limit: 200 }),
      subscriptionsQuery(orgId),
    ],
    crm: [...LEAD_STAGES.map((s) => leadsQuery(orgId, '', s)), leadSummaryQuery(orgId), membersQuery(orgId)],
    // Expenses only for the roles with expense.read: the device does not ask for what is refused by design.
    accounting: [
      accountingSummaryQuery(orgId),
      ...(can(role, 'expense.read') ? [expensesQuery(orgId, '', 0)] : []),
    ],
    reports: can(role, 'report.readFinancial')
      ? [reportQuery(orgId, REPORT_TYPES[0], DEFAULT_DAYS), reportQuery(orgId, 'timeseries', DEFAULT_DAYS)]
      : [reportQuery(orgId, SALES_REPORT_TYPES[0]!, DEFAULT_DAYS)],
    team: [membersQuery(orgId), invitationsQuery(orgId), employeesQuery(orgId)],
    settings: [
      organizationDetailsQuery(orgId),
      preferencesQuery(orgId),
      planQuery(orgId),
      ...(can(role, 'audit.read')
        ? [auditLogQuery(orgId, 0, AUDIT_PAGE_SIZE, { entity: '', actor: '', from: '', to: '' })]
        : []),
    ],
  };
}

export type Screen = keyof ReturnType<typeof screenQueries>;

/** What this device keeps of a screen: all it shows first, part of it, or nothing yet; and since when. */
export interface ScreenReadiness {
  screen: Screen;
  kept: 'all' | 'part' | 'none';
  /** When the oldest of its kept data was read (ms since 1970), if any is kept. */
  since?: number;
}

/**
 * Each screen's readiness to open offline, from the query cache. A read the server refused to this role
 * (403: a screen it does not see) is left out; a screen with nothing it may read counts as kept.
 */
export function screenReadiness(client: QueryClient, org: { id: string; role: Role }): ScreenReadiness[] {
  return Object.entries(screenQueries(org.id, org.role)).map(([screen, queries]) => {
    const states = queries
      .map((q) => client.getQueryState(q.queryKey))
      .filter((s) => !(s?.data === undefined && s?.error instanceof ApiError && s.error.status === 403));
    const kept = states.filter((s) => s?.data !== undefined);
    const since = kept.length ? Math.min(...kept.map((s) => s!.dataUpdatedAt)) : undefined;
    return {
      screen: screen as Screen,
      kept: kept.length === states.length ? 'all' : kept.length ? 'part' : 'none',
      since,
    };
  });
}

/**
 * Reads and keeps every screen's first data for the organization, one query at a time, stopping when the
 * connection goes or `signal` aborts (another organization chosen, signed out). With `everything`, what is
 * already kept is read again too (the member asked for it).
 */
export async function warmDevice(
  client: QueryClient,
  org: { id: string; role: Role },
  signal: AbortSignal,
  { everything = false }: { everything?: boolean } = {},
): Promise<void> {
  const queries = Object.values(screenQueries(org.id, org.role)).flat();
  for (const query of queries) {
    if (signal.aborted || !isOnline()) return;
    // Read again when older than FRESH_MS: the warming runs at each sign-in and organization change, and
    // reading everything again each time would cost a slow connection more than it brings. A refusal (a
    // screen this role does not see) or a failure leaves nothing kept for it; the rest go on.
    await client.prefetchQuery({
      ...(query as Parameters<QueryClient['prefetchQuery']>[0]),
      staleTime: everything ? 0 : FRESH_MS,
    });
  }
}
