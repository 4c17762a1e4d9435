// The rules of replay: which entries a round sends, which wait, and what a failed send means. Pure, so the
// sender (outbox-sender.ts) only applies them; the order of the queue itself is outbox-order.ts.
import { ApiError } from './api-client.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import { idsUsed } from './outbox-order.ts';

/** Only the member who made a change sends it (another person signed in on this phone does not). */
export const madeBy = (entries: OutboxEntry[], userId: string | null): OutboxEntry[] =>
  entries.filter((e) => e.userId === userId);

/** The id of the row an entry creates, lower-cased as `idsUsed` gives them. */
export const createdId = (entry: OutboxEntry): string | undefined => entry.creates?.row.id.toLowerCase();

/**
 * What a round does with an entry, given the rows not created yet because their change was refused or waits
 * (`blocked`): skip a refused change (it waits for Retry, Edit or Discard), hold back a change that uses a
 * blocked row, send the rest. The caller adds the row of a skipped or held entry to `blocked`.
 */
export function stepFor(entry: OutboxEntry, blocked: ReadonlySet<string>): 'skip' | 'wait' | 'send' {
  if (entry.status === 'failed') return 'skip';
  const own = createdId(entry);
  const needs = [...idsUsed(entry.path, entry.body)].some((id) => blocked.has(id) && id !== own);
  return needs ? 'wait' : 'send';
}

/**
 * What a failed send means. `sign-in`: the session is gone, the queue pauses until the member signs in.
 * `retry`: the server was not reached or could not answer now (no answer, 5xx, 429, 408) — the change stays,
 * the round stops so nothing overtakes it, and it is sent again later. `refused`: the server said no (any
 * other 4xx) and will say so again for this id.
 */
export function failureOf(e: unknown): 'sign-in' | 'retry' | 'refused' {
  if (e instanceof ApiError && e.status === 401) return 'sign-in';
  if (!(e instanceof ApiError) || e.status >= 500 || e.status === 429 || e.status === 408) return 'retry';
  return 'refused';
}

/** The wait before the next try after a retryable failure: doubled each time, at most a minute. */
export const FIRST_RETRY_MS = 2_000;
export const nextRetryMs = (wait: number): number => Math.min(wait * 2, 60_000);
