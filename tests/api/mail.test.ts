// The app's own mail, sent by the edge function (supabase/functions/api/mail.ts) over real SMTP to the
// stack's catcher: a queued payment reminder arrives once, in the organization's document language, with
// names printed as typed; two drains at once send each mail once; a failing SMTP server leaves the mail
// unsent with its error; only the service role key runs the job.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/config.ts';
import { startFunction } from '../../local/functions.ts';
import { ANON_KEY, DATABASE_URL, MAIL_URL, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { mailsTo, waitForMail, words } from '../mailbox.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json, unique } from './helpers.ts';
import { call, member, owner, type Owner } from './org-helpers.ts';

const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
afterAll(() => db.end());

const sendMail = (key: string, base = `${SUPABASE_URL}/api`) =>
  fetch(`${base}/jobs/send-mail`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: ANON_KEY },
  });

/** An ISSUED invoice of the owner's organization, due today, to a customer with this name and email. */
async function dueInvoice(o: Owner, customer: { name: string; email: string }) {
  const { rows } = await db.query<{ id: string }>(
    `with c as (insert into public.customers (org_id, name, email) values ($1, $2, $3) returning id),
          i as (insert into public.invoices (org_id, customer_id, currency, due_at, created_by)
                select $1, c.id, o.currency, (now() at time zone o.timezone)::date, $4
                  from c, public.organizations o where o.id = $1 returning id)
     select id from i`,
    [o.orgId, customer.name, customer.email, o.userId],
  );
  const id = rows[0]!.id;
  await db.query(
    `insert into public.invoice_items (org_id, invoice_id, description, qty, unit_price, tax_rate)
     values ($1, $2, 'Rice 50 kg', 3, 12500, 0)`,
    [o.orgId, id],
  );
  await db.query(`update public.invoices set status = 'ISSUED' where id = $1`, [id]);
  await db.query(
    `insert into public.payment_reminder_settings (org_id, enabled) values ($1, true) on conflict do nothing`,
    [o.orgId],
  );
  return id;
}

const queueReminders = async () => {
  const { data, error } = await supabaseClient(SERVICE_ROLE_KEY).rpc('queue_payment_reminders');
  if (error) throw error;
  return data;
};

const rowsOf = async (invoiceId: string) =>
  (
    await db.query<{ sent_at: Date | null; attempts: number; last_error: string | null; link: boolean }>(
      `select sent_at, attempts, last_error, data ? 'path' as link
         from private.outgoing_mail where data ->> 'invoiceId' = $1`,
      [invoiceId],
    )
  ).rows;

