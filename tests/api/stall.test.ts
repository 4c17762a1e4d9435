// A heavy tenant must not starve everyone else (issue #22). The attack that was found: a nested select
// whose size multiplies at each level (customers → invoices → customers → …), sent several at a time by
// one free account, held every database connection of the Data API, and other organizations' dashboards
// took about 8 s. Here one organization sends six of them in parallel while another loads its dashboard,
// and the dashboard must answer within a bound. The figures are printed for the README's Security section.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, DATABASE_URL, SUPABASE_URL } from '../env.ts';
import { call, owner, type Owner } from './org-helpers.ts';

let attacker: Owner;
let other: Owner;

// A test-only function that runs as long as it is asked to: a stand-in for any query a member can make
// that runs up to the statement timeout.
const slow = `stall_${randomUUID().slice(0, 8)}`;
async function sql(text: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
afterAll(() => sql(`drop function public.${slow}(float8); notify pgrst, 'reload schema'`));

// 16 customers with 3 invoices each (48: the free plan allows 50 a month). A select that goes
// customers → invoices → customers … 16 levels deep then holds 16 × 3^8 invoices, about 10 MB of JSON.
beforeAll(async () => {
  [attacker, other] = await Promise.all([owner(), owner()]);
  const post = async (path: string, body: unknown) => {
    const res = await call(path, { token: attacker.token, body });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json();
  };
  await sql(
    `create function public.${slow}(seconds float8) returns int language sql as
       'select count(*)::int from (select pg_sleep(seconds)) s';
     grant execute on function public.${slow}(float8) to authenticated;
     notify pgrst, 'reload schema'`,
  );
  for (let c = 0; c < 16; c++) {
    const customer = await post('/customers', { name: `Customer ${c}` });
    await Promise.all([0, 1, 2].map(() => post('/invoices', { customerId: customer.id, total: 30 })));
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

  // Each runs 3 s, within the statement timeout: what one account can hold a connection with honestly.
  // Twelve at once took every connection of the pool, and the dashboard waited for them (3 s).
  it("cannot stall another tenant's dashboard with twelve long requests in parallel", async () => {
    await dashboard(other);
    const headers = {
      apikey: ANON_KEY,
      Authorization: `Bearer ${attacker.token}`,
      'Content-Type': 'application/json',
    };
    // The function is visible once the schema cache has reloaded.
    for (let i = 0; i < 50; i++) {
      const probe = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${slow}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ seconds: 0 }),
      });
      if (probe.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const long = Array.from({ length: 12 }, () =>
      timed(async () => {
        const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${slow}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ seconds: 3 }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [status, during] = await timed(() => dashboard(other));
    const done = await Promise.all(long);
    console.log(
      `twelve 3 s requests in parallel from one tenant (answered ${done.map(([s, ms]) => `${s} in ${ms} ms`).join('; ')}): ` +
        `another tenant's dashboard answered in ${during} ms`,
    );
    expect(status).toBe(200);
    expect(during).toBeLessThan(1_500);
    // The heavy caller's own requests all ran: queued, not refused.
    expect(done.map(([s]) => s)).toEqual(Array(12).fill(200));
  }, 30_000);
});
