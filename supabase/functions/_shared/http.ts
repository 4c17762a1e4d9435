// Request parsing shared by the routes: JSON bodies validated with the shared zod schemas.
import type { z } from 'zod';
import { AppError, humanMessage, refusalOf } from './errors.ts';

export async function parseBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  // A form post or text body is not read as JSON: a page elsewhere cannot write here with a simple request.
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body must be JSON (Content-Type: application/json)',
    );
  }
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fieldErrors[key] ??= issue.message;
    }
    throw new AppError(
      'VALIDATION_FAILED',
      Object.values(fieldErrors)[0] ?? 'Invalid input',
      { fieldErrors },
      { reason: 'INVALID_INPUT' },
    );
  }
  return result.data;
}

/** Maps a PostgREST error from a supabase-js call to an AppError with a stable code. */
export function fromPostgrest(error: { code?: string; message: string; hint?: string | null }): AppError {
  const refusal = refusalOf(error);
  switch (error.code) {
    case '23505':
      return new AppError('ALREADY_EXISTS', humanMessage(error.message), undefined, refusal);
    case '23503':
    case '23514':
    case '22P02':
    case '22001':
    case '22003':
    case '23502':
    case 'P0001':
      return new AppError('VALIDATION_FAILED', error.message, undefined, refusal);
    case '42501':
      return new AppError('FORBIDDEN', 'You do not have permission to do this', undefined, refusal);
    case '22023':
      // An Idempotency-Key reused for a different change, or a malformed value (with its reason).
      if (refusal) return new AppError('VALIDATION_FAILED', error.message, undefined, refusal);
      return new AppError('CONFLICT', error.message);
    case 'PGRST116':
      return new AppError('NOT_FOUND', 'Not found');
    case 'PT402':
      return new AppError('LIMIT_REACHED', error.message, undefined, refusal);
    default:
      return new AppError('INTERNAL', 'Internal server error');
  }
}
