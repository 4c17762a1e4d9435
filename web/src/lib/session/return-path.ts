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
 * The team invitation opened in this tab (its token), kept while the person signs in or creates an account,
 * so that they end up in the business that invited them.
 */
export const INVITE_KEY = 'kasuwa-invite';

export const pendingInvitation = (): string | null => sessionStorage.getItem(INVITE_KEY);
