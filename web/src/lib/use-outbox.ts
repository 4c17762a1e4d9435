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

/**
 * A list as the member should see it: the server's page with the rows made on this device that the server
 * does not have yet on top — on the first page only, and only those that match what is searched.
 */
export function mergePending<T extends { id: string }>(
  rows: T[] | undefined,
  pending: (T & { pending: true })[],
  { firstPage, matches }: { firstPage: boolean; matches?: (row: T) => boolean },
): (T | (T & { pending: true }))[] {
  const shown = firstPage ? (matches ? pending.filter(matches) : pending) : [];
  if (!shown.length) return rows ?? [];
  const ids = new Set(shown.map((p) => p.id));
  return [...shown, ...(rows ?? []).filter((r) => !ids.has(r.id))];
}

/** Whether any of a row's texts holds what is searched (case ignored): how pending rows meet a search. */
export const textMatches = (search: string, ...texts: (string | null | undefined)[]) => {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((t) => t?.toLowerCase().includes(needle));
};
