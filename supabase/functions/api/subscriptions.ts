// /api/subscription-plans and /api/subscriptions: lists read under the caller's RLS, and every
// write one idempotent SQL mutation (Idempotency-Key = the outbox's id): save_subscription_plan (owners and
// managers), subscribe (owners, managers, salespeople), pause_subscription, resume_subscription and
// cancel_subscription (owners and managers). Billing itself happens in the database (bill_due_subscriptions).
import { z } from 'zod';
import {
  type BillingCycle,
  CancelSubscriptionSchema,
  SubscribeInputSchema,
  type Subscription,
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlan,
  SubscriptionPlanInputSchema,
  SubscriptionPlanUpdateSchema,
  SubscriptionUpdateSchema,
} from '@shared/schemas/subscriptions.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, invalidQuery, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

type PlanRow = {
  id: string;
  name: string;
  description: string | null;
  price: number | string;
  currency: string;
  billing_interval: SubscriptionPlan['interval'];
  interval_count: number;
  trial_days: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  lines?: LineRow[];
};
type LineRow = {
  id: string;
  product_id: string | null;
  description: string;
  qty: number | string;
  unit_price: number | string;
  position: number;
};
const PLAN_COLUMNS =
  'id, name, description, price, currency, billing_interval, interval_count, trial_days, is_active, created_at, updated_at';
const toPlan = (p: PlanRow): SubscriptionPlan => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: Number(p.price),
  currency: p.currency,
  interval: p.billing_interval,
  intervalCount: p.interval_count,
  trialDays: p.trial_days,
  isActive: p.is_active,
  lines: [...(p.lines ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      id: l.id,
      productId: l.product_id,
      description: l.description,
      qty: Number(l.qty),
      unitPrice: Number(l.unit_price),
    })),
  createdAt: p.created_at,
  updatedAt: p.updated_at,
});

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

const PlanQuery = z.object({ active: z.enum(['true', 'false']).optional() });

/** GET /api/subscription-plans[?active=true]: by name. */
export async function listPlans(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const parsed = PlanQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  let rows = db.from('subscription_plans').select(PLAN_COLUMNS).eq('org_id', orgId);
  if (parsed.data.active) rows = rows.eq('is_active', parsed.data.active === 'true');
  const { data, error } = await rows.order('name').order('id').limit(500);
  if (error) throw fromPostgrest(error);
  const plans = data as PlanRow[];
  const lines = new Map<string, LineRow[]>();
  if (plans.length) {
    const found = await db
      .from('plan_lines')
      .select('id, plan_id, product_id, description, qty, unit_price, position')
      .eq('org_id', orgId)
      .in(
        'plan_id',
        plans.map((p) => p.id),
      );
    if (found.error) throw fromPostgrest(found.error);
    for (const l of found.data) lines.set(l.plan_id, [...(lines.get(l.plan_id) ?? []), l]);
  }
  return Response.json(plans.map((p) => toPlan({ ...p, lines: lines.get(p.id) ?? [] })));
}

async function savePlan(req: Request, id?: string): Promise<Response> {
  const input = id
    ? await parseBody(req, SubscriptionPlanUpdateSchema.extend({ orgId: z.string().optional() }))
    : await parseBody(req, SubscriptionPlanInputSchema.extend({ orgId: z.string().optional() }));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _org, ...fields } = input;
  const { data, error } = await db.rpc('save_subscription_plan', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_plan_id: id ?? null!,
    p_input: fields,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toPlan(unwrap<PlanRow>(data)), { status: id ? 200 : 201 });
}
/** POST /api/subscription-plans */
export const createPlan = (req: Request) => savePlan(req);
/** PUT /api/subscription-plans/:id: any of the fields; { isActive: false } deactivates it. */
export const updatePlan = (req: Request, { id }: Params) => savePlan(req, id);

const ListQuery = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });

