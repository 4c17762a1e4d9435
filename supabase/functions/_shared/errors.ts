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
