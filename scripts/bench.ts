// `npm run bench`: starts the local stack on the large data set (npm run seed:large, DATA_DIR .data/bench)
// and measures, through the real HTTP endpoints with several concurrent clients, the p50/p95 latency of
// the app's reads and writes, and the gzipped size of what a browser downloads for the first screens.
// Prints one table, writes bench/results.md, and exits non-zero when a budget is broken.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig, ROOT } from '../local/config.ts';
import { startStack } from '../local/server.ts';
import { browserBudgets } from './bench-browser.ts';
import { lighthouseRows } from './bench-lighthouse.ts';

// Four clients at once: on this 2-core machine the load generator, the API, the REST server and Postgres
// share the cores (BENCH_CONNECTIONS=8 doubles the pressure).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Writes in one organization: a shop with four tills (invoice numbers are given one at a time). */
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
/** BENCH_ONLY=search measures only the rows whose name matches (all by default). */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '', 'i');

interface Row {
  name: string;
  p50: number | string;
  p95: number | string;
  budget: string;
  ok: boolean;
}

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
  PORT: process.env.PORT ?? '24600',
});
if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
  console.error(`No data set in ${config.dataDir}: run \`npm run seed:large\` first.`);
  process.exit(1);
}
const stack = await startStack({ config });
const base = stack.url;
// The stack's own anon key: the demo one, or one signed with JWT_SECRET when that is set.
const ANON_KEY = config.keys.anonKey;

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@kasuwa.app', password: 'kasuwa-bench-2026' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const token = await signIn();
const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const orgs = (await (
  await fetch(
    `${base}/rest/v1/organizations?select=id&name=eq.${encodeURIComponent('Lagos Wholesale Bench Ltd')}`,
    { headers },
  )
).json()) as { id: string }[];
const org = orgs[0]!.id;

async function measure(
  name: string,
  budgetMs: number,
  request: { path: string; method?: 'GET' | 'POST'; body?: unknown; connections?: number; duration?: number },
): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url: base + encodeURI(request.path),
      headers: { ...headers, 'x-org-id': org },
      connections: request.connections ?? CONNECTIONS,
      duration,
      requests: [
        {
          method: request.method ?? 'GET',
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          // Every write carries its own id, as the app's outbox sends it.
          setupRequest: (req) =>
            request.method === 'POST'
              ? { ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }
              : req,
        },
      ],
    });
  await run(1); // a warm-up (connections opened, plans and caches made) that is not counted
  const result = await run(request.duration ?? DURATION);
  const failed = result.non2xx + result.errors + result.timeouts;
  const p95 = percentile95(result.latency);
  return {
    name,
    p50: result.latency.p50,
    p95: failed ? `${p95} (${failed} failed)` : p95,
    budget: `p95 < ${budgetMs} ms`,
    ok: failed === 0 && p95 < budgetMs,
  };
}

// autocannon reports p90 and p97.5; interpolate p95 between them.
function percentile95(l: autocannon.Histogram): number {
  return Math.round((l.p90 + (l.p97_5 - l.p90) * (5 / 7.5)) * 10) / 10;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, 'x-org-id': org, 'idempotency-key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const rows: Row[] = [];
// Reads, as the screens call them (the first page of 25, searches in the database).
for (const [name, budget, path] of [
  ['product list (first page of 25)', 50, '/api/products?limit=25'],
  ['product search (name or SKU)', 50, '/api/products?limit=25&search=rice 5kg'],
  ['customer search (name, phone or email)', 50, '/api/customers?limit=25&search=okafor 12'],
  ['invoice list (first page of 25)', 50, '/api/invoices?limit=25'],
  ['invoice search (number)', 50, '/api/invoices?limit=25&search=INV-009999'],
  ['invoice search (customer name)', 50, '/api/invoices?limit=25&search=okafor 12'],
  ['metrics (/api/reports/metrics)', 100, '/api/reports/metrics'],
  ['dashboard data (/api/dashboard)', 100, '/api/dashboard'],
  ...(['overview', 'sales', 'payments', 'expenses', 'inventory', 'timeseries'] as const).map(
    (type) => [`report ${type}, 365 days`, 200, `/api/reports/${type}?days=365&limit=25`] as const,
  ),
] as const)
  if (ONLY.test(name)) rows.push(await measure(name, budget, { path }));

// Writes: an invoice with two lines; a payment on an invoice issued for the purpose.
const customer = (await api<{ rows?: unknown }>('/customers', { name: 'Bench Customer' })) as { id: string };
const product = await api<{ id: string }[]>('/products?limit=1');
rows.push(
  await measure(`create an invoice (2 lines), ${WRITERS} clients`, 100, {
    path: '/api/invoices',
    method: 'POST',
    connections: WRITERS,
    body: {
      customerId: customer.id,
      lines: [
        { productId: product[0]!.id, description: 'Rice 5kg', qty: 2, unitPrice: 7500, taxRate: 7.5 },
        { description: 'Delivery', qty: 1, unitPrice: 1500, taxRate: 0 },
      ],
    },
  }),
);
const open = await api<{ id: string }>('/invoices', {
  customerId: customer.id,
  status: 'ISSUED',
  total: 999_999_999,
});
rows.push(
  await measure(`record a payment, ${WRITERS} clients`, 100, {
    path: '/api/payments',
    method: 'POST',
    connections: WRITERS,
    body: { invoiceId: open.id, method: 'mobile-money', provider: 'MTN_MOMO', amount: 100 },
  }),
);

// The export of the payments of a year (over 100,000 rows), one request at a time.
{
  const started = performance.now();
  const res = await fetch(`${base}/api/reports/payments?days=365&format=csv`, {
    headers: { ...headers, 'x-org-id': org },
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const lines = text.split('\r\n').length - 2; // the header and the last line end
  rows.push({
    name: `CSV export of ${lines.toLocaleString('en')} payments`,
    p50: `${seconds.toFixed(2)} s`,
    p95: '',
    budget: '< 5 s, ≥ 100,000 rows',
    ok: res.ok && seconds < 5 && lines >= 100_000,
  });
}

rows.push(...(await browserBudgets(base, token, ANON_KEY)));
rows.push(...(await lighthouseRows(base, 'bench@kasuwa.app', 'kasuwa-bench-2026')));
await stack.stop();

const lines = [
  `# Benchmark results`,
  '',
  `${os.cpus().length} cores, ${CONNECTIONS} concurrent clients, ${DURATION} s per endpoint, data set from \`npm run seed:large\`.`,
  '',
  '| what | p50 (ms) | p95 (ms) | budget | |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.budget} | ${r.ok ? 'ok' : 'OVER'} |`),
  '',
];
mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench', 'results.md'), lines.join('\n'));
console.log(lines.join('\n'));
// Explicit: embedded Postgres's exit hook would otherwise end the process with 0.
process.exit(rows.every((r) => r.ok) ? 0 : 1);
