// Errors carry a stable code end to end; the code decides the HTTP status, and 5xx details never leak.
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNSUPPORTED_MEDIA_TYPE'
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

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export function errorResponse(e: unknown, headers: HeadersInit = {}): Response {
  const error = e instanceof AppError ? e : new AppError('INTERNAL', 'Internal server error');
  if (!(e instanceof AppError)) console.error(e);
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return Response.json(body, { status: error.status, headers });
}

// The database names the constraint a write broke; people get a sentence instead.
const CONSTRAINT_MESSAGES: Record<string, string> = {
  products_org_sku_key: 'A product with this SKU already exists',
  organizations_name_key: 'An organization with this name already exists',
};

/** A database message in words a user understands (unchanged when there is nothing better to say). */
export function humanMessage(message: string): string {
  if (message.includes('row-level security')) return 'You do not have permission to do this';
  for (const [constraint, text] of Object.entries(CONSTRAINT_MESSAGES)) {
    if (message.includes(`"${constraint}"`)) return text;
  }
  return message;
}
