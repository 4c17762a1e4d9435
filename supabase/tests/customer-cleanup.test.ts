// Cleaning up customers: a customer entered by mistake is removed, and one entered twice is merged into the
// customer kept. Owners and managers only (the table's delete policy); a customer with invoices or
// subscriptions is never removed, it is merged; a merge moves everything of the duplicate — invoices, issued
// or not, with their payments, subscriptions, statement links — and the kept customer's statement adds both
// up; an issued invoice's customer still changes through the merge only. All through the Data API's path
// (RLS, each role), the answers applied once per mutation id.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  asOwner,
  expectSqlError,
  ROLES,
  type Role,
  savepoint,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { addLine, createCustomer, type Org, setupOrg } from './fixtures.ts';

type Answer = {
  data?: Record<string, unknown>;
  error?: { code: string; reason?: string; field?: string; params?: Record<string, unknown> };
};

async function call(
  sql: Sql,
  userId: string,
  fn: string,
  args: unknown[],
  mutationId: string = randomUUID(),
) {
  const params = args
    .slice(1)
    .map((_, i) => `$${i + 3}`)
    .join(', ');
  const [row] = await sqlAs<{ r: Answer }>(sql, user(userId), `select public.${fn}($1, $2, ${params}) as r`, [
    args[0],
    mutationId,
    ...args.slice(1),
  ]);
  return row!.r;
}
const deleteCustomer = (sql: Sql, userId: string, orgId: string, customer: string, id?: string) =>
  call(sql, userId, 'delete_customer', [orgId, customer], id);
const merge = (sql: Sql, userId: string, orgId: string, from: string, into: string, id?: string) =>
  call(sql, userId, 'merge_customers', [orgId, from, into], id);

async function team(sql: Sql, org: Org): Promise<Record<Role, string>> {
  const ids = { OWNER: org.ownerId } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'OWNER')) ids[role] = (await addMember(sql, org.id, role)).id;
  return ids;
}

async function customer(sql: Sql, org: Org, c: { name?: string; email?: string; phone?: string } = {}) {
  const [row] = await sql<{ id: string }>(
    `insert into public.customers (org_id, name, email, phone) values ($1, $2, $3, $4) returning id`,
    [org.id, c.name ?? `Customer ${randomUUID().slice(0, 6)}`, c.email ?? null, c.phone ?? null],
  );
  return row!.id;
}

