// Details a small shop keeps that the rules must guard on the direct path (the Data API as each role):
// a lead's phone and e-mail, a product without a SKU, the expense categories a shop needs (stock purchases,
// wages, mobile-money fees), and a business customer's address and tax ID, printed on its documents.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, type Org, setPlan, setupOrg } from './fixtures.ts';
import { addMember, asOwner, outcome, type Role, type Sql, sqlAs, user } from './harness.ts';

type Answer = { data?: Record<string, unknown>; error?: { code: string; message: string } };

async function rpc(sql: Sql, actorId: string, fn: string, ...args: unknown[]): Promise<Answer> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  const params = args.map((a) => (a !== null && typeof a === 'object' ? JSON.stringify(a) : a));
  const [row] = await sqlAs<{ answer: Answer }>(
    sql,
    user(actorId),
    `select public.${fn}(${placeholders}) as answer`,
    params,
  );
  return row!.answer;
}

async function people(sql: Sql, org: Org): Promise<Record<Role, string>> {
  return {
    OWNER: org.ownerId,
    MANAGER: (await addMember(sql, org.id, 'MANAGER')).id,
    ACCOUNTANT: (await addMember(sql, org.id, 'ACCOUNTANT')).id,
    SALES: (await addMember(sql, org.id, 'SALES')).id,
  };
}

describe("a lead's phone and e-mail", () => {
  it('are kept for the roles that edit leads, refused to ACCOUNTANT, and must look like a phone and an e-mail', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await setPlan(sql, org.id, 'BUSINESS');
      const who = await people(sql, org);
      const insert = (role: Role, phone: string | null, email: string | null) =>
        outcome(
          sqlAs(
            sql,
            user(who[role]),
            `insert into public.leads (org_id, name, phone, email) values ($1, 'Ama', $2, $3)`,
            [org.id, phone, email],
          ),
        );
      for (const role of ['OWNER', 'MANAGER', 'SALES'] as const)
        expect(await insert(role, '+233 24 555 0101', 'ama@shop.example'), role).toBe('ok');
      expect(await insert('ACCOUNTANT', '+233 24 555 0101', 'ama@shop.example')).toBe('42501');
      // Never an empty text: missing is null.
      expect(await insert('OWNER', '', null)).toBe('23514');
      expect(await insert('OWNER', null, '')).toBe('23514');
      expect(await insert('OWNER', 'call me', null)).toBe('23514');
      expect(await insert('OWNER', null, 'ama.at.shop')).toBe('23514');
      expect(await insert('OWNER', null, `${'a'.repeat(250)}@shop.example`)).toBe('22001');
      expect(await insert('OWNER', '1'.repeat(51), null)).toBe('22001');

      const saved = await rpc(sql, who.SALES, 'save_lead', org.id, randomUUID(), null, {
        name: 'Kofi',
        phone: ' 024 555 0202 ',
        email: '',
      });
      expect(saved.data).toMatchObject({ phone: '024 555 0202', email: null, phone_digits: '0245550202' });
      // The activity log names the phone that changed, not the digits the search keeps beside it.
      await rpc(sql, who.SALES, 'save_lead', org.id, randomUUID(), saved.data!.id, { phone: '024 555 0303' });
      const [change] = await sql<{ payload: Record<string, unknown> }>(
        `select payload from public.audit_logs where entity_id = $1 and action = 'UPDATE'`,
        [saved.data!.id],
      );
      expect(change!.payload).toEqual({ phone: ['024 555 0202', '024 555 0303'] });
      const refused = await rpc(sql, who.OWNER, 'save_lead', org.id, randomUUID(), saved.data!.id, {
        email: 'kofi@',
      });
      expect(refused.error?.code).toBe('VALIDATION_FAILED');
    });
  });
});

describe('a product without a SKU', () => {
  it('is saved with none (null, never empty), any number of times, while a SKU given stays unique', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const who = await people(sql, org);
      const product = { name: 'Kenkey', cost: 2, price: 3 };
      for (const role of ['OWNER', 'MANAGER'] as const) {
        const made = await rpc(sql, who[role], 'create_product', org.id, randomUUID(), {
          ...product,
          sku: '  ',
        });
        expect(made.data, role).toMatchObject({ sku: null });
      }
      const made = await rpc(sql, who.OWNER, 'create_product', org.id, randomUUID(), product);
      expect(made.data).toMatchObject({ sku: null });
      const insert = (role: Role, sku: string | null) =>
        outcome(
          sqlAs(
            sql,
            user(who[role]),
            `insert into public.products (org_id, name, sku) values ($1, 'Gari', $2)`,
            [org.id, sku],
          ),
        );
      expect(await insert('OWNER', null)).toBe('ok');
      expect(await insert('SALES', null)).toBe('42501');
      expect(await insert('OWNER', '')).toBe('23514');
      expect(await insert('OWNER', 'GARI-1')).toBe('ok');
      expect(await insert('MANAGER', 'gari-1')).toBe('23505');
      const edited = await rpc(sql, who.OWNER, 'update_product', org.id, randomUUID(), made.data!.id, {
        ...product,
        sku: 'GARI-1',
      });
      expect(edited.error).toMatchObject({ code: 'ALREADY_EXISTS' });
      const cleared = await rpc(sql, who.MANAGER, 'update_product', org.id, randomUUID(), made.data!.id, {
        ...product,
        sku: '',
      });
      expect(cleared.data).toMatchObject({ sku: null });

      const list = await sqlAs<{ page: { total: number } }>(
        sql,
        user(who.SALES),
        `select public.list_products($1, 'kenkey', null, 50, 0) as page`,
        [org.id],
      );
      expect(list[0]!.page.total).toBe(3);
    });
  });

  it('imports rows without a SKU, each with its own opening stock', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rows = [
        { name: 'Banku', cost: '1', price: '2', openingStock: '7' },
        { name: 'Fufu', sku: '', cost: '1', price: '2', openingStock: '3' },
        { name: 'Waakye', sku: 'WK-1', cost: '1', price: '2' },
      ];
      const answer = await rpc(sql, org.ownerId, 'import_products', org.id, randomUUID(), rows);
      expect(answer).toEqual({ data: { imported: 3 } });
      const products = await sql<{ name: string; sku: string | null; stock: string }>(
        `select name, sku, stock_on_hand::text as stock from public.products where org_id = $1 order by name`,
        [org.id],
      );
      expect(products).toEqual([
        { name: 'Banku', sku: null, stock: '7.000' },
        { name: 'Fufu', sku: null, stock: '3.000' },
        { name: 'Waakye', sku: 'WK-1', stock: '0.000' },
      ]);
    });
  });
});

