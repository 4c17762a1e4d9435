// The mutation functions the app and the offline outbox call: each (organization, mutation id) is applied
// at most once, refusals are recorded and answered again, and a reused id with other arguments is refused.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, setupOrg, stockOf } from './fixtures.ts';
import { actAs, asOwner, expectSqlError, type Sql, user } from './harness.ts';

type Answer = { data?: Record<string, unknown>; error?: { code: string; message: string } };

async function call(sql: Sql, fn: string, args: unknown[]): Promise<Answer> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  const [row] = await sql<{ answer: Answer }>(`select public.${fn}(${placeholders}) as answer`, args);
  return row!.answer;
}

describe('mutations applied exactly once', () => {
  it('creates an invoice once however often the same mutation is replayed', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const customer = await createCustomer(sql, org);
      const product = await createProduct(sql, org, { stock: 10 });
      const mutation = randomUUID();
      const input = {
        customerId: customer,
        status: 'ISSUED',
        lines: [{ productId: product, description: 'Rice', qty: 3, unitPrice: 125 }],
      };
      const answers = await actAs(sql, user(org.ownerId), async () => [
        await call(sql, 'create_invoice', [org.id, mutation, input]),
        await call(sql, 'create_invoice', [org.id, mutation, input]),
      ]);
      expect(answers[0]!.data).toMatchObject({ number: 'INV-000001', status: 'ISSUED', total: 450 });
      expect(answers[1]).toEqual(answers[0]);
      const [{ count }] = (await sql<{ count: string }>(`select count(*) from invoices where org_id = $1`, [
        org.id,
      ])) as [{ count: string }];
      expect(count).toBe('1');
      expect(await stockOf(sql, product)).toEqual(['7.000']);
    });
  });

  it('refuses a reused mutation id carrying other arguments', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      const mutation = randomUUID();
      await actAs(sql, user(org.ownerId), () =>
        call(sql, 'create_invoice', [org.id, mutation, { customerId: customer, total: 100 }]),
      );
      await expectSqlError(
        actAs(sql, user(org.ownerId), () =>
          call(sql, 'create_invoice', [org.id, mutation, { customerId: customer, total: 999 }]),
        ),
        '22023',
      );
    });
  });

  it('records a refusal and answers a replay with the same refusal, changing nothing', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      const invoice = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'create_invoice', [
          org.id,
          randomUUID(),
          { customerId: customer, status: 'ISSUED', total: 100 },
        ]),
      );
      const mutation = randomUUID();
      const overpay = { invoiceId: invoice.data!.id, method: 'cash', amount: 150 };
      const first = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'record_payment', [org.id, mutation, overpay]),
      );
      const again = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'record_payment', [org.id, mutation, overpay]),
      );
      expect(first.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The payment is more than the balance due (100.00 GHS)',
      });
      expect(again).toEqual(first);
      const payments = await sql(`select id from payments where org_id = $1`, [org.id]);
      expect(payments).toEqual([]);
    });
  });

  it('creates a quick invoice (a total only) as one line and a PAID one with its payment', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      const paid = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'create_invoice', [
          org.id,
          null,
          { customerId: customer, status: 'PAID', total: 80.5, dueAt: '2026-12-01T00:00:00.000Z' },
        ]),
      );
      expect(paid.data).toMatchObject({
        status: 'PAID',
        total: 80.5,
        amount_paid: 80.5,
        due_at: '2026-12-01',
      });
      const missing = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'create_invoice', [org.id, null, { customerId: customer }]),
      );
      expect(missing.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Total amount is required' });
    });
  });

  it('adds opening stock with a new product and adjusts stock by a delta with a reason', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const created = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'create_product', [
          org.id,
          randomUUID(),
          { name: 'Milo 400g', sku: 'MILO-1', cost: 42, price: 55, openingStock: 12 },
        ]),
      );
      expect(created.data).toMatchObject({
        name: 'Milo 400g',
        unit: 'pcs',
        low_stock_threshold: 5,
        stock_on_hand: 12,
      });
      const adjusted = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'adjust_stock', [org.id, randomUUID(), created.data!.id, -2, 'Two tins damaged']),
      );
      expect(adjusted.data).toEqual({ id: created.data!.id, stockOnHand: 10 });
      const noReason = await actAs(sql, user(org.ownerId), () =>
        call(sql, 'adjust_stock', [org.id, randomUUID(), created.data!.id, -1, ' ']),
      );
      expect(noReason.error?.code).toBe('VALIDATION_FAILED');
    });
  });
});
