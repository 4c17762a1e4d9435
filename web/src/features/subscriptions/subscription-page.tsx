// One subscription (/sales/subscriptions/:id): its state, customer, plan, amount per period and next billing
// date, and its billed periods newest first, each with its invoice (a link to the invoice's page) and the
// period's state (Billed, Paid…). Owners and managers pause, resume, cancel (at the end of the period or now)
// and change quantity, tax and discount for the periods not billed yet; a button that cannot apply is not shown.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { SubscriptionWithCycles } from '@shared/api/subscriptions.ts';
import { type SubscriptionUpdate, SubscriptionUpdateSchema } from '@shared/schemas/subscriptions.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { DataList } from '@/components/ui/data-list.tsx';
import { Dialog, DialogActions, FormActions } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useCan } from '@/lib/organization.tsx';
import { errorMessage, validationMessage } from '@/lib/validation-message.ts';
import { type SubscriptionChange, useChangeSubscription, useSubscription } from './api/subscriptions.ts';
import {
  CycleStatusBadge,
  perPeriod,
  SubscriptionStatusBadge,
  useDay,
  usePricePer,
} from './recurring-parts.tsx';

const BACK = '/sales?tab=recurring';

export function SubscriptionPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const t = useT();
  const day = useDay();
  const pricePer = usePricePer();
  const subscription = useSubscription(id);
  const change = useChangeSubscription();
  const canManage = useCan('subscription.manage');
  const [open, setOpen] = useState<'cancel' | 'edit' | null>(null);
  if (subscription.isError && !subscription.data && !subscription.isFetching)
    return (
      <section className="mx-auto max-w-3xl p-4">
        <p role="alert">
          {subscription.error instanceof ApiError && subscription.error.status === 404
            ? t('recurring.notFound')
            : errorMessage(intl, subscription.error)}
        </p>
        <Link to={BACK} className="link">
          {t('recurring.back')}
        </Link>
      </section>
    );
  if (!subscription.data) return <Loading />;
  const s = subscription.data;
  const live = s.status === 'ACTIVE' || s.status === 'PAUSED';
  const run = async (c: SubscriptionChange, success: string) => {
    const done = await submitWrite(
      intl,
      () => change.mutateAsync({ ...c, label: `${s.customer.name} · ${s.plan.name}` }),
      { success },
    );
    if (done.ok) setOpen(null);
  };
  const rows: [string, React.ReactNode][] = [
    [t('recurring.col.customer'), s.customer.name],
    [t('recurring.col.plan'), s.plan.name],
    [t('recurring.quantity'), intl.formatNumber(s.quantity)],
    [t('recurring.col.amount'), pricePer(perPeriod(s))],
    [t('recurring.taxPercent'), intl.formatNumber(s.taxPercent)],
    [t('recurring.discountPercent'), intl.formatNumber(s.discountPercent)],
    [t('recurring.startDate'), day(s.startDate)],
    ...(s.trialEnd ? [[t('recurring.trialEnd'), day(s.trialEnd)] as [string, string]] : []),
    ...(s.currentPeriod
      ? [
          [
            t('recurring.currentPeriod'),
            t('recurring.period', { start: day(s.currentPeriod.start), end: day(s.currentPeriod.end) }),
          ] as [string, string],
        ]
      : []),
    [t('recurring.col.next'), s.nextBillingDate ? day(s.nextBillingDate) : '-'],
    ...(s.endDate ? [[t('recurring.endDate'), day(s.endDate)] as [string, string]] : []),
  ];
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={BACK} className="link min-h-11 content-center">
          ← {t('recurring.back')}
        </Link>
        {canManage && live && (
          <div className="flex flex-wrap gap-2">
            {s.status === 'ACTIVE' && !s.cancelAtPeriodEnd && (
              <button
                type="button"
                className="btn btn-outline min-h-11"
                disabled={change.isPending}
                onClick={() => void run({ id: s.id, action: 'pause' }, 'recurring.paused')}
              >
                {t('recurring.pause')}
              </button>
            )}
            {(s.status === 'PAUSED' || s.cancelAtPeriodEnd) && (
              <button
                type="button"
                className="btn btn-primary min-h-11"
                disabled={change.isPending}
                onClick={() => void run({ id: s.id, action: 'resume' }, 'recurring.resumed')}
              >
                {t('recurring.resume')}
              </button>
            )}
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('edit')}>
              {t('recurring.edit')}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error min-h-11"
              onClick={() => setOpen('cancel')}
            >
              {t('recurring.cancel')}
            </button>
          </div>
        )}
      </div>
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold break-words">
          {s.customer.name} · {s.plan.name}
        </h1>
        <SubscriptionStatusBadge status={s.status} />
        {s.cancelAtPeriodEnd && live && (
          <span className="badge badge-sm badge-warning whitespace-nowrap">
            {t('recurring.endsAtPeriodEnd')}
          </span>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-box border border-base-300 p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="opacity-70">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="font-semibold">{t('recurring.cycles')}</h2>
      {s.cycles.length === 0 ? (
        <EmptyState title={t('recurring.noCycles')} />
      ) : (
        <DataList
          testId="cycles-table"
          rows={s.cycles.map((c) => ({ ...c, id: String(c.cycleNumber) }))}
          open={(c) => (c.invoice ? { to: `/sales/invoices/${c.invoice.id}` } : null)}
          columns={[
            {
              key: 'invoice',
              header: t('recurring.col.invoice'),
              cell: (c) => (c.invoice ? <span className="font-mono text-sm">{c.invoice.number}</span> : ''),
              nowrap: true,
              card: 'title',
            },
            {
              key: 'period',
              header: t('recurring.col.period'),
              cell: (c) => t('recurring.period', { start: day(c.start), end: day(c.end) }),
              card: 'subtitle',
            },
            {
              key: 'amount',
              header: t('invoices.col.amount'),
              cell: (c) => formatMoney(c.amount, c.currency, intl.locale),
              align: 'right',
              card: 'amount',
            },
            {
              key: 'status',
              header: t('recurring.col.status'),
              cell: (c) => <CycleStatusBadge status={c.status} />,
              card: 'badge',
            },
          ]}
        />
      )}
      {open === 'cancel' && (
        <Dialog title={t('recurring.cancelTitle')} onClose={() => setOpen(null)}>
          <p>{t('recurring.cancelText')}</p>
          <DialogActions>
            <button type="button" className="btn min-h-11" onClick={() => setOpen(null)}>
              {t('recurring.keep')}
            </button>
            {s.status === 'ACTIVE' && !s.cancelAtPeriodEnd && s.currentPeriod && (
              <button
                type="button"
                className="btn btn-outline btn-error min-h-11"
                disabled={change.isPending}
                onClick={() =>
                  void run({ id: s.id, action: 'cancel', atPeriodEnd: true }, 'recurring.cancelledAtEnd')
                }
              >
                {t('recurring.cancelAtEnd', { date: day(s.currentPeriod.end) })}
              </button>
            )}
            <button
              type="button"
              className="btn btn-error min-h-11"
              disabled={change.isPending}
              onClick={() =>
                void run({ id: s.id, action: 'cancel', atPeriodEnd: false }, 'recurring.cancelled')
              }
            >
              {t('recurring.cancelNow')}
            </button>
          </DialogActions>
        </Dialog>
      )}
      {open === 'edit' && <EditDialog subscription={s} onClose={() => setOpen(null)} />}
    </section>
  );
}

