// Who hears what the outbox does, in this tab and the others (BroadcastChannel): the form waiting for its
// change's answer, the screens showing the queue, and the lists to read again once the server applied
// changes. Another tab may be the one sending; its answers and changes reach this one here.
import { ApiError } from './api-client.ts';
import { type Answer, type OutboxEntry, SavedOffline } from './outbox-entry.ts';
import { readQueue } from './outbox-store.ts';

type Message =
  { type: 'changed' } | { type: 'answer'; answer: Answer } | { type: 'applied'; orgIds: string[] };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kasuwa-outbox');
const waiters = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
const listeners = new Set<() => void>();
const appliedListeners = new Set<(orgIds: string[]) => void>();
let snapshot: OutboxEntry[] = [];

/** The server's answer to a change, for the caller that queued it (in this tab). */
export function waitForAnswer<T>(id: string): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    waiters.set(id, { resolve: resolve as (v: unknown) => void, reject }),
  );
}

/** Whether a caller in this tab still waits for the answer to this change (its form is open). */
export const awaited = (id: string): boolean => waiters.has(id);

/** Gives a waiting caller in this tab its answer: the data, SavedOffline, or the server's ApiError. */
export function settle(answer: Answer): void {
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

/** Reads the queue again, and tells the screens that show it. */
export async function refresh(): Promise<void> {
  snapshot = await readQueue();
  listeners.forEach((l) => l());
}

channel?.addEventListener('message', (e: MessageEvent) => {
  const msg = e.data as Message;
  if (msg.type === 'answer') settle(msg.answer);
  if (msg.type === 'applied') appliedListeners.forEach((l) => l(msg.orgIds));
  void refresh();
});

/** Tells every tab a change was answered (its caller may be in another tab), or that the queue changed. */
export function announce(answer?: Answer): void {
  if (answer) {
    settle(answer);
    channel?.postMessage({ type: 'answer', answer } satisfies Message);
  } else channel?.postMessage({ type: 'changed' } satisfies Message);
}

/** Tells every tab which organizations' data the server changed, so their lists are read again. */
export function announceApplied(orgIds: string[]): void {
  appliedListeners.forEach((l) => l(orgIds));
  channel?.postMessage({ type: 'applied', orgIds } satisfies Message);
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
