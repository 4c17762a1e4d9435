// What a static host needs to serve the built app as the local stack does (local/static.ts): every path
// that is not a file is the app (index.html); /api/* goes to the project's `api` function when the build
// calls it on the app's own origin; every answer carries the security headers, and the page its
// Content-Security-Policy (with the hashes of its inline scripts, and the hosted project's origin); hashed
// assets are cached for good. Written into the build as `_headers` and
// `_redirects` (Netlify, Cloudflare Pages) and `vercel.json` (Vercel, deploying the built folder).
import { contentSecurityPolicy, SECURITY_HEADERS } from './security-headers.ts';

export interface HostSettings {
  /** VITE_SUPABASE_URL: the hosted project (`https://<ref>.supabase.co`); none for the local stack. */
  supabaseUrl?: string;
  /** VITE_API_URL: where /api/* is called when not on the app's origin (the project's functions URL). */
  apiUrl?: string;
}

// Hashed assets never change. Everything else keeps the hosts' default, which revalidates (no rule of ours
// overlaps another: Cloudflare Pages joins a header two matching rules set, where the others replace it).
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The files, by name, for the built `index.html`. */
export function hostConfig(
  html: string,
  settings: HostSettings,
): { _headers: string; _redirects: string; 'vercel.json': string } {
  const origins = [settings.supabaseUrl, settings.apiUrl]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(SECURITY_HEADERS).map(([name, value]) => [
        name.replace(/\b\w/g, (c) => c.toUpperCase()),
        value,
      ]),
    ),
    'Content-Security-Policy': contentSecurityPolicy(html, [...new Set(origins)]),
  };
  // /api/* on the app's origin only when the build calls it there, and a project is there to answer.
  const api =
    settings.supabaseUrl && !settings.apiUrl
      ? `${settings.supabaseUrl.replace(/\/+$/, '')}/functions/v1/api`
      : null;

  const block = (path: string, entries: Record<string, string>) =>
    [path, ...Object.entries(entries).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const netlifyHeaders = [block('/*', headers), block('/assets/*', { 'Cache-Control': IMMUTABLE })].join(
    '\n\n',
  );
  const redirects = [...(api ? [`/api/*  ${api}/:splat  200`] : []), '/*  /index.html  200'].join('\n');

  const vercel = {
    rewrites: [
      ...(api ? [{ source: '/api/:path*', destination: `${api}/:path*` }] : []),
      // Files are served first; any other path is the app.
      { source: '/(.*)', destination: '/index.html' },
    ],
    headers: [
      {
        source: '/(.*)',
        headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
      },
      { source: '/assets/(.*)', headers: [{ key: 'Cache-Control', value: IMMUTABLE }] },
    ],
  };
  return {
    _headers: `${netlifyHeaders}\n`,
    _redirects: `${redirects}\n`,
    'vercel.json': `${JSON.stringify(vercel, null, 2)}\n`,
  };
}
