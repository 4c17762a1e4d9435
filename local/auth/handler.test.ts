// The HTTP edge of the service without a database: rate limits, body limits and both error formats
// are decided before any query, so a pool that refuses every query proves it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createAuth } from './index.ts';

const noDatabase = {
  query: () => Promise.reject(new Error('no database in this test')),
  connect: () => Promise.reject(new Error('no database in this test')),
} as unknown as pg.Pool;

let server: Server;
let base: string;

beforeAll(async () => {
  const config = loadConfig({
    AUTH_RATE_LIMIT_SIGN_IN: '2',
    AUTH_RATE_LIMIT_REFRESH: '1',
    AUTH_RATE_LIMIT_VERIFY: '2',
  });
  const { handler } = createAuth({ pool: noDatabase, config, issuer: 'http://localhost/auth/v1' });
  server = createServer((req, res) => void handler(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
    body,
  });

describe('auth handler', () => {
  it('answers sign-ups past the per-IP budget with 429 over_request_rate_limit', async () => {
    const badEmail = JSON.stringify({ email: 'not-an-email', password: 'long-enough-password' });
    expect((await post('/signup', badEmail)).status).toBe(400);
    expect((await post('/signup', badEmail)).status).toBe(400);
    const limited = await post('/signup', badEmail);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });

  it('limits refreshes on their own budget', async () => {
    const malformed = JSON.stringify({ refresh_token: 'short' });
    expect((await post('/token?grant_type=refresh_token', malformed)).status).toBe(400);
    expect((await post('/token?grant_type=refresh_token', malformed)).status).toBe(429);
  });

  it('limits /verify per address, links and typed codes alike, as GoTrue’s token_verifications', async () => {
    const noType = JSON.stringify({ token_hash: 'x' });
    expect((await post('/verify', noType)).status).toBe(400);
    expect((await fetch(`${base}/verify?token=x`)).status).toBe(400);
    const limited = await post('/verify', noType);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect((await fetch(`${base}/verify?token=x&type=recovery`)).status).toBe(429);
  });

  it('refuses malformed JSON with bad_json, in the legacy shape without the version header', async () => {
    // From an address of its own: the tests above spent this machine's budget.
    const res = await fetch(`${base}/recover`, {
      method: 'POST',
      body: '{"email":',
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 400, error_code: 'bad_json', msg: expect.any(String) });
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await post('/recover', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), {
      'x-forwarded-for': '10.0.0.2',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_entity_too_large' });
  });

  it('answers unknown paths with 404 and known paths with another method with 405', async () => {
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
    expect((await fetch(`${base}/signup`)).status).toBe(405);
  });
});