describe('the mail sender', () => {
  it('refuses to run for anyone but the service role, through /api and the Data API', async () => {
    const o = await owner();
    const m = await member(o, 'MANAGER');
    for (const key of [ANON_KEY, o.token, m.token]) {
      const res = await sendMail(key);
      if (key === ANON_KEY) expect(res.status).toBe(401);
      else {
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'JOB_FORBIDDEN' });
      }
      const client = supabaseClient(undefined, key === ANON_KEY ? undefined : key);
      for (const [fn, args] of [
        ['claim_outgoing_mail', { p_limit: 10 }],
        ['finish_outgoing_mail', { p_ids: [1] }],
        ['queue_payment_reminders', {}],
      ] as const) {
        const { error } = await client.rpc(fn as 'queue_payment_reminders', args as never);
        expect(error?.code, fn).toBe('42501');
      }
      const { error } = await client
        .schema('private' as 'public')
        .from('outgoing_mail' as never)
        .select();
      expect(error).not.toBeNull();
    }
  });

  it('sends a queued French reminder once, with the names as typed and the seller’s details', async () => {
    const o = await owner({
      country: 'SN',
      currency: 'XOF',
      organizationName: `<i>Boutique & Fils</i> ${unique()}`,
    });
    await db.query(
      `insert into public.business_profiles (org_id, address, phone, email) values ($1, 'Rue 10, Dakar', '+221 77 000 00 00', 'caisse@boutique.test')
       on conflict (org_id) do update set address = excluded.address, phone = excluded.phone, email = excluded.email`,
      [o.orgId],
    );
    const address = `ama-${unique()}@test.kasuwa.app`;
    const invoiceId = await dueInvoice(o, { name: '<b>Ama & Sons</b>', email: address });
    expect(await queueReminders()).toBeGreaterThanOrEqual(1);

    const res = await sendMail(SERVICE_ROLE_KEY);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: expect.any(Number), failed: 0 });
    const mail = await waitForMail(MAIL_URL, address);
    expect(mail.Subject).toMatch(
      /^Rappel : la facture INV-\d{6} de <i>Boutique & Fils<\/i> .* est à régler le /,
    );
    expect(mail.HTML).toContain('&lt;b&gt;Ama &amp; Sons&lt;/b&gt;');
    expect(mail.HTML).not.toContain('<b>Ama');
    expect(mail.HTML).toContain('lang="fr"');
    // 3 × 12 500 XOF, no decimals, grouped the French way.
    expect(words(mail)).toMatch(/Montant dû : 37\s500 CFA/);
    expect(words(mail)).toContain('Bonjour <b>Ama & Sons</b>,');
    expect(words(mail)).toContain('Rue 10, Dakar');
    const link = /(https?:\/\/\S+\/i\/[A-Za-z0-9_-]+)/.exec(mail.Text)?.[1];
    expect(link).toBeDefined();
    // The link opens the invoice without signing in.
    const token = link!.split('/i/')[1]!;
    expect((await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`)).status).toBe(200);

    // Run again (reminders and sender): nothing more.
    await queueReminders();
    await sendMail(SERVICE_ROLE_KEY);
    expect(await mailsTo(MAIL_URL, address)).toHaveLength(1);
    const [row] = await rowsOf(invoiceId);
    // The sent row no longer holds the link (the database keeps only the share's hash).
    expect(row).toMatchObject({ sent_at: expect.any(Date), attempts: 1, last_error: null, link: false });
  });

  it('two drains at once send each mail once', async () => {
    const o = await owner();
    const addresses = Array.from({ length: 6 }, () => `kofi-${unique()}@test.kasuwa.app`);
    for (const a of addresses) await dueInvoice(o, { name: 'Kofi', email: a });
    await queueReminders();
    const answers = await Promise.all([sendMail(SERVICE_ROLE_KEY), sendMail(SERVICE_ROLE_KEY)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    for (const a of addresses) await waitForMail(MAIL_URL, a);
    await new Promise((r) => setTimeout(r, 500));
    for (const a of addresses) expect(await mailsTo(MAIL_URL, a), a).toHaveLength(1);
  });

  describe('with an SMTP server that refuses', () => {
    let refusing: Server;
    let fn: { child: ChildProcess; port: number } | undefined;
    afterAll(async () => {
      fn?.child.kill('SIGTERM');
      await new Promise<void>((r) => (refusing ? refusing.close(() => r()) : r()));
    });

    it('leaves the mail unsent with the error, to be tried again later', async () => {
      // Answers every connection with a permanent refusal, as a provider that does not accept us would.
      refusing = createServer((socket) => socket.end('554 5.7.1 No mail accepted from this sender\r\n'));
      await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', () => r()));
      const smtpPort = (refusing.address() as AddressInfo).port;
      const dir = path.join(ROOT, 'supabase', 'functions', 'api');
      fn = await startFunction({
        name: 'api',
        dir,
        env: {
          SUPABASE_URL,
          SUPABASE_ANON_KEY: ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          SITE_URL: 'http://localhost:3000',
        },
        log: () => {},
      });
      const o = await owner();
      const address = `yaw-${unique()}@test.kasuwa.app`;
      const invoiceId = await dueInvoice(o, { name: 'Yaw', email: address });
      await queueReminders();
      const res = await sendMail(SERVICE_ROLE_KEY, `http://127.0.0.1:${fn.port}/api`);
      expect(res.status).toBe(200);
      expect((await res.json()).failed).toBeGreaterThanOrEqual(1);
      const [row] = await rowsOf(invoiceId);
      expect(row).toMatchObject({
        sent_at: null,
        link: true,
        attempts: 1,
        last_error: expect.stringMatching(/554|No mail accepted/),
      });
      // Not tried again at once: the working sender leaves it for later too.
      await sendMail(SERVICE_ROLE_KEY);
      expect(await mailsTo(MAIL_URL, address)).toHaveLength(0);
      expect((await rowsOf(invoiceId))[0]).toMatchObject({ sent_at: null, attempts: 1 });
    });
  });
});

