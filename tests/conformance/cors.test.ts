// CORS on the stack's Data API and Auth: pages of the app's configured origins (the site URL,
// ALLOWED_ORIGINS, this machine) may call them from the browser, with the headers supabase-js sends and
// reads; a page of any other site gets no CORS headers, so its browser keeps every answer from it. Never
// with credentials: sessions travel in the Authorization header. Functions answer their own CORS.
// The local stack's rule: Supabase's gateway (supabase start, a hosted project) answers any origin, without
// credentials, and cannot be told otherwise, so against it this file is skipped.
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SUPABASE_URL } from '../env.ts';

const preflight = (path: string, origin: string) =>
  fetch(`${SUPABASE_URL}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
    },
  });
const get = (path: string, origin: string) =>
  fetch(`${SUPABASE_URL}${path}`, { headers: { Origin: origin, apikey: ANON_KEY } });

// Only the local stack answers GET /health at its root with JSON.
const localStack = await fetch(`${SUPABASE_URL}/health`)
  .then((r) => r.json())
  .then((b: { status?: string }) => b.status === 'ok')
  .catch(() => false);

describe.runIf(localStack)('CORS on /rest/v1 and /auth/v1', () => {
  const app = new URL(SUPABASE_URL).origin;
  it.each(['/rest/v1/customers', '/auth/v1/token?grant_type=password'])(
    'lets the app’s own origin and this machine’s pages call %s, without credentials',
    async (path) => {
      for (const origin of [app, 'http://127.0.0.1:5173']) {
        const res = await preflight(path, origin);
        expect(res.status).toBe(204);
        expect(res.headers.get('access-control-allow-origin')).toBe(origin);
        expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        expect(res.headers.get('vary')).toContain('Origin');
      }
      const read = await get('/auth/v1/settings', app);
      expect(read.headers.get('access-control-allow-origin')).toBe(app);
      expect(read.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    },
  );

  it('gives a page of another site nothing to read with: no CORS headers, preflight or not', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      for (const path of ['/rest/v1/customers', '/auth/v1/token?grant_type=password']) {
        const res = await preflight(path, origin);
        expect(res.headers.get('access-control-allow-origin'), `${origin} ${path}`).toBeNull();
        expect(res.headers.get('access-control-allow-headers')).toBeNull();
      }
      const read = await get('/auth/v1/settings', origin);
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
