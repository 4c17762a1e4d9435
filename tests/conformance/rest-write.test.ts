// Data API (PostgREST) writes over raw HTTP: inserts, bulk inserts, upserts, updates, deletes and PUT,
// their statuses, headers and bodies for each `Prefer: return=…`, and the errors writes meet (RLS,
// constraints, unknown columns, bad bodies, pg-safeupdate). Each run makes its own organization.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { createOwner, createUser, json, rest, unique, type Owner, type TestUser } from './rest-helpers.ts';

const s = unique();
let owner: Owner;
let outsider: TestUser;

const representation = { prefer: 'return=representation' };

/** Inserts one customer of the owner's organization; returns its id. */
async function customer(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await rest('/customers?select=id', {
    token: owner.token,
    headers: representation,
    body: { org_id: owner.orgId, name: `${name} ${s}`, ...extra },
  });
  expect(res.status).toBe(201);
  return (await json(res))[0].id;
}

async function customerById(id: string): Promise<Record<string, unknown> | undefined> {
  const res = await rest(`/customers?id=eq.${id}`, { token: owner.token });
  return (await json(res))[0];
}

beforeAll(async () => {
  [owner, outsider] = await Promise.all([createOwner(`Rest Write ${s}`), createUser()]);
});

describe('Data API writes: inserts and upserts', () => {
  it('inserts with return=minimal: 201, Content-Range */*, no body', async () => {
    const res = await rest('/customers', {
      token: owner.token,
      body: { org_id: owner.orgId, name: `Minimal ${s}` },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.text()).toBe('');
  });

  it('inserts with return=representation: 201 with the selected columns and embeds', async () => {
    const res = await rest('/customers?select=name,phone,archived,organizations(name)', {
      token: owner.token,
      headers: { prefer: 'return=representation,count=exact' },
      body: { org_id: owner.orgId, name: `Shown ${s}`, phone: '+233 20 000 0000' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('*/1');
    expect(res.headers.get('preference-applied')).toBe('return=representation, count=exact');
    expect(await json(res)).toEqual([
      {
        name: `Shown ${s}`,
        phone: '+233 20 000 0000',
        archived: false,
        organizations: { name: owner.orgName },
      },
    ]);
  });

  it('bulk-inserts with columns=: absent keys are null, or the column default with missing=default', async () => {
    const rows = [
      { org_id: owner.orgId, name: `Bulk A ${s}`, email: `a-${s}@example.com` },
      { org_id: owner.orgId, name: `Bulk B ${s}` },
    ];
    const path = '/customers?columns=org_id,name,email,archived&select=name,email,archived';
    const nulls = await rest(path, { token: owner.token, headers: representation, body: rows });
    expect(nulls.status).toBe(400);
    expect((await json(nulls)).code).toBe('23502');
    const defaults = await rest(path, {
      token: owner.token,
      headers: { prefer: 'return=representation, missing=default' },
      body: rows,
    });
    expect(defaults.status).toBe(201);
    expect(defaults.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(await json(defaults)).toEqual([
      { name: `Bulk A ${s}`, email: `a-${s}@example.com`, archived: false },
      { name: `Bulk B ${s}`, email: null, archived: false },
    ]);
  });

  it('upserts with resolution=merge-duplicates (200 when nothing new) or ignore-duplicates', async () => {
    const id = randomUUID();
    const row = (name: string) => ({ id, org_id: owner.orgId, name: `${name} ${s}` });
    const first = await rest('/customers?select=name', {
      token: owner.token,
      headers: { prefer: 'return=representation,resolution=merge-duplicates' },
      body: row('First'),
    });
    expect(first.status).toBe(201);
    const merged = await rest('/customers?select=name&on_conflict=id', {
      token: owner.token,
      headers: { prefer: 'return=representation,resolution=merge-duplicates' },
      body: [row('Merged')],
    });
    expect(merged.status).toBe(200);
    expect(merged.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, return=representation',
    );
    expect(await json(merged)).toEqual([{ name: `Merged ${s}` }]);
    const ignored = await rest('/customers?select=name', {
      token: owner.token,
      headers: { prefer: 'return=representation,resolution=ignore-duplicates' },
      body: row('Ignored'),
    });
    expect(ignored.status).toBe(201);
    expect(await json(ignored)).toEqual([]);
    expect((await customerById(id))?.name).toBe(`Merged ${s}`);
  });

  it('replaces one row with PUT, and refuses a body that does not match the URL', async () => {
    const id = randomUUID();
    const put = await rest(`/customers?id=eq.${id}&select=name`, {
      method: 'PUT',
      token: owner.token,
      headers: representation,
      body: { id, org_id: owner.orgId, name: `Put ${s}` },
    });
    expect(put.status).toBe(201);
    expect(await json(put)).toEqual([{ name: `Put ${s}` }]);
    const mismatch = await rest(`/customers?id=eq.${id}`, {
      method: 'PUT',
      token: owner.token,
      body: { id: randomUUID(), org_id: owner.orgId, name: `Put ${s}` },
    });
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).code).toBe('PGRST115');
  });
});

describe('Data API writes: updates and deletes', () => {
  it('updates with PATCH: 204 for return=minimal, 200 with the rows for return=representation', async () => {
    const id = await customer('Patched');
    const minimal = await rest(`/customers?id=eq.${id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { phone: '1' },
    });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('content-range')).toBe('0-0/*');
    expect(await minimal.text()).toBe('');
    const full = await rest(`/customers?id=eq.${id}&select=name,phone`, {
      method: 'PATCH',
      token: owner.token,
      headers: representation,
      body: { phone: '2' },
    });
    expect(full.status).toBe(200);
    expect(await json(full)).toEqual([{ name: `Patched ${s}`, phone: '2' }]);
  });

  it('deletes with DELETE: 204 for return=minimal, 200 with the rows for return=representation', async () => {
    const [a, b] = [await customer('Deleted A'), await customer('Deleted B')];
    const minimal = await rest(`/customers?id=eq.${a}`, { method: 'DELETE', token: owner.token });
    expect(minimal.status).toBe(204);
    expect(await customerById(a)).toBeUndefined();
    const full = await rest(`/customers?id=eq.${b}&select=name`, {
      method: 'DELETE',
      token: owner.token,
      headers: representation,
    });
    expect(full.status).toBe(200);
    expect(await json(full)).toEqual([{ name: `Deleted B ${s}` }]);
  });

  it('refuses UPDATE and DELETE without a filter, as pg-safeupdate does (400, 21000)', async () => {
    const update = await rest('/customers', { method: 'PATCH', token: owner.token, body: { phone: '3' } });
    expect(update.status).toBe(400);
    expect(await json(update)).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const del = await rest('/customers', { method: 'DELETE', token: owner.token });
    expect(del.status).toBe(400);
    expect(await json(del)).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  });

  it('rolls back a write whose representation is not a single object (406 PGRST116)', async () => {
    const [a, b] = [await customer('Single A'), await customer('Single B')];
    const res = await rest(`/customers?id=in.(${a},${b})`, {
      method: 'PATCH',
      token: owner.token,
      headers: { ...representation, accept: 'application/vnd.pgrst.object+json' },
      body: { phone: 'changed' },
    });
    expect(res.status).toBe(406);
    expect(await json(res)).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect((await customerById(a))?.phone).toBeNull();
  });

  it('rolls back a write over max-affected with handling=strict (400 PGRST124)', async () => {
    const [a, b] = [await customer('Max A'), await customer('Max B')];
    const res = await rest(`/customers?id=in.(${a},${b})`, {
      method: 'PATCH',
      token: owner.token,
      headers: { prefer: 'handling=strict, max-affected=1' },
      body: { phone: 'changed' },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
    expect((await customerById(b))?.phone).toBeNull();
  });
});

describe('Data API writes: errors', () => {
  it('answers 409 with 23505 for a duplicate primary key', async () => {
    const res = await rest('/memberships', {
      token: SERVICE_ROLE_KEY,
      body: { org_id: owner.orgId, user_id: owner.id, role: 'SALES' },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: '23505' });
  });

  it('answers 403 with 42501 when RLS refuses a signed-in user, 401 for anon', async () => {
    // Memberships are made by accepting an invitation: the table's RLS has no insert policy.
    const row = { org_id: owner.orgId, user_id: outsider.id, role: 'SALES' };
    const user = await rest('/memberships', { token: outsider.token, body: row });
    expect(user.status).toBe(403);
    expect(await json(user)).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "memberships"',
    });
    const anon = await rest('/memberships', { body: row });
    expect(anon.status).toBe(401);
    expect((await json(anon)).code).toBe('42501');
  });

  it('answers 400 for constraint and input errors: 23514, 22P02', async () => {
    const check = await rest('/customers', {
      token: owner.token,
      body: { org_id: owner.orgId, name: `Bad ${s}`, email: 'not-an-email' },
    });
    expect(check.status).toBe(400);
    expect((await json(check)).code).toBe('23514');
    const input = await rest('/customers', {
      token: owner.token,
      body: { org_id: 'nope', name: `Bad ${s}` },
    });
    expect(input.status).toBe(400);
    expect((await json(input)).code).toBe('22P02');
  });

  it('answers 400 PGRST204 for an unknown column and PGRST102 for a body that is not JSON', async () => {
    const column = await rest('/customers', {
      token: owner.token,
      body: { org_id: owner.orgId, name: `Bad ${s}`, nope: 1 },
    });
    expect(column.status).toBe(400);
    expect(await json(column)).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'customers' in the schema cache",
    });
    const body = await rest('/customers', { token: owner.token, body: '{"name":' });
    expect(body.status).toBe(400);
    expect((await json(body)).code).toBe('PGRST102');
  });

  it('answers 400 PGRST102 "Content-Type not acceptable" for a write that is not JSON, and stores nothing', async () => {
    const name = `Plain ${s}`;
    const res = await rest('/customers', {
      token: owner.token,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ org_id: owner.orgId, name }),
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
    });
    const stored = await rest(`/customers?name=eq.${encodeURIComponent(name)}`, { token: owner.token });
    expect(await json(stored)).toEqual([]);
  });
});
