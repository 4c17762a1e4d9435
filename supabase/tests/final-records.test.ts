// Issued means final: an invoice that is not a QUOTE, a received purchase order, a recorded
// payment, a stock move and a share link change only along their rules, whoever writes through the Data
// API (each role) and whatever function is called. The state afterwards is checked, not only the error.
import { describe, expect, it } from 'vitest';
import {
  addMember,
  asOwner,
  outcome,
  ROLES,
  type Role,
  savepoint,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { createInvoice, createProduct, type Org, setupOrg, stockOf } from './fixtures.ts';

const readInvoice = async (sql: Sql, id: string) =>
  (await sql<Record<string, unknown>>(`select * from invoices where id = $1`, [id]))[0]!;

async function team(sql: Sql, org: Org): Promise<Record<Role, string>> {
  const ids = { OWNER: org.ownerId } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'OWNER')) ids[role] = (await addMember(sql, org.id, role)).id;
  return ids;
}

/** 'changed' when the statement changed a row; otherwise its SQLSTATE, or 'none' when RLS hid the row. */
async function attempt(sql: Sql, actorId: string, text: string, params: unknown[]): Promise<string> {
  try {
    const rows = await sqlAs(sql, user(actorId), `${text} returning 1`, params);
    return rows.length ? 'changed' : 'none';
  } catch (e) {
    return (e as { code?: string }).code ?? 'error';
  }
}

const snapshot = async (sql: Sql, table: string, id: string) =>
  JSON.stringify(
    (await sql(`select to_jsonb(t) - 'updated_at' - 'version' as j from ${table} t where id = $1`, [id]))[0],
  );

describe('an issued invoice is final', () => {
  it('refuses every direct change of its dates, notes, creator, customer and voided_at, for every role', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const product = await createProduct(sql, org, { stock: 10 });
      const [other] = await sql<{ id: string }>(
        `insert into customers (org_id, name) values ($1, 'Other') returning id`,
        [org.id],
      );
      const issued = await createInvoice(sql, org, {
        createdBy: members.SALES,
        lines: [{ productId: product, qty: 2, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const before = await snapshot(sql, 'invoices', issued);
      const changes: [string, unknown][] = [
        ['issued_at', '2020-01-01T00:00:00Z'],
        ['due_at', '2030-01-01'],
        ['notes', 'changed'],
        ['voided_at', '2030-01-01T00:00:00Z'],
        ['created_by', members.OWNER],
        ['customer_id', other!.id],
        ['currency', 'NGN'],
        ['total', '1.00'],
        ['number', 'INV-999999'],
      ];
      for (const role of ROLES) {
        for (const [column, value] of changes) {
          const result = await attempt(
            sql,
            members[role],
            `update invoices set ${column} = $2 where id = $1`,
            [issued, value],
          );
          expect(result, `${role} sets ${column}`).not.toBe('changed');
        }
        // Lines are frozen too.
        expect(
          await attempt(sql, members[role], `update invoice_items set qty = 5 where invoice_id = $1`, [
            issued,
          ]),
        ).not.toBe('changed');
      }
      expect(await snapshot(sql, 'invoices', issued)).toBe(before);
      expect(await stockOf(sql, product)).toEqual(['8.000']);
    });
  });

  it('dates an invoice by the server clock when a member issues it, directly or by the function', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      for (const role of ROLES) {
        const quote = await createInvoice(sql, org, {
          createdBy: members[role],
          lines: [{ qty: 1, unitPrice: '10.00' }],
        });
        // Setting issued_at on a quote, or while issuing it, does not backdate it.
        expect(
          await outcome(
            sqlAs(sql, user(members[role]), `update invoices set issued_at = '2020-01-01' where id = $1`, [
              quote,
            ]),
          ),
        ).not.toBe('ok');
        await outcome(
          sqlAs(
            sql,
            user(members[role]),
            `update invoices set status = 'ISSUED', issued_at = '2020-01-01' where id = $1`,
            [quote],
          ),
        );
        const row = await readInvoice(sql, quote);
        if (row.status === 'ISSUED')
          expect(new Date(String(row.issued_at)).getFullYear()).toBeGreaterThan(2024);
      }
    });
  });

  it('voids only through the status change, which sets voided_at and returns the stock once', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 10 });
      const issued = await createInvoice(sql, org, {
        lines: [{ productId: product, qty: 3, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const [answer] = await sqlAs<{ r: { error?: unknown } }>(
        sql,
        user(org.ownerId),
        `select set_invoice_status($1, gen_random_uuid(), $2, 'VOID') as r`,
        [org.id, issued],
      );
      expect(answer!.r.error).toBeUndefined();
      const row = await readInvoice(sql, issued);
      expect(row.status).toBe('VOID');
      expect(row.voided_at).not.toBeNull();
      expect(await stockOf(sql, product)).toEqual(['10.000']);
      expect(
        await outcome(
          sqlAs(sql, user(org.ownerId), `update invoices set voided_at = null where id = $1`, [issued]),
        ),
      ).not.toBe('ok');
    });
  });

  it('answers INVOICE_FINAL through the functions', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const issued = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const [row] = await sqlAs<{ r: { error: { reason: string } } }>(
        sql,
        user(org.ownerId),
        `select update_quote($1, gen_random_uuid(), $2, $3) as r`,
        [
          org.id,
          issued,
          {
            customerId: (await readInvoice(sql, issued)).customer_id,
            lines: [{ description: 'x', qty: 1, unitPrice: 1 }],
          },
        ],
      );
      expect(row!.r.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});

