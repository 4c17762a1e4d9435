// A payment reference used twice: the same mobile-money message typed again (offline, then again online) is
// found before it is saved — however it is spaced or capitalised — by /api and the Data API alike, for every
// member who may read payments and for no one else; a reversed payment no longer counts; and the payments
// report marks the same payments the check finds.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, json } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

let o: Owner;
let sales: { token: string };
beforeAll(async () => {
  o = await owner({ country: 'SN', currency: 'XOF' });
  sales = await member(o, 'SALES');
}, 60_000);

const as = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { token, orgId: o.orgId, key: randomUUID(), ...init });

async function issued(total: number) {
  const customer = await json(await as(o.token, '/customers', { body: { name: `Fatou ${randomUUID()}` } }));
  const res = await as(o.token, '/invoices', { body: { customerId: customer.id, status: 'ISSUED', total } });
  expect(res.status).toBe(201);
  return json(res);
}
async function pay(invoiceId: string, amount: number, ref: string) {
  const res = await as(o.token, '/payments', {
    body: { invoiceId, method: 'mobile-money', provider: 'WAVE', amount, ref },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
const uses = async (token: string, ref: string) =>
  json(await as(token, `/payments?${new URLSearchParams({ ref })}`));

describe('a payment reference used twice', () => {
  it('is found before it is saved again, whatever its spacing and case, until the payment is reversed', async () => {
    const ref = `WAVE-TX-${randomUUID().slice(0, 6)}`;
    const inv = await issued(20069);
    expect(await uses(o.token, ref)).toEqual([]);
    const first = await pay(inv.id, 10000, ref);

    const found = await uses(o.token, ` ${ref.toLowerCase().replace('-tx-', '-tx -')} `);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: first.id,
      amount: 10000,
      currency: 'XOF',
      ref,
      receiptNumber: expect.stringMatching(/^RCT-\d{6}$/),
      invoice: { id: inv.id, number: inv.number },
    });
    // A salesperson reads payments, so is warned too; through the Data API as well as /api.
    expect(await uses(sales.token, ref)).toHaveLength(1);
    const direct = await client(sales.token).rpc('payments_with_reference', {
      p_org_id: o.orgId,
      p_ref: ref,
    });
    expect(direct.error).toBeNull();
    expect(direct.data).toHaveLength(1);

    // Saved anyway (it can be): the payments report marks both, as the check finds them.
    const second = await pay(inv.id, 10000, ref);
    expect(await uses(o.token, ref)).toHaveLength(2);
    const report = await json(await as(o.token, '/reports/payments?days=7&limit=500'));
    const marked = (report.rows as { paymentId: string; kind: string; refUsedTwice: boolean }[]).filter(
      (r) => r.kind === 'payment' && r.refUsedTwice,
    );
    expect(marked.map((r) => r.paymentId).sort()).toEqual([first.id, second.id].sort());

    // The second taken back: the reference is used once again, and the report says so.
    expect(
      (await as(o.token, `/payments/${second.id}/reverse`, { body: { reason: 'Typed twice' } })).status,
    ).toBe(201);
    expect((await uses(o.token, ref)).map((p: { id: string }) => p.id)).toEqual([first.id]);
    const after = await json(await as(o.token, '/reports/payments?days=7&limit=500'));
    expect(
      (after.rows as { paymentId: string; kind: string; refUsedTwice: boolean }[]).some(
        (r) => r.kind === 'payment' && r.paymentId === first.id && r.refUsedTwice,
      ),
    ).toBe(false);
  });

  it("is another shop's own business", async () => {
    const ref = `OM-${randomUUID().slice(0, 6)}`;
    const inv = await issued(5000);
    await pay(inv.id, 5000, ref);
    const stranger = await owner();
    const theirs = await client(stranger.token).rpc('payments_with_reference', {
      p_org_id: o.orgId,
      p_ref: ref,
    });
    expect(theirs.data ?? []).toEqual([]);
    // An empty reference is no reference.
    expect((await as(o.token, '/payments?ref=%20')).status).toBe(400);
  });
});
