// Reliability under load: `npm run reliability` starts its own stack (PORT 24700, data in
// .data/reliability, reset), then runs many concurrent clients for a while, each doing a mix of reads and
// writes through /api and /rest/v1 as the app does, and restarts the local Postgres in the middle.
//
// It holds the stack to this:
// - outside the restart, no request gets a 5xx or a network error;
// - while Postgres is down, requests fail cleanly (a 4xx/5xx answer with a JSON message, or a refused
//   connection) and the stack reconnects by itself afterwards;
// - no write is lost and none is applied twice: every write carries a client id and an Idempotency-Key and
//   is retried with them until answered (as the outbox does); at the end each one is in the database
//   exactly once;
// - nothing is half-written: every invoice has its lines and totals that match them, and every product's
//   stock equals the sum of its stock moves.
//
// Flags: --clients=50 --seconds=60 --restarts=1 (restarts spread over the run). Exit code 1 on any
// violation. The vitest test tests/api/reliability.test.ts runs a shorter version in CI.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../local/config.ts';
import { startDatabase } from '../local/postgres.ts';
import { startStack } from '../local/server.ts';

export interface ReliabilityOptions {
  port: number;
  dataDir: string;
  clients: number;
  seconds: number;
  restarts: number;
  log?: (line: string) => void;
}

export interface ReliabilityReport {
  requests: number;
  reads: number;
  writes: number;
  /** Requests answered 5xx, or not answered, while Postgres was up (should be none). */
  unexpectedFailures: string[];
  /** Requests that failed while Postgres was restarting, and how (answers must be JSON, never hang). */
  failuresDuringRestart: number;
  unclean: string[];
  restarts: { downMs: number; recoveredMs: number }[];
  /** Writes never answered even after the retries. */
  unconfirmed: string[];
  /** Writes answered but missing from the database, or applied more than once. */
  lost: string[];
  duplicated: string[];
  /** Invoices whose lines or totals do not add up; products whose stock is not their moves. */
  halfWritten: string[];
}

