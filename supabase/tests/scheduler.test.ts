// The local stack's clock (local/scheduler.ts): `npm start` runs each job at once and then every period,
// never two runs of one job at the same time, and each job's statement runs as the database owner.
import { describe, expect, it } from 'vitest';
import { JOBS, startScheduler } from '../../local/scheduler.ts';
import { DATABASE_URL } from '../../tests/env.ts';
import { asOwner } from './harness.ts';

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
    await new Promise((resolve) => setTimeout(resolve, 450));
    scheduler.stop();
    const ticks = lines.filter((l) => l === '[scheduler] tick: tick').length;
    expect(ticks).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((l) => l === '[scheduler] tick: tick').length).toBeLessThanOrEqual(ticks + 1);
  });

  it('says when a job fails, and goes on', async () => {
    const lines: string[] = [];
    const scheduler = startScheduler(DATABASE_URL, (line) => lines.push(line), [
      { name: 'broken', sql: 'select public.no_such_function()', everyMs: 100 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    scheduler.stop();
    expect(
      lines.filter((l) => l.startsWith('[scheduler] broken failed: function public.no_such_function')).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
