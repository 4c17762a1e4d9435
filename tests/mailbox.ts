// Reading caught mail from the catcher's JSON API (local/mail/catcher.ts, or Mailpit's, which has the same
// shape): the Vitest suites and the browser tests find the mail sent to an address and the link in it.

export interface Mail {
  ID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
}

type Summary = Omit<Mail, 'Text' | 'HTML'>;

/** Every caught mail to `address`, newest first. */
export async function mailsTo(mailUrl: string, address: string): Promise<Summary[]> {
  const res = await fetch(`${mailUrl}/api/v1/messages?limit=500`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: Summary[] };
  const want = address.toLowerCase();
  return messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === want));
}

/** The newest mail to `address`, waiting for it to arrive (a hosted or CLI stack may deliver late). */
export async function waitForMail(mailUrl: string, address: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await mailsTo(mailUrl, address);
    if (newest) {
      const res = await fetch(`${mailUrl}/api/v1/message/${encodeURIComponent(newest.ID)}`);
      return (await res.json()) as Mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The Auth link (GET …/verify?…) a mail carries, as the person would follow it. */
export function verifyLink(mail: Mail): string {
  const href = /href="([^"]*\/verify\?[^"]*)"/.exec(mail.HTML)?.[1];
  if (!href) throw new Error(`no /verify link in the mail "${mail.Subject}"`);
  return href.replace(/&amp;/g, '&').replace(/&#43;/g, '+').replace(/&#34;/g, '"').replace(/&#39;/g, "'");
}

/** The 6-digit code a mail carries. */
export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.Text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.Subject}"`);
  return code;
}

/** The mail's text on one line (the text version wraps long sentences). */
export const words = (mail: Mail): string => mail.Text.replace(/\s+/g, ' ');
