// What the recurring-invoice screens share: a plan's price per period ("15 000 CFA / mois", "₦5,000.00
// every 2 weeks"), a day written the reader's way, and the badges of a subscription's and a period's state.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { invoiceTotals } from '@shared/invoice-totals.ts';
import type { BillingInterval } from '@shared/schemas/values.ts';
import { formatMoney } from '@/lib/money.ts';
import { useT } from '@/lib/i18n.tsx';

type Priced = { price: number; currency: string; interval: BillingInterval; intervalCount: number };

/**
 * What one period of a subscription bills before tax: the plan's price × the quantity less the discount,
 * rounded once as its invoice rounds it (with the plan's period, for "28 500 CFA / mois").
 */
export const perPeriod = (s: { plan: Priced; quantity: number; discountPercent: number }): Priced => ({
  ...s.plan,
  price: invoiceTotals(
    [{ qty: s.quantity, unitPrice: s.plan.price, taxRate: 0, discountPercent: s.discountPercent }],
    s.plan.currency,
  ).subtotal,
});

/** "/ mois", "every 2 weeks": a plan's period after its price, the ICU plural picking each language's words. */
export function usePeriod() {
  const intl = useIntl();
  return (p: Pick<Priced, 'interval' | 'intervalCount'>) =>
    intl.formatMessage({ id: 'recurring.per' }, { interval: p.interval, count: p.intervalCount });
}

/** "15 000 CFA / mois", "₦5,000.00 every 2 weeks": the price and its period, on one line. */
export function usePricePer() {
  const intl = useIntl();
  const period = usePeriod();
  return (p: Priced) => `${formatMoney(p.price, p.currency, intl.locale)} ${period(p)}`;
}

/**
 * The price and its period in a list: on one line in a table; on a card's amount slot (beside the title,
 * never wrapped) the period goes under the amount, so a long one ("toutes les 2 semaines") does not push
 * into the title.
 */
export function PricePer({ value, form }: { value: Priced; form: 'table' | 'card' }) {
  const intl = useIntl();
  const period = usePeriod();
  const price = formatMoney(value.price, value.currency, intl.locale);
  if (form === 'table') return <>{`${price} ${period(value)}`}</>;
  return (
    <>
      {price} <span className="block text-xs font-normal opacity-80">{period(value)}</span>
    </>
  );
}

/** A calendar day (YYYY-MM-DD) the reader's way (day first in English and French), never a day off. */
export function useDay() {
  const intl = useIntl();
  return (d: string | null | undefined) =>
    d ? new Date(`${d}T00:00:00Z`).toLocaleDateString(intl.locale, { timeZone: 'UTC' }) : '';
}

function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

const SUBSCRIPTION_TONE: Record<string, string> = {
  ACTIVE: 'badge-success',
  PAUSED: 'badge-warning',
  CANCELLED: 'badge-error',
  EXPIRED: 'badge-ghost',
};

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge tone={SUBSCRIPTION_TONE[status] ?? 'badge-ghost'} testId="subscription-status">
      {t(`recurring.status.${status}`)}
    </Badge>
  );
}

const CYCLE_TONE: Record<string, string> = {
  PENDING: 'badge-ghost',
  BILLED: 'badge-info',
  PAID: 'badge-success',
  FAILED: 'badge-error',
  CANCELLED: 'badge-ghost',
};

export function CycleStatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge tone={CYCLE_TONE[status] ?? 'badge-ghost'} testId="cycle-status">
      {t(`recurring.cycle.${status}`)}
    </Badge>
  );
}
