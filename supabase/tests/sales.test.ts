// Invoice rules: gap-free numbers per organization, totals from the lines rounded per currency, status
// transitions with their stock effects (payments are in payments.test.ts). Money is compared as strings.
import { describe, expect, it } from 'vitest';
import { actAs, asOwner, expectSqlError, type Sql, sqlAs, user } from './harness.ts';
import {
  createCustomer,
  createInvoice,
  createProduct,
  readInvoice,
  setStatus,
  setupOrg,
  stockOf,
} from './fixtures.ts';

const moves = (sql: Sql, ref: string) =>
  sql(
    `select reason::text, product_id, delta::text from stock_moves where ref_id = $1 order by reason, stock_moves.delta`,
    [ref],
  );

describe('invoice numbers', () => {
  it('numbers quotes QUO-000001… and invoices INV-000001… per organization, each series on its own', async () => {
    await asOwner(async (sql) => {
      const [a, b] = [await setupOrg(sql), await setupOrg(sql)];
      const issued = { lines: [{ qty: 1, unitPrice: 10 }], status: 'ISSUED' as const };
      const numbers: string[] = [];
      for (const [org, opts] of [
        [a, {}],
        [b, {}],
        [a, issued],
        [a, {}],
        [b, issued],
        [a, issued],
      ] as const)
        numbers.push(String((await readInvoice(sql, await createInvoice(sql, org, opts))).number));
      // An invoice made and issued in one step takes no quote number: QUO-000002 follows QUO-000001.
      expect(numbers).toEqual([
        'QUO-000001',
        'QUO-000001',
        'INV-000001',
        'QUO-000002',
        'INV-000001',
        'INV-000002',
      ]);
    });
  });

  it('gives a quote issued later the next invoice number and keeps the quote number it was sent with', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const line = { lines: [{ qty: 1, unitPrice: 10 }] };
      const [sent, dropped, kept] = [
        await createInvoice(sql, org, line),
        await createInvoice(sql, org, line),
        await createInvoice(sql, org, line),
      ];
      // Each quote was made before today's work (a transaction of its own, as a customer saw it).
      await sql(`update invoices set created_at = now() - interval '1 day' where org_id = $1`, [org.id]);
      await setStatus(sql, org.ownerId, dropped, 'VOID');
      await setStatus(sql, org.ownerId, kept, 'ISSUED');
      await setStatus(sql, org.ownerId, sent, 'ISSUED');
      const rows = await sql<{ id: string; number: string; quote_number: string | null }>(
        `select id, number, quote_number from invoices where org_id = $1`,
        [org.id],
      );
      const of = (id: string) => rows.find((r) => r.id === id)!;
      // A quote never issued leaves no gap in the invoice numbers; a voided quote keeps its number.
      expect(of(kept)).toMatchObject({ number: 'INV-000001', quote_number: 'QUO-000003' });
      expect(of(sent)).toMatchObject({ number: 'INV-000002', quote_number: 'QUO-000001' });
      expect(of(dropped)).toMatchObject({ number: 'QUO-000002', quote_number: null });
      // The quote numbers are not given back: the next quote is QUO-000004.
      expect((await readInvoice(sql, await createInvoice(sql, org))).number).toBe('QUO-000004');
    });
  });

  it('ignores a number sent by the client, leaves no gap after a refused invoice and never renumbers', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      const text = `insert into invoices (org_id, customer_id, currency, number, status, created_by)
           values ($1, $2, 'GHS', 'MY-42', $3, $4) returning id, number`;
      // A member may not even send a number (no column grant, ADR 006); the service role may, and the
      // numbering trigger ignores it.
      await expectSqlError(
        sqlAs(sql, user(org.ownerId), text, [org.id, customer, 'QUOTE', org.ownerId]),
        '42501',
      );
      const insert = (status: string) =>
        actAs(sql, { role: 'service_role' }, () =>
          sql<{ id: string; number: string }>(text, [org.id, customer, status, org.ownerId]),
        );
      const [first] = await insert('QUOTE');
      expect(first!.number).toBe('QUO-000001');
      await expectSqlError(insert('ISSUED'), '23514');
      expect((await insert('QUOTE'))[0]!.number).toBe('QUO-000002');
      const renumber = `update invoices set number = 'QUO-000009' where id = $1`;
      await expectSqlError(sqlAs(sql, user(org.ownerId), renumber, [first!.id]), '42501');
      await expectSqlError(
        actAs(sql, { role: 'service_role' }, () => sql(renumber, [first!.id])),
        '23514',
      );
    });
  });
});

