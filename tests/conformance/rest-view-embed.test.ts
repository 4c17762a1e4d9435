// Data API (PostgREST) embedding through views, on test-only objects (rest-fixture.ts): a view's column
// that shows a table column carries that column's foreign keys, so views embed tables, tables embed
// views and views embed views — as the app would call them through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, dropFixture, untypedClient } from './rest-fixture.ts';
import { unique } from './rest-helpers.ts';

const p = `cf_${unique()}`;
const db = untypedClient();

beforeAll(async () => {
  await createFixture(
    `create table ${p}_shops (id int primary key, name text not null);
     create table ${p}_items (id int primary key, shop_id int not null references ${p}_shops (id), name text not null);
     insert into ${p}_shops values (1, 'Kumasi'), (2, 'Accra');
     insert into ${p}_items values (1, 1, 'Yam'), (2, 1, 'Rice'), (3, 2, 'Oil');
     -- Renamed columns: the relationships follow the columns, not their names.
     create view ${p}_item_list as select i.id as item_id, i.shop_id as shop, i.name from ${p}_items i;
     create view ${p}_shop_list as select id as shop_key, name as shop_name from ${p}_shops;
     grant select on ${p}_shops, ${p}_items, ${p}_item_list, ${p}_shop_list to anon, authenticated, service_role`,
    `/${p}_shop_list?limit=0`,
  );
});

afterAll(async () => {
  await dropFixture(`drop view ${p}_item_list, ${p}_shop_list; drop table ${p}_items, ${p}_shops`);
});

describe('Data API embedding through views', () => {
  it('embeds a table from a view whose column comes from a foreign key (many-to-one)', async () => {
    const { data, error } = await db
      .from(`${p}_item_list`)
      .select(`name, store:${p}_shops(name)`)
      .order('item_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Yam', store: { name: 'Kumasi' } },
      { name: 'Rice', store: { name: 'Kumasi' } },
      { name: 'Oil', store: { name: 'Accra' } },
    ]);
  });

  it('embeds a view from a table (one-to-many), a view from a view and a table from a view', async () => {
    const toView = await db
      .from(`${p}_shops`)
      .select(`name, items:${p}_item_list(name)`)
      .order('id')
      .order('name', { referencedTable: 'items' });
    expect(toView.error).toBeNull();
    expect(toView.data).toEqual([
      { name: 'Kumasi', items: [{ name: 'Rice' }, { name: 'Yam' }] },
      { name: 'Accra', items: [{ name: 'Oil' }] },
    ]);
    const viewToView = await db
      .from(`${p}_item_list`)
      .select(`name, store:${p}_shop_list(shop_name)`)
      .eq('item_id', 3);
    expect(viewToView.error).toBeNull();
    expect(viewToView.data).toEqual([{ name: 'Oil', store: { shop_name: 'Accra' } }]);
    const inner = await db
      .from(`${p}_shop_list`)
      .select(`shop_name, items:${p}_items!inner(name)`)
      .eq('items.name', 'Oil');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ shop_name: 'Accra', items: [{ name: 'Oil' }] }]);
  });

  it('does not consider views when the target is a foreign key column', async () => {
    const { data, error } = await db.from(`${p}_items`).select('name, shop_id(name)').eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Oil', shop_id: { name: 'Accra' } }]);
  });
});
