// Where a person was going when they had to sign in first (a bookmark to /sales, a shared link, a session
// that ended on an app screen): sign-in takes them back there instead of to the dashboard. Kept for the tab
// only (sessionStorage), and only a path of this site.
const KEY = 'kasuwa-return-to';

export function rememberReturnPath(path: string): void {
  if (isAppPath(path)) sessionStorage.setItem(KEY, path);
}

/** The path to go to after signing in (read once), or `fallback`. */
export function takeReturnPath(fallback = '/'): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && isAppPath(path) ? path : fallback;
}

/** A path on this site (`/sales?tab=payments`), never another origin (`//evil.example`, `/\evil`). */
const isAppPath = (path: string) =>
  /^\/(?![/\\])/.test(path) && !/^\/(login|register|logout|api)\b/.test(path);

/**
 * Set when the server ended the session (it expired, or was ended on another device), for this tab only:
 * sign-in then says why the person is there. A deliberate sign-out never sets it.
 */
export const SESSION_ENDED_KEY = 'kasuwa-session-ended';

/**
 * The team invitation opened in this tab (its token), kept while the person signs in or creates an account,
 * so that they end up in the business that invited them.
 */
export const INVITE_KEY = 'kasuwa-invite';

export const pendingInvitation = (): string | null => sessionStorage.getItem(INVITE_KEY);

/** The address a confirmation mail went to, kept for the "Check your email" page (a reload keeps it). */
export const PENDING_EMAIL_KEY = 'kasuwa-check-email';

/**
 * The invitation token of a sign-up through an invite link that waits for its confirmation mail: the
 * "Check your email" page then speaks of the invitation, and a mail sent again links back to it.
 */
export const PENDING_INVITE_KEY = 'kasuwa-check-email-invite';
