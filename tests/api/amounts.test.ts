// Money has its currency's decimals however it is written: a member writing a product's cost or
// price straight through the Data API (/rest/v1) in an XOF organization cannot store 150.75; the refusal is
// CURRENCY_DECIMALS with the currency and the field, as through /api and as for payments and expenses.
import { describe, expect, it } from 'vitest';
import { client, json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

const hintOf = (error: { hint?: string | null } | null) => JSON.parse(error?.hint ?? 'null') as unknown;
const xofDecimals = (field: string) => ({
  reason: 'CURRENCY_DECIMALS',
  params: { currency: 'XOF', decimals: 0 },
  field,
});

describe('amounts keep their currency decimals', () => {
  it('an XOF price or cost with decimals is refused through the Data API, a whole one is kept', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const manager = await member(o, 'MANAGER');
    const products = () => client(manager.token).from('products');

    const priced = await products().insert({
      org_id: o.orgId,
      name: 'Riz brisé 25 kg',
      sku: 'RIZ-25',
      cost: 12000,
      price: 150.75,
    });
    expect(priced.error?.code).toBe('23514');
    expect(hintOf(priced.error)).toEqual(xofDecimals('price'));

    const costed = await products().insert({
      org_id: o.orgId,
      name: 'Riz',
      sku: 'RIZ-5',
      cost: 99.5,
      price: 150,
    });
    expect(hintOf(costed.error)).toEqual(xofDecimals('cost'));

    const kept = await products()
      .insert({ org_id: o.orgId, name: 'Riz', sku: 'RIZ-1', cost: 1200, price: 1500 })
      .select('id, price')
      .single();
    expect(kept.error).toBeNull();
    expect(Number(kept.data!.price)).toBe(1500);

    const changed = await products().update({ price: 1500.5 }).eq('id', kept.data!.id);
    expect(hintOf(changed.error)).toEqual(xofDecimals('price'));
    const { data } = await products().select('price').eq('id', kept.data!.id).single();
    expect(Number(data!.price)).toBe(1500);
  });

  it('the same through /api: CURRENCY_DECIMALS on the price, nothing stored', async () => {
    const o = await owner({ country: 'SN', currency: 'XOF' });
    const res = await call('/products', {
      token: o.token,
      body: { name: 'Huile 1 l', sku: 'HUI-1', cost: 900, price: 150.75 },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject(xofDecimals('price'));
    expect((await call('/products', { token: o.token })).headers.get('x-total-count')).toBe('0');
  });

  it('a naira price keeps its kobo', async () => {
    const o = await owner({ country: 'NG', currency: 'NGN' });
    const { data, error } = await client(o.token)
      .from('products')
      .insert({ org_id: o.orgId, name: 'Garri', sku: 'GAR-1', cost: 100.25, price: 150.75 })
      .select('price')
      .single();
    expect(error).toBeNull();
    expect(Number(data!.price)).toBe(150.75);
  });
});
