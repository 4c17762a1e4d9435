// What a customer receives: a credit note's public link (as an invoice's, revocable, read by anyone with the
// link and nobody else), one live link per document however often it is shared (and by the reminder run),
// and any document sent by e-mail — to the address given, in the document's language, with its link — by
// the members who may share it, at most private.document_mail_hourly_limit() an hour per organization.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, DATABASE_URL, MAIL_URL, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { waitForMail, words } from '../mailbox.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
afterAll(() => db.end());

type Role = 'OWNER' | 'MANAGER' | 'ACCOUNTANT' | 'SALES';
let o: Owner;
let people: Record<Role, { token: string; userId: string }>;
const ROLES: Role[] = ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES'];

beforeAll(async () => {
  o = await owner({ country: 'SN', currency: 'XOF', organizationName: `Boutique Awa ${unique()}` });
  const [manager, accountant, sales] = await Promise.all([
    member(o, 'MANAGER'),
    member(o, 'ACCOUNTANT'),
    member(o, 'SALES'),
  ]);
  people = { OWNER: o, MANAGER: manager, ACCOUNTANT: accountant, SALES: sales };
}, 60_000);

const as = (who: Role, path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  call(path, { token: people[who].token, orgId: o.orgId, key: randomUUID(), ...init });
const open = (path: string) => fetch(`${SUPABASE_URL}/api/public${path}`);
const sendQueued = () =>
  fetch(`${SUPABASE_URL}/api/jobs/send-mail`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, apikey: ANON_KEY },
  });

/** An ISSUED invoice of 2 × 12 500 XOF, due in a week, credited 12 500 (one bag back). */
async function creditedInvoice(email: string | null = null) {
  const customer = await json(
    await as('OWNER', '/customers', { body: { name: `Awa Diop ${unique()}`, email } }),
  );
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await as('OWNER', '/invoices', {
    body: {
      customerId: customer.id,
      status: 'ISSUED',
      dueAt: due,
      lines: [{ description: 'Riz 50 kg', qty: 2, unitPrice: 12500, taxRate: 0 }],
    },
  });
  expect(res.status).toBe(201);
  const inv = await json(res);
  const cn = await as('OWNER', `/invoices/${inv.id}/credit-notes`, {
    body: { reason: 'Un sac abîmé', restock: false, lines: [{ invoiceItemId: inv.lines[0].id, qty: 1 }] },
  });
  expect(cn.status).toBe(201);
  const { creditNote } = await json(cn);
  return { inv, creditNote, customer, due };
}

