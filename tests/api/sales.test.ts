// /api/customers, /api/invoices, /api/payments and the public invoice link, as the app calls them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { client, fieldReasons, json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

async function customer(o: Owner, name = `Ama Serwaa ${unique()}`) {
  const res = await call('/customers', { token: o.token, body: { name, phone: '+233 24 555 0101' } });
  expect(res.status).toBe(201);
  return json(res);
}

async function product(o: Owner, price: number, stock: number) {
  const res = await call('/products', {
    token: o.token,
    body: { name: `Item ${unique()}`, sku: `I-${unique()}`, cost: 1, price, openingStock: stock },
  });
  expect(res.status, 'product created').toBe(201);
  return json(res);
}

describe('/api/customers', () => {
  it('adds, edits and searches customers by name, phone or email, with a message for each field', async () => {
    const o = await owner();
    const bad = await call('/customers', { token: o.token, body: { name: ' ', email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toEqual({
      name: 'REQUIRED',
      email: 'INVALID_EMAIL',
    });
    const kofi = await json(
      await call('/customers', { token: o.token, body: { name: 'Kofi Boateng', email: 'kofi@example.com' } }),
    );
    await customer(o, 'Akosua Mensah');
    const edited = await call(`/customers/${kofi.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Kofi Boateng', email: '', phone: '0244 123 456' },
    });
    expect(await json(edited)).toMatchObject({ id: kofi.id, email: null, phone: '0244 123 456' });
    // A number typed with other spacing, or none, finds it by its digits.
    for (const term of ['boat', '123 456', '0244123456', '244 12 34']) {
      const found = await call(`/customers?search=${encodeURIComponent(term)}`, { token: o.token });
      expect(found.headers.get('x-total-count')).toBe('1');
      expect((await json(found))[0].id).toBe(kofi.id);
    }
    expect((await call('/customers', { token: o.token })).headers.get('x-total-count')).toBe('2');
    // Digits among words are no phone number.
    for (const term of ['Kofi 0244123456'])
      expect(
        (await call(`/customers?search=${encodeURIComponent(term)}`, { token: o.token })).headers.get(
          'x-total-count',
        ),
      ).toBe('0');
  });
});

describe('/api/invoices', () => {
  it('invoices product lines exactly in XOF, issues them out of stock, and takes two mobile-money payments to PAID', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const c = await customer(o);
    // An XOF product is priced in whole francs; a line may still carry a computed price, rounded per line.
    const rice = await product(o, 333, 10);
    const created = await call('/invoices', {
      token: o.token,
      body: {
        customerId: c.id,
        dueAt: '2026-12-31',
        lines: [
          { productId: rice.id, description: 'Riz parfumé', qty: 3, unitPrice: 333.33, taxRate: 18 },
          { description: 'Livraison', qty: 1.5, unitPrice: 101, taxRate: 0 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const invoice = await json(created);
    expect(invoice).toMatchObject({
      number: 'QUO-000001',
      status: 'QUOTE',
      currency: 'XOF',
      subtotal: 1152,
      tax: 180,
      total: 1332,
      balance: 1332,
      dueAt: '2026-12-31',
      customer: { id: c.id, name: c.name },
      shared: false,
    });
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual([
      'Riz parfumé',
      'Livraison',
    ]);

    const issued = await json(
      await call(`/invoices/${invoice.id}/issue`, { token: o.token, method: 'POST' }),
    );
    expect(issued).toMatchObject({ status: 'ISSUED', issuedAt: expect.any(String) });
    expect((await json(await call(`/products/${rice.id}`, { token: o.token }))).stockOnHand).toBe(7);

    const pay = (amount: number, key = randomUUID(), ref = `W-${unique()}`) =>
      call('/payments', {
        token: o.token,
        key,
        body: { invoiceId: invoice.id, method: 'mobile-money', provider: 'WAVE', amount, ref },
      });
    const key = randomUUID();
    expect((await pay(1000, key, 'W-1')).status).toBe(201);
    expect((await pay(1000, key, 'W-1')).status).toBe(201); // the same payment sent again is applied once
    const reused = await pay(1000, key, 'W-2');
    expect(reused.status).toBe(409);
    expect((await json(reused)).message).toBe('This mutation id was already used for another change');
    const over = await pay(500);
    expect(over.status).toBe(400);
    expect((await json(over)).code).toBe('VALIDATION_FAILED');
    expect((await pay(332)).status).toBe(201);
    const paid = await json(await call(`/invoices/${invoice.id}`, { token: o.token }));
    // Issued, the quote took the next invoice number and keeps the one it was sent with.
    expect(paid).toMatchObject({
      number: 'INV-000001',
      quoteNumber: 'QUO-000001',
      status: 'PAID',
      amountPaid: 1332,
      balance: 0,
    });
    expect(paid.payments.map((p: { amount: number; provider: string }) => [p.amount, p.provider])).toEqual([
      [1000, 'WAVE'],
      [332, 'WAVE'],
    ]);
    const voided = await call(`/invoices/${invoice.id}/void`, { token: o.token, method: 'POST' });
    expect(voided.status).toBe(400);
    const payments = await call('/payments', { token: o.token });
    expect(payments.headers.get('x-total-count')).toBe('2');
    expect((await json(payments))[0]).toMatchObject({
      invoice: { number: 'INV-000001', customer: { name: c.name } },
    });
  });

  it('takes a quick payload (a total only) as a one-line invoice, and voids an issued one back into stock', async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const c = await customer(o);
    const quick = await call('/invoices', {
      token: o.token,
      body: {
        customerId: c.id,
        status: 'ISSUED',
        currency: 'NGN',
        subtotal: 1250.5,
        tax: 0,
        total: 1250.5,
        dueAt: null,
      },
    });
    expect(await json(quick)).toMatchObject({
      status: 'ISSUED',
      total: 1250.5,
      lines: [{ qty: 1, unitPrice: 1250.5 }],
    });
    const missing = await call('/invoices', { token: o.token, body: { customerId: c.id } });
    expect(fieldReasons(await json(missing)).total).toBe('TOTAL_REQUIRED');

    const oil = await product(o, 2500, 4);
    const inv = await json(
      await call('/invoices', {
        token: o.token,
        body: {
          customerId: c.id,
          status: 'ISSUED',
          lines: [{ productId: oil.id, description: 'Oil', qty: 3, unitPrice: 2500 }],
        },
      }),
    );
    expect((await json(await call(`/products/${oil.id}`, { token: o.token }))).stockOnHand).toBe(1);
    expect(
      await json(await call(`/invoices/${inv.id}/void`, { token: o.token, method: 'POST' })),
    ).toMatchObject({
      status: 'VOID',
    });
    expect((await json(await call(`/products/${oil.id}`, { token: o.token }))).stockOnHand).toBe(4);
  });

  it('numbers 20 invoices created at the same moment without gaps or duplicates, quotes apart', async () => {
    const o = await owner();
    const c = await customer(o);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('/invoices', {
          token: o.token,
          body: { customerId: c.id, total: 10, status: i % 4 === 0 ? 'QUOTE' : 'ISSUED' },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = (await Promise.all(answers.map(json))).map((i: { number: string }) => i.number).sort();
    const series = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);
    expect(numbers).toEqual([...series('INV', 15), ...series('QUO', 5)]);
  });

  it('lists newest first, searches by number or customer name, filters by status and pages', async () => {
    const o = await owner();
    const ama = await customer(o, 'Ama Serwaa');
    const yaw = await customer(o, 'Yaw Darko');
    for (const c of [ama, yaw, ama])
      await call('/invoices', { token: o.token, body: { customerId: c.id, total: 10, status: 'ISSUED' } });
    // A quote is numbered on its own (QUO-000001) and counted in the list.
    await call('/invoices', { token: o.token, body: { customerId: yaw.id, total: 5 } });
    const all = await call('/invoices?limit=2', { token: o.token });
    expect(all.headers.get('x-total-count')).toBe('4');
    expect((await json(all)).map((i: { number: string }) => i.number)).toEqual(['QUO-000001', 'INV-000003']);
    const page2 = await json(await call('/invoices?limit=2&offset=2', { token: o.token }));
    expect(page2.map((i: { number: string }) => i.number)).toEqual(['INV-000002', 'INV-000001']);
    const byName = await json(await call('/invoices?search=serwaa', { token: o.token }));
    expect(byName.map((i: { number: string }) => i.number)).toEqual(['INV-000003', 'INV-000001']);
    const byNumber = await json(await call('/invoices?search=000002', { token: o.token }));
    expect(byNumber.map((i: { customer: { name: string } }) => i.customer.name)).toEqual(['Yaw Darko']);
    // However the number is typed: with or without INV- (QUO- for a quote), a prefix or digits anywhere.
    const numbers = async (term: string) =>
      (await json(await call(`/invoices?search=${encodeURIComponent(term)}`, { token: o.token }))).map(
        (i: { number: string }) => i.number,
      );
    expect(await numbers('INV-000002')).toEqual(['INV-000002']);
    expect(await numbers('inv-00000')).toEqual(['INV-000003', 'INV-000002', 'INV-000001']);
    expect(await numbers('inv000001')).toEqual(['INV-000001']);
    expect(await numbers('quo-1')).toEqual([]);
    expect(await numbers('QUO-000001')).toEqual(['QUO-000001']);
    expect(await numbers('000001')).toEqual(['QUO-000001', 'INV-000001']);
    expect(await numbers('3')).toEqual(['INV-000003']);
    expect(await numbers('INV-9')).toEqual([]);
    expect(await json(await call('/invoices?status=PAID', { token: o.token }))).toEqual([]);
  });
});

describe('the public invoice link', () => {
  it('shows the invoice to anyone with the link until it is revoked, and nothing else', async () => {
    const o = await owner();
    const c = await customer(o);
    const inv = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, status: 'ISSUED', total: 480 } }),
    );
    const other = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, total: 99 } }),
    );
    const share = await call(`/invoices/${inv.id}/share`, { token: o.token, method: 'POST' });
    expect(share.status).toBe(201);
    const { token, path } = await json(share);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(path).toBe(`/i/${token}`);
    expect((await json(await call(`/invoices/${inv.id}`, { token: o.token }))).shared).toBe(true);

    const open = await fetch(`${(await import('../env.ts')).SUPABASE_URL}/api/public/invoices/${token}`);
    expect(open.status).toBe(200);
    const seen = await json(open);
    expect(seen).toMatchObject({
      organization: { currency: 'GHS' },
      invoice: { number: inv.number, total: 480, status: 'ISSUED', customer: { name: c.name } },
      lines: [{ qty: 1, unitPrice: 480 }],
    });
    expect(JSON.stringify(seen)).not.toContain(other.number);
    expect(JSON.stringify(seen)).not.toContain(c.phone);

    const wrong = await fetch(
      `${(await import('../env.ts')).SUPABASE_URL}/api/public/invoices/${token.slice(0, -2)}xx`,
    );
    expect(wrong.status).toBe(404);
    await call(`/invoices/${inv.id}/share`, { token: o.token, method: 'DELETE' });
    const revoked = await fetch(`${(await import('../env.ts')).SUPABASE_URL}/api/public/invoices/${token}`);
    expect(revoked.status).toBe(404);
    expect((await json(revoked)).message).toBe('This link is not valid any more');
  });
});

describe('roles and organizations', () => {
  it('lets SALES create customers and invoices but not record payments, and keeps other organizations out', async () => {
    const o = await owner();
    const sales = await member(o, 'SALES');
    const as = { token: sales.token, orgId: o.orgId };
    const c = await json(await call('/customers', { ...as, body: { name: 'Walk-in customer' } }));
    const inv = await json(
      await call('/invoices', { ...as, body: { customerId: c.id, status: 'ISSUED', total: 50 } }),
    );
    expect(inv).toMatchObject({ status: 'ISSUED', total: 50 });
    const payment = await call('/payments', {
      ...as,
      body: { invoiceId: inv.id, method: 'cash', amount: 50 },
    });
    expect(payment.status).toBe(403);
    expect((await json(payment)).message).toBe('You do not have permission to do this');

    const stranger = await owner();
    expect((await call(`/invoices/${inv.id}`, { token: stranger.token })).status).toBe(404);
    expect(await json(await call('/invoices', { token: stranger.token }))).toEqual([]);
    expect((await call(`/invoices/${inv.id}`, { token: stranger.token, orgId: o.orgId })).status).toBe(404);
    const hijack = await call('/payments', {
      token: stranger.token,
      orgId: o.orgId,
      body: { invoiceId: inv.id, method: 'cash', amount: 50 },
    });
    expect(hijack.status).toBe(404); // to an outsider the invoice does not exist
    const share = await call(`/invoices/${inv.id}/share`, {
      token: stranger.token,
      orgId: o.orgId,
      method: 'POST',
    });
    expect(share.status).toBe(403);
  });
});

describe('PUT /api/invoices/:id', () => {
  it('replaces a quote’s customer, lines and due date once per write id, and refuses an issued invoice', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const ama = await customer(o);
    const yaw = await customer(o, `Yaw Darko ${unique()}`);
    // An XOF product is priced in whole francs; a line may still carry a computed price, rounded per line.
    const rice = await product(o, 333, 10);
    const created = await json(
      await call('/invoices', {
        token: o.token,
        body: { customerId: ama.id, lines: [{ description: 'Sac', qty: 1, unitPrice: 1000, taxRate: 0 }] },
      }),
    );
    const key = randomUUID();
    const body = {
      customerId: yaw.id,
      dueAt: '2027-01-15',
      notes: 'Livraison samedi',
      lines: [
        { productId: rice.id, description: 'Riz parfumé', qty: 3, unitPrice: 333.33, taxRate: 18 },
        { description: 'Livraison', qty: 1, unitPrice: 500.4, taxRate: 0 },
      ],
    };
    const edit = () => call(`/invoices/${created.id}`, { token: o.token, method: 'PUT', key, body });
    const edited = await edit();
    expect(edited.status).toBe(200);
    const quote = await json(edited);
    // XOF has no decimals: 3 × 333.33 = 999.99 -> 1000, tax 18% = 180; 500.4 -> 500.
    expect(quote).toMatchObject({
      number: created.number,
      status: 'QUOTE',
      customer: { id: yaw.id },
      dueAt: '2027-01-15',
      notes: 'Livraison samedi',
      subtotal: 1500,
      tax: 180,
      total: 1680,
    });
    expect(quote.lines.map((l: { description: string }) => l.description)).toEqual([
      'Riz parfumé',
      'Livraison',
    ]);
    expect((await edit()).status).toBe(200); // sent again by the outbox: applied once
    expect((await json(await call(`/invoices/${created.id}`, { token: o.token }))).lines).toHaveLength(2);

    const empty = await call(`/invoices/${created.id}`, {
      token: o.token,
      method: 'PUT',
      body: { customerId: yaw.id, lines: [] },
    });
    expect(empty.status).toBe(400);
    expect(fieldReasons(await json(empty))).toEqual({ lines: 'LINES_REQUIRED' });

    await call(`/invoices/${created.id}/issue`, { token: o.token, method: 'POST' });
    const late = await call(`/invoices/${created.id}`, { token: o.token, method: 'PUT', body });
    expect(late.status).toBe(400);
    expect((await json(late)).message).toBe('Only a QUOTE can be edited');
    const after = await json(await call(`/invoices/${created.id}`, { token: o.token }));
    expect(after).toMatchObject({ status: 'ISSUED', total: 1680 });
  });

  it('lets a salesperson edit only the quotes they created; another organization reaches none', async () => {
    const o = await owner();
    const c = await customer(o);
    const sales = await member(o, 'SALES');
    const line = { description: 'Consulting', qty: 1, unitPrice: 100, taxRate: 0 };
    const create = async (token: string) =>
      json(await call('/invoices', { token, orgId: o.orgId, body: { customerId: c.id, lines: [line] } }));
    const theirs = await create(sales.token);
    const owners = await create(o.token);
    const body = { customerId: c.id, lines: [{ ...line, unitPrice: 250 }] };
    const put = (token: string, id: string) =>
      call(`/invoices/${id}`, { token, orgId: o.orgId, method: 'PUT', body });
    const own = await put(sales.token, theirs.id);
    expect(own.status).toBe(200);
    expect((await json(own)).total).toBe(250);
    const other = await put(sales.token, owners.id);
    expect(other.status).toBe(403);
    expect((await json(other)).message).toBe('You can edit only the quotes you created');
    const stranger = await owner();
    expect([403, 404]).toContain((await put(stranger.token, owners.id)).status);
    expect((await json(await call(`/invoices/${owners.id}`, { token: o.token }))).total).toBe(100);
  });
});

describe('an invoice created as Paid', () => {
  const paidInvoice = (o: Owner, customerId: string, extra: Record<string, unknown>, token = o.token) =>
    call('/invoices', {
      token,
      orgId: o.orgId,
      key: randomUUID(),
      body: { customerId, total: 250, status: 'PAID', ...extra },
    });
  const customerOf = async (o: Owner) =>
    json(await call('/customers', { token: o.token, body: { name: `Esi ${unique()}` } }));

  it('records the payment of the total with the method, provider, reference and date given', async () => {
    const o = await owner(); // Ghana: Africa/Accra, UTC+00:00
    const c = await customerOf(o);
    const res = await paidInvoice(o, c.id, {
      payment: { method: 'mobile-money', provider: 'MTN_MOMO', ref: 'MP-7781', receivedAt: '2026-12-02' },
    });
    expect(res.status).toBe(201);
    const invoice = await json(res);
    expect(invoice).toMatchObject({ status: 'PAID', amountPaid: 250, balance: 0 });
    expect(invoice.payments).toEqual([
      {
        id: expect.any(String),
        method: 'mobile-money',
        provider: 'MTN_MOMO',
        amount: 250,
        ref: 'MP-7781',
        receivedAt: expect.stringMatching(/^2026-12-02T00:00:00/),
        receiptNumber: 'RCT-000001',
        balanceAfter: 0,
        createdAt: expect.any(String),
        createdBy: o.userId,
        reversal: null,
      },
    ]);

    // The quick form: the method it names (paymentMethod), now as the date.
    const quick = await json(await paidInvoice(o, c.id, { paymentMethod: 'card' }));
    expect(quick.payments).toEqual([
      expect.objectContaining({ method: 'card', provider: null, ref: null, amount: 250 }),
    ]);
    expect(Date.now() - Date.parse(quick.payments[0].receivedAt)).toBeLessThan(60_000);

    const noMethod = await paidInvoice(o, c.id, { payment: { receivedAt: '2026-12-02' } });
    expect(noMethod.status).toBe(400);
    expect(fieldReasons(await json(noMethod))).toEqual({ 'payment.method': 'PAYMENT_METHOD_REQUIRED' });
  });

  it('is for the roles that record payments: an accountant may, a salesperson is refused by the database itself', async () => {
    const o = await owner();
    const c = await customerOf(o);
    const accountant = await member(o, 'ACCOUNTANT');
    expect((await paidInvoice(o, c.id, { payment: { method: 'cash' } }, accountant.token)).status).toBe(201);

    const sales = await member(o, 'SALES');
    const refused = await paidInvoice(o, c.id, { payment: { method: 'cash' } }, sales.token);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: 'FORBIDDEN', reason: 'PAID_INVOICE_FORBIDDEN' });
    // Straight to the Data API, past the app and the api function.
    const { data, error } = await client(sales.token).rpc('create_invoice', {
      p_org_id: o.orgId,
      p_mutation_id: randomUUID(),
      p_input: { customerId: c.id, total: 50, status: 'PAID' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'PAID_INVOICE_FORBIDDEN' } });
    const { data: paid } = await supabaseClient(SERVICE_ROLE_KEY)
      .from('invoices')
      .select('id')
      .eq('org_id', o.orgId)
      .eq('status', 'PAID');
    expect(paid).toHaveLength(1); // the accountant's
    // The same salesperson still creates it as a quote or issued.
    expect((await paidInvoice(o, c.id, { status: 'ISSUED' }, sales.token)).status).toBe(201);
  });
});
