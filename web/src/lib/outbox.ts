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
import { ApiError, apiFetch, type ErrorBody } from './api-client.ts';
import { isOnline } from './connection.ts';
import { openLocalDb, readAll, type RowStore, writeTogether } from './local-db.ts';
import { idsUsed, nextSeq } from './outbox-order.ts';
import { handleUnauthorized } from './session/unauthorized.ts';
import { uuidv7 } from './uuid.ts';

export type EntryStatus = 'pending' | 'failed' | 'waiting' | 'needs-sign-in';

export interface OutboxEntry {
  id: string;
  seq: number;
  /** The version of the entry's shape, so a newer app still sends what an older one queued. */
  v: 1;
  orgId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the member did, in their words at the time ("New customer Ama Serwaa"). */
  label: string;
  /** Who made it: only their session sends it (another person signing in on this phone does not). */
  userId: string | null;
  /** The row this change creates, shown in lists until the server has it. */
  creates?: { store: RowStore; row: { id: string } & Record<string, unknown> };
  status: EntryStatus;
  attempts: number;
  /** Why the server refused it (its reason code and parameters), translated when shown (ADR 005). */
  refusal?: ErrorBody;
  /** The server's English message, for logs (never shown: an entry from an older app may have only this). */
  lastError?: string;
  createdAt: string;
}

/** A refused new row opened again to correct it (Pending changes → Edit): what it held, to fill its form. */
export const refusedInput = <T>(refused: OutboxEntry | undefined) =>
  refused?.body as (T & { id: string }) | undefined;

/**
 * What a corrected change carries: the refused row's id (changes that use the row still find it) and the
 * entry it replaces (it takes that place in the queue). Nothing when it is not a correction.
 */
export const inPlaceOf = (refused: OutboxEntry | undefined): { id?: string; replaces?: string } =>
  refused ? { id: (refused.body as { id: string }).id, replaces: refused.id } : {};

export interface Operation {
  orgId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  label?: string;
  creates?: OutboxEntry['creates'];
  /**
   * A refused change this one corrects (the member edited it): it takes that change's place in the queue,
   * and keeps the id of the row it creates, so the changes that use the row still find it.
   */
  replaces?: string;
}

/** Thrown to a caller whose change was kept on the device because the server could not be reached. */
export class SavedOffline extends Error {
  constructor(readonly entryId: string) {
    super('Saved on this device; it will be sent when the connection returns');
  }
}

type Answer = { id: string; ok: true; data: unknown } | { id: string; ok: false; error: SerializedError };
type SerializedError = { status: number; message: string; body: ErrorBody } | { offline: true };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kasuwa-outbox');
const waiters = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
const listeners = new Set<() => void>();
const appliedListeners = new Set<(orgIds: string[]) => void>();
let snapshot: OutboxEntry[] = [];

function settle(answer: Answer) {
  const waiter = waiters.get(answer.id);
  if (!waiter) return;
  waiters.delete(answer.id);
  if (answer.ok) waiter.resolve(answer.data);
  else if ('offline' in answer.error) waiter.reject(new SavedOffline(answer.id));
  else {
    const e = answer.error;
    waiter.reject(new ApiError(e.status, e.message, e.body));
  }
}

async function refresh() {
  snapshot = await readAll<OutboxEntry>('outbox', 'seq');
  listeners.forEach((l) => l());
}

channel?.addEventListener('message', (e: MessageEvent) => {
  const msg = e.data as
    { type: 'changed' } | { type: 'answer'; answer: Answer } | { type: 'applied'; orgIds: string[] };
  if (msg.type === 'answer') settle(msg.answer);
  if (msg.type === 'applied') appliedListeners.forEach((l) => l(msg.orgIds));
  void refresh();
});

function announce(answer?: Answer) {
  if (answer) {
    settle(answer);
    channel?.postMessage({ type: 'answer', answer });
  } else channel?.postMessage({ type: 'changed' });
}

