// `npm start`: the whole product on one origin with an embedded Postgres and the demo data.
import { ANON_KEY, SERVICE_ROLE_KEY } from './config.ts';
import { startStack } from './server.ts';
import { startScheduler } from './scheduler.ts';

const verbose = process.env.LOG_LEVEL === 'debug';
const stack = await startStack({
  reset: process.env.RESET === '1',
  log: (line) => {
    // Postgres logs the Supabase CLI's probing for its own tables as ERROR on a first start: noise.
    if (verbose || /\b(FATAL|PANIC)\b|^unhandled error|^\[functions\].*error/i.test(line))
      console.error(line);
  },
});

console.log(`
  Kasuwa is running on ${stack.url}

  API URL:          ${stack.url}  (auth ${stack.url}/auth/v1, data ${stack.url}/rest/v1, functions ${stack.url}/functions/v1)
  Database:         ${stack.db.postgresUrl}
  anon key:         ${ANON_KEY}
  service_role key: ${SERVICE_ROLE_KEY}
  (the local-only keys \`supabase start\` prints; never valid on a hosted project)

  Demo login:       demo@kasuwa.app / kasuwa-demo-2026   (organization "Kasuwa Demo Shop")

  Press Ctrl-C to stop; the data is kept under ${stack.config.dataDir}.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    scheduler.stop();
    console.log('\nStopping…');
    stack.stop().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}

// Recurring billing (and the other timed jobs) every minute, as pg_cron does on a hosted project.
const scheduler = startScheduler(stack.db.postgresUrl, (line) => console.error(line));
