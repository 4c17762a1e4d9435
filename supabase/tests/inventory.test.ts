// Inventory rules: stock on hand changes only through the stock ledger, the ledger is append-only, and a
// purchase order goes DRAFT -> APPROVED -> RECEIVED, adding its lines to stock once.
import { describe, expect, it } from 'vitest';
import { actAs, addMember, asOwner, expectSqlError, savepoint, type Sql, sqlAs, user } from './harness.ts';
import { createProduct, type Org, setupOrg, touched } from './fixtures.ts';

const stockOf = async (sql: Sql, productId: string) =>
  (await sql<{ s: string }>(`select stock_on_hand::text as s from products where id = $1`, [productId]))[0]!
    .s;

async function purchaseOrder(sql: Sql, org: Org, lines: [productId: string, qty: string][]): Promise<string> {
  const [{ id: supplier }] = (await sql<{ id: string }>(
    `insert into suppliers (org_id, name) values ($1, 'Makola Wholesale') returning id`,
    [org.id],
  )) as [{ id: string }];
  const [{ id }] = (await sql<{ id: string }>(
    `insert into purchase_orders (org_id, supplier_id, currency, created_by) values ($1, $2, 'GHS', $3) returning id`,
    [org.id, supplier, org.ownerId],
  )) as [{ id: string }];
  for (const [productId, qty] of lines) {
    await sql(
      `insert into purchase_order_lines (org_id, purchase_order_id, product_id, quantity, unit_cost) values ($1, $2, $3, $4, 5)`,
      [org.id, id, productId, qty],
    );
  }
  return id;
}

describe('stock on hand', () => {
  it('refuses a product inserted with stock on hand, even from the database owner (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const insert = `insert into products (org_id, name, sku, stock_on_hand) values ($1, 'Rice', 'RICE', 5)`;
      await expectSqlError(sqlAs(sql, user(org.ownerId), insert, [org.id]), '23514');
      const err = await expectSqlError(
        savepoint(sql, () => sql(insert, [org.id])),
        '23514',
      );
      expect(err.message).toBe('Stock on hand starts at 0 and changes only through stock moves');
    });
  });

  it('refuses a direct change of stock on hand, from an OWNER or the database owner (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 10 });
      const update = `update products set stock_on_hand = 99 where id = $1`;
      await expectSqlError(sqlAs(sql, user(org.ownerId), update, [product]), '23514');
      await expectSqlError(
        savepoint(sql, () => sql(update, [product])),
        '23514',
      );
      expect(await stockOf(sql, product)).toBe('10.000');
    });
  });

  it('follows the moves a MANAGER records: an OPENING count, then an ADJUSTMENT with its reason', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const manager = await addMember(sql, org.id, 'MANAGER');
      const product = await createProduct(sql, org);
      expect(await stockOf(sql, product)).toBe('0.000');
      const move = `insert into stock_moves (org_id, product_id, delta, reason, note, created_by) values ($1, $2, $3, $4, $5, $6)`;
      await sqlAs(sql, user(manager.id), move, [org.id, product, '12', 'OPENING', null, manager.id]);
      expect(await stockOf(sql, product)).toBe('12.000');
      await sqlAs(sql, user(manager.id), move, [
        org.id,
        product,
        '-2.5',
        'ADJUSTMENT',
        'Water damage',
        manager.id,
      ]);
      expect(await stockOf(sql, product)).toBe('9.500');
      const [ledger] = await sql(`select sum(delta)::text as total from stock_moves where product_id = $1`, [
        product,
      ]);
      expect(ledger).toEqual({ total: '9.500' });
    });
  });

  it('refuses an ADJUSTMENT without a note or with a blank one (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 5 });
      for (const note of [null, '   ']) {
        await expectSqlError(
          sqlAs(
            sql,
            user(org.ownerId),
            `insert into stock_moves (org_id, product_id, delta, reason, note, created_by) values ($1, $2, -1, 'ADJUSTMENT', $3, $4)`,
            [org.id, product, note, org.ownerId],
          ),
          '23514',
        );
      }
      expect(await stockOf(sql, product)).toBe('5.000');
    });
  });

  it('keeps the ledger append-only: members change and delete no move, the database owner cannot update one', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 5 });
      const asOwnerMember = user(org.ownerId);
      // Members hold no update or delete privilege on the ledger (ADR 006): refused, or nothing touched.
      expect(
        await touched(
          'stock_moves',
          'update',
          async () =>
            (
              await sqlAs(
                sql,
                asOwnerMember,
                `update stock_moves set delta = 50 where product_id = $1 returning 1`,
                [product],
              )
            ).length,
        ),
      ).toBe(0);
      expect(
        await touched(
          'stock_moves',
          'delete',
          async () =>
            (
              await sqlAs(sql, asOwnerMember, `delete from stock_moves where product_id = $1 returning 1`, [
                product,
              ])
            ).length,
        ),
      ).toBe(0);
      await expectSqlError(
        savepoint(sql, () => sql(`update stock_moves set delta = 50 where product_id = $1`, [product])),
        '42501',
      );
      expect(await stockOf(sql, product)).toBe('5.000');
      expect(await sql(`select delta::text from stock_moves where product_id = $1`, [product])).toEqual([
        { delta: '5.000' },
      ]);
    });
  });

  it('refuses moves from SALES and ACCOUNTANT members, ledger reasons written by hand and moves in another name (42501)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const move = `insert into stock_moves (org_id, product_id, delta, reason, created_by) values ($1, $2, 5, $3, $4)`;
      for (const role of ['SALES', 'ACCOUNTANT'] as const) {
        const member = await addMember(sql, org.id, role);
        await expectSqlError(
          sqlAs(sql, user(member.id), move, [org.id, product, 'OPENING', member.id]),
          '42501',
        );
      }
      for (const reason of ['SALE', 'PURCHASE_RECEIPT', 'VOID_RETURN']) {
        await expectSqlError(
          sqlAs(sql, user(org.ownerId), move, [org.id, product, reason, org.ownerId]),
          '42501',
        );
      }
      const manager = await addMember(sql, org.id, 'MANAGER');
      await expectSqlError(
        sqlAs(sql, user(org.ownerId), move, [org.id, product, 'OPENING', manager.id]),
        '42501',
      );
      expect(await stockOf(sql, product)).toBe('0.000');
    });
  });
});