/** Keeps a change on the device, then sends it; resolves with the server's answer. */
export async function enqueue<T>(op: Operation): Promise<T> {
  const replaced = op.replaces
    ? (await readAll<OutboxEntry>('outbox', 'seq')).find((e) => e.id === op.replaces)
    : undefined;
  const entry: OutboxEntry = {
    id: uuidv7(),
    // Given below, inside the transaction that keeps the change.
    seq: replaced?.seq ?? 0,
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
  const answered = new Promise<T>((resolve, reject) =>
    waiters.set(entry.id, { resolve: resolve as (v: unknown) => void, reject }),
  );
  // The change and the row it creates are kept in one step (with the refused change it corrects gone).
  const stores = new Set([...storesOf(entry), ...(replaced ? storesOf(replaced) : [])]);
  // The next number in the queue is read from the queue itself in the transaction that adds the change
  // (IndexedDB runs two tabs' transactions on the outbox one after the other): after the last one kept,
  // whatever this page has seen, and whatever the clock says after a reload (it may have gone back).
  await writeTogether([...stores], (tx) => {
    const outbox = tx.objectStore('outbox');
    const keep = () => {
      if (replaced) drop(tx, replaced);
      outbox.add(entry);
      if (entry.creates)
        tx.objectStore(entry.creates.store).put({ ...entry.creates.row, orgId: entry.orgId });
    };
    if (replaced) return keep();
    const last = outbox.index('seq').openCursor(null, 'prev');
    last.onsuccess = () => {
      entry.seq = nextSeq(Date.now(), (last.result?.value as OutboxEntry | undefined)?.seq ?? 0);
      keep();
    };
  });
  await refresh();
  announce();
  void flush();
  // The form that made the change waits for the server's answer (to show a refusal under its field) only
  // while one can come soon. Offline it learns at once that the change is kept on the device: the round
  // sending older changes may be waiting on a connection that answers nothing, and this change is not in it.
  // Online it waits at most ANSWER_WAIT_MS; then the change stays queued and its answer goes to Pending
  // changes like any other.
  if (!isOnline()) settle({ id: entry.id, ok: false, error: { offline: true } });
  else setTimeout(() => settle({ id: entry.id, ok: false, error: { offline: true } }), ANSWER_WAIT_MS);
  return answered;
}

/** How long a form waits for the server's answer to its change before it is told the change is kept. */
const ANSWER_WAIT_MS = 20_000;

function sessionUserId(): string | null {
  try {
    return (
      (JSON.parse(localStorage.getItem('kasuwa-auth') ?? 'null') as { user?: { id?: string } } | null)?.user
        ?.id ?? null
    );
  } catch {
    return null;
  }
}

/** The row ids a change refers to (in its path and body): it waits for any of them still unsent. */
const uses = (e: OutboxEntry) => idsUsed(e.path, e.body);

async function update(entry: OutboxEntry) {
  await writeTogether(['outbox'], (tx) => tx.objectStore('outbox').put(entry));
}

/** The stores an entry lives in: the outbox, and the store of the row it creates. */
const storesOf = (entry: OutboxEntry) => (entry.creates ? ['outbox', entry.creates.store] : ['outbox']);

/** Deletes an entry and the row it would have created, inside a transaction over `storesOf(entry)`. */
function drop(tx: IDBTransaction, entry: OutboxEntry) {
  tx.objectStore('outbox').delete(entry.id);
  if (entry.creates) tx.objectStore(entry.creates.store).delete(entry.creates.row.id);
}

async function remove(entry: OutboxEntry) {
  await writeTogether(storesOf(entry), (tx) => drop(tx, entry));
}

const serialize = (e: unknown): SerializedError =>
  e instanceof ApiError ? { status: e.status, message: e.message, body: e.body } : { offline: true };

let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 2_000;

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flush(), backoff);
  backoff = Math.min(backoff * 2, 60_000);
}

let watchingSignIn = false;

/**
 * A queue paused for want of a session (expired, or signed out with changes unsent) resumes as soon as its
 * member signs in again, in this tab or another, without a reload. The Supabase client is loaded only when
 * something waits, so visitors never download it.
 */
function resumeOnSignIn() {
  if (watchingSignIn) return;
  watchingSignIn = true;
  void import('./supabase.ts').then(({ supabase }) =>
    supabase.auth.onAuthStateChange((event) => {
      // Outside the callback: Supabase holds its session lock while it runs, and sending asks for the session.
      if (event === 'SIGNED_IN') setTimeout(() => void flush(), 0);
    }),
  );
}

