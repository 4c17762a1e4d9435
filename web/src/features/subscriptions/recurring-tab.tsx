// Recurring invoices: the customers' subscriptions (customer, plan, quantity, amount per
// period, state, next billing date) and the organization's plans (price per period, trial, active or not,
// subscribers). Owners and managers create, edit and deactivate plans; owners, managers and salespeople
// subscribe a customer; everyone else reads.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { useCan } from '@/lib/organization.tsx';
import type { SubscriptionPlan } from '@shared/api/subscriptions.ts';
import { usePlans, useSavePlan, useSubscriptions } from './api/subscriptions.ts';
import { PlanDialog } from './plan-dialog.tsx';
import { perPeriod, PricePer, SubscriptionStatusBadge, useDay } from './recurring-parts.tsx';
import { SubscribeDialog } from './subscribe-dialog.tsx';

const VIEWS = ['subscriptions', 'plans'] as const;
type View = (typeof VIEWS)[number];

export function RecurringTab() {
  const t = useT();
  const [view, setView] = useState<View>('subscriptions');
  const [open, setOpen] = useState<{ kind: 'plan'; plan?: SubscriptionPlan } | { kind: 'subscribe' } | null>(
    null,
  );
  const canManage = useCan('subscriptionPlan.edit');
  const canSubscribe = useCan('subscription.create');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={t('sales.tab.recurring')} className="join">
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`btn join-item min-h-11 ${view === v ? 'btn-active btn-neutral' : ''}`}
              onClick={() => setView(v)}
            >
              {t(`recurring.view.${v}`)}
            </button>
          ))}
        </div>
        {view === 'subscriptions' && canSubscribe && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => setOpen({ kind: 'subscribe' })}
          >
            {t('recurring.subscribe')}
          </button>
        )}
        {view === 'plans' && canManage && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => setOpen({ kind: 'plan' })}
          >
            {t('recurring.plan.create')}
          </button>
        )}
      </div>
      {view === 'subscriptions' ? (
        <SubscriptionList />
      ) : (
        <PlanList canManage={canManage} onEdit={(plan) => setOpen({ kind: 'plan', plan })} />
      )}
      {open?.kind === 'plan' && <PlanDialog plan={open.plan} onClose={() => setOpen(null)} />}
      {open?.kind === 'subscribe' && <SubscribeDialog onClose={() => setOpen(null)} />}
    </div>
  );
}

function SubscriptionList() {
  const intl = useIntl();
  const t = useT();
  const day = useDay();
  const subscriptions = useSubscriptions();
  if (!subscriptions.data) return <Loading />;
  if (!subscriptions.data.length) return <EmptyState title={t('recurring.emptySubscriptions')} />;
  return (
    <DataList
      testId="subscriptions-table"
      rows={subscriptions.data}
      open={(s) => ({ to: `/sales/subscriptions/${s.id}` })}
      columns={[
        { key: 'customer', header: t('recurring.col.customer'), cell: (s) => s.customer.name, card: 'title' },
        { key: 'plan', header: t('recurring.col.plan'), cell: (s) => s.plan.name, card: 'subtitle' },
        {
          key: 'quantity',
          header: t('recurring.quantity'),
          cell: (s) => intl.formatNumber(s.quantity),
          align: 'right',
          table: 'lg',
        },
        {
          key: 'amount',
          header: t('recurring.col.amount'),
          cell: (s, form) => <PricePer value={perPeriod(s)} form={form} />,
          align: 'right',
          card: 'amount',
        },
        {
          key: 'status',
          header: t('recurring.col.status'),
          cell: (s) => (
            <>
              <SubscriptionStatusBadge status={s.status} />
              {s.cancelAtPeriodEnd && s.status === 'ACTIVE' && (
                <span className="badge badge-sm badge-warning ms-1 whitespace-nowrap">
                  {t('recurring.endsAtPeriodEnd')}
                </span>
              )}
            </>
          ),
          card: 'badge',
        },
        {
          key: 'next',
          header: t('recurring.col.next'),
          cell: (s) => day(s.nextBillingDate),
          nowrap: true,
          card: 'meta',
        },
      ]}
    />
  );
}

function PlanList({ canManage, onEdit }: { canManage: boolean; onEdit: (p: SubscriptionPlan) => void }) {
  const intl = useIntl();
  const t = useT();
  const plans = usePlans();
  const subscriptions = useSubscriptions().data;
  const save = useSavePlan();
  if (!plans.data) return <Loading />;
  if (!plans.data.length) return <EmptyState title={t('recurring.emptyPlans')} />;
  // Subscribers still billed (active or paused), counted from the subscriptions this member reads.
  const subscribers = (id: string) =>
    subscriptions?.filter((s) => s.plan.id === id && (s.status === 'ACTIVE' || s.status === 'PAUSED')).length;
  const toggle = (p: SubscriptionPlan) =>
    submitWrite(intl, () => save.mutateAsync({ id: p.id, input: { isActive: !p.isActive } }), {
      success: p.isActive ? 'recurring.plan.deactivated' : 'recurring.plan.reactivated',
    });
  return (
    <DataList
      testId="plans-table"
      rows={plans.data}
      columns={[
        { key: 'name', header: t('recurring.plan.name'), cell: (p) => p.name, card: 'title' },
        {
          key: 'price',
          header: t('recurring.col.amount'),
          cell: (p, form) => <PricePer value={p} form={form} />,
          align: 'right',
          card: 'amount',
        },
        {
          key: 'description',
          header: t('recurring.plan.description'),
          cell: (p) => p.description,
          table: 'lg',
          card: 'subtitle',
        },
        {
          key: 'trial',
          header: t('recurring.plan.trialDays'),
          cell: (p) => (p.trialDays ? t('recurring.trialOf', { days: p.trialDays }) : ''),
          card: 'meta',
        },
        {
          key: 'subscribers',
          header: t('recurring.col.subscribers'),
          cell: (p) => {
            const n = subscribers(p.id);
            return n === undefined ? '' : intl.formatNumber(n);
          },
          align: 'right',
          card: 'meta',
        },
        {
          key: 'active',
          header: t('recurring.col.status'),
          cell: (p) => (
            <span
              className={`badge badge-sm whitespace-nowrap ${p.isActive ? 'badge-success' : 'badge-ghost'}`}
            >
              {t(p.isActive ? 'recurring.plan.active' : 'recurring.plan.inactive')}
            </span>
          ),
          card: 'badge',
        },
        ...(canManage
          ? [
              {
                key: 'actions',
                header: '',
                cell: (p: SubscriptionPlan) => (
                  <span className="flex flex-wrap justify-end gap-1">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm min-h-11"
                      aria-label={`${t('inventory.editAction')} ${p.name}`}
                      onClick={() => onEdit(p)}
                    >
                      {t('inventory.editAction')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm min-h-11"
                      disabled={save.isPending}
                      onClick={() => void toggle(p)}
                    >
                      {t(p.isActive ? 'recurring.plan.deactivate' : 'recurring.plan.reactivate')}
                    </button>
                  </span>
                ),
                card: 'actions' as const,
              },
            ]
          : []),
      ]}
    />
  );
}
