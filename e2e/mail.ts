// The mail the stack under test sent, read from its catcher (local/mail/catcher.ts): it listens on the
// stack's PORT + 4, or MAIL_URL names it (a CLI stack's Mailpit has the same JSON API).
import type { TestInfo } from '@playwright/test';
import { waitForMail, type Mail } from '../tests/mailbox.ts';

export function mailUrl(testInfo: TestInfo): string {
  if (process.env.MAIL_URL) return process.env.MAIL_URL;
  const base = new URL(String(testInfo.project.use.baseURL));
  return `http://127.0.0.1:${Number(base.port) + 4}`;
}

/** The newest mail to `address`, once it has arrived. */
export const mailTo = (testInfo: TestInfo, address: string): Promise<Mail> =>
  waitForMail(mailUrl(testInfo), address);

export { codeIn, mailsTo, verifyLink, words } from '../tests/mailbox.ts';