describe('invoice totals', () => {
  it('refuses a new invoice that is not an empty QUOTE (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const customer = await createCustomer(sql, org);
      for (const [column, value] of [
        ['status', 'ISSUED'],
        ['status', 'PAID'],
        ['total', '100'],
        ['subtotal', '100'],
        ['tax', '5'],
      ]) {
        const text = `insert into invoices (org_id, customer_id, currency, created_by, ${column}) values ($1, $2, 'GHS', $3, $4)`;
        const params = [org.id, customer, org.ownerId, value];
        // A member may not set the column at all (no column grant, ADR 006); the trigger refuses anyone else.
        await expectSqlError(sqlAs(sql, user(org.ownerId), text, params), '42501');
        const err = await expectSqlError(
          actAs(sql, { role: 'service_role' }, () => sql(text, params)),
          '23514',
        );
        expect(err.message).toBe('A new invoice starts as an empty QUOTE; add its lines, then issue it');
      }
    });
  });

  it('rounds each XOF line to 0 decimals before adding it up (3 × 333.33 → 1000, 1.5 × 101 → 152, 18% tax)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const id = await createInvoice(sql, org, {
        currency: 'XOF',
        lines: [
          { qty: 3, unitPrice: '333.33', taxRate: 18 },
          { qty: '1.5', unitPrice: 101, taxRate: 18 },
        ],
      });
      expect(await readInvoice(sql, id)).toMatchObject({
        subtotal: '1152.00',
        tax: '207.00',
        total: '1359.00',
      });
    });
  });

  it('computes GHS totals to 2 decimals, rounding the tax of each line on its own, and follows line changes', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const lines = [1, 2, 3].map(() => ({ qty: 1, unitPrice: '0.05', taxRate: 10 }));
      const id = await createInvoice(sql, org, {
        lines: [...lines, { qty: 3, unitPrice: '333.33', taxRate: 20 }],
      });
      // Per line: 3 × 0.01 tax (not 0.02 on 0.15) + 200.00 (199.998) on 999.99.
      expect(await readInvoice(sql, id)).toMatchObject({
        subtotal: '1000.14',
        tax: '200.03',
        total: '1200.17',
      });
      const asOwnerMember = user(org.ownerId);
      await sqlAs(
        sql,
        asOwnerMember,
        `update invoice_items set qty = 0.333, unit_price = 10 where invoice_id = $1 and unit_price = 333.33`,
        [id],
      );
      expect(await readInvoice(sql, id)).toMatchObject({ subtotal: '3.48', tax: '0.70', total: '4.18' });
      await sqlAs(
        sql,
        asOwnerMember,
        `delete from invoice_items where invoice_id = $1 and unit_price = 0.05`,
        [id],
      );
      expect(await readInvoice(sql, id)).toMatchObject({ subtotal: '3.33', tax: '0.67', total: '4.00' });
    });
  });

  it('refuses totals and the amount paid written directly, from an OWNER or the service role (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 100 }], status: 'ISSUED' });
      for (const set of ['total = 1', 'subtotal = 1', 'tax = 1', 'amount_paid = 100']) {
        const text = `update invoices set ${set} where id = $1`;
        // No column grant for a member (ADR 006); the trigger refuses the service role.
        await expectSqlError(sqlAs(sql, user(org.ownerId), text, [id]), '42501');
        await expectSqlError(
          actAs(sql, { role: 'service_role' }, () => sql(text, [id])),
          '23514',
        );
      }
      expect(await readInvoice(sql, id)).toMatchObject({
        status: 'ISSUED',
        total: '100.00',
        amount_paid: '0.00',
      });
    });
  });
});