/** The subscription as the list shows it (customer, plan, next billing date), read under RLS. */
async function readSubscription(db: Awaited<ReturnType<typeof orgContext>>['db'], orgId: string, id: string) {
  const { data, error } = await db.rpc('list_subscriptions', { p_org_id: orgId }).eq('id', id);
  if (error) throw fromPostgrest(error);
  const row = (data as SubscriptionRow[])[0];
  if (!row)
    throw new AppError('NOT_FOUND', 'Subscription not found', undefined, {
      reason: 'SUBSCRIPTION_NOT_FOUND',
    });
  return toSubscription(row);
}

/** GET /api/subscriptions[?status=ACTIVE]: newest first, with customer, plan and next billing date. */
export async function listSubscriptions(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const parsed = ListQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  const { data, error } = await db.rpc('list_subscriptions', {
    p_org_id: orgId,
    ...(parsed.data.status ? { p_status: parsed.data.status } : {}),
  });
  if (error) throw fromPostgrest(error);
  return Response.json((data as SubscriptionRow[]).map(toSubscription));
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
export async function getSubscription(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const subscription = await readSubscription(db, orgId, id!);
  const { data, error } = await db
    .from('billing_cycles')
    .select('cycle_number, start_date, end_date, status, amount, currency, invoice_id, billed_at, paid_at')
    .eq('org_id', orgId)
    .eq('subscription_id', id!)
    .order('cycle_number', { ascending: false })
    .limit(500);
  if (error) throw fromPostgrest(error);
  const cycles = data as CycleRow[];
  const invoiceIds = cycles.map((c) => c.invoice_id).filter((i): i is string => !!i);
  const invoices = new Map<string, { id: string; number: string; status: string }>();
  if (invoiceIds.length) {
    const found = await db
      .from('invoices')
      .select('id, number, status')
      .eq('org_id', orgId)
      .in('id', invoiceIds);
    if (found.error) throw fromPostgrest(found.error);
    for (const i of found.data) invoices.set(i.id, i);
  }
  return Response.json({
    ...subscription,
    cycles: cycles.map((c): BillingCycle => ({
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
  });
}

/** POST /api/subscriptions: subscribes a customer; the periods already started are billed at once. */
export async function subscribe(req: Request): Promise<Response> {
  const input = await parseBody(req, SubscribeInputSchema.extend({ orgId: z.string().optional() }));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _org, ...fields } = input;
  const { data, error } = await db.rpc('subscribe', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: fields,
  });
  if (error) throw fromPostgrest(error);
  const row = unwrap<{ id: string }>(data);
  return Response.json(await readSubscription(db, orgId, row.id), { status: 201 });
}

/** PUT /api/subscriptions/:id { quantity?, taxPercent?, discountPercent?, endDate? }: for the next periods. */
export async function updateSubscription(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, SubscriptionUpdateSchema.extend({ orgId: z.string().optional() }));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _org, ...fields } = input;
  const { data, error } = await db.rpc('update_subscription', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_subscription_id: id!,
    p_input: fields,
  });
  if (error) throw fromPostgrest(error);
  unwrap(data);
  return Response.json(await readSubscription(db, orgId, id!));
}

async function change(req: Request, id: string, name: 'pause_subscription' | 'resume_subscription') {
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc(name, {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_subscription_id: id,
  });
  if (error) throw fromPostgrest(error);
  unwrap(data);
  return Response.json(await readSubscription(db, orgId, id));
}
/** POST /api/subscriptions/:id/pause */
export const pauseSubscription = (req: Request, { id }: Params) => change(req, id!, 'pause_subscription');
/** POST /api/subscriptions/:id/resume: from the next period; or takes back a cancellation at period end. */
export const resumeSubscription = (req: Request, { id }: Params) => change(req, id!, 'resume_subscription');

/** POST /api/subscriptions/:id/cancel { atPeriodEnd? } */
export async function cancelSubscription(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, CancelSubscriptionSchema.extend({ orgId: z.string().optional() }));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('cancel_subscription', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_subscription_id: id!,
    p_at_period_end: input.atPeriodEnd,
  });
  if (error) throw fromPostgrest(error);
  unwrap(data);
  return Response.json(await readSubscription(db, orgId, id!));
}