describe('low-stock alerts by mail', () => {
  it('one sale that takes two products to their threshold sends each member who asked one digest, in their language, once a day', async () => {
    const o = await owner();
    const manager = await member(o, 'MANAGER', { locale: 'fr' });
    const accountant = await member(o, 'ACCOUNTANT');
    const off = await call('/preferences', {
      token: accountant.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { lowStockAlerts: false },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    const product = async (name: string, openingStock: number) =>
      json(
        await call('/products', {
          token: o.token,
          orgId: o.orgId,
          body: { name, sku: `SKU-${unique()}`, cost: 100, price: 150, openingStock, lowStockThreshold: 5 },
        }),
      ) as Promise<{ id: string }>;
    const rice = await product('<b>Rice</b> 5kg', 7);
    const oil = await product('Huile & Co 1L', 6);
    const customer = await json(
      await call('/customers', { token: o.token, orgId: o.orgId, body: { name: 'Ama' } }),
    );
    const sell = async (lines: { productId: string; qty: number }[]) => {
      const res = await call('/invoices', {
        token: o.token,
        orgId: o.orgId,
        body: {
          customerId: customer.id,
          status: 'ISSUED',
          lines: lines.map((l) => ({ ...l, description: 'Sale', unitPrice: 150 })),
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    await sell([
      { productId: rice.id, qty: 2 }, // 5 left: at the threshold
      { productId: oil.id, qty: 3 }, // 3 left: below it
    ]);

    const res = await sendMail(SERVICE_ROLE_KEY);
    expect(res.status).toBe(200);
    const english = await waitForMail(MAIL_URL, o.input.email);
    expect(english.Subject).toBe(`${o.input.organizationName}: 2 products are running low`);
    expect(english.HTML).toContain('&lt;b&gt;Rice&lt;/b&gt; 5kg');
    expect(words(english)).toContain('Huile & Co 1L');
    const french = await waitForMail(MAIL_URL, manager.input.email);
    expect(french.Subject).toBe(`${o.input.organizationName} : 2 produits sont presque épuisés`);
    expect(french.HTML).toContain('lang="fr"');
    expect(await mailsTo(MAIL_URL, accountant.input.email)).toHaveLength(0);

    // Restocked and sold down again the same day: the bell says so again, the mailbox does not.
    const restock = await call(`/products/${rice.id}/adjustments`, {
      token: o.token,
      orgId: o.orgId,
      body: { delta: 10, note: 'Delivery counted' },
    });
    expect(restock.status, await restock.clone().text()).toBeLessThan(300);
    await sell([{ productId: rice.id, qty: 12 }]);
    await sendMail(SERVICE_ROLE_KEY);
    expect(await mailsTo(MAIL_URL, o.input.email)).toHaveLength(1);
    expect(await mailsTo(MAIL_URL, manager.input.email)).toHaveLength(1);
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from public.notifications where org_id = $1 and user_id = $2 and kind = 'low_stock'`,
      [o.orgId, o.userId],
    );
    expect(Number(rows[0]!.n)).toBe(3);
  });
});

describe('payment reminder settings through /api', () => {
  it('owners and managers set them, accountants and sales only read them, strangers get nothing', async () => {
    const o = await owner();
    const path = `/organizations/${o.orgId}/payment-reminders`;
    expect(await json(await call(path, { token: o.token }))).toEqual({ enabled: false, steps: [-3, 0, 7] });
    const saved = await call(path, {
      token: o.token,
      method: 'PUT',
      body: { enabled: true, steps: [7, -1, 0] },
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({ enabled: true, steps: [-1, 0, 7] });
    const manager = await member(o, 'MANAGER');
    expect(
      (await call(path, { token: manager.token, method: 'PUT', body: { enabled: true, steps: [0] } })).status,
    ).toBe(200);
    for (const role of ['ACCOUNTANT', 'SALES'] as const) {
      const m = await member(o, role);
      expect(await json(await call(path, { token: m.token }))).toEqual({ enabled: true, steps: [0] });
      const refused = await call(path, {
        token: m.token,
        method: 'PUT',
        body: { enabled: false, steps: [0] },
      });
      expect(refused.status, role).toBe(403);
    }
    const stranger = await owner();
    expect((await call(path, { token: stranger.token })).status).toBe(404);
    expect(
      (await call(path, { token: stranger.token, method: 'PUT', body: { enabled: true, steps: [0] } }))
        .status,
    ).toBe(403);
    const bad = await call(path, { token: o.token, method: 'PUT', body: { enabled: true, steps: [0, 0] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain('REMINDER_STEPS_INVALID');
    expect(await json(await call(path, { token: o.token }))).toEqual({ enabled: true, steps: [0] });
  });
});
