// The bell (20261127000200_notifications.sql): who is notified of what, as the members' preferences say,
// and never twice; the low-stock mail rows queued beside the notifications; what a member may do with
// notifications, in SQL as each role and through the Data API with real sign-ins.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../tests/env.ts';
import { supabaseClient } from '../../tests/supabase-client.ts';
import {
  actAs,
  addMember,
  asOwner,
  expectSqlError,
  ROLES,
  type Role,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';
import { createInvoice, createProduct, type Org, pay, setPlan, setupOrg } from './fixtures.ts';

type Team = { org: Org; members: Record<Role, string> };

/** An organization on Business with one member of each role besides its owner. */
async function team(sql: Sql): Promise<Team> {
  const org = await setupOrg(sql);
  await setPlan(sql, org.id, 'BUSINESS');
  const members = { OWNER: org.ownerId } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'OWNER'))
    members[role] = (await addMember(sql, org.id, role)).id;
  return { org, members };
}

/** Who was notified of `kind` in the organization: the recipients' roles, sorted. */
async function notified(sql: Sql, t: Team, kind: string): Promise<string[]> {
  const rows = await sql<{ user_id: string }>(
    `select user_id from notifications where org_id = $1 and kind = $2`,
    [t.org.id, kind],
  );
  const byId = Object.fromEntries(Object.entries(t.members).map(([role, id]) => [id, role]));
  return rows.map((r) => byId[r.user_id] ?? r.user_id).sort();
}

const setPreference = (sql: Sql, orgId: string, userId: string, column: string, on: boolean) =>
  sql(
    `insert into member_preferences (org_id, user_id, ${column}) values ($1, $2, $3)
     on conflict (org_id, user_id) do update set ${column} = excluded.${column}`,
    [orgId, userId, on],
  );

const adjust = (sql: Sql, org: Org, productId: string, delta: number) =>
  sql(
    `insert into stock_moves (org_id, product_id, delta, reason, note, created_by)
     values ($1, $2, $3, 'ADJUSTMENT', 'Counted', $4)`,
    [org.id, productId, delta, org.ownerId],
  );

/** Sells `qty` of the product on an issued invoice (the SALE stock move), as the owner. */
const sell = (sql: Sql, org: Org, productId: string, qty: number) =>
  createInvoice(sql, org, { lines: [{ productId, qty, unitPrice: '10.00' }], status: 'ISSUED' });

const lowStockMail = (sql: Sql, orgId: string) =>
  sql<{ dedupe_key: string; to_address: string; locale: string; data: Record<string, unknown> }>(
    `select dedupe_key, to_address, locale, data from private.outgoing_mail
      where organization_id = $1 and kind = 'low_stock' order by dedupe_key`,
    [orgId],
  );

