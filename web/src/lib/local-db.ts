// The device's local database (IndexedDB "kasuwa", version 1): the rows of products, customers, invoices
// and leads the member made on this device and that are not on the server yet, and the outbox of pending
// operations. Plain IndexedDB with promises: no library to download.

export const DB_NAME = 'kasuwa';
export const DB_VERSION = 1;
export const ROW_STORES = ['products', 'customers', 'invoices', 'leads'] as const;
export type RowStore = (typeof ROW_STORES)[number];

let opening: Promise<IDBDatabase> | null = null;

export function openLocalDb(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of ROW_STORES) db.createObjectStore(store, { keyPath: 'id' });
      const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
      outbox.createIndex('seq', 'seq', { unique: true });
    };
    request.onsuccess = () => {
      // Another tab upgrading later closes this connection instead of blocking it.
      request.result.onversionchange = () => {
        request.result.close();
        opening = null;
      };
      resolve(request.result);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Runs `work` in one read-write transaction over `stores`: all of it is written, or none. */
export async function writeTogether(stores: string[], work: (tx: IDBTransaction) => void): Promise<void> {
  const db = await openLocalDb();
  const tx = db.transaction(stores, 'readwrite');
  work(tx);
  await done(tx);
}

export async function readAll<T>(store: string, index?: string): Promise<T[]> {
  const db = await openLocalDb();
  const os = db.transaction(store, 'readonly').objectStore(store);
  return result((index ? os.index(index) : os).getAll() as IDBRequest<T[]>);
}