type Write = {
  kind: 'customer' | 'invoice' | 'adjustment';
  id: string;
  key: string;
  body: unknown;
  path: string;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runReliability(opts: ReliabilityOptions): Promise<ReliabilityReport> {
  const log = opts.log ?? (() => {});
  const config = loadConfig({
    ...process.env,
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    AUTH_RATE_LIMIT_SIGN_IN: '100000',
    AUTH_RATE_LIMIT_REFRESH: '100000',
  });
  // Always our own embedded Postgres: it is the one restarted.
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const stack = await startStack({ reset: true, config });
  // The stack's own anon key: the demo one, or one signed with JWT_SECRET when that is set.
  const ANON_KEY = config.keys.anonKey;
  let db = stack.db;
  const base = stack.url;
  log(`stack on ${base}, Postgres on ${config.pgPort}`);
  const report: ReliabilityReport = {
    requests: 0,
    reads: 0,
    writes: 0,
    unexpectedFailures: [],
    failuresDuringRestart: 0,
    unclean: [],
    restarts: [],
    unconfirmed: [],
    lost: [],
    duplicated: [],
    halfWritten: [],
  };
  const pool = new pg.Pool({ connectionString: stack.db.postgresUrl, max: 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    // One organization with an owner; every client works in it, as the tills of one shop do.
    const email = `reliability-${randomUUID().slice(0, 8)}@test.kasuwa.app`;
    const password = 'correct-horse-battery';
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        firstName: 'Ama',
        lastName: 'Load',
        organizationName: `Load Test ${randomUUID().slice(0, 8)}`,
        country: 'GH',
        currency: 'GHS',
      }),
    });
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const orgId = ((await registered.json()) as { organization: { id: string } }).organization.id;
    const session = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await session.json()) as { access_token: string }).access_token;
    const headers = (extra: Record<string, string> = {}) => ({
      Authorization: `Bearer ${token}`,
      apikey: ANON_KEY,
      'x-org-id': orgId,
      ...extra,
    });
    const setup = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    // Enough plan for the run (Starter allows 50 invoices a month and 100 products).
    await pool.query(`update public.licenses set plan = 'BUSINESS' where org_id = $1`, [orgId]);
    const products = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        setup('/products', { name: `Rice ${i}`, sku: `RICE-${i}`, cost: 1, price: 10, openingStock: 1000 }),
      ),
    );
    const customer = await setup('/customers', { name: 'Ama Serwaa' });

    // The restart windows: while Postgres is down (and a moment after), failures are expected.
    let down = false;
    let graceUntil = 0;
    const inWindow = () => down || Date.now() < graceUntil;
    const deadline = Date.now() + opts.seconds * 1000;
    const writes: Write[] = [];

    const request = async (method: string, path: string, body?: unknown, key?: string) => {
      report.requests++;
      const during = inWindow();
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: headers({
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(key ? { 'Idempotency-Key': key } : {}),
          }),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.status >= 500 || res.status === 0) {
          if (during || inWindow()) {
            report.failuresDuringRestart++;
            try {
              JSON.parse(text);
            } catch {
              report.unclean.push(`${method} ${path}: ${res.status} not JSON: ${text.slice(0, 100)}`);
            }
          } else report.unexpectedFailures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
          return null;
        }
        if (res.status >= 400) {
          // A valid request refused: a bug, whenever it happens.
          report.unexpectedFailures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
          return text;
        }
        return text;
      } catch (e) {
        if (during || inWindow()) report.failuresDuringRestart++;
        else report.unexpectedFailures.push(`${method} ${path}: ${(e as Error).message}`);
        return null;
      }
    };

    /** Sends a write until it is answered, with the same id and key each time (as the outbox does). */
    const send = async (w: Write) => {
      report.writes++;
      writes.push(w);
      // Retried for up to a minute after the run (the restart's outage is a few seconds).
      while (Date.now() < deadline + 60_000) {
        if (!inWindow()) {
          const answer = await request('POST', w.path, w.body, w.key);
          if (answer !== null) return;
        }
        await sleep(500);
      }
      report.unconfirmed.push(`${w.kind} ${w.id}`);
    };

    const READS = [
      '/api/products',
      '/api/customers',
      '/api/invoices',
      '/api/dashboard',
      '/api/payments',
      '/rest/v1/products?select=id,name,stock_on_hand&limit=50',
      `/api/products/${products[0]!.id}/moves`,
    ];
    const client = async (n: number) => {
      let i = 0;
      while (Date.now() < deadline) {
        i++;
        const roll = (n * 7 + i * 13) % 10;
        if (roll < 6) {
          report.reads++;
          await request('GET', READS[(n + i) % READS.length]!);
        } else if (roll < 7) {
          const id = randomUUID();
          await send({
            kind: 'customer',
            id,
            key: randomUUID(),
            path: '/api/customers',
            body: { id, name: `C ${id}` },
          });
        } else if (roll < 9) {
          const id = randomUUID();
          const product = products[(n + i) % products.length]!;
          await send({
            kind: 'invoice',
            id,
            key: randomUUID(),
            path: '/api/invoices',
            body: {
              id,
              customerId: customer.id,
              status: 'ISSUED',
              lines: [
                { productId: product.id, description: 'Rice', qty: 1, unitPrice: 10, taxRate: 15 },
                { description: 'Delivery', qty: 1, unitPrice: 2.5, taxRate: 0 },
              ],
            },
          });
        } else {
          const product = products[(n + i) % products.length]!;
          const key = randomUUID();
          await send({
            kind: 'adjustment',
            id: key,
            key,
            path: `/api/products/${product.id}/adjustments`,
            body: { delta: 1, note: `Recount ${key}` },
          });
        }
      }
    };

    const restarter = async () => {
      for (let r = 1; r <= opts.restarts; r++) {
        const at = (opts.seconds * 1000 * r) / (opts.restarts + 1);
        await sleep(Math.max(0, deadline - opts.seconds * 1000 + at - Date.now()));
        log(`restarting Postgres (${r}/${opts.restarts})`);
        const stopped = Date.now();
        down = true;
        await db.stop();
        await sleep(1000);
        db = await startDatabase({ dataDir: config.dataDir, port: config.pgPort });
        const upAt = Date.now();
        // The stack reconnects by itself: wait for the first read that succeeds.
        let recovered = 0;
        while (!recovered && Date.now() - upAt < 30_000) {
          const res = await fetch(`${base}/api/products`, {
            headers: headers(),
            signal: AbortSignal.timeout(5_000),
          }).catch(() => null);
          if (res?.status === 200) recovered = Date.now();
          else await sleep(100);
        }
        graceUntil = Date.now() + 1000;
        down = false;
        report.restarts.push({ downMs: upAt - stopped, recoveredMs: recovered ? recovered - upAt : -1 });
        log(
          `Postgres back after ${upAt - stopped} ms, stack answering ${recovered ? recovered - upAt : '∞'} ms later`,
        );
      }
    };

    log(`${opts.clients} clients for ${opts.seconds} s`);
    await Promise.all([...Array.from({ length: opts.clients }, (_, n) => client(n)), restarter()]);
    log('load done; checking the database');

    // No lost write, none applied twice.
    const count = async (sql: string, params: unknown[]) =>
      Number((await pool.query<{ n: string }>(sql, params)).rows[0]!.n);
    for (const w of writes) {
      const n =
        w.kind === 'customer'
          ? await count(`select count(*) as n from public.customers where id = $1`, [w.id])
          : w.kind === 'invoice'
            ? await count(`select count(*) as n from public.invoices where id = $1`, [w.id])
            : await count(`select count(*) as n from public.stock_moves where org_id = $1 and note = $2`, [
                orgId,
                `Recount ${w.id}`,
              ]);
      if (n === 0 && !report.unconfirmed.includes(`${w.kind} ${w.id}`)) report.lost.push(`${w.kind} ${w.id}`);
      if (n > 1) report.duplicated.push(`${w.kind} ${w.id} ×${n}`);
    }
    // Nothing half-written.
    const broken = await pool.query<{ what: string }>(
      `select 'invoice ' || i.id as what from public.invoices i
        where i.org_id = $1
          and (i.total <> i.subtotal + i.tax
               or (select count(*) from public.invoice_items it where it.invoice_id = i.id) = 0
               or i.subtotal <> (select coalesce(sum(round(it.qty * it.unit_price, 2)), 0)
                                   from public.invoice_items it where it.invoice_id = i.id))
       union all
       select 'product ' || p.id from public.products p
        where p.org_id = $1
          and p.stock_on_hand <> (select coalesce(sum(m.delta), 0) from public.stock_moves m where m.product_id = p.id)`,
      [orgId],
    );
    report.halfWritten = broken.rows.map((r) => r.what);
    const invoiceWrites = writes.filter((w) => w.kind === 'invoice').length;
    const sales = await count(
      `select count(*) as n from public.stock_moves where org_id = $1 and reason = 'SALE'`,
      [orgId],
    );
    if (sales !== invoiceWrites - report.unconfirmed.filter((u) => u.startsWith('invoice')).length)
      report.halfWritten.push(`${sales} sale moves for ${invoiceWrites} issued invoices`);
    log('checks done');
  } finally {
    await pool.end();
    await stack.stop().catch(() => {});
    await db.stop().catch(() => {});
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  }
  return report;
}

