// Input schema for leads, shared by the lead form and the `api` function: name required; company, phone,
// e-mail, value and close date optional; stage PROSPECT by default.
import { z } from './zod.ts';
import { optionalIsoDate } from './dates.ts';
import { R } from './reasons.ts';
import { LEAD_STAGES } from './values.ts';

const optionalText = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().trim().max(255).nullable().optional(),
);

const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const LeadFormSchema = z.object({
  name: z.string().trim().min(1, R.NAME_REQUIRED).max(255),
  company: optionalText,
  // A number the card can call: it holds at least one digit (the database refuses one without).
  phone: z.preprocess(
    blankIsNull,
    z.string().trim().max(50).regex(/[0-9]/, R.PHONE_INVALID).nullable().optional(),
  ),
  email: z.preprocess(blankIsNull, z.string().trim().email(R.INVALID_EMAIL).max(255).nullable().optional()),
  value: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number().min(0, R.ZERO_OR_MORE).max(999_999_999_999.99).nullable(),
  ),
  stage: z.enum(LEAD_STAGES).default('PROSPECT'),
  closeDate: optionalIsoDate,
  ownerId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
});
export type LeadInput = z.infer<typeof LeadFormSchema>;

/** An edit may carry only some fields (the board and Lead Details send only the stage). */
export const LeadUpdateSchema = LeadFormSchema.partial();

export const LeadNoteSchema = z.object({ note: z.string().trim().min(1, R.REQUIRED).max(5000) });

// ---------------------------------------------------------------------------------------------------
// GET /api/dashboard: what public.get_dashboard answers (see 20261122001500_dashboard.sql). Money
// comes as lists of { currency, amount }, the organization's currency first.
export interface Money {
  currency: string;
  amount: number;
}
export type DashboardActivity =
  | {
      kind: 'invoice';
      id: string;
      number: string;
      status: string;
      customerName: string;
      amount: number;
      currency: string;
      at: string;
    }
  | {
      kind: 'payment';
      id: string;
      invoiceId: string;
      invoiceNumber: string;
      customerName: string;
      method: string;
      amount: number;
      currency: string;
      at: string;
      /** Taken back since: shown struck through, marked. */
      reversed?: boolean;
    }
  | {
      kind: 'lowStock';
      id: string;
      name: string;
      stockOnHand: number;
      lowStockThreshold: number;
      at: string;
    };
export interface Dashboard {
  currency: string;
  timezone: string;
  monthStart: string;
  lastMonthStart: string;
  nextMonthStart: string;
  metrics: {
    cashReceived: Money[];
    activeCustomers: number;
    pendingInvoices: number;
    lowStockItems: number;
    /** Recurring invoices: what the ACTIVE subscriptions past their trial bring in a month, per currency. */
    monthlyRecurringRevenue: Money[];
    /** ACTIVE subscriptions, those in their trial included. */
    activeSubscriptions: number;
  };
  hints: {
    /** changePercent: (this − last) / last × 100, one decimal; null when last month had nothing. */
    revenue: { currency: string; thisMonth: number; lastMonth: number; changePercent: number | null }[];
    newCustomersThisMonth: number;
    outstanding: Money[];
  };
  pipeline: {
    stage: 'PROSPECT' | 'QUALIFIED' | 'PROPOSAL' | 'CLOSED_WON';
    count: number;
    totals: Money[];
    leads: {
      id: string;
      name: string;
      company: string | null;
      value: number | null;
      currency: string;
      closeDate: string | null;
      updatedAt: string;
    }[];
  }[];
  inventoryAlerts: {
    count: number;
    items: {
      id: string;
      name: string;
      sku: string | null;
      unit: string;
      stockOnHand: number;
      lowStockThreshold: number;
      status: 'LOW_STOCK' | 'OUT_OF_STOCK';
    }[];
  };
  gettingStarted: {
    hasProduct: boolean;
    hasCustomer: boolean;
    hasInvoice: boolean;
    hasPayment: boolean;
    hasTeamMember: boolean;
  };
  activity: DashboardActivity[];
}
