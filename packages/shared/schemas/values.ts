// The fixed lists the schemas accept, without zod: the app's forms draw their options from them in their
// screen's first paint, while the schemas themselves (and zod) load later (web/src/lib/lazy-schema.ts).
// The schema modules export them too. The lists the database keeps as enums are its own (the generated
// Constants, in the migrations' order, which is the order the forms show them in).
import { Constants } from '../database.types.ts';

const ENUMS = Constants.public.Enums;

export const PAYMENT_METHODS = ['cash', 'bank-transfer', 'mobile-money', 'card', 'check'] as const;
export const MOBILE_MONEY_PROVIDERS = ENUMS.mobile_money_provider;

export const EXPENSE_CATEGORIES = [
  'office-supplies',
  'rent',
  'utilities',
  'marketing',
  'travel',
  'equipment',
  'stock-purchases',
  'wages',
  'mobile-money-fees',
  'other',
] as const;

/** The currencies an organization keeps its books in (Settings > Organization). */
export const ORGANIZATION_CURRENCIES = [
  'NGN',
  'GHS',
  'XOF',
  'CVE',
  'GMD',
  'GNF',
  'LRD',
  'MRU',
  'SLL',
  'SLE',
  'KES',
  'ZAR',
] as const;

export const ROLES = ENUMS.membership_role;
export const EMPLOYEE_STATUSES = ENUMS.employee_status;

/** Where an invoice is: a quote, issued (owed), paid, or voided. */
export const INVOICE_STATUSES = ENUMS.invoice_status;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** A lead's place in the pipeline, in the board's order. */
export const LEAD_STAGES = ENUMS.lead_stage;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const BILLING_INTERVALS = ENUMS.billing_interval;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const SUBSCRIPTION_STATUSES = ENUMS.subscription_status;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_CYCLE_STATUSES = ENUMS.billing_cycle_status;
export const PURCHASE_ORDER_STATUSES = ENUMS.purchase_order_status;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/** A product's stock against its threshold (products.stock_status, computed by the database). */
export const STOCK_STATUSES = ['OUT_OF_STOCK', 'LOW_STOCK', 'IN_STOCK'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** Why a product's stock moved. */
export const STOCK_MOVE_REASONS = ENUMS.stock_move_reason;

export const REMINDER_STEP_MIN = -30;
export const REMINDER_STEP_MAX = 90;
export const REMINDER_STEPS_MAX = 6;