/** An invoice of `amount` for the customer, moved to `status`, with `paid` received on it. */
async function invoice(
  sql: Sql,
  org: Org,
  customerId: string,
  amount: string,
  opts: { status?: 'QUOTE' | 'ISSUED' | 'VOID'; paid?: string; currency?: string } = {},
) {
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, created_by) values ($1, $2, $3, $4) returning id`,
    [org.id, customerId, opts.currency ?? 'GHS', org.ownerId],
  );
  await addLine(sql, org, inv!.id, { qty: 1, unitPrice: amount });
  if ((opts.status ?? 'ISSUED') !== 'QUOTE')
    await sql(`update public.invoices set status = 'ISSUED' where id = $1`, [inv!.id]);
  if (opts.status === 'VOID')
    await sql(`update public.invoices set status = 'VOID' where id = $1`, [inv!.id]);
  if (opts.paid)
    await sql(
      `insert into public.payments (org_id, invoice_id, method, amount, created_by) values ($1, $2, 'cash', $3, $4)`,
      [org.id, inv!.id, opts.paid, org.ownerId],
    );
  return inv!.id;
}

async function subscription(sql: Sql, org: Org, customerId: string, status = 'ACTIVE') {
  const [plan] = await sql<{ id: string }>(
    `insert into public.subscription_plans (org_id, name, price, currency, billing_interval, interval_count)
     values ($1, 'Maintenance', 100, 'GHS', 'MONTHLY', 1) returning id`,
    [org.id],
  );
  const [sub] = await sql<{ id: string }>(
    `insert into public.subscriptions (org_id, customer_id, plan_id, start_date)
     values ($1, $2, $3, current_date + 400) returning id`,
    [org.id, customerId, plan!.id],
  );
  if (status !== 'ACTIVE')
    await sql(`update public.subscriptions set status = $2 where id = $1`, [sub!.id, status]);
  return sub!.id;
}

/** A document filed under the customer (documents.related_entity_*). */
async function document(sql: Sql, org: Org, customerId: string) {
  const [doc] = await sql<{ id: string }>(
    `insert into public.documents (org_id, name, file_name, file_path, file_size, related_entity_type, related_entity_id)
     values ($1, 'Contract', 'contract.pdf', 'contracts/contract.pdf', 10, 'customers', $2) returning id`,
    [org.id, customerId],
  );
  return doc!.id;
}

const exists = async (sql: Sql, id: string) =>
  (await sql(`select 1 from public.customers where id = $1`, [id])).length === 1;

type Account = { currency: string; opening: number; invoiced: number; paid: number; closing: number };
async function statement(sql: Sql, org: Org, customerId: string): Promise<Account[]> {
  const [row] = await sqlAs<{ s: { accounts: Account[] } }>(
    sql,
    user(org.ownerId),
    `select public.customer_statement($1, $2, (current_date - 30)::text, (current_date + 1)::text) as s`,
    [org.id, customerId],
  );
  return row!.s.accounts.map(({ currency, opening, invoiced, paid, closing }) => ({
    currency,
    opening,
    invoiced,
    paid,
    closing,
  }));
}

describe('removing a customer', () => {
  it('is for owners and managers, once per mutation id, and the audit trail keeps the row', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      for (const role of ROLES) {
        const id = await customer(sql, org, { name: `Typo ${role}` });
        const mutation = randomUUID();
        const answer = await deleteCustomer(sql, members[role], org.id, id, mutation);
        if (role === 'OWNER' || role === 'MANAGER') {
          expect(answer.data, role).toMatchObject({ id, name: `Typo ${role}` });
          expect(await exists(sql, id), role).toBe(false);
          // Sent again (a lost reply): the same answer, not "not found".
          expect(await deleteCustomer(sql, members[role], org.id, id, mutation)).toEqual(answer);
          const trail = await sql<{ actor_id: string; name: string }>(
            `select actor_id, payload ->> 'name' as name from public.audit_logs
              where org_id = $1 and entity = 'customers' and entity_id = $2 and action = 'DELETE'`,
            [org.id, id],
          );
          expect(trail).toEqual([{ actor_id: members[role], name: `Typo ${role}` }]);
        } else {
          expect(answer.error, role).toMatchObject({
            code: 'FORBIDDEN',
            reason: 'CUSTOMER_DELETE_FORBIDDEN',
          });
          // Nor straight through the Data API: the row is not theirs to delete.
          expect(
            await sqlAs(sql, user(members[role]), `delete from public.customers where id = $1 returning 1`, [
              id,
            ]),
          ).toEqual([]);
          expect(await exists(sql, id), role).toBe(true);
        }
      }
      expect(await deleteCustomer(sql, org.ownerId, org.id, randomUUID())).toMatchObject({
        error: { reason: 'CUSTOMER_NOT_FOUND' },
      });
    });
  });

  it('is refused, with its reason, for a customer with invoices (even a quote), subscriptions or documents', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const withQuote = await customer(sql, org);
      await invoice(sql, org, withQuote, '10.00', { status: 'QUOTE' });
      const withInvoices = await customer(sql, org);
      await invoice(sql, org, withInvoices, '10.00', { paid: '10.00' });
      await invoice(sql, org, withInvoices, '5.00', { status: 'VOID' });
      const subscribed = await customer(sql, org);
      await subscription(sql, org, subscribed, 'CANCELLED');
      const filed = await customer(sql, org);
      await document(sql, org, filed);

      expect(await deleteCustomer(sql, org.ownerId, org.id, withQuote)).toMatchObject({
        error: { code: 'VALIDATION_FAILED', reason: 'CUSTOMER_HAS_INVOICES', params: { count: 1 } },
      });
      expect(await deleteCustomer(sql, org.ownerId, org.id, withInvoices)).toMatchObject({
        error: { reason: 'CUSTOMER_HAS_INVOICES', params: { count: 2 } },
      });
      expect(await deleteCustomer(sql, org.ownerId, org.id, subscribed)).toMatchObject({
        error: { reason: 'CUSTOMER_HAS_SUBSCRIPTIONS', params: { count: 1 } },
      });
      expect(await deleteCustomer(sql, org.ownerId, org.id, filed)).toMatchObject({
        error: { reason: 'CUSTOMER_HAS_DOCUMENTS' },
      });
      // The same rule straight through the Data API, with the same reason (not a bare foreign-key error).
      const err = await expectSqlError(
        sqlAs(sql, user(org.ownerId), `delete from public.customers where id = $1`, [withInvoices]),
        '23514',
      );
      expect(JSON.parse(err.hint!)).toMatchObject({ reason: 'CUSTOMER_HAS_INVOICES' });
      for (const id of [withQuote, withInvoices, subscribed, filed]) expect(await exists(sql, id)).toBe(true);
    });
  });

  it('takes the statement links of a customer without invoices with them; the organization still goes whole', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const id = await customer(sql, org);
      await sqlAs(
        sql,
        user(org.ownerId),
        `select public.create_statement_share($1, $2, '2026-01-01', '2026-01-31')`,
        [org.id, id],
      );
      expect((await deleteCustomer(sql, org.ownerId, org.id, id)).data).toMatchObject({ id });
      expect(await sql(`select 1 from public.statement_share_tokens where customer_id = $1`, [id])).toEqual(
        [],
      );

      // A customer with invoices leaves with their organization (the rule is not asked then).
      const other = await setupOrg(sql);
      await invoice(sql, other, await customer(sql, other), '10.00', { paid: '4.00' });
      await sql(`delete from public.organizations where id = $1`, [other.id]);
      expect(await sql(`select 1 from public.customers where org_id = $1`, [other.id])).toEqual([]);
    });
  });
});

describe('merging a duplicate into the customer kept', () => {
  it('moves its invoices, payments, subscriptions and links, fills the empty details, and the statement adds both up', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const kept = await customer(sql, org, { name: 'Fatou Ndiaye', phone: '77 654 32 10' });
      const twin = await customer(sql, org, {
        name: 'Fatou Ndiaye',
        phone: '+221 77 654 32 10',
        email: 'fatou@example.com',
      });
      await invoice(sql, org, kept, '100.00', { paid: '40.00' });
      const issued = await invoice(sql, org, twin, '50.00', { paid: '20.00' });
      const paid = await invoice(sql, org, twin, '30.00', { paid: '30.00' });
      const quote = await invoice(sql, org, twin, '7.00', { status: 'QUOTE' });
      const voided = await invoice(sql, org, twin, '9.00', { status: 'VOID' });
      const inFrancs = await invoice(sql, org, twin, '1000', { currency: 'XOF' });
      const active = await subscription(sql, org, twin);
      const cancelled = await subscription(sql, org, twin, 'CANCELLED');
      const contract = await document(sql, org, twin);
      const [link] = await sqlAs<{ s: { token: string } }>(
        sql,
        user(org.ownerId),
        `select public.create_statement_share($1, $2, (current_date - 30)::text, (current_date + 1)::text) as s`,
        [org.id, twin],
      );
      expect(await statement(sql, org, kept)).toEqual([
        { currency: 'GHS', opening: 0, invoiced: 100, paid: 40, closing: 60 },
      ]);
      const before = await sql<{ j: string }>(
        `select (to_jsonb(i) - 'customer_id' - 'updated_at' - 'version')::text as j from public.invoices i
          where i.id = any($1) order by i.id`,
        [[issued, paid, quote, voided, inFrancs]],
      );

      const mutation = randomUUID();
      const answer = await merge(sql, org.ownerId, org.id, twin, kept, mutation);
      expect(answer.error).toBeUndefined();
      expect(answer.data).toMatchObject({
        mergedId: twin,
        invoices: 5,
        subscriptions: 2,
        shareLinks: 1,
        documents: 1,
        customer: { id: kept, name: 'Fatou Ndiaye', phone: '77 654 32 10', email: 'fatou@example.com' },
      });
      expect(await exists(sql, twin)).toBe(false);
      // Every invoice moved, and nothing else of them changed (numbers, statuses, money, dates).
      expect(
        await sql(`select customer_id from public.invoices where id = any($1) and customer_id <> $2`, [
          [issued, paid, quote, voided, inFrancs],
          kept,
        ]),
      ).toEqual([]);
      expect(
        await sql<{ j: string }>(
          `select (to_jsonb(i) - 'customer_id' - 'updated_at' - 'version')::text as j from public.invoices i
            where i.id = any($1) order by i.id`,
          [[issued, paid, quote, voided, inFrancs]],
        ),
      ).toEqual(before);
      expect(
        await sql(
          `select id, status::text from public.subscriptions where customer_id = $1 order by status`,
          [kept],
        ),
      ).toEqual([
        { id: active, status: 'ACTIVE' },
        { id: cancelled, status: 'CANCELLED' },
      ]);
      expect(await sql(`select related_entity_id from public.documents where id = $1`, [contract])).toEqual([
        { related_entity_id: kept },
      ]);
      // The kept customer's statement: both histories, each currency on its own, balances right.
      expect(await statement(sql, org, kept)).toEqual([
        { currency: 'GHS', opening: 0, invoiced: 180, paid: 90, closing: 90 },
        { currency: 'XOF', opening: 0, invoiced: 1000, paid: 0, closing: 1000 },
      ]);
      // The link the duplicate was sent shows the same statement.
      const [shared] = await sql<{ s: { customer: { name: string }; accounts: Account[] } }>(
        `select public.shared_statement($1) as s`,
        [link!.s.token],
      );
      expect(shared!.s.accounts.map((a) => [a.currency, a.closing])).toEqual([
        ['GHS', 90],
        ['XOF', 1000],
      ]);
      // The active customers count the kept customer, not the gone one.
      expect(
        await sql(`select customer_id from private.customer_activity where org_id = $1 order by 1`, [org.id]),
      ).toEqual([{ customer_id: kept }]);
      // Each move is in the audit trail, by whom it was made.
      const moves = await sql<{ n: number }>(
        `select count(*)::int as n from public.audit_logs
          where org_id = $1 and entity = 'invoices' and action = 'UPDATE' and actor_id = $2
            and payload -> 'customer_id' = jsonb_build_array($3::text, $4::text)`,
        [org.id, org.ownerId, twin, kept],
      );
      expect(moves[0]!.n).toBe(5);

      // Sent again (a lost reply): the same answer, nothing more.
      expect(await merge(sql, org.ownerId, org.id, twin, kept, mutation)).toEqual(answer);
    });
  });

  it('is for owners and managers, of two customers of the same organization', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const members = await team(sql, org);
      const kept = await customer(sql, org);
      const twin = await customer(sql, org);
      const inv = await invoice(sql, org, twin, '25.00');
      for (const role of ['ACCOUNTANT', 'SALES'] as const) {
        expect(await merge(sql, members[role], org.id, twin, kept), role).toMatchObject({
          error: { code: 'FORBIDDEN', reason: 'CUSTOMER_MERGE_FORBIDDEN' },
        });
      }
      expect(await merge(sql, members.MANAGER, org.id, kept, kept)).toMatchObject({
        error: { reason: 'CUSTOMER_MERGE_SAME', field: 'into' },
      });
      const other = await setupOrg(sql);
      const theirs = await createCustomer(sql, other);
      expect(await merge(sql, org.ownerId, org.id, twin, theirs)).toMatchObject({
        error: { reason: 'CUSTOMER_NOT_FOUND', field: 'into' },
      });
      expect(await merge(sql, org.ownerId, org.id, theirs, kept)).toMatchObject({
        error: { reason: 'CUSTOMER_NOT_FOUND', field: 'customerId' },
      });
      // Another organization's owner cannot merge here at all (not a member: refused before anything).
      await expectSqlError(merge(sql, other.ownerId, org.id, twin, kept), '42501');
      expect(await sql(`select customer_id from public.invoices where id = $1`, [inv])).toEqual([
        { customer_id: twin },
      ]);

      expect((await merge(sql, members.MANAGER, org.id, twin, kept)).data).toMatchObject({ invoices: 1 });
      expect(await sql(`select customer_id from public.invoices where id = $1`, [inv])).toEqual([
        { customer_id: kept },
      ]);
    });
  });

  it('leaves an issued invoice, a subscription and a link on their customer for anyone else', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const a = await customer(sql, org);
      const b = await customer(sql, org);
      const inv = await invoice(sql, org, a, '25.00');
      const sub = await subscription(sql, org, a);
      const err = await expectSqlError(
        sqlAs(sql, user(org.ownerId), `update public.invoices set customer_id = $2 where id = $1`, [inv, b]),
        '23514',
      );
      expect(JSON.parse(err.hint!)).toMatchObject({ reason: 'INVOICE_FINAL' });
      // Nor a subscription's, whoever writes (the dashboard too).
      await expectSqlError(
        savepoint(sql, () => sql(`update public.subscriptions set customer_id = $2 where id = $1`, [sub, b])),
        '23514',
      );
      const [link] = await sqlAs<{ s: { id: string } }>(
        sql,
        user(org.ownerId),
        `select public.create_statement_share($1, $2, '2026-01-01', '2026-01-31') as s`,
        [org.id, a],
      );
      await expectSqlError(
        savepoint(sql, () =>
          sql(`update public.statement_share_tokens set customer_id = $2 where id = $1`, [link!.s.id, b]),
        ),
        '23514',
      );
      expect(await sql(`select customer_id from public.invoices where id = $1`, [inv])).toEqual([
        { customer_id: a },
      ]);
    });
  });
});
