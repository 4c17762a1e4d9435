// The CORS answer of a function. The app calls /api/* on its own origin (the local stack, or a static host
// that rewrites /api/* here), or — a build with VITE_API_URL — straight at the project's functions URL from
// the app's origin. Calls carry the session in the Authorization header, never in a cookie, so any origin
// may call by default; ALLOWED_ORIGINS (comma-separated, e.g. "https://app.example.com") narrows that to the
// app's own origins. The headers the app reads from an answer (the list total, an export's file name) are
// exposed to it.

const ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type, x-org-id, idempotency-key';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const EXPOSE_HEADERS = 'x-total-count, content-disposition';

/** The origins allowed by ALLOWED_ORIGINS, or null for any origin. */
export function allowedOrigins(setting: string | undefined): string[] | null {
  const origins = (setting ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return origins.length ? origins : null;
}

/** The CORS headers for a request from `origin` (null: not a cross-origin call). */
export function corsHeaders(origin: string | null, allowed: string[] | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Expose-Headers': EXPOSE_HEADERS,
  };
  if (!allowed) headers['Access-Control-Allow-Origin'] = '*';
  else {
    // The answer depends on who asks: caches must keep one per origin.
    headers.Vary = 'Origin';
    if (origin && allowed.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  }
  return headers;
}
