// The session as supabase-js keeps it in this browser's storage, read without loading supabase-js (about
// 50 KB): a visitor is told apart at once, and the first calls of a signed-in visit need not wait for the
// client to download before they start. The client stays the one that refreshes and ends sessions.

/** Where supabase-js keeps the session (its `storageKey`). */
export const SESSION_STORAGE_KEY = 'kasuwa-auth';

/**
 * Whether this browser holds a session — or one arrives in the address from an Auth mail's link (a confirmed
 * sign-up), which the Supabase client stores once loaded.
 */
export const hasStoredSession = () =>
  localStorage.getItem(SESSION_STORAGE_KEY) !== null || /(^#|&)access_token=/.test(window.location.hash);

/**
 * The stored access token while it has more than a minute left, else null (then ask supabase-js, which
 * refreshes it). Whether the server still accepts it is the server's answer, as with the client's own copy.
 */
export function freshStoredToken(now = Date.now()): string | null {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    const token = session?.access_token;
    const expiresAt = session?.expires_at;
    if (typeof token === 'string' && typeof expiresAt === 'number' && expiresAt * 1000 > now + 60_000)
      return token;
  } catch {
    // Not JSON: let supabase-js read (and clear) what is there.
  }
  return null;
}