describe('payments and stock moves are append-only', () => {
  // A payment recorded more than 24 hours ago (a fresh one an owner or a manager may still delete: see
  // corrections.test.ts).
  it('refuses every role an update or delete of a payment a day old or of a stock move', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const product = await createProduct(sql, org, { stock: 10 });
      const invoice = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const [payment] = await sql<{ id: string }>(
        `insert into payments (org_id, invoice_id, method, amount, created_by, created_at)
         values ($1, $2, 'cash', 4, $3, now() - interval '25 hours') returning id`,
        [org.id, invoice, org.ownerId],
      );
      const [move] = await sql<{ id: string }>(`select id from stock_moves where product_id = $1`, [product]);
      const before = [
        await snapshot(sql, 'payments', payment!.id),
        await snapshot(sql, 'stock_moves', move!.id),
      ];
      for (const role of ROLES) {
        const me = user(members[role]);
        for (const text of [
          `update payments set amount = 1, received_at = '2020-01-01' where id = $1`,
          `delete from payments where id = $1`,
        ])
          expect(await outcome(sqlAs(sql, me, text, [payment!.id])), `${role}: ${text}`).not.toBe('ok');
        for (const text of [
          `update stock_moves set delta = 100 where id = $1`,
          `delete from stock_moves where id = $1`,
        ])
          expect(await outcome(sqlAs(sql, me, text, [move!.id])), `${role}: ${text}`).not.toBe('ok');
        // A member cannot write a move's ref_id (only the sale and receipt rules do).
        expect(
          await outcome(
            sqlAs(
              sql,
              me,
              `insert into stock_moves (org_id, product_id, delta, reason, ref_id, created_by) values ($1, $2, 1, 'OPENING', $3, $4)`,
              [org.id, product, invoice, members[role]],
            ),
          ),
        ).not.toBe('ok');
      }
      expect([
        await snapshot(sql, 'payments', payment!.id),
        await snapshot(sql, 'stock_moves', move!.id),
      ]).toEqual(before);
      expect(await stockOf(sql, product)).toEqual(['10.000']);
    });
  });
});