function EditDialog({
  subscription: s,
  onClose,
}: {
  subscription: SubscriptionWithCycles;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const change = useChangeSubscription();
  const form = useForm({
    resolver: zodResolver(SubscriptionUpdateSchema),
    defaultValues: {
      quantity: s.quantity,
      taxPercent: s.taxPercent,
      discountPercent: s.discountPercent,
    } as SubscriptionUpdate,
  });
  const { handleSubmit, formState, control } = form;
  const error = (m: string | undefined) => validationMessage(intl, m);
  return (
    <Dialog title={t('recurring.edit')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(
            intl,
            () => change.mutateAsync({ id: s.id, action: 'edit', input, label: s.customer.name }),
            { success: 'recurring.updated', form },
          );
          if (done.ok) onClose();
        })}
      >
        <p className="text-sm opacity-70">{t('recurring.editHint')}</p>
        <AmountField
          control={control}
          name="quantity"
          label={t('recurring.quantity')}
          decimals={0}
          error={error(formState.errors.quantity?.message)}
        />
        <AmountField
          control={control}
          name="taxPercent"
          label={t('recurring.taxPercent')}
          decimals={2}
          error={error(formState.errors.taxPercent?.message)}
        />
        <AmountField
          control={control}
          name="discountPercent"
          label={t('recurring.discountPercent')}
          decimals={2}
          error={error(formState.errors.discountPercent?.message)}
        />
        <FormActions onCancel={onClose} submitLabel={t('recurring.save')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}
