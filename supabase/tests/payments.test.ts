// Payments: only against an ISSUED invoice, in its currency and decimals, never above the balance; partial
// payments add up and the last one makes the invoice PAID. Money is compared as strings: it never floats.
import { describe, expect, it } from 'vitest';
import { addMember, asOwner, expectSqlError } from './harness.ts';
import { createInvoice, pay, readInvoice, setStatus, setupOrg } from './fixtures.ts';

describe('payments', () => {
  it('accumulates partial payments and makes the invoice PAID with the last one, then takes no more', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const accountant = await addMember(sql, org.id, 'ACCOUNTANT');
      const id = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: 100, taxRate: 20 }],
        status: 'ISSUED',
      });
      expect(await pay(sql, org, accountant.id, id, '50.25')).toEqual([{ currency: 'GHS' }]);
      expect(await readInvoice(sql, id)).toMatchObject({
        status: 'ISSUED',
        total: '120.00',
        amount_paid: '50.25',
      });
      await pay(sql, org, accountant.id, id, '69.75', 'GHS');
      expect(await readInvoice(sql, id)).toMatchObject({ status: 'PAID', amount_paid: '120.00' });
      await expectSqlError(pay(sql, org, accountant.id, id, '0.01'), '23514');
    });
  });

  it('refuses a payment against a quote or a void invoice, above the balance, or in another currency (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const line = [{ qty: 1, unitPrice: 100 }];
      for (const status of ['QUOTE', 'VOID'] as const) {
        const err = await expectSqlError(
          pay(sql, org, org.ownerId, await createInvoice(sql, org, { lines: line, status }), '10'),
          '23514',
        );
        expect(err.message).toBe('Payments can be recorded only against an ISSUED invoice');
      }
      const id = await createInvoice(sql, org, { lines: line, status: 'ISSUED' });
      await pay(sql, org, org.ownerId, id, '40');
      const over = await expectSqlError(pay(sql, org, org.ownerId, id, '60.01'), '23514');
      expect(over.message).toBe('The payment is more than the balance due (60.00 GHS)');
      await expectSqlError(pay(sql, org, org.ownerId, id, '10', 'NGN'), '23514');
      expect(await readInvoice(sql, id)).toMatchObject({ status: 'ISSUED', amount_paid: '40.00' });
    });
  });

  it('takes an XOF payment only in whole francs (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      const id = await createInvoice(sql, org, {
        currency: 'XOF',
        lines: [{ qty: 1, unitPrice: 5000 }],
        status: 'ISSUED',
      });
      const err = await expectSqlError(pay(sql, org, org.ownerId, id, '100.50'), '23514');
      expect(err.message).toBe('XOF amounts have 0 decimals');
      await pay(sql, org, org.ownerId, id, '5000');
      expect(await readInvoice(sql, id)).toMatchObject({ status: 'PAID', amount_paid: '5000.00' });
    });
  });

  it('refuses to void an invoice that has payments (23514)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 100 }], status: 'ISSUED' });
      await pay(sql, org, org.ownerId, id, '1');
      const err = await expectSqlError(setStatus(sql, org.ownerId, id, 'VOID'), '23514');
      expect(err.message).toBe('An invoice with payments cannot be voided');
    });
  });
});

describe('money', () => {
  it('is never stored as floating point, and every amount has 2 decimals', async () => {
    const [floats, amounts] = await asOwner(async (sql) => [
      await sql(`select table_name, column_name from information_schema.columns
                  where table_schema = 'public' and data_type in ('real', 'double precision', 'money')`),
      await sql(`select table_name, column_name from information_schema.columns
                  where table_schema = 'public'
                    and column_name in ('amount', 'amount_paid', 'cost', 'price', 'subtotal', 'tax', 'total', 'unit_cost', 'unit_price', 'value')
                    and data_type <> 'jsonb' and (data_type <> 'numeric' or numeric_scale <> 2 or numeric_precision < 14)`),
    ]);
    expect(floats).toEqual([]);
    expect(amounts).toEqual([]);
  });
});