describe('a received purchase order is final', () => {
  it('refuses every role a change of a received order and a chosen received_at', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const product = await createProduct(sql, org);
      const [supplier] = await sql<{ id: string }>(
        `insert into suppliers (org_id, name) values ($1, 'S') returning id`,
        [org.id],
      );
      const [po] = await sql<{ id: string }>(
        `insert into purchase_orders (org_id, supplier_id, currency, created_by) values ($1, $2, 'GHS', $3) returning id`,
        [org.id, supplier!.id, org.ownerId],
      );
      await sql(
        `insert into purchase_order_lines (org_id, purchase_order_id, product_id, quantity, unit_cost) values ($1, $2, $3, 4, 1)`,
        [org.id, po!.id, product],
      );
      // Not even while approving may a member choose when it was received.
      expect(
        await outcome(
          sqlAs(
            sql,
            user(org.ownerId),
            `update purchase_orders set status = 'APPROVED', received_at = '2020-01-01' where id = $1`,
            [po!.id],
          ),
        ),
      ).not.toBe('ok');
      await sqlAs(sql, user(org.ownerId), `update purchase_orders set status = 'APPROVED' where id = $1`, [
        po!.id,
      ]);
      await sqlAs(sql, user(org.ownerId), `update purchase_orders set status = 'RECEIVED' where id = $1`, [
        po!.id,
      ]);
      const before = await snapshot(sql, 'purchase_orders', po!.id);
      for (const role of ROLES) {
        for (const [column, value] of [
          ['expected_at', '2030-01-01'],
          ['received_at', '2020-01-01'],
          ['supplier_id', supplier!.id],
          ['status', 'RECEIVED'],
        ] as const) {
          const text = `update purchase_orders set ${column} = $2 where id = $1`;
          const result = await attempt(sql, members[role], text, [po!.id, value]);
          // supplier_id set to itself is no change: harmless.
          if (column !== 'supplier_id') expect(result, `${role} sets ${column}`).not.toBe('changed');
        }
      }
      expect(await snapshot(sql, 'purchase_orders', po!.id)).toBe(before);
      expect(await stockOf(sql, product)).toEqual(['4.000']);
    });
  });
});

describe('share links', () => {
  it('are made and revoked by the functions only; a revoked link stays revoked and never moves', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const invoice = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const otherInvoice = await createInvoice(sql, org);
      for (const role of ROLES) {
        const me = user(members[role]);
        const [link] = await sqlAs<{ r: { id: string; token: string } }>(
          sql,
          me,
          `select create_invoice_share($1, $2) as r`,
          [org.id, invoice],
        );
        const id = link!.r.id;
        // A link with a token the member chose, and every direct change, are refused.
        expect(
          await outcome(
            sqlAs(
              sql,
              me,
              `insert into invoice_share_tokens (org_id, invoice_id, token_hash, created_by) values ($1, $2, encode(extensions.digest('chosen', 'sha256'), 'hex'), $3)`,
              [org.id, invoice, members[role]],
            ),
          ),
        ).not.toBe('ok');
        for (const [column, value] of [
          ['expires_at', '9999-01-01'],
          ['invoice_id', otherInvoice],
          ['revoked_at', '2030-01-01'],
        ] as const) {
          expect(
            await outcome(
              sqlAs(sql, me, `update invoice_share_tokens set ${column} = $2 where id = $1`, [id, value]),
            ),
            `${role} sets ${column}`,
          ).not.toBe('ok');
        }
        expect(await outcome(sqlAs(sql, me, `delete from invoice_share_tokens where id = $1`, [id]))).toBe(
          '42501',
        );
        expect(await sql(`select 1 from invoice_share_tokens where id = $1`, [id])).toHaveLength(1);
        // Revoked by the function (the creator may), then it stays revoked, even for the database owner.
        const [n] = await sqlAs<{ n: number }>(sql, me, `select revoke_invoice_shares($1, $2) as n`, [
          org.id,
          invoice,
        ]);
        expect(n!.n).toBeGreaterThan(0);
        const [shown] = await sqlAs<{ s: unknown }>(
          sql,
          { role: 'service_role' },
          `select shared_invoice($1) as s`,
          [link!.r.token],
        );
        expect(shown!.s).toBeNull();
        expect(
          await outcome(
            savepoint(sql, () =>
              sql(
                `update invoice_share_tokens set revoked_at = null, expires_at = '9999-01-01' where id = $1`,
                [id],
              ),
            ),
          ),
        ).toBe('23514');
      }
    });
  });
});
