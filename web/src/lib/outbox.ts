// The outbox: every change the app makes is first written to the device (IndexedDB), with its own UUIDv7,
// together with the row it creates, and only then sent. The server applies each id at most once
// (Idempotency-Key → sync_mutations), so sending again after a lost reply is safe. An entry leaves the
// outbox only when the server has answered it. See docs/offline.md.
//
// - Order: entries are sent by sequence; a network failure, a 5xx or a 429 stops the round (retried later)
//   so nothing overtakes an earlier change.
// - A refusal (4xx) of a change whose form is still open is handed back to the form (nothing is lost: the
//   form keeps what was typed). A refusal of a change made earlier, offline, stays in the outbox as
//   "failed", with its reason, for Retry or Discard; later changes that use a row it would have created
//   wait beside it.
// - 401: the queue pauses until the member signs in again.
// - One tab sends at a time (Web Locks); every tab sees the same outbox (BroadcastChannel).
//
// In parts: the entries' shapes (outbox-entry.ts), the queue on the device (outbox-store.ts), who hears the
// answers (outbox-answers.ts), the sender (outbox-sender.ts) and its rules (outbox-replay.ts, outbox-order.ts).
// This file is what the app calls.
import { isOnline } from './connection.ts';
import { announce, outbox, refresh, settle, waitForAnswer } from './outbox-answers.ts';
import { keptOffline, type Operation, type OutboxEntry } from './outbox-entry.ts';
import { flush, flushNow, sessionUserId } from './outbox-sender.ts';
import { findEntry, keepEntry, readQueue, removeEntry, renewEntry, updateEntry } from './outbox-store.ts';
import { uuidv7 } from './uuid.ts';

export {
  type EntryStatus,
  inPlaceOf,
  type Operation,
  type OutboxEntry,
  refusedInput,
  SavedOffline,
} from './outbox-entry.ts';
export { flush, outbox };

/** How long a form waits for the server's answer to its change before it is told the change is kept. */
const ANSWER_WAIT_MS = 20_000;

/** Keeps a change on the device, then sends it; resolves with the server's answer. */
export async function enqueue<T>(op: Operation): Promise<T> {
  const replaced = op.replaces ? await findEntry(op.replaces) : undefined;
  const entry: OutboxEntry = {
    id: uuidv7(),
    // Given when the change is kept, inside the transaction that keeps it.
    seq: 0,
    v: 1,
    orgId: op.orgId,
    method: op.method,
    path: op.path,
    body: op.body,
    label: op.label ?? `${op.method} ${op.path}`,
    creates: op.creates,
    userId: sessionUserId(),
    status: 'pending',
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
  const answered = waitForAnswer<T>(entry.id);
  // The change and the row it creates are kept in one step (with the refused change it corrects gone).
  await keepEntry(entry, replaced);
  await refresh();
  announce();
  void flush();
  // The form that made the change waits for the server's answer (to show a refusal under its field) only
  // while one can come soon. Offline it learns at once that the change is kept on the device: the round
  // sending older changes may be waiting on a connection that answers nothing, and this change is not in it.
  // Online it waits at most ANSWER_WAIT_MS; then the change stays queued and its answer goes to Pending
  // changes like any other.
  if (!isOnline()) settle(keptOffline(entry.id));
  else setTimeout(() => settle(keptOffline(entry.id)), ANSWER_WAIT_MS);
  return answered;
}

/** Tries again: a refused change after the member fixed its cause, or a paused queue after sign-in. */
export async function retry(id?: string): Promise<void> {
  for (const e of await readQueue())
    if ((!id || e.id === id) && e.status !== 'pending') {
      if (e.status === 'failed') await renewEntry(e);
      else await updateEntry({ ...e, status: 'pending' });
    }
  await refresh();
  announce();
  await flush();
}

/** Gives up a change for good (and the row it would have created). */
export async function discard(id: string): Promise<void> {
  const entry = await findEntry(id);
  if (entry) await removeEntry(entry);
  await refresh();
  announce();
  void flush();
}

/** Starts the outbox: sends on start, when the connection returns, when the tab is shown, and on a timer. */
export function startOutbox(): () => void {
  const onVisible = () => document.visibilityState === 'visible' && flushNow();
  window.addEventListener('online', flushNow);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(
    () => outbox.entries().some((e) => e.status === 'pending') && void flush(),
    30_000,
  );
  void refresh().then(flushNow);
  void navigator.storage?.persist?.();
  return () => {
    window.removeEventListener('online', flushNow);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}

// The outbox's own entry point, for the drain benchmark (scripts/drain-bench.ts) and the browser tests that
// queue a change no screen offers yet. It adds nothing a script on this page could not already do with the
// session (call /api itself); it only goes through the same queue as the forms.
declare global {
  interface Window {
    kasuwaOutbox?: { enqueue: typeof enqueue };
  }
}
if (typeof window !== 'undefined') window.kasuwaOutbox = { enqueue };