describe('expense categories', () => {
  it('take stock purchases, wages and mobile-money fees, from the roles that record expenses', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const who = await people(sql, org);
      for (const category of ['stock-purchases', 'wages', 'mobile-money-fees']) {
        for (const role of ['OWNER', 'MANAGER', 'ACCOUNTANT'] as const) {
          const answer = await rpc(sql, who[role], 'record_expense', org.id, randomUUID(), {
            vendor: 'Wave',
            category,
            amount: 150,
          });
          expect(answer.data, `${role} ${category}`).toMatchObject({ category });
        }
        const direct = await outcome(
          sqlAs(
            sql,
            user(who.OWNER),
            `insert into public.expenses (org_id, vendor, category, amount, currency, created_by)
             values ($1, 'Wave', $2, 100, 'XOF', $3)`,
            [org.id, category, who.OWNER],
          ),
        );
        expect(direct, category).toBe('ok');
      }
      const sales = await rpc(sql, who.SALES, 'record_expense', org.id, randomUUID(), {
        vendor: 'x',
        category: 'wages',
        amount: 1,
      });
      expect(sales.error?.code).toBe('FORBIDDEN');
    });
  });
});

describe("a customer's address and tax ID", () => {
  it('are kept for every member, never empty, kept by an edit that leaves them out, and shown on a shared invoice', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const who = await people(sql, org);
      for (const role of ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES'] as const) {
        const saved = await rpc(sql, who[role], 'save_customer', org.id, randomUUID(), {
          name: 'Bello Pharmacy Ltd',
          address: ' 12 Allen Avenue\nIkeja, Lagos ',
          taxId: ' 12345678-0001 ',
        });
        expect(saved.data, role).toMatchObject({
          address: '12 Allen Avenue\nIkeja, Lagos',
          tax_id: '12345678-0001',
        });
      }
      const id = await createCustomer(sql, org);
      const update = (column: string, value: string) =>
        outcome(
          sqlAs(sql, user(who.SALES), `update public.customers set ${column} = $2 where id = $1`, [
            id,
            value,
          ]),
        );
      expect(await update('address', ' ')).toBe('23514');
      expect(await update('tax_id', '')).toBe('23514');
      expect(await update('tax_id', 'x'.repeat(51))).toBe('22001');
      expect(await update('tax_id', 'RC 1234567')).toBe('ok');
      const renamed = await rpc(sql, who.SALES, 'save_customer', org.id, randomUUID(), {
        id,
        name: 'Renamed',
      });
      expect(renamed.data).toMatchObject({ name: 'Renamed', tax_id: 'RC 1234567', address: null });
      const cleared = await rpc(sql, who.SALES, 'save_customer', org.id, randomUUID(), {
        id,
        name: 'Renamed',
        taxId: '',
      });
      expect(cleared.data).toMatchObject({ tax_id: null });

      // The customer list and a live link carry them.
      const [list] = await sqlAs<{ page: { rows: Record<string, unknown>[] } }>(
        sql,
        user(who.ACCOUNTANT),
        `select public.list_customers($1, 'Bello', 50, 0) as page`,
        [org.id],
      );
      expect(list!.page.rows[0]).toMatchObject({
        address: '12 Allen Avenue\nIkeja, Lagos',
        tax_id: '12345678-0001',
      });
      const [inv] = await sql<{ id: string }>(
        `insert into public.invoices (org_id, customer_id, currency, created_by)
         select $1, id, 'GHS', $2 from public.customers where org_id = $1 and tax_id is not null limit 1 returning id`,
        [org.id, org.ownerId],
      );
      const [link] = await sqlAs<{ r: { token: string } }>(
        sql,
        user(who.SALES),
        `select create_invoice_share($1, $2) as r`,
        [org.id, inv!.id],
      );
      const [shared] = await sqlAs<{ s: { invoice: { customer: unknown } } }>(
        sql,
        { role: 'service_role' },
        `select public.shared_invoice($1) as s`,
        [link!.r.token],
      );
      expect(shared!.s.invoice.customer).toEqual({
        name: 'Bello Pharmacy Ltd',
        address: '12 Allen Avenue\nIkeja, Lagos',
        taxId: '12345678-0001',
      });
    });
  });
});