describe('low-stock notifications', () => {
  it('notify every member, once, when a sale takes the stock from above the threshold to at or below it', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      const product = await createProduct(sql, t.org, { stock: 8, threshold: 5 });
      await sell(sql, t.org, product, 2); // 6: still above
      expect(await notified(sql, t, 'low_stock')).toEqual([]);
      await sell(sql, t.org, product, 1); // 5: at the threshold
      expect(await notified(sql, t, 'low_stock')).toEqual(['ACCOUNTANT', 'MANAGER', 'OWNER', 'SALES']);
      await sell(sql, t.org, product, 2); // 3: still below, no new crossing
      await adjust(sql, t.org, product, -3); // 0: out of stock, still the same crossing
      expect(await notified(sql, t, 'low_stock')).toHaveLength(4);
      const [row] = await sql<{ subject_id: string; data: Record<string, unknown> }>(
        `select subject_id, data from notifications where org_id = $1 and user_id = $2`,
        [t.org.id, t.org.ownerId],
      );
      expect(row!.subject_id).toBe(product);
      expect(row!.data).toMatchObject({ stock: 5, threshold: 5, unit: 'pcs' });
    });
  });

  it('notify again after the stock went back above and crossed again, but mail once per product and member a day', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 6, threshold: 5 });
      await adjust(sql, org, product, -2); // 4: crossed
      await adjust(sql, org, product, 10); // 14: back above (a purchase receipt, a count)
      await sell(sql, org, product, 9); // 5: crossed again
      const [{ n }] = (await sql<{ n: string }>(
        `select count(*) as n from notifications where org_id = $1 and kind = 'low_stock'`,
        [org.id],
      )) as [{ n: string }];
      expect(Number(n)).toBe(2);
      const mail = await lowStockMail(sql, org.id);
      const [owner] = await sql<{ email: string; name: string; sku: string; org: string; day: string }>(
        `select p.email, pr.name, pr.sku, o.name as org,
                to_char((now() at time zone o.timezone)::date, 'YYYY-MM-DD') as day
           from profiles p, products pr, organizations o where p.id = $1 and pr.id = $2 and o.id = $3`,
        [org.ownerId, product, org.id],
      );
      expect(mail).toEqual([
        {
          dedupe_key: `low_stock:${product}:${org.ownerId}:${owner!.day}`,
          to_address: owner!.email,
          locale: 'en',
          data: {
            productId: product,
            name: owner!.name,
            sku: owner!.sku,
            stock: 4,
            threshold: 5,
            orgName: owner!.org,
          },
        },
      ]);
    });
  });

  it('go to nobody who turned low-stock alerts off, in the app or by mail, and in the member’s language', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      await setPreference(sql, t.org.id, t.members.SALES, 'notify_low_stock', false);
      await setPreference(sql, t.org.id, t.members.ACCOUNTANT, 'notify_low_stock', false);
      await sql(`update profiles set locale = 'fr' where id = $1`, [t.members.MANAGER]);
      const product = await createProduct(sql, t.org, { stock: 6, threshold: 5 });
      await adjust(sql, t.org, product, -6);
      expect(await notified(sql, t, 'low_stock')).toEqual(['MANAGER', 'OWNER']);
      const mail = await lowStockMail(sql, t.org.id);
      const locales = Object.fromEntries(mail.map((m) => [m.dedupe_key.split(':')[2], m.locale]));
      expect(locales).toEqual({ [t.members.MANAGER]: 'fr', [t.members.OWNER]: 'en' });
    });
  });

  it('say nothing when a product is created at or below its threshold, or when the threshold is raised', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const product = await createProduct(sql, org, { stock: 3, threshold: 5 });
      await sql(`update products set low_stock_threshold = 20 where id = $1`, [product]);
      expect(await sql(`select 1 from notifications where org_id = $1`, [org.id])).toEqual([]);
    });
  });
});

describe('payment and overdue notifications', () => {
  it('tell the owner, managers and accountants of a payment, the one who recorded it too, not SALES', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      const invoice = await createInvoice(sql, t.org, {
        lines: [{ qty: 1, unitPrice: '150.50' }],
        status: 'ISSUED',
      });
      await pay(sql, t.org, t.members.ACCOUNTANT, invoice, '100.25');
      expect(await notified(sql, t, 'payment_received')).toEqual(['ACCOUNTANT', 'MANAGER', 'OWNER']);
      const [row] = await sql<{ subject_id: string; data: Record<string, unknown> }>(
        `select subject_id, data from notifications where kind = 'payment_received' and user_id = $1`,
        [t.org.ownerId],
      );
      expect(row!.subject_id).toBe(invoice);
      expect(row!.data).toMatchObject({ amount: '100.25', currency: 'GHS', invoiceNumber: 'INV-000001' });
    });
  });

  it('follow notify_payment_reminders', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      await setPreference(sql, t.org.id, t.members.MANAGER, 'notify_payment_reminders', false);
      const invoice = await createInvoice(sql, t.org, {
        lines: [{ qty: 1, unitPrice: '50.00' }],
        status: 'ISSUED',
      });
      await pay(sql, t.org, t.members.ACCOUNTANT, invoice, '10.00');
      expect(await notified(sql, t, 'payment_received')).toEqual(['ACCOUNTANT', 'OWNER']);
      await sql(`update invoices set due_at = '2026-01-10' where id = $1`, [invoice]);
      await sql(`select public.notify_overdue_invoices('2026-01-11T12:00:00Z')`);
      expect(await notified(sql, t, 'invoice_overdue')).toEqual(['ACCOUNTANT', 'OWNER']);
    });
  });

  it('notify an overdue invoice once, the day after its due date in the organization’s time zone', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      await sql(`update organizations set timezone = 'Africa/Nairobi' where id = $1`, [t.org.id]);
      const invoice = await createInvoice(sql, t.org, {
        lines: [{ qty: 2, unitPrice: '20.00' }],
        status: 'ISSUED',
      });
      const paid = await createInvoice(sql, t.org, {
        lines: [{ qty: 1, unitPrice: '5.00' }],
        status: 'PAID',
      });
      const quote = await createInvoice(sql, t.org, { lines: [{ qty: 1, unitPrice: '5.00' }] });
      await sql(`update invoices set due_at = '2026-03-01' where id = any($1)`, [[invoice, paid, quote]]);
      const run = async (at: string) =>
        (await sql<{ n: number }>(`select public.notify_overdue_invoices($1) as n`, [at]))[0]!.n;
      // 23:30 in Nairobi on the due date: not yet overdue.
      await run('2026-03-01T20:30:00Z');
      expect(await notified(sql, t, 'invoice_overdue')).toEqual([]);
      // 00:30 the next day in Nairobi (still 1 March in UTC): overdue.
      await run('2026-03-01T21:30:00Z');
      await run('2026-03-02T21:30:00Z');
      expect(await notified(sql, t, 'invoice_overdue')).toEqual(['ACCOUNTANT', 'MANAGER', 'OWNER']);
      const [row] = await sql<{ subject_id: string; data: Record<string, unknown> }>(
        `select subject_id, data from notifications where kind = 'invoice_overdue' and user_id = $1`,
        [t.org.ownerId],
      );
      expect(row).toMatchObject({
        subject_id: invoice,
        data: { balance: '40.00', currency: 'GHS', dueAt: '2026-03-01' },
      });
    });
  });

  it('cannot be run by a member', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await expectSqlError(sqlAs(sql, user(org.ownerId), `select public.notify_overdue_invoices()`), '42501');
    });
  });
});

