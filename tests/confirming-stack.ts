// A second local stack that confirms emails (AUTH_ENABLE_CONFIRMATIONS=1), as a hosted project does, for
// the tests of registration with confirmation: the shared stack runs with the local default (off), which
// hundreds of tests rely on to register fast. It has its own database, port and mail catcher, and is started
// only by the files that need it, on `port` (CONFIRM_PORT overrides; its database and mail take port+2,
// +4 and +5).
import { loadConfig } from '../local/config.ts';
import { startStack } from '../local/server.ts';

export async function startConfirmingStack(port: number, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...process.env,
    PORT: String(Number(process.env.CONFIRM_PORT ?? port)),
    DATA_DIR: `.data/confirm-${process.env.CONFIRM_PORT ?? port}`,
    AUTH_ENABLE_CONFIRMATIONS: '1',
    // Each test speaks from addresses of its own (X-Forwarded-For); the project's mail budget would not last.
    AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
    AUTH_RATE_LIMIT_VERIFY: '100000',
    ...env,
  });
  const stack = await startStack({ reset: true, config, embedded: true });
  if (!stack.mail) throw new Error('the confirming stack needs its mail catcher');
  return { ...stack, mailUrl: stack.mail.url };
}
