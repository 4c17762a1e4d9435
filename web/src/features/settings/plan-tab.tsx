// Settings > Plan: the current plan, the license's status and dates, and each limit with how much of it is
// used (GET /api/organizations/:id/plan), so a shop sees before the limit refuses a new invoice.
import { useIntl } from 'react-intl';
import { Loading } from '@/components/ui/loading.tsx';
import { usePlan } from './api/plan.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';

const STATUS_STYLE = {
  ACTIVE: 'badge-success',
  TRIAL: 'badge-info',
  SUSPENDED: 'badge-error',
  EXPIRED: 'badge-warning',
} as const;

export function PlanTab() {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const plan = usePlan(org.id);
  if (!plan.data) return <Loading />;
  const p = plan.data;
  const date = (iso: string) => new Date(iso).toLocaleDateString(intl.locale, { timeZone: org.timezone });
  return (
    <div className="flex flex-col gap-4" data-testid="plan">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold">{t(`plan.name.${p.plan}`)}</h2>
        <span className={`badge ${STATUS_STYLE[p.status]}`}>{t(`plan.status.${p.status}`)}</span>
      </div>
      {p.trialEndsAt && <p>{t('plan.trialEnds', { date: date(p.trialEndsAt) })}</p>}
      {p.endsAt && !p.trialEndsAt && <p>{t('plan.endsAt', { date: date(p.endsAt) })}</p>}
      <ul className="flex flex-col gap-3">
        {(['members', 'invoicesPerMonth', 'products'] as const).map((key) => {
          const limit = p.limits[key];
          const used = p.usage[key];
          return (
            <li key={key} className="flex flex-col gap-1" data-testid={`plan-${key}`}>
              <div className="flex justify-between gap-2 text-sm">
                <span>{t(`plan.limit.${key}`)}</span>
                <span className="font-medium">
                  {limit === null
                    ? t('plan.unlimited', { used })
                    : t('plan.usage', { used: intl.formatNumber(used), limit: intl.formatNumber(limit) })}
                </span>
              </div>
              {limit !== null && (
                <progress
                  className={`progress w-full ${used >= limit ? 'progress-error' : 'progress-primary'}`}
                  value={Math.min(used, limit)}
                  max={limit}
                  aria-label={t(`plan.limit.${key}`)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {p.plan === 'STARTER' && <p className="text-sm opacity-70">{t('plan.upgradeHint')}</p>}
    </div>
  );
}
