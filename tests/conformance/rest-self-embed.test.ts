// Data API (PostgREST) embedding of a table with itself, on test-only tables (rest-fixture.ts): one
// foreign key seen both ways, told apart as PostgREST does — the key column names the parent
// (many-to-one), the table name the children (one-to-many, the key column as the only hint it takes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, dropFixture, untypedClient } from './rest-fixture.ts';
import { json, rest, unique } from './rest-helpers.ts';

const p = `cf_${unique()}`;
const db = untypedClient();

beforeAll(async () => {
  await createFixture(
    `create table ${p}_tree (id int primary key, name text not null, parent_id int references ${p}_tree (id));
     insert into ${p}_tree values (1, 'Root', null), (2, 'Kid A', 1), (3, 'Kid B', 1), (4, 'Grandkid', 2);
     create table ${p}_staff (
       id int primary key, name text not null,
       manager_id int references ${p}_staff (id), mentor_id int references ${p}_staff (id)
     );
     insert into ${p}_staff values (1, 'Ama', null, null), (2, 'Kofi', 1, null), (3, 'Esi', 1, 2);
     -- A view of a table in a schema the Data API does not expose: its only relationship is with itself.
     create schema ${p}_hidden;
     create table ${p}_hidden.jobs (id int primary key, name text not null, parent_id int references ${p}_hidden.jobs (id));
     insert into ${p}_hidden.jobs values (1, 'Build', null), (2, 'Walls', 1), (3, 'Roof', 1), (4, 'Bricks', 2);
     create view ${p}_job_list as select id, parent_id, name from ${p}_hidden.jobs;
     grant select on ${p}_tree, ${p}_staff, ${p}_job_list to anon, authenticated, service_role`,
    `/${p}_job_list?limit=0`,
  );
});

afterAll(async () => {
  await dropFixture(
    `drop view ${p}_job_list; drop table ${p}_tree, ${p}_staff; drop schema ${p}_hidden cascade`,
  );
});

describe('Data API self-referencing embeds', () => {
  it('embeds the parent by the key column (many-to-one)', async () => {
    const { data, error } = await db.from(`${p}_tree`).select('id, parent:parent_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, parent: null },
      { id: 2, parent: { name: 'Root' } },
      { id: 3, parent: { name: 'Root' } },
      { id: 4, parent: { name: 'Kid A' } },
    ]);
  });

  it('embeds the children by the table name (one-to-many), with or without the key column as hint', async () => {
    const hinted = await db
      .from(`${p}_tree`)
      .select(`name, children:${p}_tree!parent_id(name)`)
      .eq('id', 1)
      .order('name', { referencedTable: 'children' });
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual([{ name: 'Root', children: [{ name: 'Kid A' }, { name: 'Kid B' }] }]);
    const plain = await db.from(`${p}_tree`).select(`name, children:${p}_tree(name)`).eq('id', 2);
    expect(plain.error).toBeNull();
    expect(plain.data).toEqual([{ name: 'Kid A', children: [{ name: 'Grandkid' }] }]);
    const nested = await db
      .from(`${p}_tree`)
      .select(`name, parent:parent_id(name, children:${p}_tree!parent_id(name))`)
      .eq('id', 4);
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual([
      { name: 'Grandkid', parent: { name: 'Kid A', children: [{ name: 'Grandkid' }] } },
    ]);
  });

  it('embeds a view with itself both ways when it shows a self-referencing table', async () => {
    const { data, error } = await db
      .from(`${p}_job_list`)
      .select(`id, parent_id(name), children:${p}_job_list!parent_id(id)`)
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, parent_id: { name: 'Build' }, children: [{ id: 4 }] }]);
  });

  it('does not take a constraint name as the hint of a self-relationship (400 PGRST200)', async () => {
    const res = await rest(`/${p}_tree?select=id,${p}_tree!${p}_tree_parent_id_fkey(id)`);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      code: 'PGRST200',
      message: `Could not find a relationship between '${p}_tree' and '${p}_tree' in the schema cache`,
    });
  });

  it('is ambiguous by the table name with two self-referencing keys (300 PGRST201), told apart by column', async () => {
    const res = await rest(`/${p}_staff?select=id,${p}_staff(id)`);
    expect(res.status).toBe(300);
    const body = await json(res);
    expect(body).toMatchObject({
      code: 'PGRST201',
      message: `Could not embed because more than one relationship was found for '${p}_staff' and '${p}_staff'`,
    });
    const manager = `${p}_staff_manager_id_fkey`;
    const mentor = `${p}_staff_mentor_id_fkey`;
    expect(body.details).toHaveLength(2);
    for (const [fkey, column] of [
      [manager, 'manager_id'],
      [mentor, 'mentor_id'],
    ]) {
      expect(body.details).toContainEqual({
        cardinality: 'one-to-many',
        embedding: `${p}_staff with ${p}_staff`,
        relationship: `${fkey} using ${p}_staff(id) and ${p}_staff(${column})`,
      });
    }
    const options = (a: string, b: string) =>
      `Try changing '${p}_staff' to one of the following: '${p}_staff!${a}', '${p}_staff!${b}'. Find the desired relationship in the 'details' key.`;
    expect([options(manager, mentor), options(mentor, manager)]).toContain(body.hint);

    const { data, error } = await db
      .from(`${p}_staff`)
      .select(`name, manager:manager_id(name), mentees:${p}_staff!mentor_id(name)`)
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Kofi', manager: { name: 'Ama' }, mentees: [{ name: 'Esi' }] }]);
  });
});
