// A customer's statement: opening balance, invoices issued and payments received over a period
// with the running balance, closing balance — proven against direct sums of the same rows — for owners,
// managers and accountants only, and its public link.
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { client, json } from './helpers.ts';
import { call, member, owner, type Owner } from './org-helpers.ts';

const admin = () => supabaseClient(SERVICE_ROLE_KEY);

/** An issued invoice of `total` for the customer, dated `issuedAt`, with payments (amount, when). */
async function invoiceAt(
  o: Owner,
  customerId: string,
  total: number,
  issuedAt: string,
  payments: [number, string][],
) {
  const inv = await json(
    await call('/invoices', { token: o.token, body: { customerId, status: 'ISSUED', total } }),
  );
  // Back-date it as if issued then (the service role plays the calendar; members cannot).
  const { error } = await admin().from('invoices').update({ issued_at: issuedAt }).eq('id', inv.id);
  if (error) throw error;
  for (const [amount, at] of payments) {
    const res = await call('/payments', {
      token: o.token,
      body: { invoiceId: inv.id, method: 'cash', amount, receivedAt: at },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return inv;
}

describe('customer statements', () => {
  it('opens with what was owed before, lists the period, and closes with what is owed now', async () => {
    const o = await owner({ country: 'GH', currency: 'GHS' });
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ɛfua Ɔkɔ' } }));
    const other = await json(await call('/customers', { token: o.token, body: { name: 'Kofi' } }));
    await invoiceAt(o, c.id, 500, '2026-09-10T10:00:00Z', [[200, '2026-09-20']]);
    const oct = await invoiceAt(o, c.id, 1000, '2026-10-05T10:00:00Z', [
      [300, '2026-10-06'],
      [100, '2026-11-02'],
    ]);
    await invoiceAt(o, other.id, 999, '2026-10-07T10:00:00Z', []);
    // A quote is not owed.
    await call('/invoices', { token: o.token, body: { customerId: c.id, total: 77 } });

    const res = await call(`/customers/${c.id}/statement?from=2026-10-01&to=2026-10-31`, { token: o.token });
    expect(res.status).toBe(200);
    const s = await json(res);
    expect(s.customer.name).toBe('Ɛfua Ɔkɔ');
    expect(s.seller).toMatchObject({ currency: 'GHS' });
    expect(s.accounts).toHaveLength(1);
    const account = s.accounts[0];
    expect(account).toMatchObject({
      currency: 'GHS',
      opening: 300,
      invoiced: 1000,
      credited: 0,
      paid: 300,
      refunded: 0,
      closing: 1000,
    });
    expect(
      account.entries.map(
        (e: { kind: string; reference: string; debit: number; credit: number; balance: number }) => [
          e.kind,
          e.reference,
          e.debit,
          e.credit,
          e.balance,
        ],
      ),
    ).toEqual([
      ['INVOICE', oct.number, 1000, 0, 1300],
      ['PAYMENT', expect.stringMatching(/^RCT-/), 0, 300, 1000],
    ]);

    // The closing balance of a statement to today is what the customer's open invoices still owe.
    const today = new Date().toISOString().slice(0, 10);
    const now = await json(
      await call(`/customers/${c.id}/statement?from=2026-01-01&to=${today}`, { token: o.token }),
    );
    const { data: open } = await admin()
      .from('invoices')
      .select('total, amount_paid')
      .eq('customer_id', c.id)
      .in('status', ['ISSUED', 'PAID']);
    const owed = (open ?? []).reduce((sum, i) => sum + Number(i.total) - Number(i.amount_paid), 0);
    expect(now.accounts[0].closing).toBe(owed);
    expect(now.accounts[0].opening).toBe(0);
  });

  it('is for owners, managers and accountants, through /api and the Data API alike', async () => {
    const o = await owner();
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    for (const role of ['MANAGER', 'ACCOUNTANT'] as const) {
      const m = await member(o, role);
      const res = await call(`/customers/${c.id}/statement?from=2026-01-01&to=2026-12-31`, {
        token: m.token,
        orgId: o.orgId,
      });
      expect(res.status, `${role} ${await res.clone().text()}`).toBe(200);
    }
    const sales = await member(o, 'SALES');
    const refused = await call(`/customers/${c.id}/statement?from=2026-01-01&to=2026-12-31`, {
      token: sales.token,
      orgId: o.orgId,
    });
    expect(refused.status).toBe(403);
    const direct = await client(sales.token).rpc('customer_statement', {
      p_org_id: o.orgId,
      p_customer_id: c.id,
      p_from: '2026-01-01',
      p_to: '2026-12-31',
    });
    expect(direct.error?.code).toBe('42501');
    const share = await client(sales.token).rpc('create_statement_share', {
      p_org_id: o.orgId,
      p_customer_id: c.id,
      p_from: '2026-01-01',
      p_to: '2026-12-31',
    });
    expect(share.error?.code).toBe('42501');
    const stranger = await owner();
    const theirs = await client(stranger.token).rpc('customer_statement', {
      p_org_id: o.orgId,
      p_customer_id: c.id,
      p_from: '2026-01-01',
      p_to: '2026-12-31',
    });
    expect(theirs.error).not.toBeNull();
    expect(theirs.data).toBeNull();
  });

  it('refuses a period that ends before it starts, and an unknown customer, with reasons', async () => {
    const o = await owner();
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const backwards = await call(`/customers/${c.id}/statement?from=2026-12-31&to=2026-01-01`, {
      token: o.token,
    });
    expect(backwards.status).toBe(400);
    expect((await json(backwards)).reason).toBe('STATEMENT_PERIOD_INVALID');
    const unknown = await call(
      `/customers/00000000-0000-4000-8000-00000000abcd/statement?from=2026-01-01&to=2026-01-31`,
      { token: o.token },
    );
    expect((await json(unknown)).reason).toBe('CUSTOMER_NOT_FOUND');
  });

  it('is sent by a link that shows that statement only, until revoked', async () => {
    const o = await owner();
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Adébáyọ̀ Ọlátúndé' } }));
    await invoiceAt(o, c.id, 250, '2026-11-03T10:00:00Z', []);
    const made = await call(`/customers/${c.id}/statement/share`, {
      token: o.token,
      body: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(made.status).toBe(201);
    const { token, path } = await json(made);
    expect(path).toBe(`/s/${token}`);
    // Members cannot mint or stretch a link themselves.
    const forged = await client(o.token).from('statement_share_tokens').insert({
      org_id: o.orgId,
      customer_id: c.id,
      period_from: '2020-01-01',
      period_to: '2030-01-01',
      token_hash: 'x',
    });
    expect(forged.error).not.toBeNull();
    const seen = await json(await fetch(`${SUPABASE_URL}/api/public/statements/${token}`));
    expect(seen.customer.name).toBe('Adébáyọ̀ Ọlátúndé');
    expect(seen.accounts[0]).toMatchObject({ opening: 0, invoiced: 250, closing: 250 });
    expect(JSON.stringify(seen)).not.toContain(o.orgId);
    await call(`/customers/${c.id}/statement/share`, { token: o.token, method: 'DELETE' });
    expect((await fetch(`${SUPABASE_URL}/api/public/statements/${token}`)).status).toBe(404);
  });
});
