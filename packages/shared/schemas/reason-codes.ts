// The reason codes the shared schemas refuse with (docs/decisions/005-error-codes-end-to-end.md): a form and
// the `api` function carry the code, never an English sentence, and the web app translates `errors.<CODE>`.
// A rule whose message names one field has its own code (VENDOR_REQUIRED: "Vendor is required"); a rule
// worded the same for every field is generic (REQUIRED, INVALID_DATE, TOO_LONG with its `max`).
const CODES = [
  'REQUIRED',
  'TOO_LONG',
  'TOO_SHORT',
  'NUMBER_TOO_LARGE',
  'NUMBER_TOO_SMALL',
  'NOT_A_NUMBER',
  'INVALID_VALUE',
  'INVALID_DATE',
  'UNKNOWN_FIELD',
  'ENTER_VALID_EMAIL',
  'INVALID_EMAIL',
  'PASSWORD_REQUIRED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'CURRENT_PASSWORD_REQUIRED',
  'FIRST_NAME_REQUIRED',
  'LAST_NAME_REQUIRED',
  'ORGANIZATION_NAME_REQUIRED',
  'COUNTRY_REQUIRED',
  'CURRENCY_REQUIRED',
  'TIMEZONE_REQUIRED',
  'TAX_RATE_RANGE',
  'NAME_REQUIRED',
  'VENDOR_REQUIRED',
  'CATEGORY_REQUIRED',
  'AMOUNT_REQUIRED',
  'AMOUNT_POSITIVE',
  'AMOUNT_TOO_LARGE',
  'CURRENCY_DECIMALS',
  'REPORT_DAYS_INVALID',
  'ZERO_OR_MORE',
  'POSITIVE',
  'MONEY_DECIMALS',
  'WHOLE_NUMBER',
  'COST_REQUIRED',
  'PRICE_REQUIRED',
  'LOW_STOCK_THRESHOLD_REQUIRED',
  'QUANTITY_REQUIRED',
  'QUANTITY_NOT_ZERO',
  'QUANTITY_TOO_LARGE',
  'QUANTITY_POSITIVE',
  'ADJUSTMENT_REASON_REQUIRED',
  'SUPPLIER_REQUIRED',
  'PRODUCT_REQUIRED',
  'UNIT_COST_REQUIRED',
  'LINES_REQUIRED',
  'IMPORT_EMPTY',
  'IMPORT_TOO_LARGE',
  'TOTAL_REQUIRED',
  'INVOICE_REQUIRED',
  'PAYMENT_METHOD_REQUIRED',
  'ROLE_REQUIRED',
  'NOTHING_TO_CHANGE',
  'PHONE_INVALID',
  'LOGO_INVALID',
  'MOBILE_MONEY_INVALID',
  'REVERSAL_REASON_REQUIRED',
  'CREDIT_REASON_REQUIRED',
] as const;
export type SchemaReason = (typeof CODES)[number];

/** Every code the schemas use, by name: `R.VENDOR_REQUIRED` (a typo does not compile). */
export const R = Object.fromEntries(CODES.map((c) => [c, c])) as { readonly [K in SchemaReason]: K };
export const SCHEMA_REASONS: readonly SchemaReason[] = CODES;

export interface ReasonWithParams {
  reason: string;
  params?: Record<string, unknown>;
}

/** A schema message that carries parameters: `TOO_LONG {"max":255}` (a bare code has none). */
export function reasonText(reason: string, params?: Record<string, unknown>): string {
  return params ? `${reason} ${JSON.stringify(params)}` : reason;
}

const CODE = /^([A-Z][A-Z0-9_]*)(?: (\{.*\}))?$/s;

/** The code and parameters of a schema message, or undefined when it is not a code. */
export function readReason(message: string | undefined): ReasonWithParams | undefined {
  const m = message ? CODE.exec(message) : null;
  if (!m) return undefined;
  if (!m[2]) return { reason: m[1]! };
  try {
    return { reason: m[1]!, params: JSON.parse(m[2]) as Record<string, unknown> };
  } catch {
    return { reason: m[1]! };
  }
}
