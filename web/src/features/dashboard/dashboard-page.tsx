// The dashboard (/): the four metric cards with computed hints, the sales pipeline, inventory alerts,
// Getting Started, recent activity and quick actions — all from one call (GET /api/dashboard, computed in
// the database), so a phone on 3G waits for one answer, not a dozen. The dialogs load when opened.
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { useDashboard } from './api/dashboard.ts';
import { formatMoney } from '@/lib/money.ts';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { useOnline } from '@/lib/connection.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { timeAgo } from './time-ago.ts';
import { useT } from '@/lib/i18n.tsx';

/** The dialogs the quick actions open, from other features: the app passes them in (app/router.tsx). */
export type QuickDialogs = Record<'invoice' | 'product' | 'lead', ComponentType<{ onClose: () => void }>>;

const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON'] as const;

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-2 p-4">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function MetricCards({ d }: { d: Dashboard }) {
  const intl = useIntl();
  const org = useOrganization();
  const money = (n: number) => formatMoney(n, org.currency, intl.locale);
  const inOrgCurrency = (list: { currency: string; amount: number }[]) =>
    list.find((x) => x.currency === org.currency)?.amount ?? 0;
  const revenueHint = d.hints.revenue.find((r) => r.currency === org.currency);
  const change =
    revenueHint?.changePercent != null
      ? intl.formatNumber(revenueHint.changePercent / 100, {
          style: 'percent',
          maximumFractionDigits: 0,
          signDisplay: 'always',
        })
      : null;
  const others = d.metrics.cashReceived.filter((x) => x.currency !== org.currency && x.amount !== 0);
  const cards = [
    {
      id: 'cashReceived',
      value: money(inOrgCurrency(d.metrics.cashReceived)),
      hint: change
        ? intl.formatMessage({ id: 'dashboard.revenueChange' }, { change })
        : intl.formatMessage({ id: 'dashboard.noLastMonth' }),
      extra: others.length
        ? intl.formatMessage(
            { id: 'dashboard.otherCurrencies' },
            { amounts: others.map((x) => formatMoney(x.amount, x.currency, intl.locale)).join(', ') },
          )
        : null,
    },
    {
      id: 'activeCustomers',
      value: intl.formatNumber(d.metrics.activeCustomers),
      hint: intl.formatMessage({ id: 'dashboard.newCustomers' }, { count: d.hints.newCustomersThisMonth }),
    },
    {
      id: 'pendingInvoices',
      value: intl.formatNumber(d.metrics.pendingInvoices),
      hint: intl.formatMessage(
        { id: 'dashboard.outstanding' },
        { amount: money(inOrgCurrency(d.hints.outstanding)) },
      ),
    },
    {
      id: 'lowStockItems',
      value: intl.formatNumber(d.metrics.lowStockItems),
      hint: intl.formatMessage({ id: 'dashboard.lowStockHint' }, { count: d.metrics.lowStockItems }),
    },
  ];
  // Recurring invoices: what the active subscriptions bring in a month, for a business that has
  // any (one that bills none is not shown an empty card).
  if (d.metrics.activeSubscriptions > 0 || d.metrics.monthlyRecurringRevenue.length > 0) {
    const otherMrr = d.metrics.monthlyRecurringRevenue.filter((x) => x.currency !== org.currency);
    cards.push({
      id: 'monthlyRecurringRevenue',
      value: money(inOrgCurrency(d.metrics.monthlyRecurringRevenue)),
      hint: intl.formatMessage(
        { id: 'dashboard.activeSubscriptions' },
        { count: d.metrics.activeSubscriptions },
      ),
      extra: otherMrr.length
        ? intl.formatMessage(
            { id: 'dashboard.otherCurrencies' },
            { amounts: otherMrr.map((x) => formatMoney(x.amount, x.currency, intl.locale)).join(', ') },
          )
        : null,
    });
  }
  return (
    <div className={`grid grid-cols-2 gap-3 ${cards.length > 4 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}>
      {cards.map((c, i) => {
        const card = (
          <StatCard
            key={c.id}
            testId={`metric-${c.id}`}
            title={<FormattedMessage id={`dashboard.${c.id}`} />}
            value={c.value}
            hints={[c.hint, 'extra' in c ? c.extra : null]}
          />
        );
        // A fifth card takes a phone's whole row rather than half of it with a gap beside it.
        return i === 4 ? (
          <div key={c.id} className="col-span-2 grid lg:col-span-1">
            {card}
          </div>
        ) : (
          card
        );
      })}
    </div>
  );
}

function Pipeline({ pipeline }: { pipeline: Dashboard['pipeline'] }) {
  const intl = useIntl();
  const org = useOrganization();
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.pipeline' })} testId="pipeline">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {STAGES.map((stage) => {
          const column = pipeline.find((x) => x.stage === stage);
          const totals = column?.totals ?? [];
          return (
            <div key={stage} className="min-w-0 rounded-box bg-base-200 p-2" data-testid={`stage-${stage}`}>
              <p className="flex justify-between text-sm font-medium">
                <FormattedMessage id={`dashboard.stage.${stage}`} />
                <span className="badge badge-sm">{column?.count ?? 0}</span>
              </p>
              <p className="text-xs opacity-70">
                {(totals.length ? totals : [{ currency: org.currency, amount: 0 }])
                  .map((x) => formatMoney(x.amount, x.currency, intl.locale))
                  .join(' + ')}
              </p>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {column?.leads.map((l) => (
                  <li key={l.id} className="truncate">
                    {l.name}
                    {l.value != null && (
                      <span className="opacity-75"> · {formatMoney(l.value, l.currency, intl.locale)}</span>
                    )}
                  </li>
                ))}
              </ul>
              {column && column.count > column.leads.length && (
                <p className="text-xs opacity-70">
                  <FormattedMessage
                    id="dashboard.more"
                    values={{ count: column.count - column.leads.length }}
                  />
                </p>
              )}
            </div>
          );
        })}
      </div>
      {pipeline.every((p) => p.count === 0) && (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noLeads" />
        </p>
      )}
    </Card>
  );
}

function InventoryAlerts({ alerts }: { alerts: Dashboard['inventoryAlerts']['items'] }) {
  const intl = useIntl();
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.inventoryAlerts' })} testId="inventory-alerts">
      {alerts.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {alerts.map((p) => (
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

function GettingStarted({ g }: { g: Dashboard['gettingStarted'] }) {
  const intl = useIntl();
  const steps = [
    { id: 'product', done: g.hasProduct, to: '/inventory' },
    { id: 'customer', done: g.hasCustomer, to: '/sales?tab=customers' },
    { id: 'invoice', done: g.hasInvoice, to: '/sales' },
    { id: 'payment', done: g.hasPayment, to: '/accounting' },
    { id: 'team', done: g.hasTeamMember, to: '/team' },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.gettingStarted' })} testId="getting-started">
      <p className="text-xs opacity-70">
        <FormattedMessage id="dashboard.stepsDone" values={{ done, total: steps.length }} />
      </p>
      <ul className="flex flex-col gap-1">
        {steps.map((s) => (
          <li key={s.id} className="text-sm">
            {s.done ? (
              <span className="flex min-h-11 items-center gap-2">
                <StepMark done />
                <span className="line-through opacity-75">
                  <FormattedMessage id={`dashboard.step.${s.id}`} />
                </span>
              </span>
            ) : (
              <Link to={s.to} className="link flex min-h-11 items-center gap-2">
                <StepMark done={false} />
                <FormattedMessage id={`dashboard.step.${s.id}`} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A step's box, ticked once it is done; read out as "Done" or "To do" before the step's name. */
function StepMark({ done }: { done: boolean }) {
  const intl = useIntl();
  return (
    <>
      <span
        aria-hidden
        className={`flex size-5 shrink-0 items-center justify-center rounded-sm border-2 text-xs font-bold ${
          done ? 'border-success bg-success text-success-content' : 'border-base-content/40'
        }`}
      >
        {done ? '✓' : ''}
      </span>
      <span className="sr-only">
        {intl.formatMessage({ id: done ? 'dashboard.stepDone' : 'dashboard.stepToDo' })}
      </span>{' '}
    </>
  );
}

function RecentActivity({ activity }: { activity: Dashboard['activity'] }) {
  const intl = useIntl();
  const items = activity.map((a) => ({
    key: `${a.kind}-${a.id}`,
    at: a.at,
    reversed: a.kind === 'payment' && a.reversed === true,
    text:
      a.kind === 'invoice'
        ? intl.formatMessage(
            { id: 'dashboard.activity.invoice' },
            { number: a.number, customer: a.customerName },
          )
        : a.kind === 'payment'
          ? intl.formatMessage(
              { id: 'dashboard.activity.payment' },
              { amount: formatMoney(a.amount, a.currency, intl.locale), number: a.invoiceNumber },
            )
          : intl.formatMessage({ id: 'dashboard.activity.lowStock' }, { name: a.name }),
  }));
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.recentActivity' })} testId="recent-activity">
      {items.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((a) => (
            <li key={a.key} className="flex justify-between gap-2">
              <span>
                <span className={a.reversed ? 'line-through opacity-70' : undefined}>{a.text}</span>
                {a.reversed && (
                  <span className="badge badge-warning badge-sm ms-1">
                    <FormattedMessage id="dashboard.activity.reversed" />
                  </span>
                )}
              </span>
              <span className="shrink-0 opacity-75">{timeAgo(intl, a.at)}</span>
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

// A label longer than half a small phone ("Enregistrer un paiement") wraps inside its button.
const ACTION = 'btn h-auto min-h-11 whitespace-normal py-2';

function QuickActions({ dialogs }: { dialogs: QuickDialogs }) {
  const navigate = useNavigate();
  const canStock = useCan('product.edit');
  const canLead = useCan('lead.edit');
  // A salesperson reads payments but does not record them (the Accounting page offers them no button).
  const canPay = useCan('payment.record');
  const [open, setOpen] = useState<'invoice' | 'product' | 'lead' | null>(null);
  const t = useT();
  return (
    <Card title={t('dashboard.quickActions')} testId="quick-actions">
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={ACTION + ' btn-primary'} onClick={() => setOpen('invoice')}>
          {t('dashboard.createInvoice')}
        </button>
        {canStock && (
          <button type="button" className={ACTION + ' btn-outline'} onClick={() => setOpen('product')}>
            {t('dashboard.addProduct')}
          </button>
        )}
        {canLead && (
          <button type="button" className={ACTION + ' btn-outline'} onClick={() => setOpen('lead')}>
            {t('dashboard.newLead')}
          </button>
        )}
        {canPay && (
          <button
            type="button"
            className={ACTION + ' btn-outline'}
            onClick={() => void navigate('/accounting')}
          >
            {t('dashboard.recordPayment')}
          </button>
        )}
      </div>
      <Suspense fallback={null}>
        {open === 'invoice' && <dialogs.invoice onClose={() => setOpen(null)} />}
        {open === 'product' && <dialogs.product onClose={() => setOpen(null)} />}
        {open === 'lead' && <dialogs.lead onClose={() => setOpen(null)} />}
      </Suspense>
    </Card>
  );
}

/**
 * The figures, pipeline, alerts and steps come together with the one answer they are all from: until then,
 * "Loading..." under the greeting, never cards that claim there is nothing ("No inventory alerts", no step
 * done) nor ones that grow and push what is below as the answer comes in.
 */
export function DashboardPage({ user, dialogs }: { user: CurrentUser; dialogs: QuickDialogs }) {
  const org = useOrganization();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const online = useOnline();
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
      {d ? (
        <>
          <MetricCards d={d} />
          <Pipeline pipeline={d.pipeline} />
          <div className="grid gap-4 md:grid-cols-2">
            <QuickActions dialogs={dialogs} />
            <RecentActivity activity={d.activity} />
            <InventoryAlerts alerts={d.inventoryAlerts.items} />
            <GettingStarted g={d.gettingStarted} />
          </div>
        </>
      ) : (
        <>
          <NotLoaded failed={dashboard.isError} />
          {/* Offline, or when the figures cannot load, the quick actions still work (an invoice can be
              written offline); nothing is drawn below them that could push them down. */}
          {(dashboard.isError || !online) && <QuickActions dialogs={dialogs} />}
        </>
      )}
    </section>
  );
}
