// Data API (PostgREST) counts of functions returning scalars, on test-only functions (rest-fixture.ts):
// a single value (or void) is one row, counted `0-0/1`; a set of scalars is paged and counted in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, dropFixture, untypedClient } from './rest-fixture.ts';
import { json, rest, unique } from './rest-helpers.ts';

const p = `cf_${unique()}`;
const db = untypedClient();

beforeAll(async () => {
  await createFixture(
    `create function ${p}_double(n int) returns int language sql immutable as 'select n * 2';
     create function ${p}_touch() returns void language plpgsql as 'begin end';
     create function ${p}_evens(n int) returns setof int language sql immutable
       as 'select generate_series(2, n * 2, 2)';
     grant execute on function ${p}_double(int), ${p}_touch(), ${p}_evens(int)
       to anon, authenticated, service_role`,
    `/rpc/${p}_evens?n=1`,
  );
});

afterAll(async () => {
  await dropFixture(`drop function ${p}_double(int), ${p}_evens(int), ${p}_touch()`);
});

describe('Data API exact counts of functions returning scalars', () => {
  it('counts the one value of a scalar function (0-0/1), also for head requests', async () => {
    const value = await db.rpc(`${p}_double`, { n: 4 }, { count: 'exact' });
    expect(value).toMatchObject({ error: null, data: 8, count: 1, status: 200 });
    const head = await db.rpc(`${p}_double`, { n: 4 }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ error: null, data: null, count: 1, status: 200 });
    const res = await rest(`/rpc/${p}_double?n=4`, { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    expect(await json(res)).toBe(8);
    const uncounted = await rest(`/rpc/${p}_double?n=4`);
    expect(uncounted.headers.get('content-range')).toBe('0-0/*');
    expect(await json(uncounted)).toBe(8);
  });

  it('pages and counts a set of scalars: limit/offset/Range apply, the count is of the whole set', async () => {
    const all = await db.rpc(`${p}_evens`, { n: 5 }, { count: 'exact' });
    expect(all).toMatchObject({ error: null, data: [2, 4, 6, 8, 10], count: 5, status: 200 });
    const page = await db.rpc(`${p}_evens`, { n: 5 }, { count: 'exact' }).range(1, 2);
    expect(page).toMatchObject({ error: null, data: [4, 6], count: 5, status: 206 });
    const head = await rest(`/rpc/${p}_evens?n=5&limit=2&offset=1`, {
      method: 'HEAD',
      headers: { prefer: 'count=exact' },
    });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe('1-2/5');
    const ranged = await rest(`/rpc/${p}_evens?n=5`, { headers: { range: '3-' } });
    expect(ranged.headers.get('content-range')).toBe('3-4/*');
    expect(await json(ranged)).toEqual([8, 10]);
  });

  it('answers a void function with 204 and its Content-Range', async () => {
    const res = await rest(`/rpc/${p}_touch`, { body: {}, headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(await res.text()).toBe('');
  });
});
