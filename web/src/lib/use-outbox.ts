// The outbox as the interface shows it: the member's changes not yet on the server, and the rows they
// create, which lists show (marked pending) until the server has them.
import { useSyncExternalStore } from 'react';
import type { RowStore } from './local-db.ts';
import { outbox, type OutboxEntry } from './outbox.ts';

export const useOutboxEntries = (): OutboxEntry[] => useSyncExternalStore(outbox.subscribe, outbox.entries);

export function usePendingRows<T>(store: RowStore, orgId: string): (T & { pending: true })[] {
  return useOutboxEntries()
    .filter((e) => e.orgId === orgId && e.creates?.store === store)
    .map((e) => ({ ...(e.creates!.row as T), pending: true as const }))
    .reverse();
}
