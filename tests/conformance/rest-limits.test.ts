// The Data API's guard rails, on test-only tables and functions (rest-fixture.ts):
// - per role, from the migration (so a hosted project has them too): a statement is cut at the role's
//   statement_timeout and a wait for a row lock at its lock_timeout, answered as PostgREST answers them;
// - `db-max-rows`: a read without a limit gets at most `[api] max_rows` rows;
// - the local Data API's own limits, which PostgREST does not have (skipped against any other target):
//   embeds nested deeper than 5 levels are refused as the select is read, and a response is not built
//   past 10 MB.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, SUPABASE_URL } from '../env.ts';
import { createFixture, dropFixture } from './rest-fixture.ts';
import { createUser, json, rest, unique, type TestUser } from './rest-helpers.ts';

const p = `cf_${unique()}`;
let member: TestUser;

// The local stack answers `/health` at its root; a hosted project does not.
const localStack = await fetch(`${SUPABASE_URL}/health`)
  .then(async (res) => res.ok && (await res.json()).status === 'ok')
  .catch(() => false);

beforeAll(async () => {
  member = await createUser();
  await createFixture(
    `create table ${p}_rows (id int primary key, note text not null default '');
     insert into ${p}_rows (id) select g from generate_series(1, 1500) g;
     create table ${p}_wide (id int primary key, body text not null);
     insert into ${p}_wide select g, repeat('x', 20000) from generate_series(1, 1000) g;
     create table ${p}_tree (id int primary key, parent_id int references ${p}_tree (id));
     insert into ${p}_tree values (1, null), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6);
     create function ${p}_slow(seconds float8) returns int language sql as
       'select count(*)::int from (select pg_sleep(seconds)) s';
     grant select, update on ${p}_rows to anon, authenticated;
     grant select on ${p}_wide, ${p}_tree to anon, authenticated;
     grant execute on function ${p}_slow(float8) to anon, authenticated`,
    `/${p}_rows?limit=0`,
  );
}, 60_000);

afterAll(async () => {
  await dropFixture(`drop table ${p}_rows, ${p}_wide, ${p}_tree; drop function ${p}_slow(float8)`);
});

async function timed(work: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await work();
  await res.clone().arrayBuffer();
  return { res, ms: performance.now() - started };
}

describe('Data API statement and lock timeouts per role', () => {
  it("cuts a signed-in member's statement at 5 s: 500 with 57014", async () => {
    const { res, ms } = await timed(() =>
      rest(`/rpc/${p}_slow`, { token: member.token, body: { seconds: 20 } }),
    );
    expect(res.status).toBe(500);
    expect(await json(res)).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(ms).toBeGreaterThan(4_900);
    expect(ms).toBeLessThan(7_500);
    // A statement within the limit runs.
    const short = await rest(`/rpc/${p}_slow`, { token: member.token, body: { seconds: 0.2 } });
    expect(short.status).toBe(200);
  }, 20_000);

  it("cuts anon's statement at 2 s", async () => {
    const { res, ms } = await timed(() => rest(`/rpc/${p}_slow`, { body: { seconds: 20 } }));
    expect(res.status).toBe(500);
    expect((await json(res)).code).toBe('57014');
    expect(ms).toBeGreaterThan(1_900);
    expect(ms).toBeLessThan(4_500);
  }, 20_000);

  it('stops waiting for a row lock after 3 s: 500 with 55P03, the connection free again', async () => {
    // Someone holds the row (a transaction left open elsewhere).
    const holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select * from public.${p}_rows where id = 1 for update`);
      const { res, ms } = await timed(() =>
        rest(`/${p}_rows?id=eq.1`, { method: 'PATCH', token: member.token, body: { note: 'changed' } }),
      );
      expect(res.status).toBe(500);
      expect((await json(res)).code).toBe('55P03');
      expect(ms).toBeGreaterThan(2_900);
      expect(ms).toBeLessThan(4_900);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const res = await rest(`/${p}_rows?id=eq.1`, {
      method: 'PATCH',
      token: member.token,
      body: { note: 'changed' },
    });
    expect(res.status).toBe(204);
  }, 20_000);
});

describe('db-max-rows', () => {
  it('answers at most max_rows (1000) rows to a read without a limit, and says so in Content-Range', async () => {
    const res = await rest(`/${p}_rows?select=id&order=id`, {
      token: member.token,
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-999/1500');
    const rows = await json(res);
    expect(rows).toHaveLength(1000);
    expect(rows.at(-1)).toEqual({ id: 1000 });
    // The next page is there for whoever asks for it.
    const next = await rest(`/${p}_rows?select=id&order=id&offset=1000`, { token: member.token });
    expect(await json(next)).toHaveLength(500);
  });
});

describe.runIf(localStack)('the local Data API: embed depth and response size', () => {
  const nested = (levels: number) => {
    let select = 'id';
    for (let i = 0; i < levels; i++) select = `id,child:${p}_tree!parent_id(${select})`;
    return `/${p}_tree?id=eq.1&select=${select}`;
  };

  it('reads embeds nested 5 levels deep and refuses 6, as the select is read (400 PGRST100)', async () => {
    const five = await rest(nested(5), { token: member.token });
    expect(five.status).toBe(200);
    let node = (await json(five))[0];
    for (let i = 0; i < 5; i++) node = node.child[0];
    expect(node).toEqual({ id: 6 });

    const { res, ms } = await timed(() => rest(nested(16), { token: member.token }));
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      code: 'PGRST100',
      details: 'embedded resources nested deeper than 5 levels',
    });
    expect(ms).toBeLessThan(500);
    const six = await rest(nested(6), { token: member.token });
    expect(six.status).toBe(400);
    expect((await json(six)).code).toBe('PGRST100');
  });

  it('refuses a response over 10 MB with 400 PGRSTL01, and answers the same rows a page at a time', async () => {
    // 1000 rows of 20 KB: 20 MB.
    const { res } = await timed(() => rest(`/${p}_wide`, { token: member.token }));
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      code: 'PGRSTL01',
      message: 'Response too large',
      hint: 'Select fewer rows (limit, Range) or fewer embedded resources',
    });
    const page = await rest(`/${p}_wide?limit=400&order=id`, { token: member.token });
    expect(page.status).toBe(200);
    expect(await json(page)).toHaveLength(400);
  });
});