describe('lead and team notifications', () => {
  const addLead = (sql: Sql, t: Team, actor: Role, owner: string | null) =>
    sqlAs<{ id: string }>(
      sql,
      user(t.members[actor]),
      `insert into leads (org_id, name, owner_id) values ($1, 'Adjoa Traders', $2) returning id`,
      [t.org.id, owner],
    );

  it('tell a member a lead was given to them, not when they took it themselves, and follow notify_new_leads', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      await addLead(sql, t, 'SALES', t.members.SALES);
      expect(await notified(sql, t, 'lead_assigned')).toEqual([]);
      const [lead] = await addLead(sql, t, 'OWNER', t.members.SALES);
      expect(await notified(sql, t, 'lead_assigned')).toEqual(['SALES']);
      await sqlAs(sql, user(t.org.ownerId), `update leads set owner_id = $2 where id = $1`, [
        lead!.id,
        t.members.MANAGER,
      ]);
      expect(await notified(sql, t, 'lead_assigned')).toEqual(['MANAGER', 'SALES']);
      await setPreference(sql, t.org.id, t.members.ACCOUNTANT, 'notify_new_leads', false);
      await sqlAs(sql, user(t.org.ownerId), `update leads set owner_id = $2 where id = $1`, [
        lead!.id,
        t.members.ACCOUNTANT,
      ]);
      await sqlAs(sql, user(t.org.ownerId), `update leads set name = 'Renamed' where id = $1`, [lead!.id]);
      expect(await notified(sql, t, 'lead_assigned')).toEqual(['MANAGER', 'SALES']);
    });
  });

  it('tell owners and managers who asked for team activity that an invitation was accepted', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      // Team activity is off until a member turns it on (the table's default).
      await setPreference(sql, t.org.id, t.members.MANAGER, 'notify_team_activity', true);
      await setPreference(sql, t.org.id, t.members.ACCOUNTANT, 'notify_team_activity', true);
      const [invite] = await sqlAs<{ r: { data: { token: string } } }>(
        sql,
        user(t.org.ownerId),
        `select public.create_invitation($1, null, 'kojo@example.com', 'SALES') as r`,
        [t.org.id],
      );
      const joiner = await sql<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'kojo@example.com',
                 '', now(), '{"first_name":"Kojo","last_name":"Asante"}', now(), now()) returning id`,
        [randomUUID()],
      );
      await sqlAs(
        sql,
        { role: 'authenticated', userId: joiner[0]!.id, email: 'kojo@example.com' },
        `select public.accept_invitation($1)`,
        [invite!.r.data.token],
      );
      expect(await notified(sql, t, 'member_joined')).toEqual(['MANAGER']);
      const [row] = await sql<{ subject_id: string; data: Record<string, unknown> }>(
        `select subject_id, data from notifications where kind = 'member_joined'`,
      );
      expect(row).toMatchObject({
        subject_id: joiner[0]!.id,
        data: { name: 'Kojo Asante', email: 'kojo@example.com', role: 'SALES' },
      });
    });
  });
});

describe('what a member may do with notifications', () => {
  it('reads and marks read only their own, in their organizations; adds and removes none', async () => {
    await asOwner(async (sql) => {
      const t = await team(sql);
      const other = await setupOrg(sql);
      const product = await createProduct(sql, t.org, { stock: 6, threshold: 5 });
      await adjust(sql, t.org, product, -1);
      const elsewhere = await createProduct(sql, other, { stock: 6, threshold: 5 });
      await adjust(sql, other, elsewhere, -1);
      const mine = (role: Role) =>
        sqlAs<{ user_id: string }>(sql, user(t.members[role]), `select user_id from notifications`);
      for (const role of ROLES) expect((await mine(role)).map((r) => r.user_id)).toEqual([t.members[role]]);
      // Marking everything read touches only one's own row, with the server's time.
      const marked = await sqlAs<{ user_id: string; read_at: string }>(
        sql,
        user(t.members.SALES),
        `update notifications set read_at = '2001-01-01' returning user_id, read_at`,
      );
      expect(marked.map((r) => r.user_id)).toEqual([t.members.SALES]);
      expect(new Date(marked[0]!.read_at).getFullYear()).toBeGreaterThan(2001);
      // Read stays read.
      await sqlAs(sql, user(t.members.SALES), `update notifications set read_at = null`);
      expect(
        await sql(`select 1 from notifications where user_id = $1 and read_at is null`, [t.members.SALES]),
      ).toEqual([]);
      await expectSqlError(
        sqlAs(sql, user(t.members.SALES), `update notifications set kind = 'member_joined'`),
        '42501',
      );
      await expectSqlError(
        sqlAs(
          sql,
          user(t.org.ownerId),
          `insert into notifications (org_id, user_id, kind) values ($1, $2, 'low_stock')`,
          [t.org.id, t.org.ownerId],
        ),
        '42501',
      );
      await expectSqlError(sqlAs(sql, user(t.org.ownerId), `delete from notifications`), '42501');
      // A member who leaves takes their notifications with them.
      await sql(`delete from memberships where org_id = $1 and user_id = $2`, [t.org.id, t.members.SALES]);
      expect(await sql(`select 1 from notifications where user_id = $1`, [t.members.SALES])).toEqual([]);
    });
  });
});

describe('notifications through the Data API', () => {
  it('shows a member their own, lets them mark them read, and nothing else', async () => {
    const signIn = async () => {
      const email = `bell-${randomUUID().slice(0, 8)}@test.kasuwa.app`;
      const password = 'correct-horse-battery';
      const created = await supabaseClient(SERVICE_ROLE_KEY).auth.admin.createUser({
        email,
        password,
        email_confirm: true,
      });
      if (created.error) throw created.error;
      const { data, error } = await supabaseClient().auth.signInWithPassword({ email, password });
      if (error) throw error;
      return { id: created.data.user.id, client: supabaseClient(ANON_KEY, data.session.access_token) };
    };
    const [owner, sales, outsider] = [await signIn(), await signIn(), await signIn()];
    const org = await asOwner(
      async (sql) => {
        const orgId = (
          await actAs(sql, user(owner.id), () =>
            sql<{ id: string }>(`select id from public.create_organization($1, 'GH', 'GHS')`, [
              `Bell ${randomUUID()}`,
            ]),
          )
        )[0]!.id;
        await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, 'SALES')`, [
          orgId,
          sales.id,
        ]);
        const o = { id: orgId, ownerId: owner.id };
        const product = await createProduct(sql, o, { stock: 6, threshold: 5 });
        await adjust(sql, o, product, -2);
        await actAs(sql, user(outsider.id), () =>
          sql(`select public.create_organization($1, 'NG', 'NGN')`, [`Elsewhere ${randomUUID()}`]),
        );
        return o;
      },
      { commit: true },
    );
    const ownRows = await owner.client.from('notifications').select('id, user_id, kind').eq('org_id', org.id);
    expect(ownRows.data?.map((r) => [r.user_id, r.kind])).toEqual([[owner.id, 'low_stock']]);
    const ownerRow = ownRows.data![0]!.id;
    expect((await outsider.client.from('notifications').select('id')).data).toEqual([]);
    // Another member's notification can be neither read nor marked read.
    const stolen = await sales.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', ownerRow)
      .select();
    expect(stolen.data).toEqual([]);
    const inserted = await sales.client
      .from('notifications')
      .insert({ org_id: org.id, user_id: sales.id, kind: 'low_stock' });
    expect(inserted.error?.code).toBe('42501');
    const removed = await owner.client.from('notifications').delete().eq('id', ownerRow);
    expect(removed.error?.code).toBe('42501');
    const read = await owner.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', ownerRow)
      .select('read_at');
    expect(read.data?.[0]?.read_at).toBeTruthy();
    const unread = await owner.client
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .is('read_at', null);
    expect(unread.count).toBe(0);
  });
});
