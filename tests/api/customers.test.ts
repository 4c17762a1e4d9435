// Cleaning up customers through /api: DELETE /api/customers/:id removes one nothing refers to, POST
// /api/customers/:id/merge { into } merges a duplicate into the customer kept; each refusal has its reason
// code, each write is applied once per Idempotency-Key, and the Data API still refuses moving an issued
// invoice to another customer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, fieldReasons, json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

async function customer(o: Owner, body: Record<string, unknown> = {}) {
  const res = await call('/customers', {
    token: o.token,
    body: { name: `Fatou Ndiaye ${unique()}`, ...body },
  });
  expect(res.status).toBe(201);
  return json(res);
}

/** An issued invoice of `amount` for the customer, with `paid` received. */
async function invoice(o: Owner, customerId: string, amount: number, paid = 0) {
  const made = await json(await call('/invoices', { token: o.token, body: { customerId, total: amount } }));
  await call(`/invoices/${made.id}/issue`, { token: o.token, method: 'POST' });
  if (paid)
    expect(
      (
        await call('/payments', {
          token: o.token,
          body: { invoiceId: made.id, method: 'cash', amount: paid },
        })
      ).status,
    ).toBe(201);
  return made.id as string;
}

const listed = async (o: Owner) =>
  (await json(await call('/customers?limit=500', { token: o.token }))).map((c: { id: string }) => c.id);

describe('DELETE /api/customers/:id', () => {
  it('removes a customer nothing refers to, for owners and managers; one with invoices is refused with its reason', async () => {
    const o = await owner();
    const sales = await member(o, 'SALES');
    const manager = await member(o, 'MANAGER');
    const unused = await customer(o);
    const buyer = await customer(o);
    await invoice(o, buyer.id, 100);

    const forbidden = await call(`/customers/${unused.id}`, {
      token: sales.token,
      orgId: o.orgId,
      method: 'DELETE',
    });
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toMatchObject({ code: 'FORBIDDEN', reason: 'CUSTOMER_DELETE_FORBIDDEN' });

    const refused = await call(`/customers/${buyer.id}`, { token: o.token, method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ reason: 'CUSTOMER_HAS_INVOICES', params: { count: 1 } });

    const key = randomUUID();
    const removed = await call(`/customers/${unused.id}`, {
      token: manager.token,
      orgId: o.orgId,
      method: 'DELETE',
      key,
    });
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ id: unused.id, deleted: true });
    // The same delete sent again (the outbox after a lost reply): the same answer.
    expect(
      await json(
        await call(`/customers/${unused.id}`, {
          token: manager.token,
          orgId: o.orgId,
          method: 'DELETE',
          key,
        }),
      ),
    ).toEqual({
      id: unused.id,
      deleted: true,
    });
    expect(await listed(o)).toEqual([buyer.id]);
    const gone = await call(`/customers/${randomUUID()}`, { token: o.token, method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect((await json(gone)).reason).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('POST /api/customers/:id/merge', () => {
  it('moves the duplicate’s invoices to the customer kept, whose statement then adds both up', async () => {
    const o = await owner();
    const kept = await customer(o, { phone: '77 654 32 10' });
    const twin = await customer(o, { phone: '+221 77 654 32 10', email: 'fatou@example.com' });
    await invoice(o, kept.id, 100, 40);
    const theirs = await invoice(o, twin.id, 50, 20);

    const bad = await call(`/customers/${twin.id}/merge`, { token: o.token, body: {} });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({ into: 'REQUIRED' });
    const same = await call(`/customers/${twin.id}/merge`, { token: o.token, body: { into: twin.id } });
    expect(await json(same)).toMatchObject({ reason: 'CUSTOMER_MERGE_SAME', field: 'into' });
    const accountant = await member(o, 'ACCOUNTANT');
    const forbidden = await call(`/customers/${twin.id}/merge`, {
      token: accountant.token,
      orgId: o.orgId,
      body: { into: kept.id },
    });
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).reason).toBe('CUSTOMER_MERGE_FORBIDDEN');

    const key = randomUUID();
    const merged = await call(`/customers/${twin.id}/merge`, {
      token: o.token,
      key,
      body: { into: kept.id },
    });
    expect(merged.status).toBe(200);
    const answer = await json(merged);
    expect(answer).toEqual({
      customer: expect.objectContaining({ id: kept.id, phone: '77 654 32 10', email: 'fatou@example.com' }),
      mergedId: twin.id,
      moved: { invoices: 1, subscriptions: 0, shareLinks: 0, documents: 0 },
    });
    expect(
      await json(await call(`/customers/${twin.id}/merge`, { token: o.token, key, body: { into: kept.id } })),
    ).toEqual(answer);
    expect(await listed(o)).toEqual([kept.id]);
    expect((await json(await call(`/invoices/${theirs}`, { token: o.token }))).customer.id).toBe(kept.id);
    const today = new Date().toISOString().slice(0, 10);
    const statement = await json(
      await call(`/customers/${kept.id}/statement?from=2020-01-01&to=${today}`, { token: o.token }),
    );
    expect(statement.accounts).toEqual([
      expect.objectContaining({ currency: 'GHS', invoiced: 150, paid: 60, closing: 90 }),
    ]);
  });

  it('is the only way an issued invoice changes customer: the Data API refuses it, and no setting can be made there', async () => {
    const o = await owner();
    const a = await customer(o);
    const b = await customer(o);
    const issued = await invoice(o, a.id, 25);
    const db = client(o.token);
    const moved = await db.from('invoices').update({ customer_id: b.id }).eq('id', issued).select();
    expect(moved.error?.code).toBe('23514');
    expect(JSON.parse(moved.error!.hint!)).toMatchObject({ reason: 'INVOICE_FINAL' });
    const setting = await db.rpc(
      'set_config' as never,
      {
        setting_name: 'kasuwa.merging_customers',
        new_value: `${a.id}>${b.id}`,
        is_local: false,
      } as never,
    );
    expect(setting.error).not.toBeNull();
    expect((await json(await call(`/invoices/${issued}`, { token: o.token }))).customer.id).toBe(a.id);
  });
});
