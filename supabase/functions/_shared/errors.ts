// Errors carry a stable code end to end; the code decides the HTTP status, and 5xx details never leak.
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'ALREADY_EXISTS'
  | 'CONFLICT'
  | 'GONE'
  | 'LIMIT_REACHED'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_EXISTS: 409,
  CONFLICT: 409,
  GONE: 410,
  LIMIT_REACHED: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** What refused, in terms the app translates (docs/decisions/005-error-codes-end-to-end.md). */
export interface Refusal {
  reason: string;
  params?: Record<string, unknown>;
  field?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly refusal?: Refusal,
    /** Seconds before trying again, when the refusal knows (a spent budget); else the code's default. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/**
 * How long a caller waits before trying again: a busy server (503) a few seconds; past a limit (429) a
 * minute, the mail interval and more than the per-address sign-in budget takes to give a request back.
 */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { UNAVAILABLE: 5, RATE_LIMITED: 60 };

export function errorResponse(e: unknown, headers: HeadersInit = {}): Response {
  const error = e instanceof AppError ? e : new AppError('INTERNAL', 'Internal server error');
  if (!(e instanceof AppError)) console.error(e);
  const body: Record<string, unknown> = {
    code: error.code,
    reason: error.refusal?.reason ?? error.code,
    message: error.message,
  };
  if (error.refusal?.params !== undefined) body.params = error.refusal.params;
  if (error.refusal?.field !== undefined) body.field = error.refusal.field;
  if (error.details !== undefined) body.details = error.details;
  // A 503 or a 429 says when to come back: clients (the app's outbox) wait that long.
  const retryAfter = error.retryAfter ?? RETRY_AFTER_SECONDS[error.code];
  const extra: Record<string, string> = retryAfter ? { 'Retry-After': String(retryAfter) } : {};
  return Response.json(body, {
    status: error.status,
    headers: { ...Object.fromEntries(new Headers(headers)), ...extra },
  });
}

// The database names the constraint a write broke; people get a sentence instead.
const CONSTRAINT_MESSAGES: Record<string, string> = {
  products_org_sku_key: 'A product with this SKU already exists',
  organizations_name_key: 'An organization with this name already exists',
};

/** A database message in words a user understands (unchanged when there is nothing better to say). */
export function humanMessage(message: string): string {
  if (message.includes('row-level security')) return 'You do not have permission to do this';
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
