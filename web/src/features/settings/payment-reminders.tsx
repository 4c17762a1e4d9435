// Settings > Organization > Payment reminders: whether customers are reminded by email of an unpaid issued
// invoice, and on which days relative to its due date (3 days before, on the day, 7 days after by
// default). Owners and managers change it; the others see it read-only. The server queues each reminder
// once per invoice and day, and stops once the invoice is paid or voided.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { PaymentReminders } from '@shared/schemas/reminders.ts';
import { REMINDER_STEP_MAX, REMINDER_STEP_MIN, REMINDER_STEPS_MAX } from '@shared/schemas/values.ts';
import { Icon } from '@/components/ui/icon.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { apiFetch } from '@/lib/api-client.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { useOrganization } from '@/lib/organization.tsx';
import { settingsKeys } from './api/keys.ts';

const remindersQuery = (orgId: string) =>
  queryOptions({
    queryKey: settingsKeys.reminders(orgId),
    queryFn: () => apiFetch<PaymentReminders>(`/api/organizations/${orgId}/payment-reminders`),
  });

type When = 'before' | 'on' | 'after';
interface Step {
  when: When;
  days: string;
}

const toStep = (n: number): Step =>
  n === 0 ? { when: 'on', days: '' } : { when: n < 0 ? 'before' : 'after', days: String(Math.abs(n)) };
const fromStep = (s: Step): number | null => {
  if (s.when === 'on') return 0;
  if (!/^\d{1,2}$/.test(s.days.trim())) return null;
  const n = Number(s.days);
  return s.when === 'before' ? -n : n;
};

export function PaymentRemindersBlock({ readOnly }: { readOnly: boolean }) {
  const org = useOrganization();
  const query = useQuery(remindersQuery(org.id));
  if (!query.data) return <Loading />;
  return <RemindersForm key={`${org.id}-${query.dataUpdatedAt}`} initial={query.data} readOnly={readOnly} />;
}

function RemindersForm({ initial, readOnly }: { initial: PaymentReminders; readOnly: boolean }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [steps, setSteps] = useState<Step[]>(initial.steps.map(toStep));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const change = (i: number, next: Partial<Step>) =>
    setSteps((all) => all.map((s, j) => (j === i ? { ...s, ...next } : s)));
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      aria-labelledby="payment-reminders-title"
      onSubmit={async (e) => {
        e.preventDefault();
        const days = steps.map(fromStep);
        if (
          days.length === 0 ||
          days.some((d) => d === null || d < REMINDER_STEP_MIN || d > REMINDER_STEP_MAX) ||
          new Set(days).size !== days.length
        ) {
          setError(t('reminders.stepsInvalid', { before: -REMINDER_STEP_MIN, after: REMINDER_STEP_MAX }));
          return;
        }
        setError(undefined);
        setSaving(true);
        const done = await submitWrite(
          intl,
          () =>
            apiFetch<PaymentReminders>(`/api/organizations/${org.id}/payment-reminders`, {
              method: 'PUT',
              body: { enabled, steps: days as number[] },
            }),
          { success: 'reminders.saved' },
        );
        setSaving(false);
        if (done.ok && done.result) queryClient.setQueryData(remindersQuery(org.id).queryKey, done.result);
      }}
    >
      <div>
        <h2 id="payment-reminders-title" className="text-lg font-semibold">
          {t('reminders.title')}
        </h2>
        <p className="text-sm opacity-70">{t('reminders.intro')}</p>
      </div>
      <fieldset disabled={readOnly || saving} className="flex flex-col gap-3">
        <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
          <span className="font-medium">{t('reminders.enabled')}</span>
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-primary"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
        </label>
        <p id="payment-reminders-steps" className="text-sm font-medium">
          {t('reminders.steps')}
        </p>
        <ul className="flex flex-col gap-2" aria-labelledby="payment-reminders-steps">
          {steps.map((step, i) => (
            // One row per reminder, even at 360 px: the days, when, and a remove button the size of a finger.
            <li
              key={i}
              className="grid grid-cols-[4rem_minmax(0,1fr)_2.75rem] items-center gap-2"
              data-testid="reminder-step"
            >
              {step.when !== 'on' && (
                <input
                  type="text"
                  inputMode="numeric"
                  className="input input-bordered min-h-11 w-full"
                  aria-label={t('reminders.days')}
                  value={step.days}
                  onChange={(e) => change(i, { days: e.target.value })}
                />
              )}
              <select
                className={`select select-bordered min-h-11 w-full ${step.when === 'on' ? 'col-span-2' : ''}`}
                aria-label={t('reminders.when')}
                value={step.when}
                onChange={(e) => change(i, { when: e.target.value as When, days: step.days || '1' })}
              >
                <option value="before">{t('reminders.before')}</option>
                <option value="on">{t('reminders.on')}</option>
                <option value="after">{t('reminders.after')}</option>
              </select>
              <button
                type="button"
                className="btn btn-ghost btn-square min-h-11 min-w-11"
                aria-label={t('reminders.remove')}
                title={t('reminders.remove')}
                disabled={steps.length <= 1}
                onClick={() => setSteps((all) => all.filter((_, j) => j !== i))}
              >
                <Icon paths={['M18 6 6 18', 'M6 6l12 12']} />
              </button>
            </li>
          ))}
        </ul>
        {error && (
          <p className="text-sm text-error" role="alert">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline min-h-11"
            disabled={steps.length >= REMINDER_STEPS_MAX}
            onClick={() => setSteps((all) => [...all, { when: 'after', days: '14' }])}
          >
            {t('reminders.add')}
          </button>
          {!readOnly && (
            <button type="submit" className="btn btn-primary min-h-11">
              {t('reminders.save')}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
