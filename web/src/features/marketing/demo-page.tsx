import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import { DEMO_INVOICES, DEMO_LEADS, DEMO_METRICS, DEMO_PRODUCTS, LOW_STOCK_THRESHOLD } from './demo-data.ts';

const TABS = ['dashboard', 'inventory', 'invoices', 'crm'] as const;
type Tab = (typeof TABS)[number];

function stockState(stock: number) {
  if (stock <= 0) return 'demo.stock.out';
  return stock <= LOW_STOCK_THRESHOLD ? 'demo.stock.low' : 'demo.stock.in';
}

function Panel({ tab }: { tab: Tab }) {
  const { locale } = useIntl();
  const money = (v: number) => formatMoney(v, 'GHS', locale);
  if (tab === 'dashboard') {
    const cards = [
      ['demo.metric.revenue', money(DEMO_METRICS.revenue)],
      ['demo.metric.customers', DEMO_METRICS.customers],
      ['demo.metric.pending', DEMO_METRICS.pendingInvoices],
      ['demo.metric.lowStock', DEMO_METRICS.lowStock],
    ] as const;
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map(([id, value]) => (
          <div key={id} className="stat rounded-box bg-base-200">
            <div className="stat-title">
              <FormattedMessage id={id} />
            </div>
            <div className="stat-value text-2xl">{value}</div>
          </div>
        ))}
      </div>
    );
  }
  const rows =
    tab === 'inventory'
      ? DEMO_PRODUCTS.map((p) => [
          p.name,
          p.sku,
          p.stock,
          money(p.price),
          <FormattedMessage key="s" id={stockState(p.stock)} />,
        ])
      : tab === 'invoices'
        ? DEMO_INVOICES.map((i) => [
            i.number,
            i.customer,
            money(i.total),
            <FormattedMessage key="s" id={`demo.status.${i.status}`} />,
          ])
        : DEMO_LEADS.map((l) => [
            l.name,
            l.company,
            <FormattedMessage key="s" id={`demo.stage.${l.stage}`} />,
            money(l.value),
          ]);
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DemoPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<Tab>('dashboard');
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="demo.title" />
      </h1>
      <p className="mt-1 opacity-70">
        <FormattedMessage id="demo.sample" />
      </p>
      <div
        role="tablist"
        aria-label={intl.formatMessage({ id: 'demo.title' })}
        className="tabs tabs-box mt-6 overflow-x-auto"
      >
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`tab min-h-11 ${tab === t ? 'tab-active' : ''}`}
            onClick={() => setTab(t)}
          >
            <FormattedMessage id={`demo.tab.${t}`} />
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4">
        <Panel tab={tab} />
      </div>
    </div>
  );
}
