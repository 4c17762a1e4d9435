// Vitest global setup: the suites take SUPABASE_URL and keys from the environment, so they run
// unchanged against `supabase start` or a hosted project. Without SUPABASE_URL, start the local stack
// on a throwaway data directory (TEST_PORT, default 24400: below the range Linux gives to outgoing
// connections, 32768–60999, so no client socket can hold it) with a freshly reset database.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../local/config.ts';
import { startStack, type Stack } from '../local/server.ts';

let stack: Stack | undefined;

export default async function setup(project: TestProject) {
  if (!process.env.SUPABASE_URL) {
    const port = Number(process.env.TEST_PORT ?? 24400);
    const config = loadConfig({
      ...process.env,
      PORT: String(port),
      DATA_DIR: process.env.TEST_DATA_DIR ?? `.data/test-${port}`,
      // Tests sign in far more often than people do; the rate-limit test sets its own budget.
      AUTH_RATE_LIMIT_SIGN_IN: process.env.AUTH_RATE_LIMIT_SIGN_IN ?? '100000',
      // Likewise codes verified, all from this machine (local/auth/handler.test.ts checks the budget);
      // wrong codes per email keep theirs (tests/conformance/auth-limits.test.ts).
      AUTH_RATE_LIMIT_VERIFY: process.env.AUTH_RATE_LIMIT_VERIFY ?? '100000',
      // The project's 2 recovery mails an hour (config.toml) would not last the suites; the budget is
      // checked on a stack of its own (tests/api/local-stack-doors.test.ts).
      AUTH_RATE_LIMIT_EMAIL_SENT: process.env.AUTH_RATE_LIMIT_EMAIL_SENT ?? '100000',
    });
    // Likewise /api's per-address budgets for registration and shared documents, which the functions read
    // from their environment; tests/api/anonymous-budgets.test.ts starts a function with small ones.
    process.env.API_RATE_LIMIT_REGISTER ??= '100000';
    process.env.API_RATE_LIMIT_PUBLIC ??= '100000';
    stack = await startStack({ reset: true, config });
    process.env.SUPABASE_URL = stack.url;
    process.env.SUPABASE_ANON_KEY = stack.config.keys.anonKey;
    process.env.SUPABASE_SERVICE_ROLE_KEY = stack.config.keys.serviceRoleKey;
    process.env.DATABASE_URL = stack.db.postgresUrl;
    process.env.DATABASE_ADMIN_URL = stack.db.adminUrl;
    process.env.MAIL_URL = stack.mail?.url ?? '';
  }
  for (const key of [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_SERVICE_ROLE_KEY',
    'DATABASE_URL',
    'DATABASE_ADMIN_URL',
    // The mail catcher's viewer (its JSON API is Mailpit's, so MAIL_URL may name a CLI stack's Mailpit).
    'MAIL_URL',
  ]) {
    project.provide(key as never, (process.env[key] ?? '') as never);
  }
  return async () => {
    await stack?.stop();
  };
}