describe('purchase orders', () => {
  it('adds a received order to stock exactly once, through one PURCHASE_RECEIPT move per line', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const manager = await addMember(sql, org.id, 'MANAGER');
      const [rice, oil] = [await createProduct(sql, org, { stock: 4 }), await createProduct(sql, org)];
      const po = await purchaseOrder(sql, org, [
        [rice, '3'],
        [oil, '2.5'],
      ]);
      const asManager = user(manager.id);
      const setStatus = (status: string) =>
        sqlAs(sql, asManager, `update purchase_orders set status = $2 where id = $1 returning status`, [
          po,
          status,
        ]);
      await setStatus('APPROVED');
      expect([await stockOf(sql, rice), await stockOf(sql, oil)]).toEqual(['4.000', '0.000']);
      await setStatus('RECEIVED');
      expect([await stockOf(sql, rice), await stockOf(sql, oil)]).toEqual(['7.000', '2.500']);
      const again = await expectSqlError(setStatus('RECEIVED'), '23514');
      expect(again.message).toBe('This purchase order was already received');
      // Received means final (PURCHASE_ORDER_FINAL): nothing about it changes, and no stock is added again.
      const final = await expectSqlError(
        sqlAs(sql, asManager, `update purchase_orders set expected_at = current_date where id = $1`, [po]),
        '23514',
      );
      expect(JSON.parse(final.hint!)).toMatchObject({ reason: 'PURCHASE_ORDER_FINAL' });
      expect([await stockOf(sql, rice), await stockOf(sql, oil)]).toEqual(['7.000', '2.500']);
      const moves = await sql(
        `select product_id, delta::text, created_by from stock_moves where ref_id = $1 and reason = 'PURCHASE_RECEIPT' order by delta`,
        [po],
      );
      expect(moves).toEqual([
        { product_id: oil, delta: '2.500', created_by: manager.id },
        { product_id: rice, delta: '3.000', created_by: manager.id },
      ]);
      const [order] = await sql(
        `select received_at is not null as received from purchase_orders where id = $1`,
        [po],
      );
      expect(order).toEqual({ received: true });
    });
  });

  it('allows no other transition than DRAFT → APPROVED → RECEIVED (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const po = await purchaseOrder(sql, org, [[product, '1']]);
      const to = (status: string) =>
        actAs(sql, user(org.ownerId), () =>
          sql(`update purchase_orders set status = $2 where id = $1`, [po, status]),
        );
      await expectSqlError(to('RECEIVED'), '23514');
      await to('APPROVED');
      const err = await expectSqlError(to('DRAFT'), '23514');
      expect(err.message).toBe('A purchase order cannot go from APPROVED to DRAFT');
      await to('RECEIVED');
      await expectSqlError(to('APPROVED'), '23514');
      await expectSqlError(to('DRAFT'), '23514');
      expect(await stockOf(sql, product)).toBe('1.000');
    });
  });

  it('freezes the lines once the order leaves DRAFT, for members and the service role alike (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const po = await purchaseOrder(sql, org, [[product, '2']]);
      await sql(`update purchase_orders set status = 'APPROVED' where id = $1`, [po]);
      const writes: [string, unknown[]][] = [
        [
          `insert into purchase_order_lines (org_id, purchase_order_id, product_id, quantity) values ($1, $2, $3, 9)`,
          [org.id, po, product],
        ],
        [`update purchase_order_lines set quantity = 9 where purchase_order_id = $1`, [po]],
        [`delete from purchase_order_lines where purchase_order_id = $1`, [po]],
      ];
      for (const [text, params] of writes) {
        await expectSqlError(sqlAs(sql, user(org.ownerId), text, params), '23514');
        await expectSqlError(
          actAs(sql, { role: 'service_role' }, () => sql(text, params)),
          '23514',
        );
      }
      expect(
        await sql(`select quantity::text from purchase_order_lines where purchase_order_id = $1`, [po]),
      ).toEqual([{ quantity: '2.000' }]);
    });
  });

  it('lets a draft be deleted but not an approved order', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org);
      const [draft, approved] = [
        await purchaseOrder(sql, org, [[product, '1']]),
        await purchaseOrder(sql, org, []),
      ];
      await sql(`update purchase_orders set status = 'APPROVED' where id = $1`, [approved]);
      const del = `delete from purchase_orders where id = $1 returning 1`;
      expect(await sqlAs(sql, user(org.ownerId), del, [approved])).toEqual([]);
      expect(await sqlAs(sql, user(org.ownerId), del, [draft])).toHaveLength(1);
    });
  });
});
