// No NaN or infinity anywhere: PostgreSQL's numeric accepts 'NaN' (greater than every number,
// so it passes every "> 0" check) and ±Infinity. Every money, price, quantity and rate column refuses them
// (the domains of 20261122000100_foundation.sql), and every function that reads a number from its input
// refuses them with NOT_A_NUMBER, whoever calls.
import { describe, expect, it } from 'vitest';
import {
  addMember,
  asOwner,
  expectSqlError,
  outcome,
  ROLES,
  type Role,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { createCustomer, createInvoice, createProduct, type Org, setupOrg, stockOf } from './fixtures.ts';

const BAD = ['NaN', 'Infinity', '-Infinity'];

async function team(sql: Sql, org: Org): Promise<Record<Role, string>> {
  const ids = { OWNER: org.ownerId } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'OWNER')) ids[role] = (await addMember(sql, org.id, role)).id;
  return ids;
}

/** The answer a mutation function recorded: its error, if any. */
const refusal = (rows: Record<string, unknown>[]) =>
  (Object.values(rows[0]!)[0] as { error?: { reason?: string; field?: string } }).error;

describe('numbers are finite in every column', () => {
  // One column per domain, written directly as the table's owner would (RLS aside).
  const columns: [string, string, (sql: Sql, org: Org) => Promise<[string, unknown[]]>][] = [
    [
      'money_amount (expenses.amount)',
      'money_amount_finite',
      async (_sql, org) => [
        `insert into expenses (org_id, vendor, category, amount, currency, created_by) values ($1, 'V', 'rent', $2, 'GHS', $3)`,
        [org.id, null, org.ownerId],
      ],
    ],
    [
      'money_price (products.price)',
      'money_price_finite',
      async (_sql, org) => [
        `insert into products (org_id, name, sku, price) values ($1, 'P', gen_random_uuid()::text, $2)`,
        [org.id, null],
      ],
    ],
    [
      'quantity (stock_moves.delta)',
      'quantity_finite',
      async (sql, org) => [
        `insert into stock_moves (org_id, product_id, delta, reason, note, created_by) values ($1, $3, $2, 'ADJUSTMENT', 'x', $4)`,
        [org.id, null, await createProduct(sql, org), org.ownerId],
      ],
    ],
    [
      'percentage (organizations.default_tax_rate)',
      'percentage_finite',
      async (_sql, org) => [`update organizations set default_tax_rate = $2 where id = $1`, [org.id, null]],
    ],
  ];
  for (const [name, constraint, statement] of columns) {
    it(`refuses NaN and ±Infinity in ${name}`, async () => {
      await asOwner(async (sql) => {
        const org = await setupOrg(sql);
        const [text, params] = await statement(sql, org);
        for (const bad of BAD) {
          params[1] = bad;
          const code = await outcome(sqlAs(sql, { role: 'service_role' }, text, params));
          // NaN breaks the domain's check; an infinity does not even fit the column's precision.
          expect(code, `${name} = ${bad}`).toMatch(/^(23514|22003)$/);
          if (bad === 'NaN') {
            const err = await expectSqlError(sqlAs(sql, { role: 'service_role' }, text, params), '23514');
            expect(err.message).toContain(constraint);
          }
        }
      });
    });
  }

  it('refuses a NaN written directly through the Data API by every role', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const product = await createProduct(sql, org, { stock: 5 });
      const customer = await createCustomer(sql, org);
      const quote = await createInvoice(sql, org);
      for (const role of ROLES) {
        const me = user(members[role]);
        for (const [text, params] of [
          [
            `insert into invoice_items (org_id, invoice_id, description, qty, unit_price) values ($1, $2, 'x', 'NaN', 1)`,
            [org.id, quote],
          ],
          [
            `insert into stock_moves (org_id, product_id, delta, reason, note, created_by) values ($1, $2, 'NaN', 'ADJUSTMENT', 'x', $3)`,
            [org.id, product, members[role]],
          ],
          [
            `insert into leads (org_id, name, value, owner_id) values ($1, 'L', 'NaN', $2)`,
            [org.id, members[role]],
          ],
          [
            `insert into expenses (org_id, vendor, category, amount, currency, created_by) values ($1, 'V', 'rent', 'NaN', 'GHS', $2)`,
            [org.id, members[role]],
          ],
        ] as [string, unknown[]][]) {
          expect(await outcome(sqlAs(sql, me, text, params)), `${role}: ${text}`).not.toBe('ok');
        }
      }
      expect(await stockOf(sql, product)).toEqual(['5.000']);
      const [n] = await sql<{ n: string }>(
        `select (select count(*) from leads where org_id = $1) + (select count(*) from expenses where org_id = $1)
              + (select count(*) from invoice_items where org_id = $1) as n`,
        [org.id],
      );
      expect(n!.n).toBe('0');
      void customer;
    });
  });
});

describe('functions refuse NaN and ±Infinity with NOT_A_NUMBER', () => {
  it('create_invoice, record_payment, adjust_stock, create_product, save_lead and record_expense', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 5 });
      const customer = await createCustomer(sql, org);
      const issued = await createInvoice(sql, org, {
        lines: [{ qty: 1, unitPrice: '10.00' }],
        status: 'ISSUED',
      });
      const me = user(org.ownerId);
      for (const bad of BAD) {
        const calls: [string, string, unknown[]][] = [
          [
            'qty',
            `select create_invoice($1, gen_random_uuid(), $2)`,
            [
              org.id,
              {
                customerId: customer,
                status: 'ISSUED',
                lines: [{ productId: product, description: 'x', qty: bad, unitPrice: 1 }],
              },
            ],
          ],
          [
            'unitPrice',
            `select create_invoice($1, gen_random_uuid(), $2)`,
            [org.id, { customerId: customer, lines: [{ description: 'x', qty: 1, unitPrice: bad }] }],
          ],
          [
            'taxRate',
            `select create_invoice($1, gen_random_uuid(), $2)`,
            [
              org.id,
              { customerId: customer, lines: [{ description: 'x', qty: 1, unitPrice: 1, taxRate: bad }] },
            ],
          ],
          [
            'amount',
            `select record_payment($1, gen_random_uuid(), $2)`,
            [org.id, { invoiceId: issued, method: 'cash', amount: bad }],
          ],
          [
            'delta',
            `select adjust_stock($1, gen_random_uuid(), $2, $3::numeric, 'x')`,
            [org.id, product, bad],
          ],
          [
            'price',
            `select create_product($1, gen_random_uuid(), $2)`,
            [org.id, { name: 'P', sku: `S-${bad}`, cost: 1, price: bad }],
          ],
          ['value', `select save_lead($1, gen_random_uuid(), null, $2)`, [org.id, { name: 'L', value: bad }]],
          [
            'amount',
            `select record_expense($1, gen_random_uuid(), $2)`,
            [org.id, { vendor: 'V', category: 'rent', amount: bad }],
          ],
        ];
        for (const [field, text, params] of calls) {
          const rows = await sqlAs(sql, me, text, params);
          expect(refusal(rows), `${text} with ${field} = ${bad}`).toMatchObject({
            code: 'VALIDATION_FAILED',
            reason: 'NOT_A_NUMBER',
            field,
          });
        }
      }
      expect(await stockOf(sql, product)).toEqual(['5.000']);
    });
  });
});
