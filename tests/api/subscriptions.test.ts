// /api/subscription-plans and /api/subscriptions as the Recurring screens will call them, and
// the same rules through the Data API: plans by owners and managers, subscribing by owners, managers and
// salespeople, pausing, resuming and cancelling by owners and managers; billing happens in the database.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, fieldReasons, json } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function plan(o: Owner, body: Record<string, unknown> = {}) {
  const res = await call('/subscription-plans', {
    token: o.token,
    body: { name: 'Water delivery', price: 30, interval: 'WEEKLY', ...body },
    key: randomUUID(),
  });
  expect(res.status).toBe(201);
  return json(res);
}
async function customer(o: Owner, name = 'Osu Mini Mart') {
  const res = await call('/customers', { token: o.token, body: { name } });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

describe('/api/subscription-plans', () => {
  it('creates a plan once per key in the organization’s currency, lists it, edits and deactivates it', async () => {
    const o = await owner();
    const bad = await call('/subscription-plans', {
      token: o.token,
      body: { name: ' ', price: -1, interval: 'DAILY', intervalCount: 1.5 },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({
      name: 'NAME_REQUIRED',
      price: 'ZERO_OR_MORE',
      interval: 'INVALID_VALUE',
      intervalCount: 'WHOLE_NUMBER',
    });
    const key = randomUUID();
    const body = { name: 'Canteen provisions', description: 'Every month', price: 850.5, trialDays: 7 };
    const created = await call('/subscription-plans', { token: o.token, body, key });
    expect(created.status).toBe(201);
    const p = await json(created);
    expect(p).toMatchObject({
      ...body,
      currency: 'GHS',
      interval: 'MONTHLY',
      intervalCount: 1,
      isActive: true,
    });
    expect((await json(await call('/subscription-plans', { token: o.token, body, key }))).id).toBe(p.id);
    expect(await json(await call('/subscription-plans', { token: o.token }))).toEqual([p]);

    const edited = await call(`/subscription-plans/${p.id}`, {
      token: o.token,
      method: 'PUT',
      body: { price: 900, isActive: false },
      key: randomUUID(),
    });
    expect(await json(edited)).toMatchObject({ name: 'Canteen provisions', price: 900, isActive: false });
    expect(await json(await call('/subscription-plans?active=true', { token: o.token }))).toEqual([]);
  });

  it('creates a plan of lines (a product and free text) whose price is their sum, and lists them', async () => {
    const o = await owner();
    const product = await json(
      await call('/products', {
        token: o.token,
        body: { name: 'Voltic pack', sku: 'VOLT-6', cost: 9, price: 12.5 },
      }),
    );
    const created = await call('/subscription-plans', {
      token: o.token,
      body: {
        name: 'Water delivery',
        price: 0,
        lines: [
          { productId: product.id, description: 'Voltic pack', qty: 2, unitPrice: 12.5 },
          { description: 'Delivery', qty: 1, unitPrice: 5 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const p = await json(created);
    expect(p).toMatchObject({
      price: 30,
      lines: [
        { productId: product.id, description: 'Voltic pack', qty: 2, unitPrice: 12.5 },
        { productId: null, description: 'Delivery', qty: 1, unitPrice: 5 },
      ],
    });
    expect(await json(await call('/subscription-plans', { token: o.token }))).toEqual([p]);
    const edited = await json(
      await call(`/subscription-plans/${p.id}`, {
        token: o.token,
        method: 'PUT',
        body: { lines: [{ description: 'Delivery', qty: 2, unitPrice: 5 }] },
      }),
    );
    expect(edited).toMatchObject({ price: 10, lines: [{ description: 'Delivery', qty: 2 }] });
  });

  it('refuses an amount with more decimals than the currency has (XOF has none)', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const res = await call('/subscription-plans', { token: o.token, body: { name: 'Eau', price: 1500.5 } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ reason: 'CURRENCY_DECIMALS', field: 'price' });
  });

  it('lets owners and managers manage plans; accountants and salespeople read them', async () => {
    const o = await owner();
    const p = await plan(o);
    const manager = await member(o, 'MANAGER');
    const managed = await call(`/subscription-plans/${p.id}`, {
      token: manager.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { name: 'Water (weekly)' },
    });
    expect(managed.status).toBe(200);
    for (const role of ['ACCOUNTANT', 'SALES'] as const) {
      const m = await member(o, role);
      const refused = await call('/subscription-plans', {
        token: m.token,
        orgId: o.orgId,
        body: { name: 'Mine', price: 1 },
      });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({ reason: 'PLAN_FORBIDDEN' });
      const edit = await call(`/subscription-plans/${p.id}`, {
        token: m.token,
        orgId: o.orgId,
        method: 'PUT',
        body: { price: 1 },
      });
      expect(edit.status).toBe(403);
      expect(
        (await json(await call('/subscription-plans', { token: m.token, orgId: o.orgId })))[0],
      ).toMatchObject({
        name: 'Water (weekly)',
        price: 30,
      });
      // The Data API says the same: RLS lets them read, not write.
      const { error } = await client(m.token)
        .from('subscription_plans')
        .insert({ org_id: o.orgId, name: 'Direct', price: 1, currency: 'GHS' });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('/api/subscriptions', () => {
  it('subscribes a customer (the started periods billed at once), lists it, pauses, resumes and cancels it', async () => {
    const o = await owner();
    const p = await plan(o);
    const customerId = await customer(o);
    const key = randomUUID();
    const body = { customerId, planId: p.id, quantity: 4, startDate: daysAgo(15) };
    const created = await call('/subscriptions', { token: o.token, body, key });
    expect(created.status).toBe(201);
    const s = await json(created);
    expect(s).toMatchObject({
      status: 'ACTIVE',
      customer: { id: customerId, name: 'Osu Mini Mart' },
      plan: {
        id: p.id,
        name: 'Water delivery',
        price: 30,
        currency: 'GHS',
        interval: 'WEEKLY',
        intervalCount: 1,
      },
      quantity: 4,
      taxPercent: 20, // Ghana's standard VAT, the organization's default rate
      discountPercent: 0,
      startDate: daysAgo(15),
      cyclesBilled: 3,
      currentPeriod: { start: daysAgo(1), end: daysAgo(-5) },
      nextBillingDate: daysAgo(-6),
      cancelAtPeriodEnd: false,
    });
    // The same key: the same subscription, nothing billed again.
    expect((await json(await call('/subscriptions', { token: o.token, body, key }))).id).toBe(s.id);
    expect(await json(await call('/subscriptions', { token: o.token }))).toEqual([s]);
    const invoices = await json(await call('/invoices?status=ISSUED', { token: o.token }));
    expect(invoices.length).toBe(3);
    // Its periods, newest first, each with its invoice (4 × 30.00 and Ghana's 20 % VAT: 144.00).
    const detail = await json(await call(`/subscriptions/${s.id}`, { token: o.token }));
    expect(detail).toMatchObject({ ...s, cycles: expect.any(Array) });
    expect(
      detail.cycles.map((c: { cycleNumber: number; start: string; status: string; amount: number }) => [
        c.cycleNumber,
        c.start,
        c.status,
        c.amount,
      ]),
    ).toEqual([
      [3, daysAgo(1), 'BILLED', 144],
      [2, daysAgo(8), 'BILLED', 144],
      [1, daysAgo(15), 'BILLED', 144],
    ]);
    expect(new Set(detail.cycles.map((c: { invoice: { id: string } }) => c.invoice.id))).toEqual(
      new Set(invoices.map((i: { id: string }) => i.id)),
    );
    const missing = await call(`/subscriptions/${randomUUID()}`, { token: o.token });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ reason: 'SUBSCRIPTION_NOT_FOUND' });

    const paused = await json(await call(`/subscriptions/${s.id}/pause`, { token: o.token, method: 'POST' }));
    expect(paused).toMatchObject({ status: 'PAUSED', nextBillingDate: null });
    const again = await call(`/subscriptions/${s.id}/pause`, { token: o.token, method: 'POST' });
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'SUBSCRIPTION_STATUS_TRANSITION',
      params: { from: 'PAUSED', to: 'PAUSED' },
    });
    expect(await json(await call('/subscriptions?status=PAUSED', { token: o.token }))).toMatchObject([
      { id: s.id },
    ]);
    const resumed = await json(
      await call(`/subscriptions/${s.id}/resume`, { token: o.token, method: 'POST' }),
    );
    expect(resumed).toMatchObject({ status: 'ACTIVE', nextBillingDate: daysAgo(-6), cyclesBilled: 3 });
    const edited = await call(`/subscriptions/${s.id}`, {
      token: o.token,
      method: 'PUT',
      body: { quantity: 5, discountPercent: 10, endDate: daysAgo(-60) },
    });
    expect(await json(edited)).toMatchObject({ quantity: 5, discountPercent: 10, endDate: daysAgo(-60) });
    const atEnd = await json(
      await call(`/subscriptions/${s.id}/cancel`, { token: o.token, body: { atPeriodEnd: true } }),
    );
    expect(atEnd).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
    const cancelled = await json(await call(`/subscriptions/${s.id}/cancel`, { token: o.token, body: {} }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', nextBillingDate: null });
  });

  it('refuses an inactive plan, a plan or customer of another organization, and bad input, with reasons', async () => {
    const o = await owner();
    const other = await owner();
    const p = await plan(o);
    const theirs = await plan(other);
    const customerId = await customer(o);
    const bad = await call('/subscriptions', {
      token: o.token,
      body: { customerId: 'x', planId: p.id, quantity: 0, discountPercent: 120 },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({
      customerId: 'INVALID_VALUE',
      quantity: 'NUMBER_TOO_SMALL',
      discountPercent: 'NUMBER_TOO_LARGE',
    });
    const foreign = await call('/subscriptions', { token: o.token, body: { customerId, planId: theirs.id } });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ reason: 'PLAN_NOT_FOUND', field: 'planId' });
    await call(`/subscription-plans/${p.id}`, { token: o.token, method: 'PUT', body: { isActive: false } });
    const inactive = await call('/subscriptions', { token: o.token, body: { customerId, planId: p.id } });
    expect(inactive.status).toBe(400);
    expect(await json(inactive)).toMatchObject({ reason: 'PLAN_INACTIVE' });
  });

  it('lets salespeople subscribe but not pause or cancel; accountants only read; other organizations see nothing', async () => {
    const o = await owner();
    const p = await plan(o, { trialDays: 30 });
    const customerId = await customer(o);
    const sales = await member(o, 'SALES');
    const accountant = await member(o, 'ACCOUNTANT');
    const created = await call('/subscriptions', {
      token: sales.token,
      orgId: o.orgId,
      body: { customerId, planId: p.id },
    });
    expect(created.status).toBe(201);
    const s = await json(created);
    // In its 30-day trial: nothing billed yet.
    expect(s).toMatchObject({
      status: 'ACTIVE',
      cyclesBilled: 0,
      trialEnd: daysAgo(-30),
      nextBillingDate: daysAgo(-30),
    });
    for (const m of [sales, accountant]) {
      const pause = await call(`/subscriptions/${s.id}/pause`, {
        token: m.token,
        orgId: o.orgId,
        method: 'POST',
      });
      expect(pause.status).toBe(403);
      expect(await json(pause)).toMatchObject({ reason: 'SUBSCRIPTION_FORBIDDEN' });
      expect((await json(await call('/subscriptions', { token: m.token, orgId: o.orgId })))[0].id).toBe(s.id);
    }
    const refused = await call('/subscriptions', {
      token: accountant.token,
      orgId: o.orgId,
      body: { customerId, planId: p.id },
    });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ reason: 'SUBSCRIPTION_FORBIDDEN' });

    const stranger = await owner();
    expect(await json(await call('/subscriptions', { token: stranger.token }))).toEqual([]);
    const cancel = await call(`/subscriptions/${s.id}/cancel`, { token: stranger.token, body: {} });
    expect(cancel.status).toBe(404);
    expect(await json(cancel)).toMatchObject({ reason: 'SUBSCRIPTION_NOT_FOUND' });
    expect((await json(await call('/subscriptions', { token: o.token })))[0].status).toBe('ACTIVE');
  });

  it('through the Data API: members subscribe with rpc/subscribe as their role allows, never write the tables, never run the billing', async () => {
    const o = await owner();
    const p = await plan(o);
    const customerId = await customer(o);
    const sales = client((await member(o, 'SALES')).token);
    const { data, error } = await sales.rpc('subscribe', {
      p_org_id: o.orgId,
      p_mutation_id: randomUUID(),
      p_input: { customerId, planId: p.id },
    });
    expect(error).toBeNull();
    const s = (data as { data: { id: string; status: string } }).data;
    expect(s.status).toBe('ACTIVE');
    const { data: cancelled } = await sales.rpc('cancel_subscription', {
      p_org_id: o.orgId,
      p_mutation_id: randomUUID(),
      p_subscription_id: s.id,
      p_at_period_end: false,
    });
    expect(cancelled).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'SUBSCRIPTION_FORBIDDEN' } });
    const me = client(o.token);
    const direct = await me.from('subscriptions').update({ status: 'CANCELLED' }).eq('id', s.id);
    expect(direct.error?.code).toBe('42501');
    const cycle = await me.from('billing_cycles').insert({
      org_id: o.orgId,
      subscription_id: s.id,
      cycle_number: 9,
      start_date: daysAgo(0),
      end_date: daysAgo(0),
      amount: 1,
      currency: 'GHS',
    });
    expect(cycle.error?.code).toBe('42501');
    const run = await me.rpc('bill_due_subscriptions', {});
    expect(run.error?.code).toBe('42501');
    const list = await json(await call('/subscriptions', { token: o.token }));
    expect(list).toMatchObject([{ id: s.id, status: 'ACTIVE', cyclesBilled: 1 }]);
  });
});

describe('/api/dashboard and the overview report', () => {
  it('show the monthly recurring revenue per currency and the active subscriptions', async () => {
    const o = await owner();
    const customerId = await customer(o);
    const weekly = await plan(o, { price: 100 });
    const monthly = await plan(o, { name: 'Maintenance', price: 50, interval: 'MONTHLY' });
    for (const [p, extra] of [
      [weekly, {}],
      [monthly, { quantity: 2, discountPercent: 10 }],
    ] as const)
      expect(
        (await call('/subscriptions', { token: o.token, body: { customerId, planId: p.id, ...extra } }))
          .status,
      ).toBe(201);
    const expected = {
      monthlyRecurringRevenue: [{ currency: 'GHS', amount: 523.33 }],
      activeSubscriptions: 2,
    };
    const dashboard = await json(await call('/dashboard', { token: o.token }));
    expect(dashboard.metrics).toMatchObject(expected);
    const overview = await json(await call('/reports/overview?days=30', { token: o.token }));
    expect(overview.subscriptions).toEqual(expected);
  });
});
