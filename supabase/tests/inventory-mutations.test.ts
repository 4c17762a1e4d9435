// The inventory mutations the app and the offline outbox call: editing and deleting products, the CSV
// import (all rows or none), suppliers and purchase orders — each applied once, each refused to roles
// that may only read inventory.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, type Org, rand, setupOrg, stockOf } from './fixtures.ts';
import {
  actAs,
  addMember,
  asOwner,
  expectSqlError,
  type Role,
  savepoint,
  type Sql,
  user,
} from './harness.ts';

type Answer = {
  data?: Record<string, unknown>;
  error?: { code: string; message: string; details?: unknown };
};

async function call(sql: Sql, actorId: string, fn: string, ...args: unknown[]): Promise<Answer> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  return actAs(sql, user(actorId), async () => {
    // JSON arguments go as JSON text (the driver would send an array as a Postgres array).
    const params = args.map((a) => (a !== null && typeof a === 'object' ? JSON.stringify(a) : a));
    const [row] = await sql<{ answer: Answer }>(`select public.${fn}(${placeholders}) as answer`, params);
    return row!.answer;
  });
}

const productInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Tomato paste ${rand()}`,
  sku: `TP-${rand()}`,
  unit: 'tin',
  cost: 4.5,
  price: 6,
  lowStockThreshold: 10,
  ...overrides,
});

async function ledgerMatches(sql: Sql, productId: string) {
  const [row] = await sql<{ stock: string; moves: string }>(
    `select p.stock_on_hand::text as stock, coalesce(sum(m.delta), 0)::numeric(14,3)::text as moves
       from products p left join stock_moves m on m.org_id = p.org_id and m.product_id = p.id
      where p.id = $1 group by p.id`,
    [productId],
  );
  expect(row!.stock).toBe(row!.moves);
  return row!.stock;
}

async function supplier(sql: Sql, org: Org): Promise<string> {
  const answer = await call(sql, org.ownerId, 'save_supplier', org.id, randomUUID(), {
    name: 'Makola Wholesale',
    email: 'orders@makola.example',
    phone: '+233 24 000 0000',
  });
  return answer.data!.id as string;
}

describe('editing and deleting products', () => {
  it('edits a product once, keeps SKUs unique per organization only, and explains a clash', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const other = await setupOrg(sql);
      const a = await call(
        sql,
        org.ownerId,
        'create_product',
        org.id,
        randomUUID(),
        productInput({ sku: 'RICE-5' }),
      );
      const b = await call(sql, org.ownerId, 'create_product', org.id, randomUUID(), productInput());
      const elsewhere = await call(
        sql,
        other.ownerId,
        'create_product',
        other.id,
        randomUUID(),
        productInput({ sku: 'rice-5' }),
      );
      expect(elsewhere.data).toMatchObject({ sku: 'rice-5' });

      const clash = await call(
        sql,
        org.ownerId,
        'update_product',
        org.id,
        randomUUID(),
        b.data!.id,
        productInput({ sku: 'rice-5' }),
      );
      expect(clash.error).toMatchObject({ code: 'ALREADY_EXISTS' });
      expect(clash.error!.message).toContain('products_org_sku_key');

      const mutation = randomUUID();
      const edit = productInput({ name: 'Rice 5kg', sku: 'RICE-5', price: 75, lowStockThreshold: 3 });
      const first = await call(sql, org.ownerId, 'update_product', org.id, mutation, a.data!.id, edit);
      const again = await call(sql, org.ownerId, 'update_product', org.id, mutation, a.data!.id, edit);
      expect(first.data).toMatchObject({ name: 'Rice 5kg', price: 75, low_stock_threshold: 3, version: 2 });
      expect(again).toEqual(first);
    });
  });

  it('erases a product without history, archives one with history, and lists neither', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const fresh = await createProduct(sql, org);
      const stocked = await createProduct(sql, org, { stock: 4 });
      const gone = await call(sql, org.ownerId, 'delete_product', org.id, randomUUID(), fresh);
      const archived = await call(sql, org.ownerId, 'delete_product', org.id, randomUUID(), stocked);
      expect(gone.data).toEqual({ id: fresh, archived: false });
      expect(archived.data).toEqual({ id: stocked, archived: true });
      const rows = await sql<{ id: string; archived: boolean }>(
        `select id, archived from products where org_id = $1`,
        [org.id],
      );
      expect(rows).toEqual([{ id: stocked, archived: true }]);
      const twice = await call(sql, org.ownerId, 'delete_product', org.id, randomUUID(), stocked);
      expect(twice.error).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    });
  });

  it.each<[Role, boolean]>([
    ['OWNER', true],
    ['MANAGER', true],
    ['ACCOUNTANT', false],
    ['SALES', false],
  ])('lets a %s change products: %s', async (role, allowed) => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const member = role === 'OWNER' ? { id: org.ownerId } : await addMember(sql, org.id, role);
      const product = await createProduct(sql, org, { stock: 2 });
      const answers = [
        await call(sql, member.id, 'create_product', org.id, randomUUID(), productInput()),
        await call(sql, member.id, 'update_product', org.id, randomUUID(), product, productInput()),
        await call(sql, member.id, 'delete_product', org.id, randomUUID(), product),
        await call(sql, member.id, 'import_products', org.id, randomUUID(), [productInput()]),
        await call(sql, member.id, 'save_supplier', org.id, randomUUID(), { name: 'Kejetia Traders' }),
      ];
      for (const answer of answers) {
        if (allowed) expect(answer.error).toBeUndefined();
        else expect(answer.error).toMatchObject({ code: 'FORBIDDEN' });
      }
    });
  });

  it("cannot touch another organization's product", async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const intruder = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 2 });
      // Not a member: even the record of the attempt is refused.
      await expectSqlError(
        savepoint(sql, () =>
          call(sql, intruder.ownerId, 'update_product', org.id, randomUUID(), product, productInput()),
        ),
        '42501',
      );
      const viaOwnOrg = await call(
        sql,
        intruder.ownerId,
        'update_product',
        intruder.id,
        randomUUID(),
        product,
        productInput(),
      );
      expect(viaOwnOrg.error).toMatchObject({ code: 'NOT_FOUND' });
      const del = await call(sql, intruder.ownerId, 'delete_product', intruder.id, randomUUID(), product);
      expect(del.error).toMatchObject({ code: 'NOT_FOUND' });
      const [row] = await sql<{ archived: boolean }>(`select archived from products where id = $1`, [
        product,
      ]);
      expect(row!.archived).toBe(false);
    });
  });
});

describe('importing products from CSV', () => {
  it('imports every row with its opening stock, once', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rows = [
        {
          name: 'Milo 400g',
          sku: 'MILO-400',
          unit: 'tin',
          cost: '32.50',
          price: '38',
          lowStockThreshold: '6',
          openingStock: '24',
        },
        {
          name: 'Peak Milk',
          sku: 'PEAK-1',
          barcode: '6001234567890',
          cost: '9',
          price: '11.5',
          lowStockThreshold: '',
          openingStock: '',
        },
      ];
      const mutation = randomUUID();
      const first = await call(sql, org.ownerId, 'import_products', org.id, mutation, rows);
      const again = await call(sql, org.ownerId, 'import_products', org.id, mutation, rows);
      expect(first.data).toEqual({ imported: 2 });
      expect(again).toEqual(first);
      const products = await sql<{
        sku: string;
        unit: string;
        stock: string;
        threshold: number;
        barcode: string | null;
      }>(
        `select sku, unit, stock_on_hand::text as stock, low_stock_threshold as threshold, barcode
           from products where org_id = $1 order by sku`,
        [org.id],
      );
      expect(products).toEqual([
        { sku: 'MILO-400', unit: 'tin', stock: '24.000', threshold: 6, barcode: null },
        { sku: 'PEAK-1', unit: 'pcs', stock: '0.000', threshold: 5, barcode: '6001234567890' },
      ]);
    });
  });

  it('imports nothing when any row is wrong, and says which row and field', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await call(sql, org.ownerId, 'create_product', org.id, randomUUID(), productInput({ sku: 'SUGAR-1' }));
      const rows = [
        { name: 'Good row', sku: 'GOOD-1', cost: '1', price: '2' },
        { name: '', sku: 'sugar-1', cost: 'abc', price: '' },
        { name: 'Twice', sku: 'DUP', cost: '1', price: '-2', lowStockThreshold: '1.5' },
        { name: 'Twice again', sku: 'dup', cost: '1', price: '2', openingStock: 'many' },
      ];
      const answer = await call(sql, org.ownerId, 'import_products', org.id, randomUUID(), rows);
      expect(answer.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: '9 problem(s) in the file; nothing was imported',
        reason: 'IMPORT_PROBLEMS',
        params: { count: 9 },
      });
      expect((answer.error!.details as { rows: unknown[] }).rows).toEqual([
        { row: 3, field: 'cost', reason: 'NUMBER_ZERO_OR_MORE', message: 'Must be a number, zero or more' },
        { row: 3, field: 'name', reason: 'REQUIRED', message: 'Required' },
        { row: 3, field: 'price', reason: 'PRICE_REQUIRED', message: 'Price is required' },
        { row: 3, field: 'sku', reason: 'SKU_TAKEN', message: 'A product with this SKU already exists' },
        {
          row: 4,
          field: 'lowStockThreshold',
          reason: 'WHOLE_NUMBER_ZERO_OR_MORE',
          message: 'Must be a whole number, zero or more',
        },
        { row: 4, field: 'price', reason: 'NUMBER_ZERO_OR_MORE', message: 'Must be a number, zero or more' },
        {
          row: 4,
          field: 'sku',
          reason: 'SKU_REPEATED_IN_FILE',
          message: 'This SKU appears more than once in the file',
        },
        {
          row: 5,
          field: 'openingStock',
          reason: 'NUMBER_ZERO_OR_MORE',
          message: 'Must be a number, zero or more',
        },
        {
          row: 5,
          field: 'sku',
          reason: 'SKU_REPEATED_IN_FILE',
          message: 'This SKU appears more than once in the file',
        },
      ]);
      const [{ count }] = (await sql<{ count: string }>(`select count(*) from products where org_id = $1`, [
        org.id,
      ])) as [{ count: string }];
      expect(count).toBe('1');
    });
  });

  it('stops at the Starter plan limit of 100 products with a clear message, importing nothing', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rows = Array.from({ length: 101 }, (_, i) => ({
        name: `Item ${i}`,
        sku: `ITEM-${i}`,
        cost: '1',
        price: '2',
      }));
      const answer = await call(sql, org.ownerId, 'import_products', org.id, randomUUID(), rows);
      expect(answer.error).toMatchObject({ code: 'LIMIT_REACHED' });
      expect(answer.error!.message).toMatch(/100 products/);
      const [{ count }] = (await sql<{ count: string }>(`select count(*) from products where org_id = $1`, [
        org.id,
      ])) as [{ count: string }];
      expect(count).toBe('0');
    });
  });
});

describe('purchase orders', () => {
  it('totals the lines, then receiving adds them to stock exactly once', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rice = await createProduct(sql, org, { stock: 2 });
      const oil = await createProduct(sql, org);
      const from = await supplier(sql, org);
      const order = await call(sql, org.ownerId, 'create_purchase_order', org.id, randomUUID(), {
        supplierId: from,
        expectedAt: '2026-12-01',
        lines: [
          { productId: rice, quantity: 10, unitCost: 62.35 },
          { productId: oil, quantity: 3, unitCost: 18.33 },
        ],
      });
      expect(order.data).toMatchObject({ status: 'DRAFT', currency: 'GHS', subtotal: 678.49, total: 678.49 });
      const id = order.data!.id as string;

      const early = await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        randomUUID(),
        id,
        'RECEIVED',
      );
      expect(early.error).toMatchObject({ message: 'A purchase order cannot go from DRAFT to RECEIVED' });
      await call(sql, org.ownerId, 'set_purchase_order_status', org.id, randomUUID(), id, 'APPROVED');
      const receive = randomUUID();
      const received = await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        receive,
        id,
        'RECEIVED',
      );
      const replayed = await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        receive,
        id,
        'RECEIVED',
      );
      const twice = await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        randomUUID(),
        id,
        'RECEIVED',
      );
      expect(received.data).toMatchObject({ status: 'RECEIVED', received_at: expect.any(String) });
      expect(replayed).toEqual(received);
      expect(twice.error).toMatchObject({ message: 'This purchase order was already received' });
      expect(await stockOf(sql, rice, oil)).toEqual(['12.000', '3.000']);
      await ledgerMatches(sql, rice);
      await ledgerMatches(sql, oil);
    });
  });

  it("refuses a purchase order from a SALES member or with another organization's supplier", async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const other = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const sales = await addMember(sql, org.id, 'SALES');
      const theirs = await supplier(sql, other);
      const ours = await supplier(sql, org);
      const bySales = await call(sql, sales.id, 'create_purchase_order', org.id, randomUUID(), {
        supplierId: ours,
        lines: [{ productId: product, quantity: 1, unitCost: 1 }],
      });
      expect(bySales.error).toMatchObject({ code: 'FORBIDDEN' });
      const crossed = await call(sql, org.ownerId, 'create_purchase_order', org.id, randomUUID(), {
        supplierId: theirs,
        lines: [{ productId: product, quantity: 1, unitCost: 1 }],
      });
      expect(crossed.error).toMatchObject({ code: 'NOT_FOUND' });
      const empty = await call(sql, org.ownerId, 'create_purchase_order', org.id, randomUUID(), {
        supplierId: ours,
        lines: [],
      });
      expect(empty.error).toMatchObject({ message: 'A purchase order needs at least one line' });
      const [{ count }] = (await sql<{ count: string }>(
        `select count(*) from purchase_orders where org_id = $1`,
        [org.id],
      )) as [{ count: string }];
      expect(count).toBe('0');
    });
  });
});

describe('the stock ledger', () => {
  it('explains stock on hand as the sum of its moves after opening, adjustments, a receipt, a sale and a void', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { plan: 'GROWTH' });
      const created = await call(
        sql,
        org.ownerId,
        'create_product',
        org.id,
        randomUUID(),
        productInput({ openingStock: 20 }),
      );
      const product = created.data!.id as string;
      await call(sql, org.ownerId, 'adjust_stock', org.id, randomUUID(), product, -2, 'Two tins dented');
      await call(sql, org.ownerId, 'adjust_stock', org.id, randomUUID(), product, 1.5, 'Recount');
      const from = await supplier(sql, org);
      const order = await call(sql, org.ownerId, 'create_purchase_order', org.id, randomUUID(), {
        supplierId: from,
        lines: [{ productId: product, quantity: 12, unitCost: 4 }],
      });
      await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        randomUUID(),
        order.data!.id,
        'APPROVED',
      );
      await call(
        sql,
        org.ownerId,
        'set_purchase_order_status',
        org.id,
        randomUUID(),
        order.data!.id,
        'RECEIVED',
      );
      const customer = await createCustomer(sql, org);
      const invoice = await call(sql, org.ownerId, 'create_invoice', org.id, randomUUID(), {
        customerId: customer,
        status: 'ISSUED',
        lines: [{ productId: product, description: 'Tomato paste', qty: 5, unitPrice: 6 }],
      });
      expect(await ledgerMatches(sql, product)).toBe('26.500');
      await call(sql, org.ownerId, 'set_invoice_status', org.id, randomUUID(), invoice.data!.id, 'VOID');
      expect(await ledgerMatches(sql, product)).toBe('31.500');
      const reasons = await sql<{ reason: string }>(
        `select reason from stock_moves where product_id = $1 order by created_at, reason`,
        [product],
      );
      expect(reasons.map((r) => r.reason).sort()).toEqual(
        ['ADJUSTMENT', 'ADJUSTMENT', 'OPENING', 'PURCHASE_RECEIPT', 'SALE', 'VOID_RETURN'].sort(),
      );
      const refused = await call(sql, org.ownerId, 'adjust_stock', org.id, randomUUID(), product, 3, '  ');
      expect(refused.error).toBeDefined();
      expect(await ledgerMatches(sql, product)).toBe('31.500');
    });
  });
});
