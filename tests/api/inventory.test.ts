// /api/products, /api/suppliers and /api/purchase-orders as the app and integrators call them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldReasons, json, unique } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

const product = (overrides: Record<string, unknown> = {}) => ({
  name: `Gino Tomato Paste ${unique()}`,
  sku: `GINO-${unique()}`,
  unit: 'tin',
  cost: 4.5,
  price: 6,
  lowStockThreshold: 10,
  ...overrides,
});

describe('/api/products', () => {
  it('creates with opening stock, lists, searches by name, SKU or barcode, edits and deletes', async () => {
    const o = await owner();
    const created = await call('/products', {
      token: o.token,
      body: product({ name: 'Peak Milk 400g', sku: 'PEAK-400', barcode: '6001087340014', openingStock: 24 }),
    });
    expect(created.status).toBe(201);
    const peak = await json(created);
    expect(peak).toMatchObject({
      name: 'Peak Milk 400g',
      sku: 'PEAK-400',
      unit: 'tin',
      cost: 4.5,
      price: 6,
      stockOnHand: 24,
      lowStockThreshold: 10,
      stockStatus: 'IN_STOCK',
    });
    await call('/products', { token: o.token, body: product({ name: 'Milo 500g', sku: 'MILO-500' }) });

    const all = await call('/products', { token: o.token });
    expect(all.headers.get('x-total-count')).toBe('2');
    expect((await json(all)).map((p: { name: string }) => p.name)).toEqual(['Milo 500g', 'Peak Milk 400g']);
    for (const term of ['peak', 'PEAK-4', '6001087340014']) {
      const found = await json(
        await call(`/products?search=${encodeURIComponent(term)}`, { token: o.token }),
      );
      expect(found.map((p: { sku: string }) => p.sku)).toEqual(['PEAK-400']);
    }
    const attention = await json(await call('/products?status=attention', { token: o.token }));
    expect(attention.map((p: { sku: string; stockStatus: string }) => [p.sku, p.stockStatus])).toEqual([
      ['MILO-500', 'OUT_OF_STOCK'],
    ]);

    const edited = await call(`/products/${peak.id}`, {
      token: o.token,
      method: 'PUT',
      body: product({ name: 'Peak Milk 400g', sku: 'PEAK-400', price: 6.5, lowStockThreshold: 30 }),
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ price: 6.5, stockOnHand: 24, stockStatus: 'LOW_STOCK' });

    const deleted = await call(`/products/${peak.id}`, { token: o.token, method: 'DELETE' });
    expect(await json(deleted)).toEqual({ id: peak.id, archived: true });
    expect((await call(`/products/${peak.id}`, { token: o.token })).status).toBe(404);
    expect((await call('/products', { token: o.token })).headers.get('x-total-count')).toBe('1');
  });

  it('answers a taken SKU with a sentence, and bad input with a message for each field, changing nothing', async () => {
    const o = await owner();
    await call('/products', { token: o.token, body: product({ sku: 'RICE-25' }) });
    const clash = await call('/products', { token: o.token, body: product({ sku: 'rice-25' }) });
    expect(clash.status).toBe(409);
    expect(await json(clash)).toMatchObject({
      code: 'ALREADY_EXISTS',
      message: 'A product with this SKU already exists',
    });
    const bad = await call('/products', {
      token: o.token,
      body: { name: '', sku: 'X', cost: '', price: 'abc', lowStockThreshold: '' },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({
      name: 'REQUIRED',
      cost: 'COST_REQUIRED',
      price: 'PRICE_REQUIRED',
      lowStockThreshold: 'LOW_STOCK_THRESHOLD_REQUIRED',
    });
    expect((await call('/products', { token: o.token })).headers.get('x-total-count')).toBe('1');
  });

  it('applies a create sent twice with the same Idempotency-Key once', async () => {
    const o = await owner();
    const key = randomUUID();
    const body = product({ openingStock: 5 });
    const first = await call('/products', { token: o.token, body, key });
    const second = await call('/products', { token: o.token, body, key });
    expect(second.status).toBe(201);
    expect((await json(second)).id).toBe((await json(first)).id);
    expect((await call('/products', { token: o.token })).headers.get('x-total-count')).toBe('1');
  });

  it('explains stock through its moves and a manual adjustment with a reason', async () => {
    const o = await owner();
    const p = await json(await call('/products', { token: o.token, body: product({ openingStock: 12 }) }));
    const noReason = await call(`/products/${p.id}/adjustments`, {
      token: o.token,
      body: { delta: -2, note: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(fieldReasons(await json(noReason)).note).toBe('ADJUSTMENT_REASON_REQUIRED');
    const adjusted = await call(`/products/${p.id}/adjustments`, {
      token: o.token,
      body: { delta: -2, note: 'Two tins dented' },
    });
    expect(adjusted.status).toBe(201);
    expect(await json(adjusted)).toEqual({ id: p.id, stockOnHand: 10 });
    const moves = await json(await call(`/products/${p.id}/moves`, { token: o.token }));
    expect(
      moves.map((m: { reason: string; delta: number; note: string }) => [m.reason, m.delta, m.note]),
    ).toEqual([
      ['ADJUSTMENT', -2, 'Two tins dented'],
      ['OPENING', 12, 'Opening stock'],
    ]);
    expect(moves[0].author).toEqual({ firstName: 'Adwoa', lastName: 'Owusu' });
  });

  it('imports a whole file or nothing, with the problems per row', async () => {
    const o = await owner();
    const bad = await call('/products/import', {
      token: o.token,
      body: {
        rows: [
          { name: 'Sardines', sku: 'SARD-1', cost: '3', price: '4' },
          { name: 'Sardines again', sku: 'sard-1', cost: '3', price: '' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    const refusal = await json(bad);
    expect(refusal.message).toBe('3 problem(s) in the file; nothing was imported');
    expect(refusal).toMatchObject({ reason: 'IMPORT_PROBLEMS', params: { count: 3 } });
    expect(refusal.details.rows).toContainEqual({
      row: 3,
      field: 'price',
      reason: 'PRICE_REQUIRED',
      message: 'Price is required',
    });
    expect((await call('/products', { token: o.token })).headers.get('x-total-count')).toBe('0');

    const good = await call('/products/import', {
      token: o.token,
      body: { rows: [{ name: 'Sardines', sku: 'SARD-1', cost: '3', price: '4', openingStock: '48' }] },
    });
    expect(good.status).toBe(201);
    expect(await json(good)).toEqual({ imported: 1 });
    const [sardines] = await json(await call('/products', { token: o.token }));
    expect(sardines).toMatchObject({ sku: 'SARD-1', stockOnHand: 48 });
  });

  it('lets ACCOUNTANT and SALES members read inventory but not change it', async () => {
    const o = await owner();
    const p = await json(await call('/products', { token: o.token, body: product({ openingStock: 3 }) }));
    for (const role of ['ACCOUNTANT', 'SALES'] as const) {
      const m = await member(o, role);
      const asMember = { token: m.token, orgId: o.orgId };
      expect((await json(await call('/products', asMember)))[0].id).toBe(p.id);
      const attempts = [
        await call('/products', { ...asMember, body: product() }),
        await call(`/products/${p.id}`, { ...asMember, method: 'PUT', body: product() }),
        await call(`/products/${p.id}`, { ...asMember, method: 'DELETE' }),
        await call(`/products/${p.id}/adjustments`, { ...asMember, body: { delta: 5, note: 'Found more' } }),
        await call('/suppliers', { ...asMember, body: { name: 'Somebody' } }),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(403);
        expect((await json(res)).message).toBe('You do not have permission to do this');
      }
    }
    const still = await json(await call(`/products/${p.id}`, { token: o.token }));
    expect(still).toMatchObject({ name: p.name, stockOnHand: 3 });
  });

  it("never shows or changes another organization's products", async () => {
    const o = await owner();
    const stranger = await owner();
    const p = await json(await call('/products', { token: o.token, body: product() }));
    expect(await json(await call('/products', { token: stranger.token }))).toEqual([]);
    expect((await call(`/products/${p.id}`, { token: stranger.token })).status).toBe(404);
    const asIntruder = { token: stranger.token, orgId: o.orgId };
    // Listing another organization's products is refused outright, and shows none of them.
    const listed = await call('/products', asIntruder);
    expect(listed.status).toBe(403);
    expect(JSON.stringify(await json(listed))).not.toContain(p.name);
    expect((await call(`/products/${p.id}`, { ...asIntruder, method: 'PUT', body: product() })).status).toBe(
      403,
    );
    expect((await call(`/products/${p.id}`, { token: stranger.token, method: 'DELETE' })).status).toBe(404);
    expect((await json(await call(`/products/${p.id}`, { token: o.token }))).name).toBe(p.name);
  });
});

describe('/api/suppliers and /api/purchase-orders', () => {
  it('orders from a supplier, approves, receives into stock once, and refuses a second receipt', async () => {
    const o = await owner();
    const rice = await json(await call('/products', { token: o.token, body: product({ openingStock: 2 }) }));
    const supplier = await call('/suppliers', {
      token: o.token,
      body: { name: 'Makola Wholesale', email: 'orders@makola.example', phone: '+233 24 000 0000' },
    });
    expect(supplier.status).toBe(201);
    const s = await json(supplier);
    const renamed = await call(`/suppliers/${s.id}`, {
      token: o.token,
      method: 'PUT',
      body: { name: 'Makola Wholesale Ltd', email: '', phone: '' },
    });
    expect(await json(renamed)).toEqual({ id: s.id, name: 'Makola Wholesale Ltd', email: null, phone: null });
    const badEmail = await call('/suppliers', { token: o.token, body: { name: 'X', email: 'nope' } });
    expect(fieldReasons(await json(badEmail)).email).toBe('INVALID_EMAIL');

    const created = await call('/purchase-orders', {
      token: o.token,
      body: {
        supplierId: s.id,
        expectedAt: '2026-12-01',
        lines: [{ productId: rice.id, quantity: 10, unitCost: 62.35 }],
      },
    });
    expect(created.status).toBe(201);
    const po = await json(created);
    expect(po).toMatchObject({
      status: 'DRAFT',
      currency: 'GHS',
      total: 623.5,
      expectedAt: '2026-12-01',
      supplier: { id: s.id, name: 'Makola Wholesale Ltd' },
      lines: [{ quantity: 10, unitCost: 62.35, product: { id: rice.id, name: rice.name } }],
    });
    const early = await call(`/purchase-orders/${po.id}/receive`, { token: o.token, method: 'POST' });
    expect(early.status).toBe(400);
    expect((await json(early)).message).toBe('A purchase order cannot go from DRAFT to RECEIVED');
    expect(
      await json(await call(`/purchase-orders/${po.id}/approve`, { token: o.token, method: 'POST' })),
    ).toMatchObject({
      status: 'APPROVED',
    });
    const received = await call(`/purchase-orders/${po.id}/receive`, { token: o.token, method: 'POST' });
    expect(await json(received)).toMatchObject({ status: 'RECEIVED', receivedAt: expect.any(String) });
    const again = await call(`/purchase-orders/${po.id}/receive`, { token: o.token, method: 'POST' });
    expect((await json(again)).message).toBe('This purchase order was already received');
    expect((await json(await call(`/products/${rice.id}`, { token: o.token }))).stockOnHand).toBe(12);
    const list = await call('/purchase-orders', { token: o.token });
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await json(list))[0]).toMatchObject({ id: po.id, status: 'RECEIVED', total: 623.5 });
  });
});
