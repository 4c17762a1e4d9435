// The dashboard (/): the four metric cards with computed hints, the sales pipeline, inventory alerts,
// Getting Started, recent activity and quick actions — every number read from the server.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { apiList } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/money.ts';
import type { CurrentUser } from '../auth/api/current-user.ts';
import { useMetrics } from '../app/metrics.ts';
import { useCan, useOrganization } from '../app/organization.tsx';
import { useLeadSummary } from '../crm/api.ts';
import { LeadDialog } from '../crm/crm-page.tsx';
import { useProducts } from '../inventory/api.ts';
import { ProductDialog } from '../inventory/product-dialog.tsx';
import { useCustomers, useInvoices, usePayments } from '../sales/api.ts';
import { CreateInvoiceDialog } from '../sales/create-invoice-dialog.tsx';
import { timeAgo } from './time-ago.ts';

const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON'] as const;

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-2 p-4">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function MetricCards() {
  const intl = useIntl();
  const org = useOrganization();
  const m = useMetrics(org.id).data;
  const money = (n: number) => formatMoney(n, org.currency, intl.locale);
  const change =
    m && m.revenueLastMonth > 0
      ? intl.formatNumber((m.revenueThisMonth - m.revenueLastMonth) / m.revenueLastMonth, {
          style: 'percent',
          maximumFractionDigits: 0,
          signDisplay: 'always',
        })
      : null;
  const others = Object.entries(m?.revenueByCurrency ?? {}).filter(([c]) => c !== org.currency);
  const cards = [
    {
      id: 'totalRevenue',
      value: m ? money(m.totalRevenue) : '…',
      hint: !m
        ? ''
        : change
          ? intl.formatMessage({ id: 'dashboard.revenueChange' }, { change })
          : intl.formatMessage({ id: 'dashboard.noLastMonth' }),
      extra: others.length
        ? intl.formatMessage(
            { id: 'dashboard.otherCurrencies' },
            { amounts: others.map(([c, a]) => formatMoney(a, c, intl.locale)).join(', ') },
          )
        : null,
    },
    {
      id: 'activeCustomers',
      value: m ? intl.formatNumber(m.activeCustomers) : '…',
      hint: m ? intl.formatMessage({ id: 'dashboard.newCustomers' }, { count: m.newCustomersThisMonth }) : '',
    },
    {
      id: 'pendingInvoices',
      value: m ? intl.formatNumber(m.pendingInvoices) : '…',
      hint: m ? intl.formatMessage({ id: 'dashboard.outstanding' }, { amount: money(m.outstanding) }) : '',
    },
    {
      id: 'lowStockItems',
      value: m ? intl.formatNumber(m.lowStockItems) : '…',
      hint: m ? intl.formatMessage({ id: 'dashboard.lowStockHint' }, { count: m.lowStockItems }) : '',
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((c) => (
        <StatCard
          key={c.id}
          testId={`metric-${c.id}`}
          title={<FormattedMessage id={`dashboard.${c.id}`} />}
          value={c.value}
          hints={[c.hint, 'extra' in c ? c.extra : null]}
        />
      ))}
    </div>
  );
}

interface Lead {
  id: string;
  name: string;
  company: string | null;
  value: number | null;
  stage: string;
}

function Pipeline() {
  const intl = useIntl();
  const org = useOrganization();
  const stages = useQuery({
    queryKey: ['/api/leads', org.id, 'dashboard'],
    queryFn: () =>
      Promise.all(
        STAGES.map((stage) => apiList<Lead>(`/api/leads?stage=${stage}&limit=3`, { orgId: org.id })),
      ),
  });
  const summaries = useLeadSummary().data;
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.pipeline' })} testId="pipeline">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {STAGES.map((stage, i) => {
          const page = stages.data?.[i];
          const totals = summaries?.find((x) => x.stage === stage)?.totals ?? [];
          return (
            <div key={stage} className="rounded-box bg-base-200 p-2" data-testid={`stage-${stage}`}>
              <p className="flex justify-between text-sm font-medium">
                <FormattedMessage id={`dashboard.stage.${stage}`} />
                <span className="badge badge-sm">{page?.total ?? 0}</span>
              </p>
              <p className="text-xs opacity-70">
                {(totals.length ? totals : [{ currency: org.currency, amount: 0 }])
                  .map((x) => formatMoney(x.amount, x.currency, intl.locale))
                  .join(' + ')}
              </p>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {page?.rows.map((l) => (
                  <li key={l.id} className="truncate">
                    {l.name}
                    {l.value != null && (
                      <span className="opacity-60"> · {formatMoney(l.value, org.currency, intl.locale)}</span>
                    )}
                  </li>
                ))}
              </ul>
              {page && page.total > 3 && (
                <p className="text-xs opacity-70">
                  <FormattedMessage id="dashboard.more" values={{ count: page.total - 3 }} />
                </p>
              )}
            </div>
          );
        })}
      </div>
      {stages.data && stages.data.every((p) => p.total === 0) && (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noLeads" />
        </p>
      )}
    </Card>
  );
}

