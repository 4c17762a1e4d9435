// The mail the stack under test sent, read from its catcher (local/mail/catcher.ts): it listens on the
// stack's PORT + 4, or MAIL_URL names it (a CLI stack's Mailpit has the same JSON API).
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../local/config.ts';
import { waitForMail, type Mail } from '../tests/mailbox.ts';

export function mailUrl(testInfo: TestInfo): string {
  if (process.env.MAIL_URL) return process.env.MAIL_URL;
  const base = new URL(String(testInfo.project.use.baseURL));
  return `http://127.0.0.1:${Number(base.port) + 4}`;
}

/** The newest mail to `address`, once it has arrived. */
export const mailTo = (testInfo: TestInfo, address: string): Promise<Mail> =>
  waitForMail(mailUrl(testInfo), address);

/** The service role's headers, as the stack's scheduler calls its jobs. */
export const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

/** What the stack's scheduler does every minute, called now instead of waiting for it: send the queue. */
export async function sendMail(page: Page) {
  const sent = await page.request.post('/api/jobs/send-mail', { headers: service });
  expect(sent.ok(), await sent.text()).toBe(true);
}

export { codeIn, mailsTo, verifyLink, words } from '../tests/mailbox.ts';
