// Refusals in the user's language (docs/decisions/005-error-codes-end-to-end.md). The server and the shared
// schemas give reason codes with parameters, never sentences for people: `errors.<REASON>` says it, with
// amounts formatted in the user's locale; a reason without a translation falls back to its HTTP-level code
// (`errors.code.FORBIDDEN`), then to "Something went wrong". The English `message` of an answer is for logs
// and is never shown.
import type { IntlShape } from 'react-intl';
import { readReason, reasonText } from '@shared/schemas/reason-codes.ts';
import { ApiError } from './api-client.ts';
import { formatMoney } from './money.ts';

/** What a refusal says: its reason code, parameters, field and HTTP-level code (any may be missing). */
export interface Refusal {
  reason?: string;
  params?: Record<string, unknown>;
  field?: string;
  code?: string;
  /** The `api` function's details: INVALID_INPUT lists each field with its own reason. */
  details?: unknown;
}

// Supabase Auth answers its own error codes (GoTrue's `error_code`): the reasons they mean here.
export const AUTH_REASONS: Record<string, string> = {
  invalid_credentials: 'INVALID_CREDENTIALS',
  user_already_exists: 'EMAIL_TAKEN',
  email_exists: 'EMAIL_TAKEN',
  email_not_confirmed: 'EMAIL_NOT_CONFIRMED',
  email_address_invalid: 'ENTER_VALID_EMAIL',
  weak_password: 'WEAK_PASSWORD',
  over_request_rate_limit: 'TOO_MANY_ATTEMPTS',
  // Auth's mails: one address gets one a minute, and the project so many an hour.
  over_email_send_rate_limit: 'EMAIL_SEND_WAIT',
  otp_expired: 'LINK_EXPIRED',
  over_sms_send_rate_limit: 'TOO_MANY_ATTEMPTS',
  session_not_found: 'SESSION_EXPIRED',
  session_expired: 'SESSION_EXPIRED',
  refresh_token_not_found: 'SESSION_EXPIRED',
  refresh_token_already_used: 'SESSION_EXPIRED',
  bad_jwt: 'SESSION_EXPIRED',
  validation_failed: 'INVALID_INPUT',
  same_password: 'SAME_PASSWORD',
  current_password_required: 'CURRENT_PASSWORD_REQUIRED',
  current_password_mismatch: 'CURRENT_PASSWORD_WRONG',
  captcha_failed: 'CAPTCHA_FAILED',
  signup_disabled: 'SIGNUP_DISABLED',
};

// weak_password says why in `reasons` (GoTrue's words): the reason it stands for, first one first.
const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: 'PASSWORD_TOO_SHORT',
  pwned: 'PASSWORD_TOO_COMMON',
};

/** The reason of an Auth error, from its code, and for passwords from its reasons or its one message. */
function authReason(code: unknown, error: object): string | undefined {
  if (code === 'weak_password') {
    const reasons = (error as { reasons?: unknown }).reasons;
    const first = Array.isArray(reasons)
      ? reasons.map((r) => WEAK_PASSWORD_REASONS[String(r)]).find(Boolean)
      : undefined;
    return first ?? AUTH_REASONS.weak_password;
  }
  // GoTrue gives an over-long password only the generic code; its message is all that tells it apart.
  const message = (error as { message?: unknown }).message;
  if (
    code === 'validation_failed' &&
    typeof message === 'string' &&
    /^Password cannot be longer/.test(message)
  )
    return 'PASSWORD_TOO_LONG';
  return typeof code === 'string' ? AUTH_REASONS[code] : undefined;
}

/** The form field an Auth error is about, when it names one. */
const PASSWORD_REASONS = new Set([
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'WEAK_PASSWORD',
  'SAME_PASSWORD',
]);
const CURRENT_PASSWORD_REASONS = new Set(['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG']);

// An answer without a code still has a status: the code it stands for.
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'LIMIT_REACHED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

type Values = Record<string, string | number>;

