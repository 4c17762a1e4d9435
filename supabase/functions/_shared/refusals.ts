// The database's answers in the API's terms, in one place: a refusal's reason code (the hint a rule raised
// with, or the constraint a built-in error names), its sentence, and the error answer a PostgREST error or
// a mutation function's recorded refusal becomes (docs/decisions/005-error-codes-end-to-end.md).
import { AppError, type ErrorCode, type Refusal } from './errors.ts';

/** What a refusal says when the database gives no reason of its own. */
const NOT_ALLOWED = 'You do not have permission to do this';

// The database names the constraint a write broke; people get a sentence instead.
const CONSTRAINT_MESSAGES: Record<string, string> = {
  products_org_sku_key: 'A product with this SKU already exists',
  organizations_name_key: 'An organization with this name already exists',
};

/** A database message in words a user understands (unchanged when there is nothing better to say). */
export function humanMessage(message: string): string {
  if (message.includes('row-level security')) return NOT_ALLOWED;
  const reference = referenceOf(message);
  if (reference) return `${reference.what} not found`;
  for (const [constraint, text] of Object.entries(CONSTRAINT_MESSAGES)) {
    if (message.includes(`"${constraint}"`)) return text;
  }
  return message;
}

// Built-in errors carry no hint: the constraint they name gives the reason code (ADR 005), and for a taken
// value the field that holds it, so the form shows the refusal under that field.
const CONSTRAINT_REASONS: [RegExp, string, string?][] = [
  [/"products_org_sku_key"/, 'SKU_TAKEN', 'sku'],
  [/"(leads|customers)_email_check"/, 'INVALID_EMAIL', 'email'],
  [/"leads_phone_check"/, 'PHONE_INVALID', 'phone'],
  [/"organizations_name_key"/, 'ORGANIZATION_NAME_TAKEN', 'name'],
  [/"organizations_name_normalized_key"/, 'ORGANIZATION_NAME_TAKEN', 'name'],
  [/"(money_amount|money_price|quantity|percentage)_finite"/, 'NOT_A_NUMBER'],
  [/value too long for type/, 'TOO_LONG'],
  [/numeric field overflow/, 'NUMBER_TOO_LARGE'],
  // A reference to a row the organization does not have (an unknown id): never the raw foreign-key error.
  [/"\w+_org_id_customer_id_fkey"/, 'CUSTOMER_NOT_FOUND'],
  [/"\w+_org_id_product_id_fkey"/, 'PRODUCT_NOT_FOUND'],
  [/"\w+_org_id_supplier_id_fkey"/, 'SUPPLIER_NOT_FOUND'],
  [/"\w+_org_id_lead_id_fkey"/, 'LEAD_NOT_FOUND'],
  [/"\w+_org_id_invoice_id_fkey"/, 'INVOICE_NOT_FOUND'],
  [/"payment_reversals_org_id_payment_id_key"/, 'PAYMENT_ALREADY_REVERSED'],
  [/"expense_reversals_org_id_expense_id_key"/, 'EXPENSE_ALREADY_REVERSED'],
  [/"payment_reversals_org_id_payment_id_fkey"/, 'PAYMENT_REVERSED'],
  [/"expense_reversals_org_id_expense_id_fkey"/, 'EXPENSE_REVERSED'],
  [/"\w+_org_id_purchase_order_id_fkey"/, 'PURCHASE_ORDER_NOT_FOUND'],
  [/"leads_org_id_owner_id_fkey"/, 'LEAD_OWNER_NOT_MEMBER'],
  [/row-level security/, 'FORBIDDEN'],
  [/permission denied for (table|column|function)/, 'FORBIDDEN'],
];

/**
 * The reason code of a database refusal: the JSON hint a rule raised with, or the constraint a built-in
 * error names; undefined when neither says.
 */
export function refusalOf(error: { message?: string; hint?: string | null }): Refusal | undefined {
  const hint = error.hint?.trim();
  if (hint?.startsWith('{')) {
    try {
      const parsed = JSON.parse(hint) as Partial<Refusal>;
      if (typeof parsed.reason === 'string') {
        return {
          reason: parsed.reason,
          ...(parsed.params && typeof parsed.params === 'object' ? { params: parsed.params } : {}),
          ...(typeof parsed.field === 'string' ? { field: parsed.field } : {}),
        };
      }
    } catch {
      // Not a reason: an older hint written for people.
    }
  }
  if (hint?.startsWith('plan_limit:')) return { reason: 'PLAN_LIMIT', params: { limit: hint.slice(11) } };
  for (const [pattern, reason, holds] of CONSTRAINT_REASONS) {
    if (!pattern.test(error.message ?? '')) continue;
    const field = holds ?? referenceOf(error.message ?? '')?.field;
    return field ? { reason, field } : { reason };
  }
  return undefined;
}

