// Refusals carry a stable reason code, its parameters and the field, both through /api and through the Data
// API directly (PostgREST passes the SQL rule's hint on verbatim): docs/decisions/005-error-codes-end-to-end.md.
import { describe, expect, it } from 'vitest';
import { api, client, json, registration } from './helpers.ts';
import { allowMoreOrganizations, call, member, owner } from './org-helpers.ts';

const hintOf = (error: { hint?: string | null } | null) => JSON.parse(error?.hint ?? 'null') as unknown;

describe('refusals answer a reason code', () => {
  it('a payment over the balance: OVER_BALANCE with the balance and currency, on the amount', async () => {
    const o = await owner();
    const accountant = await member(o, 'ACCOUNTANT');
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Kofi Mensah' } }));
    const invoice = await json(
      await call('/invoices', {
        token: o.token,
        body: { customerId: customer.id, status: 'ISSUED', total: 100 },
      }),
    );
    const refusal = {
      reason: 'OVER_BALANCE',
      params: { amount: 100, currency: 'GHS' },
      field: 'amount',
    };

    const res = await call('/payments', {
      token: accountant.token,
      orgId: o.orgId,
      body: { invoiceId: invoice.id, method: 'cash', amount: 150 },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: 'VALIDATION_FAILED', ...refusal });

    const { error } = await client(accountant.token)
      .from('payments')
      .insert({ org_id: o.orgId, invoice_id: invoice.id, method: 'cash', amount: 150, currency: 'GHS' });
    expect(error?.code).toBe('23514');
    expect(hintOf(error)).toEqual(refusal);
  });

  it('a SKU taken: SKU_TAKEN on its field through /api; the constraint it maps from through the Data API', async () => {
    const o = await owner();
    const manager = await member(o, 'MANAGER');
    const product = { name: 'Gino Tomato Paste', sku: 'GINO-70', cost: 4.5, price: 6 };
    expect((await call('/products', { token: o.token, body: product })).status).toBe(201);

    const res = await call('/products', { token: manager.token, orgId: o.orgId, body: product });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'ALREADY_EXISTS', reason: 'SKU_TAKEN', field: 'sku' });

    // A built-in unique index carries no hint: its constraint name is the stable part (ADR 005).
    const { error } = await client(manager.token)
      .from('products')
      .insert({ org_id: o.orgId, name: 'Gino', sku: 'gino-70', cost: 4.5, price: 6 });
    expect(error?.code).toBe('23505');
    expect(error?.message).toContain('products_org_sku_key');
  });

  it('an organization name taken: ORGANIZATION_NAME_TAKEN with the name, on its field', async () => {
    const o = await owner();
    const taken = o.input.organizationName.toUpperCase();
    await allowMoreOrganizations(o.orgId); // else the free plan's one business is said first

    const res = await call('/organizations', {
      token: o.token,
      body: { name: taken, country: 'GH', currency: 'GHS' },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      code: 'ALREADY_EXISTS',
      reason: 'ORGANIZATION_NAME_TAKEN',
      params: { name: taken },
      field: 'name',
    });

    const registering = await api('/auth/register', { body: registration({ organizationName: taken }) });
    expect(registering.status).toBe(409);
    expect(await json(registering)).toMatchObject({
      reason: 'ORGANIZATION_NAME_TAKEN',
      field: 'organizationName',
    });

    const { error } = await client(o.token).rpc('create_organization', {
      p_name: taken,
      p_country: 'GH',
      p_currency: 'GHS',
    });
    expect(error?.code).toBe('23505');
    expect(hintOf(error)).toEqual({
      reason: 'ORGANIZATION_NAME_TAKEN',
      params: { name: taken },
      field: 'name',
    });
  });

  it('invalid input: INVALID_INPUT listing each field with its own reason', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const sales = await member(o, 'SALES');
    const empty = await call('/expenses', {
      token: o.token,
      body: { vendor: ' ', category: '', amount: '' },
    });
    expect(empty.status).toBe(400);
    expect(await json(empty)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'INVALID_INPUT',
      field: 'vendor',
      details: {
        fields: [
          { field: 'vendor', reason: 'VENDOR_REQUIRED' },
          { field: 'category', reason: 'CATEGORY_REQUIRED' },
          { field: 'amount', reason: 'AMOUNT_REQUIRED' },
        ],
      },
    });

    const decimals = await call('/expenses', {
      token: o.token,
      body: { vendor: 'Senelec', category: 'utilities', amount: 1500.5, currency: 'XOF' },
    });
    expect((await json(decimals)).details.fields).toEqual([
      { field: 'amount', reason: 'CURRENCY_DECIMALS', params: { currency: 'XOF', decimals: 0 } },
    ]);

    // The same rule in SQL, for a caller of the Data API: the answer recorded for the mutation says it too.
    const { data } = await client(o.token).rpc('record_expense', {
      p_org_id: o.orgId,
      p_mutation_id: crypto.randomUUID(),
      p_input: { vendor: 'Senelec', category: 'utilities', amount: 1500.5 },
    });
    expect(data).toMatchObject({
      error: { reason: 'CURRENCY_DECIMALS', params: { currency: 'XOF', decimals: 0 }, field: 'amount' },
    });

    // A member whose role may not: the reason names the rule, not just "forbidden".
    const report = await call('/reports/expenses', { token: sales.token, orgId: o.orgId });
    expect(report.status).toBe(403);
    expect(await json(report)).toMatchObject({ code: 'FORBIDDEN', reason: 'REPORT_FORBIDDEN' });
  });

  it('a wrong password: INVALID_CREDENTIALS', async () => {
    const o = await owner();
    const res = await api('/auth/login', { body: { email: o.input.email, password: 'not-the-password' } });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: 'UNAUTHORIZED', reason: 'INVALID_CREDENTIALS' });
  });
});
