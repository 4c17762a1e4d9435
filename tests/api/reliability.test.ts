// Reliability in CI, shorter than `npm run reliability` (scripts/reliability.ts): its own stack (its own
// ports and data, since Postgres is restarted under it), 20 concurrent clients for 10 s of mixed reads and
// writes through /api and /rest/v1, and one Postgres restart in the middle. Outside the restart nothing
// gets a 5xx (or a 401 for a session that is fine); during it requests fail cleanly with a JSON answer and
// the stack reconnects by itself; every write, retried with its id and Idempotency-Key as the outbox does,
// is in the database exactly once; no invoice or stock level is half-written.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runReliability, violations } from '../../scripts/reliability.ts';

/** Whether nothing listens on `port` (the stack takes PORT, PORT+1 for functions and PORT+2 for Postgres). */
const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => probe.close(() => resolve(true)));
  });

/** Three free ports in a row from RELIABILITY_PORT (default TEST_PORT + 310). */
async function portBase(): Promise<number> {
  const first = Number(process.env.RELIABILITY_PORT ?? Number(process.env.TEST_PORT ?? 24400) + 310);
  for (let base = first; base < first + 60; base += 3) {
    if ((await free(base)) && (await free(base + 1)) && (await free(base + 2))) return base;
  }
  throw new Error(`No three free ports from ${first}`);
}

describe('reliability under load', () => {
  it(
    'keeps every write through a Postgres restart, with no 5xx outside it',
    { timeout: 180_000 },
    async () => {
      const port = await portBase();
      const report = await runReliability({
        port,
        dataDir: `.data/reliability-test-${port}`,
        clients: 20,
        seconds: 10,
        restarts: 1,
      });
      expect(violations(report), JSON.stringify(report.restarts)).toEqual([]);
      expect(report.restarts).toHaveLength(1);
      expect(report.restarts[0]!.recoveredMs).toBeGreaterThanOrEqual(0);
      expect(report.writes).toBeGreaterThan(20);
      expect(report.reads).toBeGreaterThan(20);
      // The restart was felt: some requests failed while Postgres was down, and were retried.
      expect(report.failuresDuringRestart).toBeGreaterThan(0);
    },
  );
});
