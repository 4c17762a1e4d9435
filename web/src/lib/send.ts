// The one way the app changes data: every write gets a client-generated id (sent as Idempotency-Key), so
// the server applies it once however often it is sent. The offline outbox builds on this.
import { apiFetch } from './api-client.ts';
import { uuidv7 } from './uuid.ts';

export interface Operation {
  /** The write's own id: a repeat with the same id is answered with the first answer. */
  id?: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  orgId: string;
}

export function send<T>(op: Operation): Promise<T> {
  return apiFetch<T>(op.path, {
    method: op.method,
    body: op.body,
    orgId: op.orgId,
    idempotencyKey: op.id ?? uuidv7(),
  });
}
