// Recurring invoices: the inputs of the plan form and the subscribe form, shared by the screens and the
// `api` function. The database checks every rule again (supabase/migrations/20261122001260_subscription_functions.sql).
import { z } from './zod.ts';
import { optionalIsoDate } from './dates.ts';
import { R } from './reasons.ts';
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from './values.ts';

export { BILLING_INTERVALS, SUBSCRIPTION_STATUSES };
export type { BillingInterval, SubscriptionStatus } from './values.ts';

const percent = z.coerce.number().min(0).max(100);
const wholeNumber = (min: number, max: number) => z.coerce.number().int(R.WHOLE_NUMBER).min(min).max(max);

/** A line a plan bills each period: a product from inventory or free text. */
export const PlanLineSchema = z.object({
  productId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
  description: z.string().trim().min(1, R.REQUIRED).max(500),
  qty: z.coerce.number().positive(R.POSITIVE).max(999_999_999),
  unitPrice: z.coerce.number().min(0, R.ZERO_OR_MORE).max(999_999_999_999.99),
});
export type PlanLine = z.infer<typeof PlanLineSchema>;

/**
 * POST /api/subscription-plans, PUT /api/subscription-plans/:id (an edit may send only some fields). With
 * lines, the price is their sum (the one sent is replaced); lines sent replace the plan's.
 */
export const SubscriptionPlanInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, R.NAME_REQUIRED).max(255),
  description: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(2000).nullable().optional()),
  price: z.coerce.number().min(0, R.ZERO_OR_MORE).max(999_999_999_999.99),
  /** The organization's when none is given. */
  currency: z.string().trim().toUpperCase().length(3).optional(),
  interval: z.enum(BILLING_INTERVALS).default('MONTHLY'),
  intervalCount: wholeNumber(1, 52).default(1),
  trialDays: wholeNumber(0, 365).default(0),
  isActive: z.boolean().default(true),
  lines: z.array(PlanLineSchema).max(50).optional(),
});
export type SubscriptionPlanInput = z.infer<typeof SubscriptionPlanInputSchema>;
export const SubscriptionPlanUpdateSchema = SubscriptionPlanInputSchema.omit({ id: true }).partial();

/** POST /api/subscriptions: a customer subscribed to an active plan. */
export const SubscribeInputSchema = z.object({
  id: z.uuid().optional(),
  customerId: z.uuid(),
  planId: z.uuid(),
  quantity: wholeNumber(1, 1_000_000).default(1),
  /** The organization's default tax rate when none is given. */
  taxPercent: percent.optional(),
  discountPercent: percent.optional(),
  /** Today when none is given; at most a year back (the periods since are billed at once). */
  startDate: optionalIsoDate,
  /** The plan's trial when none is given. */
  trialDays: wholeNumber(0, 365).optional(),
  endDate: optionalIsoDate,
});
export type SubscribeInput = z.infer<typeof SubscribeInputSchema>;

/** PUT /api/subscriptions/:id: what is sent changes, for the periods not billed yet; endDate null removes it. */
export const SubscriptionUpdateSchema = z.object({
  quantity: wholeNumber(1, 1_000_000).optional(),
  taxPercent: percent.optional(),
  discountPercent: percent.optional(),
  endDate: optionalIsoDate,
});
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>;

/** POST /api/subscriptions/:id/cancel: now, or at the end of the period already billed. */
export const CancelSubscriptionSchema = z.object({ atPeriodEnd: z.boolean().default(false) });
