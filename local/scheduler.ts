// Jobs the local stack runs on a clock while `npm start` runs, as pg_cron runs them on a hosted project (the
// migration that defines each job schedules it there when the extension exists, and docs/mail.md says how to
// schedule the mail sender). A job is one SQL statement run by the database owner, or a POST to an /api
// route with the service role key; a run that is still going when the next is due is not overlapped.
import pg from 'pg';

export type Job = { name: string; everyMs: number } & (
  | { sql: string }
  /** A path of the stack (/api/jobs/…), called with the service role key. */
  | { post: string }
);

export const JOBS: readonly Job[] = [
  // Bills every subscription period that has started (supabase/migrations/20261122001250_billing_functions.sql).
  { name: 'bill-due-subscriptions', sql: 'select public.bill_due_subscriptions()', everyMs: 60_000 },
  // Notifies each overdue invoice once (supabase/migrations/20261127000200_notifications.sql).
  { name: 'notify-overdue-invoices', sql: 'select public.notify_overdue_invoices()', everyMs: 60_000 },
  // Queues the payment reminders whose day has come (supabase/migrations/20261127000500_mail_sender.sql).
  { name: 'queue-payment-reminders', sql: 'select public.queue_payment_reminders()', everyMs: 60_000 },
  // Sends the queued mail (supabase/functions/api/mail.ts).
  { name: 'send-mail', post: '/api/jobs/send-mail', everyMs: 60_000 },
];

/** Where the HTTP jobs go: the stack's URL and its service role key. */
export interface JobApi {
  url: string;
  serviceKey: string;
}

/** Runs each job now and then every `everyMs`; stop() ends the clock (a run in progress finishes). */
export function startScheduler(
  databaseUrl: string,
  log: (line: string) => void,
  jobs: readonly Job[] = JOBS,
  api?: JobApi,
): { stop(): void } {
  const running = new Set<string>();
  async function post(job: Job & { post: string }) {
    if (!api) return log(`[scheduler] ${job.name} skipped: no API to call`);
    try {
      const res = await fetch(new URL(job.post, api.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${api.serviceKey}`, apikey: api.serviceKey },
      });
      if (!res.ok) log(`[scheduler] ${job.name} failed: ${res.status} ${await res.text()}`);
    } catch (e) {
      log(`[scheduler] ${job.name} failed: ${(e as Error).message}`);
    }
  }
  async function run(job: Job) {
    if (running.has(job.name)) return;
    running.add(job.name);
    if ('post' in job) {
      await post(job);
      running.delete(job.name);
      return;
    }
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
