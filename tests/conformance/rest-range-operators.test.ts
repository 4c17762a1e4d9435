// Data API (PostgREST) range operators on a range column of a test-only table (rest-fixture.ts), through
// supabase-js's range helpers: `rangeGt` → sr, `rangeLt` → sl, `rangeGte` → nxl, `rangeLte` → nxr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, dropFixture, untypedClient } from './rest-fixture.ts';
import { unique } from './rest-helpers.ts';

const p = `cf_${unique()}`;
const db = untypedClient();

beforeAll(async () => {
  await createFixture(
    `create table ${p}_spans (id int primary key, span int4range not null);
     insert into ${p}_spans values (1, '[1,3)'), (2, '[3,6)'), (3, '[6,9)'), (4, '[9,12)');
     grant select on ${p}_spans to anon, authenticated, service_role`,
    `/${p}_spans?limit=0`,
  );
});

afterAll(async () => {
  await dropFixture(`drop table ${p}_spans`);
});

const ids = (data: { id: number }[] | null) => data?.map((row) => row.id);

describe('Data API range operators', () => {
  it('nxr is &< (does not extend to the right of) and nxl is &> (does not extend to the left of)', async () => {
    const lte = await db.from(`${p}_spans`).select('id').rangeLte('span', '[4,7)').order('id');
    expect(lte.error).toBeNull();
    expect(ids(lte.data)).toEqual([1, 2]);
    const gte = await db.from(`${p}_spans`).select('id').rangeGte('span', '[4,7)').order('id');
    expect(ids(gte.data)).toEqual([3, 4]);
    const nxl = await db.from(`${p}_spans`).select('id').filter('span', 'nxl', '[4,7)').order('id');
    expect(ids(nxl.data)).toEqual([3, 4]);
    const notNxr = await db.from(`${p}_spans`).select('id').not('span', 'nxr', '[4,7)').order('id');
    expect(ids(notNxr.data)).toEqual([3, 4]);
  });

  it('sr, sl, adj and ov keep their meanings', async () => {
    const gt = await db.from(`${p}_spans`).select('id').rangeGt('span', '[4,7)');
    expect(ids(gt.data)).toEqual([4]);
    const lt = await db.from(`${p}_spans`).select('id').rangeLt('span', '[4,7)');
    expect(ids(lt.data)).toEqual([1]);
    const adjacent = await db.from(`${p}_spans`).select('id').rangeAdjacent('span', '[3,6)').order('id');
    expect(ids(adjacent.data)).toEqual([1, 3]);
    const overlaps = await db.from(`${p}_spans`).select('id').overlaps('span', '[4,7)').order('id');
    expect(ids(overlaps.data)).toEqual([2, 3]);
  });
});
