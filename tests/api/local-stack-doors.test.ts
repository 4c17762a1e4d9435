// `npm start` beyond this machine (HOST=0.0.0.0): it will not start with the public demo secret, and with a
// JWT_SECRET of one's own, tokens signed with the demo secret (which anyone can sign) open nothing, while the
// keys it prints work and the app it serves is handed its anon key.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SERVICE_ROLE_KEY as DEMO_SERVICE_ROLE_KEY } from '../../local/config.ts';
import { freePort } from '../../local/postgres.ts';
import { SUPABASE_URL } from '../env.ts';

// Ports the system gives out now: a fixed one may be taken meanwhile by any socket of a busy test run (the
// ephemeral range covers the 54xxx ports), which made Postgres fail to start there.
const port = await freePort();
const pgPort = await freePort();
const SECRET = 'kasuwa-test-secret-that-is-long-enough-42';

/** `tsx local/main.ts` with `env`, until it prints `until` or exits. */
function start(env: Record<string, string>, until: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SUPABASE_URL: '', DATABASE_URL: '', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const done = new Promise<{ out: string; code: number | null }>((resolve) => {
    const check = () => {
      if (until.test(out)) resolve({ out, code: null });
    };
    child.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.once('exit', (code) => resolve({ out, code }));
  });
  return { child, done };
}

/** An address of this machine that other machines can reach, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: p, timeout: 2_000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const local = new URL(SUPABASE_URL);
describe.runIf(outward && ['localhost', '127.0.0.1'].includes(local.hostname))('the default stack', () => {
  it('listens on loopback only', async () => {
    const p = Number(local.port);
    expect(await reachable('127.0.0.1', p)).toBe(true);
    expect(await reachable(outward!, p)).toBe(false);
  });
});

describe('the local stack beyond loopback', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('refuses to start with the demo secret, and says what to set', async () => {
    const { done } = start({ HOST: '0.0.0.0', PORT: String(port) }, /$^/);
    const { out, code } = await done;
    expect(code).toBe(1);
    expect(out).toMatch(/Not starting: HOST=0\.0\.0\.0 .*Set JWT_SECRET/s);
  }, 30_000);

  it('with JWT_SECRET, refuses demo-signed tokens and accepts the keys it prints', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kasuwa-doors-'));
    chmodSync(dataDir, 0o755); // as root, Postgres runs as the system user postgres
    const { child, done } = start(
      {
        HOST: '0.0.0.0',
        PORT: String(port),
        PG_PORT: String(pgPort),
        JWT_SECRET: SECRET,
        DATA_DIR: dataDir,
        RESET: '1',
      },
      /Press Ctrl-C/,
    );
    stops.push(async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    const { out, code } = await done;
    expect(code, out).toBeNull();
    const anonKey = /anon key:\s+(\S+)/.exec(out)![1]!;
    const serviceKey = /service_role key:\s+(\S+)/.exec(out)![1]!;
    expect(serviceKey).not.toBe(DEMO_SERVICE_ROLE_KEY);

    // HOST=0.0.0.0 is honoured: other machines reach it.
    if (outward) expect(await reachable(outward, port)).toBe(true);
    const url = `http://127.0.0.1:${port}`;
    const as = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });
    // The demo service_role key: anyone can sign it, so it must open nothing.
    const rest = await fetch(`${url}/rest/v1/organizations?select=name`, {
      headers: as(DEMO_SERVICE_ROLE_KEY),
    });
    expect(rest.status).toBe(401);
    expect((await rest.json()).code).toBe('PGRST301');
    const admin = await fetch(`${url}/auth/v1/admin/users`, { headers: as(DEMO_SERVICE_ROLE_KEY) });
    expect([401, 403]).toContain(admin.status);
    expect(JSON.stringify(await admin.json())).not.toContain('demo@kasuwa.app');

    // The printed key is the stack's own.
    const ownAdmin = await fetch(`${url}/auth/v1/admin/users`, { headers: as(serviceKey) });
    expect(ownAdmin.status).toBe(200);
    expect(JSON.stringify(await ownAdmin.json())).toContain('demo@kasuwa.app');
    const ownRest = await fetch(`${url}/rest/v1/organizations?select=name`, { headers: as(serviceKey) });
    expect(ownRest.status).toBe(200);

    // The demo owner signs in with the printed anon key, as the app served here does.
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...as(anonKey), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@kasuwa.app', password: 'kasuwa-demo-2026' }),
    });
    expect(signIn.status).toBe(200);
    // The app's /api runs with the printed keys too: registering uses the service_role key on the Data API.
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kofi',
        lastName: 'Asante',
        email: 'doors@test.kasuwa.app',
        password: 'a-long-enough-password',
        organizationName: 'Doors Test Shop',
        country: 'GH',
        currency: 'GHS',
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);

    // Its Auth keeps config.toml's mail budget (2 recovery mails an hour for the whole project), which
    // the suites' own stack lifts: the third mail is refused, as GoTrue refuses it.
    const recover = async (email: string) => {
      const created = await fetch(`${url}/auth/v1/admin/users`, {
        method: 'POST',
        headers: { ...as(serviceKey), 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a-long-enough-password', email_confirm: true }),
      });
      expect(created.status).toBe(200);
      return fetch(`${url}/auth/v1/recover`, {
        method: 'POST',
        headers: {
          ...as(anonKey),
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email }),
      });
    };
    expect((await recover('mail-1@test.kasuwa.app')).status).toBe(200);
    expect((await recover('mail-2@test.kasuwa.app')).status).toBe(200);
    const third = await recover('mail-3@test.kasuwa.app');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  }, 180_000);
});