/** The parameters as message values: an amount with its currency is money in the user's locale. */
function values(intl: IntlShape, params: Record<string, unknown> = {}): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number' || typeof value === 'string') out[key] = value;
    else if (value !== null && value !== undefined) out[key] = JSON.stringify(value);
  }
  const { amount, currency } = params;
  if (typeof currency === 'string' && (typeof amount === 'number' || typeof amount === 'string'))
    out.amount = formatMoney(Number(amount), currency, intl.locale);
  return out;
}

function translated(intl: IntlShape, id: string, params?: Record<string, unknown>): string | undefined {
  return id in intl.messages ? intl.formatMessage({ id }, values(intl, params)) : undefined;
}

/** The first field's own reason of an INVALID_INPUT answer (`details.fields`), when it has one. */
function firstField(details: unknown): Refusal | undefined {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  const first: unknown = Array.isArray(fields) ? fields[0] : undefined;
  if (!first || typeof first !== 'object') return undefined;
  const { reason, params } = first as { reason?: unknown; params?: unknown };
  return typeof reason === 'string'
    ? {
        reason,
        params: params && typeof params === 'object' ? (params as Record<string, unknown>) : undefined,
      }
    : undefined;
}

/** A refusal in the user's language: its reason, else its code's class, else "Something went wrong". */
export function refusalMessage(intl: IntlShape, refusal: Refusal): string {
  const field = refusal.reason === 'INVALID_INPUT' ? firstField(refusal.details) : undefined;
  return (
    (field?.reason && translated(intl, `errors.${field.reason}`, field.params)) ||
    (refusal.reason && translated(intl, `errors.${refusal.reason}`, refusal.params)) ||
    (refusal.code && translated(intl, `errors.code.${refusal.code}`)) ||
    intl.formatMessage({ id: 'errors.generic' })
  );
}

/** What a failed call says about itself: an /api answer's body, or Supabase Auth's error code. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) {
    const { reason, params, field, details } = error;
    return { reason, params, field, details, code: error.code ?? STATUS_CODES[error.status] ?? 'INTERNAL' };
  }
  if (error && typeof error === 'object' && '__isAuthError' in error) {
    const { code, status } = error as { code?: unknown; status?: unknown };
    const reason = authReason(code, error);
    const byStatus = typeof status === 'number' ? STATUS_CODES[status] : undefined;
    const field =
      reason && PASSWORD_REASONS.has(reason)
        ? 'password'
        : reason && CURRENT_PASSWORD_REASONS.has(reason)
          ? 'currentPassword'
          : undefined;
    return {
      reason,
      ...(field && { field }),
      code: byStatus ?? (typeof status === 'number' && status >= 500 ? 'UNAVAILABLE' : undefined),
    };
  }
  return {};
}

/** The message of a failed call in the user's language (never the server's English sentence). */
export function errorMessage(intl: IntlShape, error: unknown): string {
  return refusalMessage(intl, refusalOf(error));
}

/**
 * A form field's message in the user's language: the shared schemas' messages are reason codes, with their
 * parameters (`TOO_LONG {"max":255}`). Anything else is not shown as it is: it says the value is not valid.
 */
export function validationMessage(intl: IntlShape, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const refusal = readReason(code);
  return (
    (refusal && translated(intl, `errors.${refusal.reason}`, refusal.params)) ||
    intl.formatMessage({ id: 'errors.INVALID_VALUE' })
  );
}

/**
 * The fields of a form that a refusal names (a taken SKU, a taken name; each field of an INVALID_INPUT
 * answer), each with its reason code, which the form's field translates as it does its own checks.
 */
export function refusedFields(
  refusal: Refusal | undefined,
  inForm: (field: string) => boolean,
): { field: string; message: string }[] {
  if (!refusal) return [];
  const listed = (refusal.details as { fields?: unknown } | undefined)?.fields;
  return [
    ...(Array.isArray(listed) ? (listed as Refusal[]) : []),
    ...(refusal.field && refusal.reason ? [refusal] : []),
  ]
    .filter((f): f is Refusal & { field: string; reason: string } =>
      Boolean(f && typeof f.field === 'string' && typeof f.reason === 'string' && inForm(f.field)),
    )
    .map((f) => ({ field: f.field, message: reasonText(f.reason, f.params) }));
}
