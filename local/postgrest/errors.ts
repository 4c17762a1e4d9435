// PostgREST's error body {code, details, hint, message} and its SQLSTATE → HTTP status mapping.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function statusForSqlState(code: string, anon: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '23505' || code === '23503') return 409;
  if (code === '42501') return anon ? 401 : 403;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code.startsWith('08')) return 503;
  if (code === '53400') return 500;
  if (code.startsWith('53') || code === '57P01') return 503;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (code === '21000') return 500;
  return 400;
}

export function fromPg(e: unknown, anon: boolean): ApiError {
  if (e instanceof ApiError) return e;
  const err = e as PgError;
  const code = err.code ?? 'XX000';
  let status = statusForSqlState(code, anon);
  if (code === '21000' && /requires a WHERE clause$/.test(err.message)) status = 400;
  if (code === '22023' && /role .* does not exist/.test(err.message)) status = 401;
  return new ApiError(status, code, err.message, err.detail ?? null, err.hint ?? null);
}
