// /api/subscription-plans: what a subscription bills each period — listed under the caller's RLS, saved
// by save_subscription_plan (owners and managers), applied once per Idempotency-Key.
import { z } from 'zod';
import type { SubscriptionPlan } from '@shared/api/subscriptions.ts';
import { SubscriptionPlanInputSchema, SubscriptionPlanUpdateSchema } from '@shared/schemas/subscriptions.ts';
import type { Params } from './router.ts';
import { ok, orgRequest, query } from './request.ts';

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

const PlanQuery = z.object({ active: z.enum(['true', 'false']).optional() });

/** GET /api/subscription-plans[?active=true]: by name. */
export async function listPlans(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, PlanQuery);
  let rows = db.from('subscription_plans').select(PLAN_COLUMNS).eq('org_id', orgId);
  if (q.active) rows = rows.eq('is_active', q.active === 'true');
  const plans: PlanRow[] = ok(await rows.order('name').order('id').limit(500)).data;
  const lines = new Map<string, LineRow[]>();
  if (plans.length) {
    const found = ok(
      await db
        .from('plan_lines')
        .select('id, plan_id, product_id, description, qty, unit_price, position')
        .eq('org_id', orgId)
        .in(
          'plan_id',
          plans.map((p) => p.id),
        ),
    );
    for (const l of found.data) lines.set(l.plan_id, [...(lines.get(l.plan_id) ?? []), l]);
  }
  return Response.json(plans.map((p) => toPlan({ ...p, lines: lines.get(p.id) ?? [] })));
}

async function savePlan(req: Request, id?: string): Promise<Response> {
  const { body, write } = id
    ? await orgRequest(req, { body: SubscriptionPlanUpdateSchema })
    : await orgRequest(req, { body: SubscriptionPlanInputSchema });
  const saved = (await write('save_subscription_plan', { p_plan_id: id ?? null, p_input: body })) as PlanRow;
  return Response.json(toPlan(saved), { status: id ? 200 : 201 });
}
/** POST /api/subscription-plans */
export const createPlan = (req: Request) => savePlan(req);
/** PUT /api/subscription-plans/:id: any of the fields; { isActive: false } deactivates it. */
export const updatePlan = (req: Request, { id }: Params<'id'>) => savePlan(req, id);
