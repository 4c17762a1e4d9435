// Jobs the local stack runs on a clock while `npm start` runs, as pg_cron runs them on a hosted project (the
// migration that defines each job schedules it there when the extension exists). Each job is one SQL
// statement run by the database owner; a run that is still going when the next is due is not overlapped.
import pg from 'pg';

export interface Job {
  name: string;
  sql: string;
  everyMs: number;
}

export const JOBS: readonly Job[] = [
  // Bills every subscription period that has started (supabase/migrations/20261122001250_billing_functions.sql).
  { name: 'bill-due-subscriptions', sql: 'select public.bill_due_subscriptions()', everyMs: 60_000 },
  // Notifies each overdue invoice once (supabase/migrations/20261127000200_notifications.sql).
  { name: 'notify-overdue-invoices', sql: 'select public.notify_overdue_invoices()', everyMs: 60_000 },
];

/** Runs each job now and then every `everyMs`; stop() ends the clock (a run in progress finishes). */
export function startScheduler(
  databaseUrl: string,
  log: (line: string) => void,
  jobs: readonly Job[] = JOBS,
): { stop(): void } {
  const running = new Set<string>();
  async function run(job: Job) {
    if (running.has(job.name)) return;
    running.add(job.name);
    const client = new pg.Client({ connectionString: databaseUrl });
    // A database that stops (Ctrl-C) under a run ends that run, never the process.
    client.on('error', (e) => log(`[scheduler] ${job.name}: ${e.message}`));
    // The billing run says in a warning which subscription it could not bill, and why.
    client.on('notice', (n) => log(`[scheduler] ${job.name}: ${n.message}`));
    try {
      await client.connect();
      await client.query(job.sql);
    } catch (e) {
      log(`[scheduler] ${job.name} failed: ${(e as Error).message}`);
    } finally {
      running.delete(job.name);
      await client.end().catch(() => {});
    }
  }
  const timers = jobs.map((job) => {
    void run(job);
    const timer = setInterval(() => void run(job), job.everyMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}