/** The violations in a report, one line each (none: the run passed). */
export function violations(r: ReliabilityReport): string[] {
  return [
    ...r.unexpectedFailures.map((f) => `5xx or no answer outside a restart: ${f}`),
    ...r.unclean.map((f) => `unclean failure during a restart: ${f}`),
    ...r.restarts.filter((x) => x.recoveredMs < 0).map(() => 'the stack did not reconnect after a restart'),
    ...r.unconfirmed.map((w) => `write never answered: ${w}`),
    ...r.lost.map((w) => `write lost: ${w}`),
    ...r.duplicated.map((w) => `write applied more than once: ${w}`),
    ...r.halfWritten.map((w) => `half-written: ${w}`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = (name: string, fallback: number) =>
    Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const report = await runReliability({
    port: Number(process.env.PORT ?? 24700),
    dataDir: process.env.DATA_DIR ?? '.data/reliability',
    clients: flag('clients', 50),
    seconds: flag('seconds', 60),
    restarts: flag('restarts', 1),
    log: (line) => console.log(`${new Date().toISOString().slice(11, 23)} ${line}`),
  });
  const problems = violations(report);
  console.log(
    `${report.requests} requests (${report.reads} reads, ${report.writes} writes), ` +
      `${report.failuresDuringRestart} failed cleanly during ${report.restarts.length} restart(s); ` +
      `restarts: ${report.restarts.map((x) => `down ${x.downMs} ms, answering ${x.recoveredMs} ms after`).join('; ') || 'none'}`,
  );
  if (problems.length) {
    console.log(`${problems.length} violation(s):\n${problems.slice(0, 50).join('\n')}`);
    process.exit(1);
  }
  console.log('No 5xx outside restarts, no lost or doubled write, nothing half-written.');
  process.exit(0);
}
