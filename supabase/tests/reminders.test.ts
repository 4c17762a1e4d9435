// Payment reminders (20261127000500_mail_sender.sql): which step of which invoice the run queues and when,
// never twice, nothing for what is paid, voided, a quote, without an email or a due date, the day counted in
// the organization's time zone — and the mail queue, its claim and the run out of every member's reach.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL } from '../../tests/env.ts';
import { addLine, type Org, rand, setPlan, setupOrg } from './builders.ts';
import { actAs, asOwner, expectSqlError, ROLES, addMember, type Sql, user } from './harness.ts';

interface Queued {
  dedupe_key: string;
  to_address: string;
  locale: string;
  data: Record<string, unknown>;
}

/** An invoice issued on `issuedAt` (the database owner may backdate), due on `dueAt`, to a customer. */
async function invoice(
  sql: Sql,
  org: Org,
  opts: {
    dueAt: string | null;
    issuedAt?: string;
    email?: string | null;
    status?: 'QUOTE' | 'ISSUED' | 'PAID' | 'VOID';
    customerName?: string;
  },
): Promise<string> {
  const [c] = await sql<{ id: string }>(
    `insert into public.customers (org_id, name, email) values ($1, $2, $3) returning id`,
    [
      org.id,
      opts.customerName ?? `Customer ${rand()}`,
      opts.email === undefined ? `c-${rand()}@test.kasuwa.app` : opts.email,
    ],
  );
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, due_at, created_by)
     select $1, $2, currency, $3, $4 from public.organizations where id = $1 returning id`,
    [org.id, c!.id, opts.dueAt, org.ownerId],
  );
  await addLine(sql, org, inv!.id, { qty: 2, unitPrice: '1500.50' });
  const status = opts.status ?? 'ISSUED';
  if (status !== 'QUOTE') {
    await sql(`update public.invoices set status = 'ISSUED', issued_at = $2 where id = $1`, [
      inv!.id,
      opts.issuedAt ?? '2026-03-01T09:00:00Z',
    ]);
  }
  if (status === 'VOID') await sql(`update public.invoices set status = 'VOID' where id = $1`, [inv!.id]);
  if (status === 'PAID') {
    await sql(
      `insert into public.payments (org_id, invoice_id, method, amount, currency, created_by)
       select org_id, id, 'cash', total, currency, $2 from public.invoices where id = $1`,
      [inv!.id, org.ownerId],
    );
  }
  return inv!.id;
}

async function remindersOn(sql: Sql, org: Org, steps = [-3, 0, 7]) {
  await sql(`insert into public.payment_reminder_settings (org_id, enabled, steps) values ($1, true, $2)`, [
    org.id,
    steps,
  ]);
}

const run = async (sql: Sql, now: string) =>
  (await sql<{ n: number }>(`select public.queue_payment_reminders($1) as n`, [now]))[0]!.n;

const queued = (sql: Sql, invoiceId: string) =>
  sql<Queued>(
    `select dedupe_key, to_address, locale, data from private.outgoing_mail
      where kind = 'payment_reminder' and data ->> 'invoiceId' = $1 order by id`,
    [invoiceId],
  );
const steps = async (sql: Sql, invoiceId: string) =>
  (await queued(sql, invoiceId)).map((m) => Number(m.data.step));

describe('queue_payment_reminders', () => {
  it('queues each step on its day (3 days before, on the day, 7 days after), once', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await remindersOn(sql, org);
      const id = await invoice(sql, org, { dueAt: '2026-04-10', issuedAt: '2026-04-01T10:00:00Z' });
      // Lagos is UTC+1: noon UTC is the same day there.
      await run(sql, '2026-04-06T12:00:00Z');
      expect(await steps(sql, id)).toEqual([]);
      await run(sql, '2026-04-07T12:00:00Z');
      expect(await steps(sql, id)).toEqual([-3]);
      await run(sql, '2026-04-07T18:00:00Z');
      await run(sql, '2026-04-09T12:00:00Z');
      expect(await steps(sql, id)).toEqual([-3]);
      await run(sql, '2026-04-10T12:00:00Z');
      await run(sql, '2026-04-10T13:00:00Z');
      expect(await steps(sql, id)).toEqual([-3, 0]);
      await run(sql, '2026-04-17T12:00:00Z');
      await run(sql, '2026-05-30T12:00:00Z');
      expect(await steps(sql, id)).toEqual([-3, 0, 7]);

      const [mail] = await queued(sql, id);
      const [inv] = await sql<{ number: string; email: string }>(
        `select i.number, c.email from public.invoices i join public.customers c on c.id = i.customer_id where i.id = $1`,
        [id],
      );
      expect(mail).toMatchObject({
        dedupe_key: `payment_reminder:${id}:-3`,
        to_address: inv!.email,
        locale: 'en',
        data: { number: inv!.number, dueAt: '2026-04-10', amountDue: 3001, currency: 'GHS', step: -3 },
      });
      // The public link in the mail opens the invoice, without signing in (read by /api as the service role).
      const token = String(mail!.data.path).replace('/i/', '');
      const [shared] = await actAs(sql, { role: 'service_role' }, () =>
        sql<{ r: { invoice: { number: string } } | null }>(`select public.shared_invoice($1) as r`, [token]),
      );
      expect(JSON.stringify(shared!.r)).toContain(inv!.number);
    }));

  it('switched on late, or for an invoice issued late, sends only the latest step whose day has come', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await remindersOn(sql, org);
      const old = await invoice(sql, org, { dueAt: '2026-04-10', issuedAt: '2026-04-01T10:00:00Z' });
      // Issued two days after its due date: the reminder before and on the day are in its past.
      const late = await invoice(sql, org, { dueAt: '2026-04-10', issuedAt: '2026-04-12T10:00:00Z' });
      expect(await run(sql, '2026-05-01T12:00:00Z')).toBeGreaterThanOrEqual(2);
      expect(await steps(sql, old)).toEqual([7]);
      expect(await steps(sql, late)).toEqual([7]);
      await run(sql, '2026-05-02T12:00:00Z');
      expect(await steps(sql, old)).toEqual([7]);
    }));

  it('queues nothing for a paid, voided or draft invoice, one without a customer email or due date, or with reminders off', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await remindersOn(sql, org);
      const base = { dueAt: '2026-04-10', issuedAt: '2026-04-01T10:00:00Z' };
      const none = [
        await invoice(sql, org, { ...base, status: 'PAID' }),
        await invoice(sql, org, { ...base, status: 'VOID' }),
        await invoice(sql, org, { ...base, status: 'QUOTE' }),
        await invoice(sql, org, { ...base, email: null }),
        await invoice(sql, org, { ...base, dueAt: null }),
      ];
      const off = await setupOrg(sql);
      none.push(await invoice(sql, off, base));
      const offRow = await setupOrg(sql);
      await sql(`insert into public.payment_reminder_settings (org_id, enabled) values ($1, false)`, [
        offRow.id,
      ]);
      none.push(await invoice(sql, offRow, base));
      // Paid after the first reminder: no more.
      const paidLater = await invoice(sql, org, base);
      await run(sql, '2026-04-07T12:00:00Z');
      await sql(
        `insert into public.payments (org_id, invoice_id, method, amount, currency, created_by)
         select org_id, id, 'cash', total, currency, $2 from public.invoices where id = $1`,
        [paidLater, org.ownerId],
      );
      await run(sql, '2026-04-20T12:00:00Z');
      for (const id of none) expect(await steps(sql, id)).toEqual([]);
      expect(await steps(sql, paidLater)).toEqual([-3]);
    }));

  it('counts the day in the organization’s time zone', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await remindersOn(sql, org, [0]);
      await sql(`update public.organizations set timezone = 'Africa/Nairobi' where id = $1`, [org.id]);
      const id = await invoice(sql, org, { dueAt: '2026-04-10', issuedAt: '2026-04-01T10:00:00Z' });
      // 20:59 UTC is 23:59 in Nairobi (UTC+3): not yet the due day there.
      await run(sql, '2026-04-09T20:59:00Z');
      expect(await steps(sql, id)).toEqual([]);
      // 21:00 UTC, still the 9th in UTC, is midnight of the 10th in Nairobi.
      await run(sql, '2026-04-09T21:00:00Z');
      expect(await steps(sql, id)).toEqual([0]);
    }));

  it('writes the reminder in the document language of the organization’s country', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql, { country: 'SN', currency: 'XOF' });
      await remindersOn(sql, org);
      const id = await invoice(sql, org, { dueAt: '2026-04-10', issuedAt: '2026-04-01T10:00:00Z' });
      await run(sql, '2026-04-10T12:00:00Z');
      expect((await queued(sql, id)).map((m) => m.locale)).toEqual(['fr']);
    }));

  it('keeps the steps in order, each once, within -30 and 90 days, at most six', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await remindersOn(sql, org, [7, -3, 0, 7]);
      const [row] = await sql<{ steps: number[] }>(
        `select steps from public.payment_reminder_settings where org_id = $1`,
        [org.id],
      );
      expect(row!.steps).toEqual([-3, 0, 7]);
      for (const bad of [[], [-31], [91], [1, 2, 3, 4, 5, 6, 8]]) {
        await sql('savepoint s');
        await expectSqlError(
          sql(`update public.payment_reminder_settings set steps = $2 where org_id = $1`, [org.id, bad]),
          '23514',
        );
        await sql('rollback to savepoint s');
      }
    }));
});

describe('never twice, even when two runs meet', () => {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 3 });
  afterAll(() => pool.end());

  it('two runs at once queue each reminder once', async () => {
    const ids = await asOwner(
      async (sql) => {
        const org = await setupOrg(sql);
        await remindersOn(sql, org);
        return [
          await invoice(sql, org, { dueAt: '2031-01-10', issuedAt: '2031-01-01T10:00:00Z' }),
          await invoice(sql, org, { dueAt: '2031-01-11', issuedAt: '2031-01-01T10:00:00Z' }),
        ];
      },
      { commit: true },
    );
    const counts = await Promise.all(
      [0, 1].map(async () => {
        const { rows } = await pool.query<{ n: number }>(`select public.queue_payment_reminders($1) as n`, [
          '2031-01-12T12:00:00Z',
        ]);
        return rows[0]!.n;
      }),
    );
    const { rows } = await pool.query<{ key: string }>(
      `select dedupe_key as key from private.outgoing_mail where data ->> 'invoiceId' = any($1) order by key`,
      [ids],
    );
    expect(rows.map((r) => r.key).sort()).toEqual(ids.map((id) => `payment_reminder:${id}:0`).sort());
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
  });
});

describe('the mail queue is out of every member’s reach', () => {
  it('no role reads or writes private.outgoing_mail, claims or finishes mail, or runs the reminders', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const actors = [{ role: 'anon' } as const, user(org.ownerId)];
      for (const role of ROLES.filter((r) => r !== 'OWNER'))
        actors.push(user((await addMember(sql, org.id, role)).id));
      for (const actor of actors) {
        for (const statement of [
          'select * from private.outgoing_mail',
          `update private.outgoing_mail set sent_at = now()`,
          `select private.queue_mail(null, 'invitation', 'x', 'a@b.co', 'en', '{}')`,
          'select * from public.claim_outgoing_mail(10, 60)',
          `select public.finish_outgoing_mail('{1}', null)`,
          'select public.queue_payment_reminders()',
        ]) {
          await expectSqlError(
            actAs(sql, actor, () => sql(statement)),
            '42501',
          );
        }
      }
    }));

  it('members read their organization’s reminder settings; only owners and managers change them', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const other = await setupOrg(sql);
      const members = Object.fromEntries(
        await Promise.all(
          ROLES.filter((r) => r !== 'OWNER').map(
            async (r) => [r, (await addMember(sql, org.id, r)).id] as const,
          ),
        ),
      );
      members.OWNER = org.ownerId;
      await remindersOn(sql, org);
      for (const role of ROLES) {
        const id = members[role]!;
        const read = await actAs(sql, user(id), () =>
          sql(`select enabled from public.payment_reminder_settings where org_id = $1`, [org.id]),
        );
        expect(read, role).toHaveLength(1);
        const changed = await actAs(sql, user(id), () =>
          sql(`update public.payment_reminder_settings set steps = '{1}' where org_id = $1 returning 1`, [
            org.id,
          ]),
        );
        expect(changed.length, role).toBe(role === 'OWNER' || role === 'MANAGER' ? 1 : 0);
      }
      // Another organization's owner neither reads nor creates them.
      expect(
        await actAs(sql, user(other.ownerId), () =>
          sql(`select 1 from public.payment_reminder_settings where org_id = $1`, [org.id]),
        ),
      ).toHaveLength(0);
      await expectSqlError(
        actAs(sql, user(other.ownerId), () =>
          sql(`insert into public.payment_reminder_settings (org_id, enabled) values ($1, true)`, [org.id]),
        ),
        '42501',
      );
    }));
});

describe('the invitation mail', () => {
  const invite = (
    sql: Sql,
    actorId: string,
    orgId: string,
    email: string,
    locale: string | null,
    key?: string,
  ) =>
    actAs(
      sql,
      user(actorId),
      async () =>
        (
          await sql<{ r: { data?: { id: string; token: string }; error?: { code: string } } }>(
            `select public.create_invitation($1, $2, $3, 'SALES', $4) as r`,
            [orgId, key ?? null, email, locale],
          )
        )[0]!.r,
    );
  const mails = (sql: Sql, invitationId: string) =>
    sql<Queued & { sent_at: string | null }>(
      `select dedupe_key, to_address, locale, data, sent_at from private.outgoing_mail
        where kind = 'invitation' and data ->> 'invitationId' = $1 order by id`,
      [invitationId],
    );

  it('is queued with the invitation, in the chosen language, with the link the answer carries', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await setPlan(sql, org.id, 'BUSINESS');
      const address = `kofi-${rand()}@test.kasuwa.app`;
      const answer = await invite(sql, org.ownerId, org.id, address, 'fr');
      const [mail, ...more] = await mails(sql, answer.data!.id);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({
        to_address: address,
        locale: 'fr',
        data: { path: `/invite/${answer.data!.token}`, role: 'SALES', inviterName: 'Test User' },
      });
      // Without a choice, the inviter's own language (the profile's, English here).
      const other = await invite(sql, org.ownerId, org.id, `ama-${rand()}@test.kasuwa.app`, null);
      expect((await mails(sql, other.data!.id)).map((m) => m.locale)).toEqual(['en']);
    }));

  it('inviting again queues a new mail with the new link, and drops the unsent one whose link died', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const address = `kofi-${rand()}@test.kasuwa.app`;
      const first = await invite(sql, org.ownerId, org.id, address, 'en');
      await sql(`update private.outgoing_mail set sent_at = now() where data ->> 'invitationId' = $1`, [
        first.data!.id,
      ]);
      const again = await invite(sql, org.ownerId, org.id, address, 'en');
      const third = await invite(sql, org.ownerId, org.id, address, 'en');
      expect(again.data!.id).toBe(first.data!.id);
      const all = await mails(sql, first.data!.id);
      expect(all.map((m) => [m.data.path, m.sent_at === null])).toEqual([
        [`/invite/${first.data!.token}`, false],
        [`/invite/${third.data!.token}`, true],
      ]);
    }));

  it('a refused invitation (a sales member inviting, a bad language) queues nothing', () =>
    asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const before = await sql<{ n: string }>(`select count(*) as n from private.outgoing_mail`);
      expect((await invite(sql, sales.id, org.id, `x-${rand()}@test.kasuwa.app`, 'en')).error).toBeDefined();
      expect(
        (await invite(sql, org.ownerId, org.id, `y-${rand()}@test.kasuwa.app`, 'de')).error,
      ).toBeDefined();
      expect(await sql(`select count(*) as n from private.outgoing_mail`)).toEqual(before);
    }));
});
