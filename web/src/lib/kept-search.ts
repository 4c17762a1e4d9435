// Searching offline. The server searches the whole list; offline it cannot, and a search typed then was never
// read before, so nothing is kept under its key. Rather than "not available offline", the search is run on the
// rows of the same list this device keeps (the pages read online and those kept after sign-in), and the
// screen says so: what it shows may not be all there is.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { useOnline } from './connection.ts';
import { queryClient } from './query-client.ts';
import { mergePending } from './use-outbox.ts';

interface ListPage<T> {
  rows: T[];
  total: number;
}

/** The rows of every kept unsearched page of the list `[path, orgId, filter]` that match, each once. */
function searchKept<T extends { id: string }>(
  path: string,
  orgId: string,
  matches: (row: T) => boolean,
): ListPage<T> {
  const found = new Map<string, T>();
  for (const [key, data] of queryClient.getQueriesData<ListPage<T>>({ queryKey: [path, orgId] })) {
    if (!data?.rows || searched(key)) continue;
    for (const row of data.rows) if (!found.has(row.id) && matches(row)) found.set(row.id, row);
  }
  const rows = [...found.values()];
  return { rows, total: rows.length };
}

const searched = (key: QueryKey) => Boolean((key[2] as { search?: string } | undefined)?.search);

/**
 * A list's query as the screen should read it: as it is, unless the device is offline, something is searched
 * and the server's answer to that search is not kept — then the matching rows kept on this device, with
 * `searchedKept` so the screen says where they come from.
 */
function keptSearch<T extends { id: string }, Q extends UseQueryResult<ListPage<T>>>(
  query: Q,
  list: { path: string; orgId: string; search: string | undefined; matches: (row: T) => boolean },
  online: boolean,
): { query: Q; searchedKept: boolean } {
  if (online || !list.search?.trim() || (query.data && !query.isPlaceholderData))
    return { query, searchedKept: false };
  const kept = searchKept(list.path, list.orgId, list.matches);
  return { query: { ...query, data: kept, isError: false, isPlaceholderData: true }, searchedKept: true };
}

export const useKeptSearch = <T extends { id: string }, Q extends UseQueryResult<ListPage<T>>>(
  query: Q,
  list: { path: string; orgId: string; search: string | undefined; matches: (row: T) => boolean },
) => keptSearch(query, list, useOnline());

export interface DeviceList<T> {
  path: string;
  orgId: string;
  search: string | undefined;
  matches: (row: T) => boolean;
  pending: (T & { pending: true })[];
  firstPage: boolean;
}

/**
 * A list as its screen shows it: the server's page (offline, a search among the rows kept: keptSearch) with
 * `pending`, the rows made on this device that the server does not have yet, on top of the first page when
 * they match the search. `online` is the connection's state (useOnline), for screens that show several lists.
 */
export function listOnDevice<T extends { id: string }, Q extends UseQueryResult<ListPage<T>>>(
  query: Q,
  list: DeviceList<T>,
  online: boolean,
) {
  const kept = keptSearch(query, list, online);
  const rows = mergePending(kept.query.data?.rows, list.pending, {
    firstPage: list.firstPage,
    matches: list.matches,
  });
  return { ...kept, rows };
}

export const useListOnDevice = <T extends { id: string }, Q extends UseQueryResult<ListPage<T>>>(
  query: Q,
  list: DeviceList<T>,
) => listOnDevice(query, list, useOnline());
