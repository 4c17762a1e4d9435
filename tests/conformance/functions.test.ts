// The Edge Functions relay: /functions/v1/<name> as Supabase serves it, and /api/* as the `api` function.
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SUPABASE_URL } from '../env.ts';

const fn = (path: string, init: RequestInit = {}) => fetch(`${SUPABASE_URL}/functions/v1/${path}`, init);

describe('Edge Functions', () => {
  it('runs the api function under /functions/v1/api without a JWT (verify_jwt is off for it)', async () => {
    const res = await fn('api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('refuses a function with verify_jwt on when the Authorization header is missing', async () => {
    const res = await fn('no-such-function');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a malformed or badly signed JWT before reaching the function', async () => {
    const notBearer = await fn('no-such-function', { headers: { Authorization: ANON_KEY } });
    expect(notBearer.status).toBe(401);
    expect(await notBearer.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
    const forged = await fn('no-such-function', {
      headers: { Authorization: `Bearer ${ANON_KEY.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('answers an unknown function with 404 "Function not found"', async () => {
    const res = await fn('no-such-function', { headers: { Authorization: `Bearer ${ANON_KEY}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Function not found');
  });

  it('serves /api/* from the api function on the app origin, with JSON errors for unknown routes and methods', async () => {
    expect((await fetch(`${SUPABASE_URL}/api/health`)).status).toBe(200);
    const missing = await fetch(`${SUPABASE_URL}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const wrongMethod = await fetch(`${SUPABASE_URL}/api/health`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });

  it('answers CORS preflight for the api function', async () => {
    const res = await fn('api/auth/user', { method: 'OPTIONS', headers: { Origin: 'https://example.com' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('lets an app on another origin read a list’s total and an error (a build with VITE_API_URL)', async () => {
    const res = await fn('api/health', { headers: { Origin: 'https://shop.example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('x-total-count, content-disposition');
    const refused = await fn('api/auth/user', { headers: { Origin: 'https://shop.example.com' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
