// When the database cannot answer in time (a row locked by someone else past the lock timeout, a statement
// past its timeout, no free connection), /api says "busy, try again" (503 UNAVAILABLE with Retry-After),
// which the app's outbox retries, and never a 500 that reads as a failure, nor a refusal it would drop.
import pg from 'pg';
import { expect, it } from 'vitest';
import { DATABASE_URL } from '../env.ts';
import { json } from './helpers.ts';
import { call, owner } from './org-helpers.ts';

it('a change that waits past the lock timeout for a row another connection holds: 503 UNAVAILABLE, Retry-After', async () => {
  const o = await owner();
  const customer = await json(await call('/customers', { token: o.token, body: { name: 'Kofi Mensah' } }));
  const holder = new pg.Client({ connectionString: DATABASE_URL });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from public.customers where id = $1 for update', [customer.id]);
    const res = await call(`/customers/${customer.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Kofi Mensah Jr' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await json(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'SERVER_BUSY' });
  } finally {
    await holder.query('rollback');
    await holder.end();
  }
  // Once the lock is gone the same change goes through: nothing was refused.
  const again = await call(`/customers/${customer.id}`, {
    token: o.token,
    method: 'PUT',
    body: { name: 'Kofi Mensah Jr' },
  });
  expect(again.status).toBe(200);
}, 30_000);

it('a request whose database connection is cut under it (a restart, an administrator): 503 UNAVAILABLE, not a 500', async () => {
  const o = await owner();
  const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ama Serwaa' } }));
  const holder = new pg.Client({ connectionString: DATABASE_URL });
  // Ending another role's connection takes the database's administrator (as a shutdown is).
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(DATABASE_URL), { username: 'supabase_admin' }).toString(),
  });
  await holder.connect();
  await admin.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from public.customers where id = $1 for update', [customer.id]);
    const answer = call(`/customers/${customer.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Ama Serwaa Jr' },
    });
    // The change waits for the row; its connection is then ended, as a database shutting down ends it.
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              `select pg_terminate_backend(pid) from pg_locks where not granted and pid <> $1`,
              [(holder as unknown as { processID: number }).processID],
            )
          ).rowCount,
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    const res = await answer;
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'SERVER_BUSY' });
  } finally {
    await holder.query('rollback');
    await holder.end();
    await admin.end();
  }
  const again = await call(`/customers/${customer.id}`, {
    token: o.token,
    method: 'PUT',
    body: { name: 'Ama Serwaa Jr' },
  });
  expect(again.status).toBe(200);
}, 30_000);
