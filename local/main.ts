// `npm start`: the whole product on one origin with an embedded Postgres and the demo data.
import { loadConfig, type StackConfig } from './config.ts';
import { UnsafeConfigError } from './keys.ts';
import { startStack } from './server.ts';
import { startScheduler } from './scheduler.ts';

let config: StackConfig;
try {
  config = loadConfig();
} catch (e) {
  if (!(e instanceof UnsafeConfigError)) throw e;
  console.error(`\n  Not starting: ${e.message}\n`);
  process.exit(1);
}

const verbose = process.env.LOG_LEVEL === 'debug';
const stack = await startStack({
  config,
  reset: process.env.RESET === '1',
  log: (line) => {
    // Postgres logs the Supabase CLI's probing for its own tables as ERROR on a first start: noise.
    if (verbose || /\b(FATAL|PANIC)\b|^unhandled error|^\[functions\].*error/i.test(line))
      console.error(line);
  },
});

const { keys } = config;
const listening =
  config.host === '127.0.0.1'
    ? 'this machine only (set HOST to open it to others, with a JWT_SECRET of your own)'
    : `${config.host}, signing with JWT_SECRET`;
console.log(`
  Kasuwa is running on ${stack.url}   (listening on ${listening})

  API URL:          ${stack.url}  (auth ${stack.url}/auth/v1, data ${stack.url}/rest/v1, functions ${stack.url}/functions/v1)
  Database:         ${stack.db.postgresUrl}
  Sign-up:          ${config.auth.enableConfirmations ? 'email confirmation on (AUTH_ENABLE_CONFIRMATIONS or config.toml): new accounts confirm their address first' : 'email confirmation off locally; hosted projects confirm (AUTH_ENABLE_CONFIRMATIONS=1 to try it here)'}
  Mail:             ${stack.mail ? `${stack.mail.url}/   (mail the stack sends is caught here, not delivered)` : `sent through ${config.mail.smtp.host}:${config.mail.smtp.port}`}
  anon key:         ${keys.anonKey}
  service_role key: ${keys.serviceRoleKey}
  ${
    keys.generated
      ? '(signed with your JWT_SECRET; the same secret gives the same keys. Keep the service_role key private.)'
      : '(the public local-only keys `supabase start` prints; never valid on a hosted project)'
  }

  Demo login:       demo@kasuwa.app / kasuwa-demo-2026   (organization "Kasuwa Demo Shop")

  Press Ctrl-C to stop; the data is kept under ${config.dataDir}.
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
const scheduler = startScheduler(stack.db.postgresUrl, (line) => console.error(line), undefined, {
  url: stack.url,
  serviceKey: keys.serviceRoleKey,
});
