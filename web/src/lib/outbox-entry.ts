// What the outbox keeps for each change (the queue's entries), what a caller asks it to send, and what a
// caller is told back. Shapes only: the store, the sender and the rules of replay share them.
import { ApiError, type ErrorBody } from './api-client.ts';
import type { RowStore } from './local-db.ts';

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

/** The server's answer to one change, as it travels between tabs (an error is sent as plain data). */
export type Answer =
  { id: string; ok: true; data: unknown } | { id: string; ok: false; error: SerializedError };
export type SerializedError = { status: number; message: string; body: ErrorBody } | { offline: true };

/** The answer for a change kept on the device: its form learns it will be sent later. */
export const keptOffline = (id: string): Answer => ({ id, ok: false, error: { offline: true } });

export const serialize = (e: unknown): SerializedError =>
  e instanceof ApiError ? { status: e.status, message: e.message, body: e.body } : { offline: true };
