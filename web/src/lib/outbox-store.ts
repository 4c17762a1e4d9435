// The queue on the device: the outbox's entries in IndexedDB, each kept in one transaction with the row it
// creates, so a change and its row are both there or neither is. Every tab reads and writes the same queue.
import { readAll, writeTogether } from './local-db.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import { nextSeq } from './outbox-order.ts';
import { uuidv7 } from './uuid.ts';

/** Every entry, in the order the changes were made. */
export const readQueue = (): Promise<OutboxEntry[]> => readAll<OutboxEntry>('outbox', 'seq');

export const findEntry = async (id: string): Promise<OutboxEntry | undefined> =>
  (await readQueue()).find((e) => e.id === id);

/** The stores an entry lives in: the outbox, and the store of the row it creates. */
const storesOf = (entry: OutboxEntry) => (entry.creates ? ['outbox', entry.creates.store] : ['outbox']);

/** Deletes an entry and the row it would have created, inside a transaction over `storesOf(entry)`. */
function drop(tx: IDBTransaction, entry: OutboxEntry) {
  tx.objectStore('outbox').delete(entry.id);
  if (entry.creates) tx.objectStore(entry.creates.store).delete(entry.creates.row.id);
}

/**
 * Keeps a new change and the row it creates in one step, at the end of the queue — or, when it corrects a
 * refused change (`replaced`), at that change's place, with the refused change and its row gone.
 */
export async function keepEntry(entry: OutboxEntry, replaced?: OutboxEntry): Promise<void> {
  if (replaced) entry.seq = replaced.seq;
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
}

export async function updateEntry(entry: OutboxEntry): Promise<void> {
  await writeTogether(['outbox'], (tx) => tx.objectStore('outbox').put(entry));
}

/** Takes an entry out of the queue, and the row it would have created. */
export async function removeEntry(entry: OutboxEntry): Promise<void> {
  await writeTogether(storesOf(entry), (tx) => drop(tx, entry));
}

/**
 * A refused change tried again once its cause is fixed. The server applied nothing and keeps its refusal for
 * the old id (a replay would get it again), so this is a new attempt: a new id, at the same place in the queue.
 */
export async function renewEntry(entry: OutboxEntry): Promise<void> {
  await writeTogether(['outbox'], (tx) => {
    const store = tx.objectStore('outbox');
    store.delete(entry.id);
    store.add({ ...entry, id: uuidv7(), status: 'pending' });
  });
}
