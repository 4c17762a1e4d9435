// The outbox's pure rules of order (used by outbox.ts, tested on their own): the sequence a new entry gets,
// and which rows an entry depends on.

/**
 * The sequence number of a change queued at `now` (ms) after one numbered `last`: microseconds of the
 * clock, but always after the previous one, so a phone whose clock goes back (a time-zone or network time
 * correction) still replays its changes in the order they were made.
 */
export function nextSeq(now: number, last: number): number {
  return Math.max(now * 1000, last + 1);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The row ids a change refers to (in its path and body), lower-cased: it waits for any of them still unsent. */
export function idsUsed(path: string, body: unknown): Set<string> {
  return new Set(
    [...`${path} ${JSON.stringify(body ?? null)}`.matchAll(UUID)].map((m) => m[0].toLowerCase()),
  );
}
