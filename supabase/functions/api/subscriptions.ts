// /api/subscriptions: a customer subscribed to a plan, listed and read under the caller's RLS with the
// periods billed; every change one idempotent SQL mutation (Idempotency-Key = the outbox's id): subscribe
// (owners, managers, salespeople), update, pause, resume and cancel (owners and managers). Billing itself
// happens in the database (bill_due_subscriptions).
import { z } from 'zod';
import type { BillingCycle, Subscription, SubscriptionWithCycles } from '@shared/api/subscriptions.ts';
import {
  CancelSubscriptionSchema,
  SubscribeInputSchema,
  SubscriptionUpdateSchema,
} from '@shared/schemas/subscriptions.ts';
import { SUBSCRIPTION_STATUSES } from '@shared/schemas/values.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, query } from './request.ts';

type SubscriptionRow = {
  id: string;
  status: Subscription['status'];
  customer_id: string;
  customer_name: string;
  plan_id: string;
  plan_name: string;
  price: number | string;
  currency: string;
  billing_interval: Subscription['plan']['interval'];
  interval_count: number;
  quantity: number;
  tax_percent: number | string;
  discount_percent: number | string;
  start_date: string;
  trial_end: string | null;
  end_date: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  next_billing_date: string | null;
  cancel_at_period_end: boolean;
  cycles_billed: number | string;
  created_at: string;
};
const toSubscription = (s: SubscriptionRow): Subscription => ({
  id: s.id,
  status: s.status,
  customer: { id: s.customer_id, name: s.customer_name },
  plan: {
    id: s.plan_id,
    name: s.plan_name,
    price: Number(s.price),
    currency: s.currency,
    interval: s.billing_interval,
    intervalCount: s.interval_count,
  },
  quantity: s.quantity,
  taxPercent: Number(s.tax_percent),
  discountPercent: Number(s.discount_percent),
  startDate: s.start_date,
  trialEnd: s.trial_end,
  endDate: s.end_date,
  currentPeriod:
    s.current_period_start && s.current_period_end
      ? { start: s.current_period_start, end: s.current_period_end }
      : null,
  nextBillingDate: s.next_billing_date,
  cancelAtPeriodEnd: s.cancel_at_period_end,
  cyclesBilled: Number(s.cycles_billed),
  createdAt: s.created_at,
});

/** The subscription as the list shows it (customer, plan, next billing date), read under RLS. */
async function readSubscription(db: Db, orgId: string, id: string): Promise<Subscription> {
  const { data } = ok(await db.rpc('list_subscriptions', { p_org_id: orgId }).eq('id', id));
  const row = (data as SubscriptionRow[])[0];
  if (!row)
    throw new AppError('NOT_FOUND', 'Subscription not found', undefined, {
      reason: 'SUBSCRIPTION_NOT_FOUND',
    });
  return toSubscription(row);
}

const ListQuery = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });

/** GET /api/subscriptions[?status=ACTIVE]: newest first, with customer, plan and next billing date. */
export async function listSubscriptions(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const q = query(req, ListQuery);
  const rows = await call('list_subscriptions', q.status ? { p_status: q.status } : {});
  return Response.json((rows as SubscriptionRow[]).map(toSubscription));
}

type CycleRow = {
  cycle_number: number;
  start_date: string;
  end_date: string;
  status: BillingCycle['status'];
  amount: number | string;
  currency: string;
  invoice_id: string | null;
  billed_at: string | null;
  paid_at: string | null;
};

/** GET /api/subscriptions/:id: the subscription and its billed periods, newest first, with their invoices. */
export async function getSubscription(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const subscription = await readSubscription(db, orgId, id);
  const cycles: CycleRow[] = ok(
    await db
      .from('billing_cycles')
      .select('cycle_number, start_date, end_date, status, amount, currency, invoice_id, billed_at, paid_at')
      .eq('org_id', orgId)
      .eq('subscription_id', id)
      .order('cycle_number', { ascending: false })
      .limit(500),
  ).data;
  const invoiceIds = cycles.map((c) => c.invoice_id).filter((i): i is string => !!i);
  const invoices = new Map<string, NonNullable<BillingCycle['invoice']>>();
  if (invoiceIds.length) {
    const found = ok(
      await db.from('invoices').select('id, number, status').eq('org_id', orgId).in('id', invoiceIds),
    );
    for (const i of found.data) invoices.set(i.id, i);
  }
  return Response.json({
    ...subscription,
    cycles: cycles.map((c) => ({
      cycleNumber: c.cycle_number,
      start: c.start_date,
      end: c.end_date,
      status: c.status,
      amount: Number(c.amount),
      currency: c.currency,
      billedAt: c.billed_at,
      paidAt: c.paid_at,
      invoice: (c.invoice_id && invoices.get(c.invoice_id)) || null,
    })),
  } satisfies SubscriptionWithCycles);
}

/** POST /api/subscriptions: subscribes a customer; the periods already started are billed at once. */
export async function subscribe(req: Request): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: SubscribeInputSchema });
  const row = (await write('subscribe', { p_input: body })) as { id: string };
  return Response.json(await readSubscription(db, orgId, row.id), { status: 201 });
}

/** PUT /api/subscriptions/:id { quantity?, taxPercent?, discountPercent?, endDate? }: for the next periods. */
export async function updateSubscription(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: SubscriptionUpdateSchema });
  await write('update_subscription', { p_subscription_id: id, p_input: body });
  return Response.json(await readSubscription(db, orgId, id));
}

const change = (name: 'pause_subscription' | 'resume_subscription') =>
  async function (req: Request, { id }: Params<'id'>): Promise<Response> {
    const { db, orgId, write } = await orgRequest(req);
    await write(name, { p_subscription_id: id });
    return Response.json(await readSubscription(db, orgId, id));
  };
/** POST /api/subscriptions/:id/pause */
export const pauseSubscription = change('pause_subscription');
/** POST /api/subscriptions/:id/resume: from the next period; or takes back a cancellation at period end. */
export const resumeSubscription = change('resume_subscription');

/** POST /api/subscriptions/:id/cancel { atPeriodEnd? } */
export async function cancelSubscription(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: CancelSubscriptionSchema });
  await write('cancel_subscription', { p_subscription_id: id, p_at_period_end: body.atPeriodEnd });
  return Response.json(await readSubscription(db, orgId, id));
}
