// The routes anyone can call without an account spend a per-address budget before they are served
//: past it, 429 RATE_LIMITED with Retry-After, and nothing behind the route is asked. The
// functions behind them are the service role's only, so the Data API offers no way around the budget.
// This file starts its own /api function with small budgets (the shared stack's are raised for the suites).
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/config.ts';
import { startFunction } from '../../local/functions.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { json, registration, unique } from './helpers.ts';
import { call, owner } from './org-helpers.ts';

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
});

async function apiFunction(env: Record<string, string>): Promise<string> {
  const fn = await startFunction({
    name: 'api',
    dir: path.join(ROOT, 'supabase', 'functions', 'api'),
    env: {
      SUPABASE_URL,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SITE_URL: 'http://localhost:3000',
      ...env,
    },
    log: () => {},
  });
  started.push(fn.child);
  return `http://127.0.0.1:${fn.port}/api`;
}

describe('per-address budgets on the anonymous routes', () => {
  let api: string;
  beforeAll(async () => {
    api = await apiFunction({ API_RATE_LIMIT_PUBLIC: '4', API_RATE_LIMIT_REGISTER: '2' });
  }, 60_000);

  // Each test speaks from addresses of its own, as the gateway names them.
  const from = (address: string, init: RequestInit = {}) => ({
    ...init,
    headers: { 'x-forwarded-for': `${address}, 10.0.0.1`, ...init.headers },
  });

  it('serves a shared invoice, statement, credit note or invitation to an address until its budget is spent, then 429 with when to come back', async () => {
    const o = await owner();
    const customer = await json(
      await call('/customers', { token: o.token, body: { name: 'Akosua Mensah' } }),
    );
    const invoice = await json(
      await call('/invoices', {
        token: o.token,
        body: { customerId: customer.id, status: 'ISSUED', total: 120 },
      }),
    );
    const { token } = await json(
      await call(`/invoices/${invoice.id}/share`, { token: o.token, method: 'POST' }),
    );
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}-${unique()}`;

    const open = await fetch(`${api}/public/invoices/${token}`, from(address));
    expect(open.status).toBe(200);
    expect(await json(open)).toMatchObject({ invoice: { number: invoice.number } });
    // The four kinds share one budget: 4 in all.
    expect((await fetch(`${api}/public/statements/${'x'.repeat(32)}`, from(address))).status).toBe(404);
    expect((await fetch(`${api}/public/credit-notes/${'w'.repeat(32)}`, from(address))).status).toBe(404);
    expect((await fetch(`${api}/invitations/${'y'.repeat(32)}`, from(address))).status).toBe(404);

    for (const spent of [
      `${api}/public/invoices/${token}`,
      `${api}/public/statements/${'x'.repeat(32)}`,
      `${api}/public/credit-notes/${'w'.repeat(32)}`,
      `${api}/invitations/${'y'.repeat(32)}`,
    ]) {
      const res = await fetch(spent, from(address));
      expect(res.status, spent).toBe(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(300);
      const body = await json(res);
      expect(body).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_REQUESTS' });
      expect(body.params.minutes).toBe(Math.ceil(wait / 60));
      expect(JSON.stringify(body)).not.toContain(invoice.number);
    }
    // Another address is served meanwhile.
    expect((await fetch(`${api}/public/invoices/${token}`, from(`198.51.100.7-${unique()}`))).status).toBe(
      200,
    );
  });

  it('counts an IPv6 caller by its /64: a new address in the same prefix spends the same budget', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(Math.floor(Math.random() * 0xfff0) + 2).toString(16)}`;
    const path = `${api}/public/invoices/${'z'.repeat(32)}`;
    for (const host of ['1', 'a:b:c:d', '::ffff:1', '2', '0:0:0:3']) {
      const address = host.startsWith('::')
        ? `${prefix}:0:0${host}`
        : host.includes(':')
          ? `${prefix}:${host}`
          : `${prefix}::${host}`;
      const res = await fetch(path, from(address));
      expect(res.status, address).toBe(host === '0:0:0:3' ? 429 : 404);
    }
    // The next prefix is someone else.
    expect((await fetch(path, from(`${prefix.replace(/:[0-9a-f]+$/, '')}:1::1`))).status).toBe(404);
  });

  it('limits registration attempts per address before the organization name is checked', async () => {
    const o = await owner();
    const address = `192.0.2.1-${unique()}`;
    const attempt = (organizationName: string) =>
      fetch(
        `${api}/auth/register`,
        from(address, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(registration({ organizationName })),
        }),
      );
    // Within the budget a taken name is said (the registration form needs it) ...
    const taken = await attempt(o.input.organizationName);
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ reason: 'ORGANIZATION_NAME_TAKEN' });
    expect((await attempt(`Free Name ${unique()}`)).status).toBe(201);
    // ... past it, nothing more is learnt, taken or not.
    for (const name of [o.input.organizationName, `Another Free Name ${unique()}`]) {
      const refused = await attempt(name);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await json(refused)).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_REQUESTS' });
    }
  });

  it('offers no way around the budget through the Data API: the functions behind the routes are the service role’s', async () => {
    const o = await owner();
    const calls: [string, Record<string, string>][] = [
      ['organization_name_available', { p_name: o.input.organizationName }],
      ['shared_invoice', { p_token: 'x'.repeat(32) }],
      ['shared_statement', { p_token: 'x'.repeat(32) }],
      ['invitation_preview', { p_token: 'x'.repeat(32) }],
      [
        'take_request_budget',
        { p_bucket: 'public', p_address: '1.2.3.4', p_limit: '1000000', p_window_seconds: '1' },
      ],
    ];
    for (const [fn, args] of calls) {
      for (const bearer of [ANON_KEY, o.token]) {
        const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: {
            apikey: ANON_KEY,
            authorization: `Bearer ${bearer}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(args),
        });
        const text = await res.clone().text();
        expect([401, 403], `${fn} as ${bearer === ANON_KEY ? 'anon' : 'a member'}: ${text}`).toContain(
          res.status,
        );
        expect(await json(res)).toMatchObject({ code: '42501' });
      }
    }
  });
});

it('answers 503 SERVER_BUSY, not 500, when the Data API cannot be reached at all', async () => {
  // Port 1: nothing listens there, so every connection is refused. (A port taken and freed again could be
  // handed to another test's server meanwhile, which would answer.)
  const api = await apiFunction({ SUPABASE_URL: 'http://127.0.0.1:1' });
  const res = await fetch(`${api}/public/invoices/${'x'.repeat(32)}`);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await json(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'SERVER_BUSY' });
}, 60_000);
