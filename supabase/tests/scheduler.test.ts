// The local stack's clock (local/scheduler.ts): `npm start` runs each job at once and then every period,
// never two runs of one job at the same time, and each job's statement runs as the database owner.
import { describe, expect, it } from 'vitest';
import { JOBS, startScheduler } from '../../local/scheduler.ts';
import { DATABASE_URL } from '../../tests/env.ts';
import { asOwner } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the lines say what is expected: a run's length is the database's, slower on a busy machine. */
async function until(ok: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('the scheduler did not get there in time');
    await sleep(20);
  }
}

describe('the local scheduler', () => {
  it('runs every job’s statement as the database owner (rolled back here)', async () => {
    expect(JOBS.map((j) => j.name)).toContain('bill-due-subscriptions');
    expect(JOBS.map((j) => j.name)).toContain('notify-overdue-invoices');
    for (const job of JOBS) if ('sql' in job) await asOwner((sql) => sql(job.sql));
  });

  it('runs a job at once, then every period, and stops', async () => {
    const lines: string[] = [];
    const scheduler = startScheduler(DATABASE_URL, (line) => lines.push(line), [
      { name: 'tick', sql: `do $$ begin raise notice 'tick'; end $$`, everyMs: 100 },
    ]);
    const count = () => lines.filter((l) => l === '[scheduler] tick: tick').length;
    await until(() => count() >= 3);
    scheduler.stop();
    const ticks = count();
    // At most the run already under way when it stopped ends after it.
    await sleep(500);
    expect(count()).toBeLessThanOrEqual(ticks + 1);
  });

  it('says when a job fails, and goes on', async () => {
    const lines: string[] = [];
    const scheduler = startScheduler(DATABASE_URL, (line) => lines.push(line), [
      { name: 'broken', sql: 'select public.no_such_function()', everyMs: 100 },
    ]);
    const failures = () =>
      lines.filter((l) => l.startsWith('[scheduler] broken failed: function public.no_such_function')).length;
    // It says so each time, and a failure does not stop the next run.
    await until(() => failures() >= 2);
    scheduler.stop();
    expect(failures()).toBeGreaterThanOrEqual(2);
  });
});