describe('invoice status and stock', () => {
  it('takes stock out once when a quote is issued: one SALE move per product, none for free text', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const [rice, oil] = [
        await createProduct(sql, org, { stock: 10 }),
        await createProduct(sql, org, { stock: 5 }),
      ];
      const id = await createInvoice(sql, org, {
        lines: [
          { productId: rice, qty: 2, unitPrice: 125 },
          { productId: rice, qty: 1, unitPrice: 125 },
          { productId: oil, qty: '1.5', unitPrice: 36 },
          { qty: 1, unitPrice: 20 },
        ],
      });
      expect(await stockOf(sql, rice, oil)).toEqual(['10.000', '5.000']);
      expect(await setStatus(sql, org.ownerId, id, 'ISSUED')).toHaveLength(1);
      await setStatus(sql, org.ownerId, id, 'ISSUED');
      // Issued means final (INVOICE_FINAL): its notes no longer change, and nothing is taken out again.
      const final = await expectSqlError(
        sqlAs(sql, user(org.ownerId), `update invoices set notes = 'Thanks' where id = $1`, [id]),
        '23514',
      );
      expect(JSON.parse(final.hint!)).toMatchObject({ reason: 'INVOICE_FINAL' });
      expect(await stockOf(sql, rice, oil)).toEqual(['7.000', '3.500']);
      expect(await moves(sql, id)).toEqual([
        { reason: 'SALE', product_id: rice, delta: '-3.000' },
        { reason: 'SALE', product_id: oil, delta: '-1.500' },
      ]);
      expect(
        (await sql(`select issued_at is not null as issued from invoices where id = $1`, [id]))[0],
      ).toEqual({ issued: true });
    });
  });

  it('puts stock back once when an issued invoice is voided (VOID_RETURN), and a void invoice stays void', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rice = await createProduct(sql, org, { stock: 10 });
      const id = await createInvoice(sql, org, {
        lines: [{ productId: rice, qty: 4, unitPrice: 125 }],
        status: 'ISSUED',
      });
      expect(await setStatus(sql, org.ownerId, id, 'VOID')).toHaveLength(1);
      await setStatus(sql, org.ownerId, id, 'VOID');
      expect(await stockOf(sql, rice)).toEqual(['10.000']);
      expect((await moves(sql, id)).map((m) => [m.reason, m.delta])).toEqual([
        ['SALE', '-4.000'],
        ['VOID_RETURN', '4.000'],
      ]);
      for (const status of ['QUOTE', 'ISSUED', 'PAID'])
        await expectSqlError(setStatus(sql, org.ownerId, id, status), '23514');
      expect(await stockOf(sql, rice)).toEqual(['10.000']);
    });
  });

  it('voids a quote without any stock move', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const rice = await createProduct(sql, org, { stock: 10 });
      const id = await createInvoice(sql, org, { lines: [{ productId: rice, qty: 4, unitPrice: 125 }] });
      await setStatus(sql, org.ownerId, id, 'VOID');
      expect(await moves(sql, id)).toEqual([]);
      expect(await stockOf(sql, rice)).toEqual(['10.000']);
    });
  });

  it('refuses to issue an invoice without an amount, to mark it PAID by hand or to take it back to QUOTE (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await expectSqlError(setStatus(sql, org.ownerId, await createInvoice(sql, org), 'ISSUED'), '23514');
      const quote = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 10 }] });
      await expectSqlError(setStatus(sql, org.ownerId, quote, 'PAID'), '23514');
      const issued = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 10 }], status: 'ISSUED' });
      await expectSqlError(setStatus(sql, org.ownerId, issued, 'PAID'), '23514');
      await expectSqlError(setStatus(sql, org.ownerId, issued, 'QUOTE'), '23514');
    });
  });

  it('freezes the lines of an invoice once it leaves QUOTE, for an OWNER and the service role (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 10 }], status: 'ISSUED' });
      const writes: [string, unknown[]][] = [
        [
          `insert into invoice_items (org_id, invoice_id, description, qty, unit_price) values ($1, $2, 'Extra', 1, 5)`,
          [org.id, id],
        ],
        [`update invoice_items set qty = 5 where invoice_id = $1`, [id]],
        [`delete from invoice_items where invoice_id = $1`, [id]],
      ];
      for (const [text, params] of writes) {
        await expectSqlError(sqlAs(sql, user(org.ownerId), text, params), '23514');
        await expectSqlError(
          actAs(sql, { role: 'service_role' }, () => sql(text, params)),
          '23514',
        );
      }
      expect(await readInvoice(sql, id)).toMatchObject({ total: '10.00' });
    });
  });
});
