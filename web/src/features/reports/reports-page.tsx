// /reports: a report type and a date range (7, 30, 90 or 365 days, in the organization's time zone) that
// every figure follows; the overview's cards and summaries with the revenue-and-expenses chart, a list (a
// table, cards on a phone) for each other report, and Export CSV (`<report>_report.csv`). SALES sees the
// sales and inventory reports.
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { REPORT_FILE_NAMES } from '@shared/csv.ts';
import type { Money, OverviewReport, ReportDays, ReportType } from '@shared/schemas/accounting.ts';
import { REPORT_DAYS, REPORT_TYPES, SALES_REPORT_TYPES } from '@shared/report-types.ts';
import { Loading } from '@/components/ui/loading.tsx';
import { MoneyLines } from '@/components/ui/money-lines.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { downloadFromApi } from '@/lib/download.ts';
import { formatMoney } from '@/lib/money.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useReport } from './api/reports.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { ListReport } from './report-lists.tsx';
import { notifyError } from '@/lib/feedback.ts';
import { useLocale, useT } from '@/lib/i18n.tsx';

const negative = (list: Money[]) => list.some((m) => m.amount < 0);

/** An overview with nothing in it: the export says "No Data" rather than a file of zeros. */
function isEmptyOverview(o: OverviewReport): boolean {
  const none = (list: Money[]) => list.every((m) => m.amount === 0);
  return (
    none(o.revenue) &&
    none(o.expenses) &&
    o.activeCustomers === 0 &&
    o.sales.totalInvoices === 0 &&
    o.inventory.totalProducts === 0
  );
}

function Summary({ title, rows, testId }: { title: string; rows: [string, ReactNode][]; testId: string }) {
  return (
    <section className="card border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-2 p-4">
        <h2 className="font-semibold">{title}</h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="opacity-70">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Overview({ days }: { days: ReportDays }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const overview = useReport('overview', days).data;
  const series = useReport('timeseries', days).data;
  if (!overview) return <Loading />;
  const { sales, inventory } = overview;
  const money = (n: number, currency = inventory.currency) => formatMoney(n, currency, intl.locale);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          testId="report-cashReceived"
          title={t('reports.cashReceived')}
          value={<MoneyLines amounts={overview.revenue} fallback={org.currency} />}
        />
        <StatCard
          testId="report-totalExpenses"
          title={t('reports.totalExpenses')}
          value={<MoneyLines amounts={overview.expenses} fallback={org.currency} />}
        />
        <StatCard
          testId="report-profitLoss"
          title={t('reports.profitLoss')}
          value={<MoneyLines amounts={overview.profit} fallback={org.currency} />}
          tone={negative(overview.profit) ? 'error' : undefined}
        />
        <StatCard
          testId="report-activeCustomers"
          title={t('reports.activeCustomers')}
          value={intl.formatNumber(overview.activeCustomers)}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Summary
          testId="sales-summary"
          title={t('reports.salesSummary')}
          rows={[
            [t('reports.totalInvoices'), intl.formatNumber(sales.totalInvoices)],
            [t('reports.paidInvoices'), intl.formatNumber(sales.paidInvoices)],
            [t('reports.pendingInvoices'), intl.formatNumber(sales.pendingInvoices)],
            [
              t('reports.averageInvoiceValue'),
              <MoneyLines key="avg" amounts={sales.averageInvoiceValue} fallback={org.currency} />,
            ],
            [
              t('reports.invoicedNet'),
              <MoneyLines key="invoiced" amounts={sales.invoiced ?? []} fallback={org.currency} />,
            ],
            // Recurring invoices, as of now whatever the range.
            [
              t('reports.monthlyRecurringRevenue'),
              <MoneyLines
                key="mrr"
                amounts={overview.subscriptions?.monthlyRecurringRevenue ?? []}
                fallback={org.currency}
              />,
            ],
            [
              t('reports.activeSubscriptions'),
              intl.formatNumber(overview.subscriptions?.activeSubscriptions ?? 0),
            ],
          ]}
        />
        <Summary
          testId="inventory-summary"
          title={t('reports.inventorySummary')}
          rows={[
            [t('reports.totalProducts'), intl.formatNumber(inventory.totalProducts)],
            [t('reports.lowStockItems'), intl.formatNumber(inventory.lowStockItems)],
            [t('reports.stockValue'), money(inventory.stockValue)],
            [t('reports.potentialRevenue'), money(inventory.potentialRevenue)],
          ]}
        />
      </div>
      <section className="card border border-base-300 bg-base-100">
        <div className="card-body p-4">
          {series ? <RevenueChart series={series} currency={org.currency} /> : <Loading />}
        </div>
      </section>
    </div>
  );
}

/** A reversal's own row (docs/decisions/010-corrections.md): marked, with its reason. */
export function ReportsPage() {
  const intl = useIntl();
  const t = useT();
  const { locale } = useLocale();
  const org = useOrganization();
  const onlySales = !useCan('report.readFinancial');
  const types = onlySales ? SALES_REPORT_TYPES : REPORT_TYPES;
  const [type, setType] = useState<ReportType>(types[0]!);
  const [days, setDays] = useState<ReportDays>(30);
  const [exporting, setExporting] = useState(false);
  // What the screen shows decides whether there is anything to export (a cached answer, no extra call).
  const current = useReport(type, days).data;
  const range = current && 'range' in current ? current.range : null;

  const exportCsv = async () => {
    if (!current) return; // the button waits for the report (see below)
    const empty =
      type === 'overview'
        ? isEmptyOverview(current as OverviewReport)
        : (current as { total: number }).total === 0;
    if (empty) {
      notify({ variant: 'error', title: t('common.noData'), description: t('common.noDataText') });
      return;
    }
    setExporting(true);
    try {
      await downloadFromApi(
        `/api/reports/${type}?format=csv&days=${days}&lang=${locale}`,
        org.id,
        REPORT_FILE_NAMES[type],
      );
    } catch (e) {
      notifyError(intl, e);
      return;
    } finally {
      setExporting(false);
    }
    notify({ title: t('common.success'), description: t('reports.exported') });
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div className="sm:w-56">
          <SelectField
            id="report-type"
            label={t('reports.type')}
            value={type}
            onChange={(e) => setType(e.target.value as ReportType)}
            options={types.map((value) => ({ value, label: t(`reports.type.${value}`) }))}
          />
        </div>
        <div className="sm:w-56">
          <SelectField
            id="report-range"
            label={t('reports.range')}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value) as ReportDays)}
            options={REPORT_DAYS.map((d) => ({
              value: String(d),
              label: t('reports.lastDays', { days: String(d) }),
            }))}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary col-span-2 min-h-11 sm:ml-auto"
          // Until the report is read there is no telling whether it has anything to export.
          disabled={exporting || !current}
          onClick={() => void exportCsv()}
        >
          {exporting ? t('reports.exporting') : t('reports.export')}
        </button>
      </div>
      {range && (
        <p className="text-sm opacity-70" data-testid="report-range">
          {t('reports.rangeText', {
            from: new Date(`${range.fromDate}T00:00:00Z`).toLocaleDateString(intl.locale, {
              timeZone: 'UTC',
            }),
            to: new Date(`${range.toDate}T00:00:00Z`).toLocaleDateString(intl.locale, { timeZone: 'UTC' }),
          })}
        </p>
      )}
      {type === 'inventory' && (
        <p className="text-sm opacity-70" data-testid="report-range">
          {t('reports.inventoryNow')}
        </p>
      )}
      {type === 'overview' ? <Overview days={days} /> : <ListReport type={type} days={days} />}
    </section>
  );
}
