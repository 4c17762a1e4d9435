// A heavy tenant must not starve everyone else. The attack that was found: a nested select
// whose size multiplies at each level (customers → invoices → customers → …), sent several at a time by
// one free account, held every database connection of the Data API, and other organizations' dashboards
// took about 8 s. Here one organization sends six of them in parallel while another loads its dashboard,
// and the dashboard must answer within a bound. The figures are printed for docs/security.md
// ("Data API guard rails").
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, DATABASE_URL, SUPABASE_URL } from '../env.ts';
import { call, owner, type Owner } from './org-helpers.ts';

let attacker: Owner;
let other: Owner;

let customerId: string;

// 16 customers with 3 invoices each (48: the free plan allows 50 a month). A select that goes
// customers → invoices → customers … 16 levels deep then holds 16 × 3^8 invoices, about 10 MB of JSON.
beforeAll(async () => {
  [attacker, other] = await Promise.all([owner(), owner()]);
  const post = async (path: string, body: unknown) => {
    const res = await call(path, { token: attacker.token, body });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json();
  };
  for (let c = 0; c < 16; c++) {
    const customer = await post('/customers', { name: `Customer ${c}` });
    await Promise.all([0, 1, 2].map(() => post('/invoices', { customerId: customer.id, total: 30 })));
    customerId = customer.id;
  }
}, 120_000);

/** `customers?select=id,invoices(id,customers(id,invoices(…)))`, `levels` embeds deep. */
export function deepSelect(levels: number): string {
  let select = 'id';
  for (let level = levels; level > 0; level--) {
    select = `id,${level % 2 === 1 ? 'invoices' : 'customers'}(${select})`;
  }
  return `${SUPABASE_URL}/rest/v1/customers?select=${select}`;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
}

const dashboard = async (who: Owner) => {
  const res = await call('/dashboard', { token: who.token });
  await res.arrayBuffer();
  return res.status;
};

describe('a heavy tenant', () => {
  // Six as the issue asks to measure; twelve is more than the Data API's connection pool (10) holds.
  it.each([6, 12])("cannot stall another tenant's dashboard with %i deep selects in parallel", async (n) => {
    // Warm: the first call of a function pays for its compilation.
    await dashboard(other);
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) alone.push((await timed(() => dashboard(other)))[1]);

    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${attacker.token}` };
    const attacks = Array.from({ length: n }, () =>
      timed(async () => {
        const res = await fetch(deepSelect(16), { headers });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      }),
    );
    // The dashboard is asked for once the six are running.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [status, during] = await timed(() => dashboard(other));
    const answered = await Promise.all(attacks);

    const median = [...alone].sort((a, b) => a - b)[1]!;
    console.log(
      `${n} deep selects in parallel from one tenant (${answered.map(([r, ms]) => `${r.status} ${r.bytes} B in ${ms} ms`).join('; ')}): ` +
        `another tenant's dashboard answered in ${during} ms (${median} ms alone)`,
    );
    expect(status).toBe(200);
    expect(during).toBeLessThan(2_000);
  });

  // The lock-wait variant: while a transaction holds one of its rows (here the test's own connection, for
  // 4 s), one account sends twelve changes to that row, each of which waits for the lock (up to the 3 s
  // lock timeout) holding a connection. Twelve at once took every connection of the pool, and the other
  // tenant's dashboard waited for them.
  it("cannot stall another tenant's dashboard with twelve requests waiting for a lock", async () => {
    await dashboard(other);
    const headers = {
      apikey: ANON_KEY,
      Authorization: `Bearer ${attacker.token}`,
      'Content-Type': 'application/json',
    };
    const holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
    let waiting: Promise<[number, number]>[];
    let status: number;
    let during: number;
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.customers where id = $1 for update', [customerId]);
      waiting = Array.from({ length: 12 }, (_, i) =>
        timed(async () => {
          const res = await fetch(`${SUPABASE_URL}/rest/v1/customers?id=eq.${customerId}`, {
            method: 'PATCH',
            headers,
            body: JSON.stringify({ phone: `0200 000 0${String(i).padStart(2, '0')}` }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      [status, during] = await timed(() => dashboard(other));
      await new Promise((resolve) => setTimeout(resolve, 3_700));
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const done = await Promise.all(waiting);
    console.log(
      `twelve requests waiting for a lock from one tenant (answered ${done.map(([s, ms]) => `${s} in ${ms} ms`).join('; ')}): ` +
        `another tenant's dashboard answered in ${during} ms`,
    );
    expect(status).toBe(200);
    expect(during).toBeLessThan(1_500);
    // The waiting changes were cut by the lock timeout (500 55P03) or ran once the lock was free.
    for (const [s] of done) expect([204, 500]).toContain(s);
  }, 30_000);
});
