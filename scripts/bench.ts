// `npm run bench`: starts the local stack on the large data set (npm run seed:large, DATA_DIR .data/bench)
// and measures, through the real HTTP endpoints with several concurrent clients, the p50/p95 latency of
// the app's reads and writes, and the gzipped size of what a browser downloads for the first screens.
// Prints one table, writes bench/results.md, and exits non-zero when a budget is broken.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ANON_KEY, loadConfig, ROOT } from '../local/config.ts';
import { startStack } from '../local/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

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
  PORT: process.env.PORT ?? '54600',
});
if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
  console.error(`No data set in ${config.dataDir}: run \`npm run seed:large\` first.`);
  process.exit(1);
}
const stack = await startStack({ config });
const base = stack.url;

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
  request: { path: string; method?: string; body?: string },
): Promise<Row> {
  const result = await autocannon({
    url: base + encodeURI(request.path),
    method: (request.method ?? 'GET') as 'GET',
    headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const failed = result.non2xx + result.errors;
  const p95 = percentile95(result.latency);
  return {
    name,
    p50: result.latency.p50,
    p95,
    budget: `p95 < ${budgetMs} ms`,
    ok: failed === 0 && p95 < budgetMs,
  };
}

// autocannon reports p90 and p97.5; interpolate p95 between them.
function percentile95(l: autocannon.Histogram): number {
  return Math.round((l.p90 + (l.p97_5 - l.p90) * (5 / 7.5)) * 10) / 10;
}

const rows: Row[] = [];
const q = (s: string) => `/rest/v1/${s}&org_id=eq.${org}`;
rows.push(
  await measure('product list (25, with count)', 50, {
    path: q(
      'products?select=id,name,sku,unit,stock_on_hand,cost,price,low_stock_threshold&archived=is.false&order=name&limit=25',
    ),
  }),
  await measure('product search (name or SKU)', 50, {
    path: q(
      'products?select=id,name,sku,stock_on_hand,price&archived=is.false&or=(name.ilike.*rice 5kg*,sku.ilike.*rice 5kg*)&order=name&limit=25',
    ),
  }),
  await measure('low-stock products', 50, {
    path: q(
      'products?select=id,name,stock_on_hand,low_stock_threshold&archived=is.false&stock_on_hand=lte.5&limit=25',
    ),
  }),
  await measure('invoice list (25, with customer)', 50, {
    path: q(
      'invoices?select=id,number,status,total,currency,created_at,issued_at,due_at,customer:customers(name)&order=created_at.desc&limit=25',
    ),
  }),
  await measure('invoice search (number)', 50, {
    path: q(
      'invoices?select=id,number,status,total,customer:customers(name)&number=ilike.*0999*&order=created_at.desc&limit=25',
    ),
  }),
  await measure('customer search (name)', 50, {
    path: q('customers?select=id,name,email,phone&name=ilike.*okafor 12*&order=name&limit=25'),
  }),
);

// What a browser downloads for the first screens: the HTML and every script and style it references.
function bundleSize(html: string): number {
  const dist = path.join(ROOT, 'web', 'dist');
  let total = gzipSync(html).length;
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) {
    total += gzipSync(readFileSync(path.join(dist, m[1]!))).length;
  }
  return total;
}
const indexHtml = path.join(ROOT, 'web', 'dist', 'index.html');
if (existsSync(indexHtml)) {
  const kb = Math.round(bundleSize(readFileSync(indexHtml, 'utf8')) / 102.4) / 10;
  rows.push({
    name: 'landing page JS + CSS + HTML (gzip)',
    p50: `${kb} KB`,
    p95: '',
    budget: '< 150 KB',
    ok: kb < 150,
  });
}

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
