// The sender: sends the queue in order, one tab at a time (Web Locks), each change with its own id as the
// Idempotency-Key, so the server applies it once however often it is sent. An entry leaves the queue only
// once the server has answered it; what an answer means is decided by the rules in outbox-replay.ts.
import { apiFetch, ApiError } from './api-client.ts';
import { openLocalDb } from './local-db.ts';
import { announce, announceApplied, awaited, refresh, settle } from './outbox-answers.ts';
import { keptOffline, type OutboxEntry, serialize } from './outbox-entry.ts';
import { createdId, failureOf, FIRST_RETRY_MS, madeBy, nextRetryMs, stepFor } from './outbox-replay.ts';
import { readQueue, removeEntry, updateEntry } from './outbox-store.ts';
import { handleUnauthorized } from './session/unauthorized.ts';

/** The signed-in member, as supabase-js keeps the session (read without loading it). */
export function sessionUserId(): string | null {
  try {
    return (
      (JSON.parse(localStorage.getItem('kasuwa-auth') ?? 'null') as { user?: { id?: string } } | null)?.user
        ?.id ?? null
    );
  } catch {
    return null;
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryWait = FIRST_RETRY_MS;

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flush(), retryWait);
  retryWait = nextRetryMs(retryWait);
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

/** Sends one change. Resolves true to go on with the round, false to stop it (it is tried again later). */
async function sendOne(entry: OutboxEntry, round: OutboxEntry[], blocked: Set<string>, applied: Set<string>) {
  try {
    const data = await apiFetch(entry.path, {
      method: entry.method,
      body: entry.body,
      orgId: entry.orgId,
      idempotencyKey: entry.id,
    });
    await removeEntry(entry);
    applied.add(entry.orgId);
    retryWait = FIRST_RETRY_MS;
    announce({ id: entry.id, ok: true, data });
    return true;
  } catch (e) {
    const failure = failureOf(e);
    if (failure === 'sign-in') {
      await updateEntry({ ...entry, status: 'needs-sign-in', lastError: (e as Error).message });
      announce(keptOffline(entry.id));
      // The session is gone: the member signs in again, and the queue (kept) resumes after it.
      void handleUnauthorized();
      return false;
    }
    if (failure === 'retry') {
      await updateEntry({ ...entry, status: 'pending', attempts: entry.attempts + 1 });
      // Every caller still waiting learns its change is kept on the device.
      for (const waiting of round) settle(keptOffline(waiting.id));
      announce();
      scheduleRetry();
      return false;
    }
    if (awaited(entry.id)) {
      // The form that made it is still open: it shows the refusal, the member fixes and resends.
      await removeEntry(entry);
    } else {
      await updateEntry({
        ...entry,
        status: 'failed',
        attempts: entry.attempts + 1,
        ...(e instanceof ApiError ? { refusal: e.body } : {}),
        lastError: e instanceof Error ? e.message : String(e),
      });
      const row = createdId(entry);
      if (row) blocked.add(row);
    }
    announce({ id: entry.id, ok: false, error: serialize(e) });
    return true;
  }
}

/** One round: every change of the signed-in member, in order, until one cannot be sent now. */
async function sendAll(): Promise<void> {
  const all = await readQueue();
  if (all.length) resumeOnSignIn();
  const round = madeBy(all, sessionUserId());
  const blocked = new Set<string>();
  const applied = new Set<string>();
  try {
    for (const entry of round) {
      const step = stepFor(entry, blocked);
      if (step !== 'send') {
        const row = createdId(entry);
        if (row) blocked.add(row);
      }
      if (step === 'skip') continue;
      if (step === 'wait') {
        if (entry.status !== 'waiting') await updateEntry({ ...entry, status: 'waiting' });
        // A form still waiting for it learns it is kept on the device (it is sent once the change it
        // needs is fixed), instead of waiting for an answer that will not come in this round.
        if (awaited(entry.id)) announce(keptOffline(entry.id));
        continue;
      }
      if (!(await sendOne(entry, round, blocked, applied))) return;
    }
  } finally {
    if (applied.size) announceApplied([...applied]);
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

/** A sign the connection may be back: try now, not after the wait the last failure set. */
export function flushNow(): void {
  retryWait = FIRST_RETRY_MS;
  void flush();
}