describe('a credit note’s public link', () => {
  it('every member may share it; anyone with the link reads the credit note and nothing else', async () => {
    const { creditNote, inv, customer } = await creditedInvoice();
    for (const role of ROLES) {
      const res = await as(role, `/credit-notes/${creditNote.id}/share`, { method: 'POST' });
      expect(res.status, role).toBeLessThan(300);
      const { path, token } = await json(res);
      expect(path).toBe(`/c/${token}`);
      const shown = await open(`/credit-notes/${token}`);
      expect(shown.status).toBe(200);
      const body = await json(shown);
      expect(body).toMatchObject({
        seller: { name: expect.stringContaining('Boutique Awa'), country: 'SN' },
        note: {
          number: creditNote.number,
          total: 12500,
          reason: 'Un sac abîmé',
          lines: [{ description: 'Riz 50 kg', qty: 1, unitPrice: 12500, amount: 12500 }],
        },
        customer: { name: customer.name },
        invoice: { number: inv.number, total: 25000 },
      });
      // No record's id reaches the public.
      expect(JSON.stringify(body)).not.toContain(creditNote.id);
      expect(JSON.stringify(body)).not.toContain(inv.id);
    }
    // The invoice's page says the credit note has a live link.
    const page = await json(await as('SALES', `/invoices/${inv.id}`));
    expect(page.creditNotes[0].shared).toBe(true);
  });

  it('is refused to strangers, to the Data API and once revoked', async () => {
    const { creditNote } = await creditedInvoice();
    const stranger = await owner();
    const theirs = await call(`/credit-notes/${creditNote.id}/share`, {
      token: stranger.token,
      orgId: o.orgId,
      method: 'POST',
    });
    expect(theirs.status).toBe(403);
    // A stranger in their own organization does not find it either.
    const elsewhere = await call(`/credit-notes/${creditNote.id}/share`, {
      token: stranger.token,
      orgId: stranger.orgId,
      method: 'POST',
    });
    expect(elsewhere.status).toBe(404);
    expect(await json(elsewhere)).toMatchObject({ reason: 'CREDIT_NOTE_NOT_FOUND' });

    const { token } = await json(
      await as('OWNER', `/credit-notes/${creditNote.id}/share`, { method: 'POST' }),
    );
    // Nobody reads a shared credit note or makes a link but through the functions behind /api.
    for (const key of [undefined, o.token]) {
      const client = supabaseClient(undefined, key);
      const read = await client.rpc('shared_credit_note', { p_token: token });
      expect(read.error, String(key)).not.toBeNull();
      const made = await client
        .from('credit_note_share_tokens')
        .insert({ org_id: o.orgId, credit_note_id: creditNote.id, token_hash: 'x'.repeat(64) });
      expect(made.error).not.toBeNull();
    }
    expect(
      (
        await supabaseClient().rpc('create_credit_note_share', {
          p_org_id: o.orgId,
          p_credit_note_id: creditNote.id,
        })
      ).error,
    ).not.toBeNull();

    // Sales revoke only their own links: the owner's stays live.
    const salesRevoke = await as('SALES', `/credit-notes/${creditNote.id}/share`, { method: 'DELETE' });
    expect(await json(salesRevoke)).toEqual({ revoked: 0 });
    expect((await open(`/credit-notes/${token}`)).status).toBe(200);
    const revoked = await as('ACCOUNTANT', `/credit-notes/${creditNote.id}/share`, { method: 'DELETE' });
    expect((await json(revoked)).revoked).toBeGreaterThanOrEqual(1);
    const gone = await open(`/credit-notes/${token}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ reason: 'SHARE_LINK_INVALID' });
    expect((await open(`/credit-notes/${'x'.repeat(32)}`)).status).toBe(404);
  });
});

describe('one link per document', () => {
  it('sharing an invoice again, its receipt, or the reminder run gives its live link again', async () => {
    const { inv, creditNote, customer } = await creditedInvoice(`awa-${unique()}@test.kasuwa.app`);
    const first = await json(await as('OWNER', `/invoices/${inv.id}/share`, { method: 'POST' }));
    const again = await json(await as('OWNER', `/invoices/${inv.id}/share`, { method: 'POST' }));
    // A receipt's link is the invoice's: the manager sharing a receipt gets the same link.
    const receipt = await json(await as('MANAGER', `/invoices/${inv.id}/share`, { method: 'POST' }));
    expect(again.token).toBe(first.token);
    expect(receipt.token).toBe(first.token);
    const cn1 = await json(await as('OWNER', `/credit-notes/${creditNote.id}/share`, { method: 'POST' }));
    const cn2 = await json(await as('MANAGER', `/credit-notes/${creditNote.id}/share`, { method: 'POST' }));
    expect(cn2.token).toBe(cn1.token);
    // A salesperson gets a link they may revoke themselves: their own, once.
    const s1 = await json(await as('SALES', `/invoices/${inv.id}/share`, { method: 'POST' }));
    const s2 = await json(await as('SALES', `/invoices/${inv.id}/share`, { method: 'POST' }));
    expect(s1.token).not.toBe(first.token);
    expect(s2.token).toBe(s1.token);
    const links = async () =>
      Number(
        (await db.query(`select count(*) from public.invoice_share_tokens where invoice_id = $1`, [inv.id]))
          .rows[0].count,
      );
    expect(await links()).toBe(2);

    // The reminder run mails the invoice's live link rather than a new one.
    await db.query(
      `insert into public.payment_reminder_settings (org_id, enabled, steps) values ($1, true, '{-7}')
       on conflict (org_id) do update set enabled = true, steps = '{-7}'`,
      [o.orgId],
    );
    const { error } = await supabaseClient(SERVICE_ROLE_KEY).rpc('queue_payment_reminders');
    expect(error).toBeNull();
    const { rows } = await db.query(
      `select data ->> 'path' as path from private.outgoing_mail where data ->> 'invoiceId' = $1`,
      [inv.id],
    );
    expect(rows).toHaveLength(1);
    expect([`/i/${first.token}`, `/i/${s1.token}`]).toContain(rows[0].path);
    expect(await links()).toBe(2);
    expect(customer.email).toBeTruthy();

    // Once revoked, the next share makes a new link (the old one stays dead).
    await as('OWNER', `/invoices/${inv.id}/share`, { method: 'DELETE' });
    const fresh = await json(await as('OWNER', `/invoices/${inv.id}/share`, { method: 'POST' }));
    expect(fresh.token).not.toBe(first.token);
    expect((await open(`/invoices/${first.token}`)).status).toBe(404);
    expect((await open(`/invoices/${fresh.token}`)).status).toBe(200);
  });

  it('a statement shared again for the same period gets its link again; another period another', async () => {
    const { customer } = await creditedInvoice();
    const period = { from: '2026-01-01', to: '2026-12-31' };
    const share = (body: object) =>
      as('ACCOUNTANT', `/customers/${customer.id}/statement/share`, { body }).then(json);
    const a = await share(period);
    const b = await share(period);
    const c = await share({ from: '2026-06-01', to: '2026-12-31' });
    expect(b.token).toBe(a.token);
    expect(c.token).not.toBe(a.token);
  });
});

describe('a document sent by e-mail', () => {
  it('arrives at the address given, in the document’s language, with the seller, amount, due date and link', async () => {
    const address = `awa-${unique()}@test.kasuwa.app`;
    const { inv } = await creditedInvoice(address);
    const res = await as('SALES', '/document-mails', {
      body: { kind: 'invoice', id: inv.id, email: address },
    });
    expect(res.status).toBe(202);
    expect(await json(res)).toMatchObject({ queued: true, to: address, locale: 'fr' });
    expect((await sendQueued()).status).toBe(200);
    const mail = await waitForMail(MAIL_URL, address);
    expect(mail.Subject).toMatch(new RegExp(`^Facture ${inv.number} de Boutique Awa`));
    expect(mail.HTML).toContain('lang="fr"');
    // 25 000 less the 12 500 credited, due in a week.
    expect(words(mail)).toMatch(/d’un montant de 25\s000 CFA/);
    expect(words(mail)).toMatch(/Montant dû : 12\s500 CFA, à régler au plus tard le \d+ \S+ 2026/);
    const link = /(https?:\/\/\S+\/i\/([A-Za-z0-9_-]+))/.exec(mail.Text);
    expect(link).not.toBeNull();
    expect((await open(`/invoices/${link![2]}`)).status).toBe(200);
    // The link is the invoice's live one: sharing it gives the same.
    const shared = await json(await as('SALES', `/invoices/${inv.id}/share`, { method: 'POST' }));
    expect(shared.token).toBe(link![2]);
  });

  it('sends a credit note and a receipt to another address; a statement only for those who may share it', async () => {
    const { inv, creditNote, customer } = await creditedInvoice();
    const paid = await as('ACCOUNTANT', '/payments', {
      body: { invoiceId: inv.id, method: 'cash', amount: 5000 },
    });
    expect(paid.status).toBe(201);
    const receiptNumber = (await json(await as('OWNER', `/invoices/${inv.id}`))).payments[0].receiptNumber;
    const to = `compta-${unique()}@test.kasuwa.app`;
    const cn = await as('SALES', '/document-mails', {
      body: { kind: 'credit_note', id: creditNote.id, email: to },
    });
    expect(cn.status).toBe(202);
    await sendQueued();
    const cnMail = await waitForMail(MAIL_URL, to);
    expect(cnMail.Subject).toMatch(new RegExp(`^Avoir ${creditNote.number} de Boutique Awa`));
    const cnToken = /\/c\/([A-Za-z0-9_-]+)/.exec(cnMail.Text)![1];
    expect((await open(`/credit-notes/${cnToken}`)).status).toBe(200);

    const to2 = `caisse-${unique()}@test.kasuwa.app`;
    const rc = await as('MANAGER', '/document-mails', {
      body: { kind: 'receipt', id: inv.id, receipt: receiptNumber, email: to2 },
    });
    expect(rc.status).toBe(202);
    await sendQueued();
    const rcMail = await waitForMail(MAIL_URL, to2);
    expect(rcMail.Subject).toMatch(new RegExp(`^Reçu ${receiptNumber} de `));
    expect(rcMail.Text).toMatch(new RegExp(`/i/[A-Za-z0-9_-]+/receipts/${receiptNumber}`));

    const statement = { kind: 'statement', id: customer.id, email: to, from: '2026-01-01', to: '2026-12-31' };
    const refused = await as('SALES', '/document-mails', { body: statement });
    expect(refused.status).toBe(403);
    expect((await as('ACCOUNTANT', '/document-mails', { body: statement })).status).toBe(202);
    // A stranger sends nothing of this organization; a bad address is refused with its field.
    const stranger = await owner();
    const theirs = await call('/document-mails', {
      token: stranger.token,
      orgId: o.orgId,
      body: { kind: 'invoice', id: inv.id, email: to },
    });
    expect(theirs.status).toBe(403);
    const bad = await as('OWNER', '/document-mails', {
      body: { kind: 'invoice', id: inv.id, email: 'awa@' },
    });
    expect(bad.status).toBe(400);
    const direct = await supabaseClient(undefined, o.token).rpc('send_document_mail', {
      p_org_id: o.orgId,
      p_kind: 'invoice',
      p_id: inv.id,
      p_email: 'not an address',
    });
    expect(JSON.parse(direct.error?.hint ?? '{}')).toMatchObject({ reason: 'INVALID_EMAIL', field: 'email' });
  });

  it('an organization sends at most its hourly budget, through /api and the Data API alike; a retried request once', async () => {
    const shop = await owner({ country: 'KE', currency: 'KES' });
    const customer = await json(
      await call('/customers', { token: shop.token, orgId: shop.orgId, body: { name: 'Wanjiru' } }),
    );
    const inv = await json(
      await call('/invoices', {
        token: shop.token,
        orgId: shop.orgId,
        body: {
          customerId: customer.id,
          status: 'ISSUED',
          lines: [{ description: 'Maize', qty: 1, unitPrice: 100, taxRate: 0 }],
        },
      }),
    );
    const to = `wanjiru-${unique()}@test.kasuwa.app`;
    const send = (key = randomUUID()) =>
      call('/document-mails', {
        token: shop.token,
        orgId: shop.orgId,
        key,
        body: { kind: 'invoice', id: inv.id, email: to },
      });
    const key = randomUUID();
    expect((await send(key)).status).toBe(202);
    const retried = await send(key);
    expect(await json(retried)).toMatchObject({ queued: false });
    const { rows } = await db.query(`select private.document_mail_hourly_limit() as n`);
    const limit = Number(rows[0].n);
    // The rest of the hour's budget, spent (as sent mails, so the sender leaves them alone).
    await db.query(
      `insert into private.outgoing_mail (organization_id, kind, dedupe_key, to_address, sent_at)
       select $1, 'document', 'test:' || gen_random_uuid(), $2, now() from generate_series(2, $3)`,
      [shop.orgId, to, limit],
    );
    const over = await send();
    expect(over.status).toBe(429);
    expect(await json(over)).toMatchObject({ reason: 'MAIL_BUDGET_SPENT', params: { limit } });
    const direct = await supabaseClient(undefined, shop.token).rpc('send_document_mail', {
      p_org_id: shop.orgId,
      p_kind: 'invoice',
      p_id: inv.id,
      p_email: to,
    });
    expect(JSON.parse(direct.error?.hint ?? '{}')).toMatchObject({ reason: 'MAIL_BUDGET_SPENT' });
    // Another organization's budget is its own.
    expect(
      (
        await as('OWNER', '/document-mails', {
          body: { kind: 'invoice', id: (await creditedInvoice()).inv.id, email: to },
        })
      ).status,
    ).toBe(202);
  });
});