/**
 * The reference a foreign-key error names ("…_org_id_customer_id_fkey"): the field that carried it
 * (customerId) and what was not found (Customer).
 */
function referenceOf(message: string): { field: string; what: string } | undefined {
  const name = /violates foreign key constraint "\w+?_org_id_(\w+)_id_fkey"/.exec(message)?.[1];
  if (!name) return undefined;
  const words = name.split('_');
  return {
    field: words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('') + 'Id',
    what: words.join(' ').replace(/^\w/, (c) => c.toUpperCase()),
  };
}

/** The `data` of a mutation function's answer, or its recorded refusal as an AppError. */
export function unwrap<T>(answer: unknown): T {
  const a = answer as {
    data?: T;
    error?: { code: ErrorCode; message: string; details?: unknown } & Partial<Refusal>;
  };
  if (a.error) {
    const { reason, params, field } = a.error;
    const refusal = reason
      ? { reason, ...(params ? { params } : {}), ...(field ? { field } : {}) }
      : refusalOf({ message: a.error.message });
    throw new AppError(a.error.code, humanMessage(a.error.message), a.error.details, refusal);
  }
  return a.data as T;
}

/** The server is too busy to answer now: 503 UNAVAILABLE with SERVER_BUSY, and a Retry-After. */
export const busy = () =>
  new AppError('UNAVAILABLE', 'The server is busy. Please try again in a moment.', undefined, {
    reason: 'SERVER_BUSY',
  });

/** Whether the error is a rule's refusal, raised with its reason code in a JSON hint. */
const ruled = (error: { hint?: string | null }) => !!error.hint?.trim().startsWith('{');

/** Maps a PostgREST error from a supabase-js call to an AppError with a stable code. */
export function fromPostgrest(error: { code?: string; message: string; hint?: string | null }): AppError {
  const refusal = refusalOf(error);
  switch (error.code) {
    case '23505':
      return new AppError('ALREADY_EXISTS', humanMessage(error.message), undefined, refusal);
    case '23503':
      // A reference to nothing: which one, in words (never the raw foreign-key error).
      return new AppError('NOT_FOUND', humanMessage(error.message), undefined, refusal);
    case '23514':
    case '22P02':
    case '22001':
    case '22003':
    case '23502':
    case 'P0001':
      return new AppError('VALIDATION_FAILED', error.message, undefined, refusal);
    case '42501':
      // A rule's refusal (its hint names the reason) says who may in its own sentence ("Sales members can see
      // only the sales and inventory reports"); a grant or a row-level security policy says no more than no.
      return new AppError('FORBIDDEN', ruled(error) ? error.message : NOT_ALLOWED, undefined, refusal);
    case '22023':
      // An Idempotency-Key reused for a different change, or a malformed value (with its reason).
      if (refusal && refusal.reason !== 'MUTATION_ID_REUSED')
        return new AppError('VALIDATION_FAILED', error.message, undefined, refusal);
      return new AppError('CONFLICT', error.message, undefined, refusal ?? { reason: 'MUTATION_ID_REUSED' });
    case 'PGRST116':
      return new AppError('NOT_FOUND', 'Not found');
    case 'PT402':
      return new AppError('LIMIT_REACHED', error.message, undefined, refusal);
    // A budget of the organization spent (documents mailed this hour): try again later.
    case 'PT429':
      return new AppError('RATE_LIMITED', error.message, undefined, refusal);
    // The database or the Data API could not answer in time (a statement or lock timeout, no free
    // connection, an answer too large to build): nothing was refused, so the caller is told to try
    // again later rather than that the request was wrong.
    case '57014':
    case '55P03':
    case 'PGRST003':
    case 'PGRSTL01':
      return busy();
    // The database went away under the request (shut down or restarted, its connection cut) or the Data API
    // cannot reach it: nothing was decided either, and the same call can succeed once it is back.
    case '57P01':
    case '57P02':
    case '57P03':
    case 'PGRST000':
    case 'PGRST001':
    case 'PGRST002':
      return busy();
    // supabase-js could not reach the Data API at all (refused, reset, timed out): it answers a code of ''.
    case '':
      return busy();
    default:
      if (error.code?.startsWith('08')) return busy();
      return new AppError('INTERNAL', 'Internal server error');
  }
}
