// What every organization-scoped route needs: the caller, their client, the organization the request is
// for (x-org-id header, else the body's orgId, else the caller's first organization), and the idempotency
// key of a write (Idempotency-Key header) for mutations replayed from the offline outbox.
import { type Db, requireUser } from './clients.ts';
import { AppError, type ErrorCode, humanMessage, type Refusal, refusalOf } from './errors.ts';

export interface OrgContext {
  userId: string;
  db: Db;
  orgId: string;
  mutationId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function orgContext(req: Request, bodyOrgId?: unknown): Promise<OrgContext> {
  const { userId, db } = await requireUser(req);
  let orgId = req.headers.get('x-org-id') ?? (typeof bodyOrgId === 'string' ? bodyOrgId : null);
  if (!orgId) {
    const { data } = await db
      .from('memberships')
      .select('org_id')
      .eq('user_id', userId)
      .order('created_at')
      .limit(1);
    orgId = data?.[0]?.org_id ?? null;
  }
  if (!orgId || !UUID.test(orgId))
    throw new AppError('BAD_REQUEST', 'No organization selected', undefined, { reason: 'NO_ORGANIZATION' });
  const key = req.headers.get('idempotency-key');
  if (key !== null && !UUID.test(key))
    throw new AppError('BAD_REQUEST', 'Idempotency-Key must be a UUID', undefined, {
      reason: 'IDEMPOTENCY_KEY_INVALID',
    });
  return { userId, db, orgId, mutationId: key };
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
