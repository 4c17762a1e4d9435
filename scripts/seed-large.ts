// `npm run seed:large`: a fresh database (DATA_DIR, default .data/bench) with the migrations, the demo seed
// and a large realistic data set for benchmarks. Sizes are flags: --products=10000 --customers=20000
// --invoices=100000 --payments=100000 --expenses=50000 --leads=5000 --small-orgs=50.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, ROOT } from '../local/config.ts';
import { reset } from '../local/migrate.ts';
import { startDatabase } from '../local/postgres.ts';

const DEFAULTS = {
  products: 10_000,
  customers: 20_000,
  invoices: 100_000,
  payments: 100_000,
  expenses: 50_000,
  leads: 5_000,
  'small-orgs': 50,
};

const sizes = { ...DEFAULTS };
for (const arg of process.argv.slice(2)) {
  const m = /^--([a-z-]+)=(\d+)$/.exec(arg);
  if (!m || !(m[1]! in sizes))
    throw new Error(
      `Unknown argument ${arg}; expected one of ${Object.keys(DEFAULTS)
        .map((k) => `--${k}=N`)
        .join(' ')}`,
    );
  sizes[m[1] as keyof typeof DEFAULTS] = Number(m[2]);
}

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? '.data/bench' });
const started = Date.now();
const db = await startDatabase({ dataDir: config.dataDir, port: config.pgPort, embedded: true });
try {
  await reset(db.adminUrl, db.postgresUrl);
  let sql = readFileSync(path.join(ROOT, 'scripts', 'seed-large.sql'), 'utf8');
  for (const [key, value] of Object.entries(sizes))
    sql = sql.replaceAll(`:${key.replace('-', '_')}`, String(value));
  const client = new pg.Client({ connectionString: db.adminUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(sql);
    await client.query('commit');
    // Settle the new tables now (visibility map, statistics), not during the measurements that follow.
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
  console.log(
    `Seeded ${Object.entries(sizes)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      ` into ${config.dataDir}. Sign in as bench@kasuwa.app / kasuwa-bench-2026.`,
  );
} finally {
  await db.stop();
}
