// The reports and their periods: what /api/reports answers and the reports screen offers.
export const REPORT_TYPES = ['overview', 'sales', 'payments', 'expenses', 'inventory'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** Reports a SALES member may read (role matrix); the others are refused. */
export const SALES_REPORT_TYPES: readonly ReportType[] = ['sales', 'inventory'];
export const REPORT_DAYS = [7, 30, 90, 365] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];
