// Data API (PostgREST) authentication: the JWT in `Authorization: Bearer` picks the database role, and
// tokens that are expired, badly signed, malformed or name an unknown role are refused with 401.
// On a real project set JWT_SECRET so the suite can sign tokens with the project's secret.
import { describe, expect, it } from 'vitest';
import { json, rest, signToken } from './rest-helpers.ts';

const claims = { sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated', aud: 'authenticated' };

describe('Data API authentication', () => {
  it('answers an expired token with 401 PGRST303 and WWW-Authenticate', async () => {
    const res = await rest('/organizations', { token: await signToken(claims, undefined, -120) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await json(res)).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('accepts a token expired less than 30 seconds ago (clock skew)', async () => {
    const res = await rest('/organizations?select=id', { token: await signToken(claims, undefined, -5) });
    expect(res.status).toBe(200);
  });

  it('answers a token signed with another secret with 401 PGRST301', async () => {
    const token = await signToken(claims, 'another-secret-that-is-at-least-32-characters-long');
    const res = await rest('/organizations', { token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await json(res)).code).toBe('PGRST301');
  });

  it('answers a token that is not a JWT with 401 PGRST301', async () => {
    const res = await rest('/organizations', { token: 'not-a-jwt' });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
  });

  it('answers a token whose role does not exist with 401', async () => {
    const res = await rest('/organizations', { token: await signToken({ ...claims, role: 'no_such_role' }) });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: '22023', message: 'role "no_such_role" does not exist' });
  });

  it('runs requests without a token as anon', async () => {
    const res = await rest('/organizations?select=id', { token: null });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual([]);
  });
});
