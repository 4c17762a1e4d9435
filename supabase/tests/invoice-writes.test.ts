// How many times public.create_invoice writes the new invoice's row, as PostgreSQL counts it in this
// transaction (pg_stat_xact_user_tables): the insert, then one update that sets the totals counted from the
// lines and, for an invoice created issued, its status and number; an invoice created paid has one more,
// its payment's (the payment's trigger reads and locks the issued row it is paying). Each write is an update
// of the row with its checks, audit row and running totals, made while the invoice counter is locked.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner, type Sql, sqlAs, user } from './harness.ts';
import { createCustomer, createProduct, type Org, setupOrg, stockOf } from './fixtures.ts';

async function rowWrites(sql: Sql) {
  const [row] = await sql<{ ins: string; upd: string }>(
    `select n_tup_ins::text as ins, n_tup_upd::text as upd from pg_stat_xact_user_tables
      where schemaname = 'public' and relname = 'invoices'`,
  );
  return { inserted: Number(row!.ins), updated: Number(row!.upd) };
}

async function create(sql: Sql, org: Org, input: Record<string, unknown>) {
  const before = await rowWrites(sql);
  const [row] = await sqlAs<{ r: { data?: { id: string; number: string }; error?: unknown } }>(
    sql,
    user(org.ownerId),
    `select public.create_invoice($1, $2, $3) as r`,
    [org.id, randomUUID(), input],
  );
  const after = await rowWrites(sql);
  expect(row!.r.error).toBeUndefined();
  return {
    invoice: row!.r.data!,
    writes: { inserted: after.inserted - before.inserted, updated: after.updated - before.updated },
  };
}

describe('create_invoice writes the invoice row', () => {
  it('twice for a quote or an issued invoice, three times for a paid one, with the same outcome', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customerId = await createCustomer(sql, org);
      const product = await createProduct(sql, org, { stock: 10 });
      const lines = [
        { productId: product, description: 'Rice', qty: 2, unitPrice: 50, taxRate: 10 },
        { description: 'Delivery', qty: 1, unitPrice: 20, taxRate: 0 },
      ];

      const quote = await create(sql, org, { customerId, lines });
      expect(quote.writes).toEqual({ inserted: 1, updated: 1 });
      expect(quote.invoice).toMatchObject({ number: 'QUO-000001', status: 'QUOTE', total: 130 });

      const issued = await create(sql, org, { customerId, lines, status: 'ISSUED' });
      expect(issued.writes).toEqual({ inserted: 1, updated: 1 });
      // Its quote number went back to the series (it was never seen as a quote): the next quote is QUO-000002.
      expect(issued.invoice).toMatchObject({
        number: 'INV-000001',
        quote_number: null,
        status: 'ISSUED',
        subtotal: 120,
        tax: 10,
        total: 130,
        amount_due: 130,
      });
      expect(await stockOf(sql, product)).toEqual(['8.000']);

      const paid = await create(sql, org, { customerId, lines, status: 'PAID' });
      expect(paid.writes).toEqual({ inserted: 1, updated: 2 });
      expect(paid.invoice).toMatchObject({
        number: 'INV-000002',
        status: 'PAID',
        amount_paid: 130,
        amount_due: 0,
      });
      expect(await stockOf(sql, product)).toEqual(['6.000']);

      const next = await create(sql, org, { customerId, lines });
      expect(next.invoice.number).toBe('QUO-000002');
      const [counter] = await sql(
        `select last_number::int, last_quote::int, last_receipt::int from invoice_counters where org_id = $1`,
        [org.id],
      );
      expect(counter).toEqual({ last_number: 2, last_quote: 2, last_receipt: 1 });
      // The trail says what each made: the insert, then what the update changed.
      const trail = await sql<{ action: string; payload: Record<string, unknown> }>(
        `select action, payload from audit_logs where entity = 'invoices' and entity_id = $1 order by created_at, id`,
        [issued.invoice.id],
      );
      expect(trail.map((t) => t.action)).toEqual(['INSERT', 'UPDATE']);
      expect(trail[1]!.payload).toMatchObject({
        status: ['QUOTE', 'ISSUED'],
        number: [expect.stringMatching(/^QUO-/), 'INV-000001'],
        total: [0, 130],
      });
    });
  });
});
