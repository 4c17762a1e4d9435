// `npm run bench:drain`: 1,000 changes queued offline drain in under 60 s, none lost and none doubled.
//
// A local stack of its own (PORT 24580, data in .data/drain, emptied first) and Debian's Chromium. A new owner
// signs in, the browser goes offline, and 1,000 changes — customers and leads, alternating, each with its id
// made on the device — are queued through the app's own outbox (the same enqueue the forms use, reached
// through window.kasuwaOutbox). The network comes back; the time until the outbox on the device is empty is
// the drain time. Then the database is counted: every change applied exactly once (its row, and its
// idempotency record), none missing, none twice.
//
// Flags: --changes=N (default 1000), --no-build (reuse the build in web/$WEB_DIST, default dist-drain).
// Exits non-zero when the drain takes 60 s or more, or anything is lost or doubled.
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { loadConfig } from '../local/config.ts';
import { startStack } from '../local/server.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];
const CHANGES = Number(arg('changes') ?? 1000);
const BUDGET_MS = 60_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
process.env.WEB_DIST ??= 'dist-drain';

if (!process.argv.includes('--no-build')) {
  console.log(`Building the app into web/${process.env.WEB_DIST} …`);
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: process.env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const config = loadConfig({ ...process.env, PORT: process.env.PORT ?? '24580', DATA_DIR: '.data/drain' });
console.log(`Starting a local stack on ${config.port} (fresh database in ${config.dataDir}) …`);
const stack = await startStack({ reset: true, config });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});
let failed: boolean;
try {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));

  const owner = {
    email: `drain-${Date.now()}@bench.kasuwa.app`,
    password: 'drain-secret-1',
    firstName: 'Drain',
    lastName: 'Bench',
    organizationName: `Drain Bench ${Date.now()}`,
    country: 'GH',
    currency: 'GHS',
  };
  const registered = await page.request.post('/api/auth/register', { data: owner });
  if (registered.status() !== 201)
    throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const orgId = ((await registered.json()) as { organization: { id: string } }).organization.id;
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('User menu').waitFor();
  await page.goto('/sales?tab=customers');
  await page.getByText('No customers yet').waitFor();

  await context.setOffline(true);
  console.log(`Offline: queueing ${CHANGES} changes through the app's outbox …`);
  const queuedAt = Date.now();
  await page.evaluate(
    ({ orgId, changes }) => {
      const outbox = (window as unknown as { kasuwaOutbox: { enqueue(op: unknown): Promise<unknown> } })
        .kasuwaOutbox;
      for (let i = 0; i < changes; i++) {
        const n = String(i).padStart(4, '0');
        const op =
          i % 2 === 0
            ? { path: '/api/customers', body: { id: crypto.randomUUID(), name: `Drain customer ${n}` } }
            : { path: '/api/leads', body: { id: crypto.randomUUID(), name: `Drain lead ${n}`, value: i } };
        // Kept on the device; the answer comes when the network is back.
        void outbox.enqueue({ orgId, method: 'POST', label: op.body.name, ...op }).catch(() => {});
      }
    },
    { orgId, changes: CHANGES },
  );
  const onDevice = () =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('kasuwa');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const entries = await new Promise<{ id: string; status: string }[]>((resolve, reject) => {
        const r = db.transaction('outbox').objectStore('outbox').index('seq').getAll();
        r.onsuccess = () => resolve(r.result as { id: string; status: string }[]);
        r.onerror = () => reject(r.error);
      });
      db.close();
      return entries;
    });
  let queued = await onDevice();
  while (queued.length < CHANGES) {
    await new Promise((r) => setTimeout(r, 100));
    queued = await onDevice();
  }
  console.log(`  ${queued.length} changes on the device in ${((Date.now() - queuedAt) / 1000).toFixed(1)} s`);

  // The network returns: the app sends what is waiting, in order, one change after another.
  await context.setOffline(false);
  const start = Date.now();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  let left = queued.length;
  let lastReport = start;
  while (left > 0 && Date.now() - start < 5 * BUDGET_MS) {
    await new Promise((r) => setTimeout(r, 200));
    const entries = await onDevice();
    left = entries.length;
    if (entries.some((e) => e.status === 'failed')) throw new Error('a change was refused by the server');
    if (Date.now() - lastReport > 5_000) {
      console.log(`  ${CHANGES - left} sent after ${((Date.now() - start) / 1000).toFixed(1)} s`);
      lastReport = Date.now();
    }
  }
  const drainMs = Date.now() - start;

  // Counted in the database: each change once.
  const db = new pg.Client({ connectionString: stack.db.postgresUrl });
  await db.connect();
  const count = async (sql: string) => (await db.query<{ n: number }>(sql, [orgId])).rows[0]!.n;
  const customers = await count(
    `select count(*)::int as n from customers where org_id = $1 and name like 'Drain customer %'`,
  );
  const customerNames = await count(
    `select count(distinct name)::int as n from customers where org_id = $1 and name like 'Drain customer %'`,
  );
  const leads = await count(
    `select count(*)::int as n from leads where org_id = $1 and name like 'Drain lead %'`,
  );
  const leadNames = await count(
    `select count(distinct name)::int as n from leads where org_id = $1 and name like 'Drain lead %'`,
  );
  const records = await db.query<{ mutation_id: string }>(
    `select mutation_id from sync_mutations where org_id = $1 and status = 'applied'`,
    [orgId],
  );
  await db.end();
  const appliedIds = new Set(records.rows.map((r) => r.mutation_id));
  const expectedCustomers = Math.ceil(CHANGES / 2);
  const expectedLeads = Math.floor(CHANGES / 2);
  const lost =
    queued.filter((e) => !appliedIds.has(e.id)).length +
    (expectedCustomers - customerNames) +
    (expectedLeads - leadNames);
  const duplicated =
    customers - customerNames + (leads - leadNames) + (records.rows.length - appliedIds.size);

  const seconds = (drainMs / 1000).toFixed(1);
  const rate = Math.round(CHANGES / (drainMs / 1000));
  console.log(
    `\n${CHANGES} queued changes drained in ${seconds} s (${rate} changes/s; budget 60 s): ` +
      `${customers} customers and ${leads} leads in the database, ${records.rows.length} idempotency records; ` +
      `lost ${lost}, duplicated ${duplicated}.`,
  );
  failed = left > 0 || drainMs >= BUDGET_MS || lost !== 0 || duplicated !== 0;
  if (failed) console.error('FAILED');
  await context.close();
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(failed ? 1 : 0);