async function sendAll(): Promise<void> {
  const me = sessionUserId();
  const all = await readAll<OutboxEntry>('outbox', 'seq');
  if (all.length) resumeOnSignIn();
  const entries = all.filter((e) => e.userId === me);
  const blocked = new Set<string>();
  const applied = new Set<string>();
  try {
    for (const entry of entries) {
      if (entry.status === 'failed') {
        if (entry.creates) blocked.add(entry.creates.row.id.toLowerCase());
        continue;
      }
      if ([...uses(entry)].some((id) => blocked.has(id) && id !== entry.creates?.row.id.toLowerCase())) {
        if (entry.creates) blocked.add(entry.creates.row.id.toLowerCase());
        if (entry.status !== 'waiting') await update({ ...entry, status: 'waiting' });
        // A form still waiting for it learns it is kept on the device (it is sent once the change it
        // needs is fixed), instead of waiting for an answer that will not come in this round.
        if (waiters.has(entry.id)) announce({ id: entry.id, ok: false, error: { offline: true } });
        continue;
      }
      try {
        const data = await apiFetch(entry.path, {
          method: entry.method,
          body: entry.body,
          orgId: entry.orgId,
          idempotencyKey: entry.id,
        });
        await remove(entry);
        applied.add(entry.orgId);
        backoff = 2_000;
        announce({ id: entry.id, ok: true, data });
      } catch (e) {
        const retryable = !(e instanceof ApiError) || e.status >= 500 || e.status === 429 || e.status === 408;
        if (e instanceof ApiError && e.status === 401) {
          await update({ ...entry, status: 'needs-sign-in', lastError: e.message });
          announce({ id: entry.id, ok: false, error: { offline: true } });
          // The session is gone: the member signs in again, and the queue (kept) resumes after it.
          void handleUnauthorized();
          return;
        }
        if (retryable) {
          await update({ ...entry, status: 'pending', attempts: entry.attempts + 1 });
          // Every caller still waiting learns its change is kept on the device.
          for (const waiting of entries)
            if (waiters.has(waiting.id)) settle({ id: waiting.id, ok: false, error: { offline: true } });
          announce();
          scheduleRetry();
          return;
        }
        if (waiters.has(entry.id)) {
          // The form that made it is still open: it shows the refusal, the member fixes and resends.
          await remove(entry);
        } else {
          await update({
            ...entry,
            status: 'failed',
            attempts: entry.attempts + 1,
            ...(e instanceof ApiError ? { refusal: e.body } : {}),
            lastError: e instanceof Error ? e.message : String(e),
          });
          if (entry.creates) blocked.add(entry.creates.row.id.toLowerCase());
        }
        announce({ id: entry.id, ok: false, error: serialize(e) });
      }
    }
  } finally {
    if (applied.size) {
      const orgIds = [...applied];
      appliedListeners.forEach((l) => l(orgIds));
      channel?.postMessage({ type: 'applied', orgIds });
    }
    await refresh();
  }
}

let flushing: Promise<void> | null = null;
let again = false;

/**
 * Sends what is waiting, in order, from one tab at a time. A call that arrives while a round is under way
 * (the connection came back, a change was just queued) gets a round of its own after it: the round under
 * way may have read the queue before that change, or failed just before the network returned.
 */
export function flush(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      await openLocalDb();
      do {
        again = false;
        if (navigator.locks) await navigator.locks.request('kasuwa-outbox', () => sendAll());
        else await sendAll();
      } while (again);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Tries again: a refused change after the member fixed its cause, or a paused queue after sign-in. */
export async function retry(id?: string): Promise<void> {
  const entries = await readAll<OutboxEntry>('outbox', 'seq');
  for (const e of entries)
    if ((id ? e.id === id : e.status !== 'pending') && e.status !== 'pending') {
      if (e.status === 'failed')
        // The server refused it, applied nothing and keeps that answer for its id (a replay gets it again).
        // Trying again after the cause was fixed is a new attempt: a new id, at the same place in the queue.
        await writeTogether(['outbox'], (tx) => {
          const store = tx.objectStore('outbox');
          store.delete(e.id);
          store.add({ ...e, id: uuidv7(), status: 'pending' });
        });
      else await update({ ...e, status: 'pending' });
    }
  await refresh();
  announce();
  await flush();
}

/** Gives up a change for good (and the row it would have created). */
export async function discard(id: string): Promise<void> {
  const entry = (await readAll<OutboxEntry>('outbox', 'seq')).find((e) => e.id === id);
  if (entry) await remove(entry);
  await refresh();
  announce();
  void flush();
}

export const outbox = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  entries: () => snapshot,
  /** Called with the organizations whose data the server changed, so their lists are read again. */
  onApplied(listener: (orgIds: string[]) => void) {
    appliedListeners.add(listener);
    return () => void appliedListeners.delete(listener);
  },
};

/** Starts the outbox: sends on start, when the connection returns, when the tab is shown, and on a timer. */
export function startOutbox(): () => void {
  const kick = () => {
    // A sign the connection may be back: try now, not after the wait the last failure set.
    backoff = 2_000;
    void flush();
  };
  const onVisible = () => document.visibilityState === 'visible' && kick();
  window.addEventListener('online', kick);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(() => snapshot.some((e) => e.status === 'pending') && void flush(), 30_000);
  void refresh().then(kick);
  void navigator.storage?.persist?.();
  return () => {
    window.removeEventListener('online', kick);
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
