// What /api/subscription-plans and /api/subscriptions answer: plans with the lines they bill, and
// subscriptions with their customer, plan, next billing date and, one by one, their billed periods.
import { z } from '../schemas/zod.ts';
import {
  BILLING_CYCLE_STATUSES,
  BILLING_INTERVALS,
  INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../schemas/values.ts';

export const SubscriptionPlanSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  intervalCount: z.number(),
  trialDays: z.number(),
  isActive: z.boolean(),
  /** What each period bills, when more than the plan's name; the price is then their sum. */
  lines: z.array(
    z.strictObject({
      id: z.string(),
      productId: z.string().nullable(),
      description: z.string(),
      qty: z.number(),
      unitPrice: z.number(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

export const SubscriptionSchema = z.strictObject({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer: z.strictObject({ id: z.string(), name: z.string() }),
  plan: z.strictObject({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    currency: z.string(),
    interval: z.enum(BILLING_INTERVALS),
    intervalCount: z.number(),
  }),
  quantity: z.number(),
  taxPercent: z.number(),
  discountPercent: z.number(),
  startDate: z.string(),
  trialEnd: z.string().nullable(),
  endDate: z.string().nullable(),
  currentPeriod: z.strictObject({ start: z.string(), end: z.string() }).nullable(),
  /** The day the next period starts and is billed; null when paused or ended. */
  nextBillingDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cyclesBilled: z.number(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** A billed period, as GET /api/subscriptions/:id lists them (newest first). */
export const BillingCycleSchema = z.strictObject({
  /** The period's number from the start (periods skipped while paused leave theirs unused). */
  cycleNumber: z.number(),
  start: z.string(),
  /** The period's last day. */
  end: z.string(),
  status: z.enum(BILLING_CYCLE_STATUSES),
  amount: z.number(),
  currency: z.string(),
  billedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Null for a period with nothing to pay. */
  invoice: z
    .strictObject({ id: z.string(), number: z.string(), status: z.enum(INVOICE_STATUSES) })
    .nullable(),
});
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

/** GET /api/subscriptions/:id */
export const SubscriptionWithCyclesSchema = SubscriptionSchema.extend({
  cycles: z.array(BillingCycleSchema),
});
export type SubscriptionWithCycles = z.infer<typeof SubscriptionWithCyclesSchema>;
