// Revenue and expenses over the range, side by side per day, week or month, in one currency: a plain
// SVG (no chart library to download); the figures are also in a table for screen readers.
import { useIntl } from 'react-intl';
import type { TimeseriesReport } from '@shared/schemas/accounting.ts';
import { formatMoney } from '@/lib/money.ts';
import { useT } from '@/lib/i18n.tsx';

const HEIGHT = 160;

export function RevenueChart({ series, currency }: { series: TimeseriesReport; currency: string }) {
  const intl = useIntl();
  const t = useT();
  const amount = (list: { currency: string; amount: number }[]) =>
    Number(list.find((m) => m.currency === currency)?.amount ?? 0);
  const points = series.buckets.map((b) => ({
    start: b.start,
    revenue: amount(b.revenue),
    expenses: amount(b.expenses),
  }));
  const max = Math.max(1, ...points.flatMap((p) => [p.revenue, p.expenses]));
  const slot = 100 / Math.max(points.length, 1);
  const label = (start: string) =>
    new Date(`${start}T00:00:00Z`).toLocaleDateString(intl.locale, {
      timeZone: 'UTC',
      day: series.unit === 'month' ? undefined : 'numeric',
      month: 'short',
      year: series.unit === 'month' ? '2-digit' : undefined,
    });
  const bar = (x: number, value: number, className: string) => {
    const h = (value / max) * (HEIGHT - 4);
    return <rect x={x} y={HEIGHT - h} width={slot * 0.35} height={h} className={className} />;
  };
  return (
    <figure className="flex flex-col gap-2" data-testid="revenue-chart">
      <figcaption className="flex flex-wrap items-center gap-4 text-sm">
        <span className="font-semibold">{t('reports.chart.title')}</span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-success" /> {t('reports.cashReceived')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-error" /> {t('reports.totalExpenses')}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
      >
        {points.map((p, i) => (
          <g key={p.start}>
            {bar(i * slot + slot * 0.1, p.revenue, 'fill-success')}
            {bar(i * slot + slot * 0.5, p.expenses, 'fill-error')}
          </g>
        ))}
      </svg>
      <div className="flex w-full justify-between gap-2 text-xs opacity-70" aria-hidden="true">
        <span>{points[0] && label(points[0].start)}</span>
        <span>{points.length > 1 && label(points[points.length - 1]!.start)}</span>
      </div>
      <table className="sr-only">
        <caption>{t('reports.chart.title')}</caption>
        <thead>
          <tr>
            <th>{t('reports.col.period')}</th>
            <th>{t('reports.cashReceived')}</th>
            <th>{t('reports.totalExpenses')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.start}>
              <td>{label(p.start)}</td>
              <td>{formatMoney(p.revenue, currency, intl.locale)}</td>
              <td>{formatMoney(p.expenses, currency, intl.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
