import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, setupOrg } from './fixtures.ts';
import { actAs, asOwner, createUser, type Sql, user } from './harness.ts';

const metrics = async (sql: Sql, orgId: string) =>
  (await sql<{ m: Record<string, unknown> }>(`select public.get_metrics($1) as m`, [orgId]))[0]!.m;

describe('dashboard metrics', () => {
  it('sums payments as revenue, counts customers, ISSUED invoices and low-stock products', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      await createProduct(sql, org, { stock: 2, threshold: 5 });
      await createProduct(sql, org, { stock: 50, threshold: 5 });
      await actAs(sql, user(org.ownerId), async () => {
        const issue = async (total: number) =>
          (
            await sql<{ a: { data: { id: string } } }>(`select public.create_invoice($1, $2, $3) as a`, [
              org.id,
              randomUUID(),
              { customerId: customer, status: 'ISSUED', total },
            ])
          )[0]!.a.data.id;
        const a = await issue(100);
        await issue(40.5);
        await sql(`select public.record_payment($1, null, $2)`, [
          org.id,
          { invoiceId: a, method: 'cash', amount: 100 },
        ]);
      });
      const m = await actAs(sql, user(org.ownerId), () => metrics(sql, org.id));
      expect(m).toMatchObject({
        currency: 'GHS',
        cashReceived: 100,
        revenueThisMonth: 100,
        revenueLastMonth: 0,
        activeCustomers: 1,
        newCustomersThisMonth: 1,
        pendingInvoices: 1,
        outstanding: 40.5,
        lowStockItems: 1,
      });
    });
  });

  it("shows a stranger nothing of another organization's figures", async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await createProduct(sql, org, { stock: 1 });
      const stranger = await createUser(sql);
      const m = await actAs(sql, user(stranger.id), () => metrics(sql, org.id));
      expect(m).toBeNull();
    });
  });
});