function InventoryAlerts() {
  const intl = useIntl();
  const alerts = useProducts({ search: '', offset: 0, status: 'attention', limit: 5 }).data;
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.inventoryAlerts' })} testId="inventory-alerts">
      {alerts?.rows.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {alerts.rows.map((p) => (
            <li key={p.id} className="flex justify-between gap-2">
              <span className="truncate">{p.name}</span>
              <span className={p.stockOnHand <= 0 ? 'text-error' : 'text-warning'}>
                <FormattedMessage
                  id="dashboard.inStock"
                  values={{ stock: qty.format(p.stockOnHand), threshold: p.lowStockThreshold }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noAlerts" />
        </p>
      )}
    </Card>
  );
}

function GettingStarted() {
  const intl = useIntl();
  const org = useOrganization();
  const products = useProducts({ search: '', offset: 0, limit: 1 }).data?.total ?? 0;
  const customers = useCustomers('', 0, 1).data?.total ?? 0;
  const invoices = useInvoices({ limit: 2 }).data?.total ?? 0;
  const payments = usePayments(0).data?.total ?? 0;
  const members = useQuery({
    queryKey: ['/api/organizations', org.id, 'members'],
    queryFn: () => apiList<{ id: string }>(`/api/organizations/${org.id}/members`, { orgId: org.id }),
  }).data?.rows.length;
  const steps = [
    { id: 'product', done: products > 0, to: '/inventory' },
    { id: 'customer', done: customers > 0, to: '/sales?tab=customers' },
    { id: 'invoice', done: invoices > 0, to: '/sales' },
    { id: 'payment', done: payments > 0, to: '/accounting' },
    { id: 'team', done: (members ?? 0) > 1, to: '/team' },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.gettingStarted' })} testId="getting-started">
      <p className="text-xs opacity-70">
        <FormattedMessage id="dashboard.stepsDone" values={{ done, total: steps.length }} />
      </p>
      <ul className="flex flex-col gap-1">
        {steps.map((s) => (
          <li key={s.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-success"
              checked={s.done}
              readOnly
              aria-label={intl.formatMessage({ id: `dashboard.step.${s.id}` })}
            />
            {s.done ? (
              <span className="line-through opacity-60">
                <FormattedMessage id={`dashboard.step.${s.id}`} />
              </span>
            ) : (
              <Link to={s.to} className="link">
                <FormattedMessage id={`dashboard.step.${s.id}`} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RecentActivity() {
  const intl = useIntl();
  const invoices = useInvoices({ limit: 2 }).data?.rows.slice(0, 2) ?? [];
  const payments = usePayments(0).data?.rows.slice(0, 2) ?? [];
  const lowStock =
    useProducts({ search: '', offset: 0, status: 'attention', limit: 5 }).data?.rows.slice(0, 2) ?? [];
  const items = [
    ...invoices.map((i) => ({
      key: `i-${i.id}`,
      at: i.createdAt,
      text: intl.formatMessage(
        { id: 'dashboard.activity.invoice' },
        { number: i.number, customer: i.customer.name },
      ),
    })),
    ...payments.map((p) => ({
      key: `p-${p.id}`,
      at: p.receivedAt,
      text: intl.formatMessage(
        { id: 'dashboard.activity.payment' },
        { amount: formatMoney(p.amount, p.currency, intl.locale), number: p.invoice?.number ?? '' },
      ),
    })),
    ...lowStock.map((p) => ({
      key: `s-${p.id}`,
      at: p.updatedAt,
      text: intl.formatMessage({ id: 'dashboard.activity.lowStock' }, { name: p.name }),
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 5);
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.recentActivity' })} testId="recent-activity">
      {items.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((a) => (
            <li key={a.key} className="flex justify-between gap-2">
              <span>{a.text}</span>
              <span className="shrink-0 opacity-60">{timeAgo(intl, a.at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noActivity" />
        </p>
      )}
    </Card>
  );
}

function QuickActions() {
  const intl = useIntl();
  const navigate = useNavigate();
  const canStock = useCan('OWNER', 'MANAGER');
  const canLead = useCan('OWNER', 'MANAGER', 'SALES');
  const [open, setOpen] = useState<'invoice' | 'product' | 'lead' | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={t('dashboard.quickActions')} testId="quick-actions">
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-primary min-h-11" onClick={() => setOpen('invoice')}>
          {t('dashboard.createInvoice')}
        </button>
        {canStock && (
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('product')}>
            {t('dashboard.addProduct')}
          </button>
        )}
        {canLead && (
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('lead')}>
            {t('dashboard.newLead')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline min-h-11"
          onClick={() => void navigate('/accounting')}
        >
          {t('dashboard.recordPayment')}
        </button>
      </div>
      {open === 'invoice' && <CreateInvoiceDialog onClose={() => setOpen(null)} />}
      {open === 'product' && <ProductDialog onClose={() => setOpen(null)} />}
      {open === 'lead' && <LeadDialog onClose={() => setOpen(null)} />}
    </Card>
  );
}

export function DashboardPage({ user }: { user: CurrentUser }) {
  const org = useOrganization();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <div>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="app.welcome" values={{ name: user.firstName || user.email }} />
        </h1>
        <p className="text-sm opacity-70">
          {org.name} ·{' '}
          <FormattedMessage
            id="app.role"
            values={{ role: <FormattedMessage id={`app.role.${org.role}`} /> }}
          />
        </p>
      </div>
      <MetricCards />
      <Pipeline />
      <div className="grid gap-4 md:grid-cols-2">
        <QuickActions />
        <RecentActivity />
        <InventoryAlerts />
        <GettingStarted />
      </div>
    </section>
  );
}
