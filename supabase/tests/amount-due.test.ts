// The balance of an invoice is one column the database keeps, invoices.amount_due (total - amount credited -
// amount paid, private.amount_due): it follows every payment, credit note, reversal and deleted payment, goes
// below 0 when a credit note comes after payments (what was overpaid), can be written by nobody, and is what
// members read through the Data API. Money is compared as strings: it never floats.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner, expectSqlError, savepoint, type Sql, sqlAs, user } from './harness.ts';
import { createInvoice, type Org, pay, setupOrg } from './fixtures.ts';

type Money = { status: string; total: string; credited: string; paid: string; due: string };

async function money(sql: Sql, id: string): Promise<Money> {
  const [row] = await sql<Money>(
    `select status::text, total::text, amount_credited::text as credited, amount_paid::text as paid,
            amount_due::text as due
       from public.invoices where id = $1`,
    [id],
  );
  // The column is the rule written once: it always equals what it is made of.
  expect(Number(row!.due)).toBe(Number(row!.total) - Number(row!.credited) - Number(row!.paid));
  return row!;
}

async function mutate(sql: Sql, org: Org, fn: string, args: unknown[]) {
  const params = args.map((_, i) => `$${i + 3}`).join(', ');
  const [row] = await sqlAs<{ r: { data?: Record<string, unknown>; error?: unknown } }>(
    sql,
    user(org.ownerId),
    `select public.${fn}($1, $2, ${params}) as r`,
    [org.id, randomUUID(), ...args],
  );
  expect(row!.r.error).toBeUndefined();
  return row!.r.data!;
}

async function lineOf(sql: Sql, invoiceId: string) {
  const [item] = await sql<{ id: string }>(`select id from public.invoice_items where invoice_id = $1`, [
    invoiceId,
  ]);
  return item!.id;
}

describe('the amount due of an invoice', () => {
  it('follows payments, credit notes, reversals and deleted payments, below 0 once overpaid', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 10, unitPrice: 10 }], status: 'ISSUED' });
      const item = await lineOf(sql, id);
      expect(await money(sql, id)).toMatchObject({ status: 'ISSUED', due: '100.00' });

      await pay(sql, org, org.ownerId, id, '40');
      expect(await money(sql, id)).toMatchObject({ status: 'ISSUED', paid: '40.00', due: '60.00' });

      await mutate(sql, org, 'create_credit_note', [
        id,
        { reason: 'Two returned', lines: [{ invoiceItemId: item, qty: 2 }] },
      ]);
      expect(await money(sql, id)).toMatchObject({ status: 'ISSUED', credited: '20.00', due: '40.00' });

      // The last payment makes it PAID; its receipt prints the amount due it left.
      await pay(sql, org, org.ownerId, id, '40');
      expect(await money(sql, id)).toMatchObject({ status: 'PAID', due: '0.00' });
      const receipts = await sql<{ balance_after: string }>(
        `select balance_after::text from public.payments where invoice_id = $1 order by receipt_number`,
        [id],
      );
      expect(receipts.map((r) => r.balance_after)).toEqual(['60.00', '0.00']);

      // A reversal reopens the balance: ISSUED again.
      const [first] = await sql<{ id: string }>(
        `select id from public.payments where invoice_id = $1 order by receipt_number limit 1`,
        [id],
      );
      await mutate(sql, org, 'reverse_payment', [first!.id, 'Counted twice']);
      expect(await money(sql, id)).toMatchObject({ status: 'ISSUED', paid: '40.00', due: '40.00' });

      // Deleting the other payment (an owner, within the day) reopens it to what credit notes left.
      await mutate(sql, org, 'delete_payment', [
        (
          await sql<{ id: string }>(
            `select p.id from public.payments p where p.invoice_id = $1
              and not exists (select 1 from public.payment_reversals r where r.payment_id = p.id)`,
            [id],
          )
        )[0]!.id,
      ]);
      expect(await money(sql, id)).toMatchObject({ status: 'ISSUED', paid: '0.00', due: '80.00' });

      // Paid in full, then credited: below 0, what the customer overpaid (a refund's upper bound).
      await pay(sql, org, org.ownerId, id, '80');
      await mutate(sql, org, 'create_credit_note', [
        id,
        { reason: 'Three more returned', lines: [{ invoiceItemId: item, qty: 3 }] },
      ]);
      expect(await money(sql, id)).toMatchObject({ status: 'PAID', credited: '50.00', due: '-30.00' });
    });
  });

  it('is kept by the database: nobody writes it, and members read it through the Data API', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await createInvoice(sql, org, { lines: [{ qty: 1, unitPrice: 250 }], status: 'ISSUED' });
      await pay(sql, org, org.ownerId, id, '100');
      // Not even the database owner can set it: it is generated from the row.
      await expectSqlError(
        savepoint(sql, () => sql(`update public.invoices set amount_due = 0 where id = $1`, [id])),
        '428C9',
      );
      const read = await sqlAs<{ amount_due: string }>(
        sql,
        user(org.ownerId),
        `select amount_due::text from public.invoices where id = $1`,
        [id],
      );
      expect(read).toEqual([{ amount_due: '150.00' }]);
      const [listed] = await sqlAs<{ amount_due: string }>(
        sql,
        user(org.ownerId),
        `select amount_due::text from public.search_invoices($1, '', null, 10, 0) where id = $2`,
        [org.id, id],
      );
      expect(listed).toEqual({ amount_due: '150.00' });
    });
  });
});
