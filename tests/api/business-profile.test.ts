// The business profile every document prints: set by owners and managers through /api or the
// Data API, read by every member, refused with a reason whatever the path when it is not what a document
// can print, never visible to another organization, and on the public invoice page.
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import { client, fieldReasons, json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DAwMDAwAAADQ4BANEGbcgAAAAASUVORK5CYII=';

const PROFILE = {
  legalName: 'Mama Put Stores Limited',
  address: '12 Balogun Street\nLagos Island',
  phone: '+234 803 123 4567',
  email: 'sales@mamaput.ng',
  taxIdLabel: 'TIN',
  taxId: '12345678-0001',
  logo: PNG,
  bankName: 'GTBank',
  bankAccountName: 'Mama Put Stores Ltd',
  bankAccountNumber: '0123456789',
  mobileMoney: [{ provider: 'MTN_MOMO', number: '0803 123 4567', name: 'Bisi Adeyemi' }],
  paymentTermsDays: 14,
  footer: 'Thank you for your business.',
};

const reasonOf = (error: { hint?: string | null } | null) => JSON.parse(error?.hint ?? '{}').reason;

describe('the business profile', () => {
  it('is set by the owner, read by every member, and empty until then', async () => {
    const o = await owner();
    const empty = await json(await call(`/organizations/${o.orgId}/profile`, { token: o.token }));
    expect(empty).toMatchObject({ legalName: null, taxId: null, mobileMoney: [], paymentTermsDays: null });

    const saved = await call(`/organizations/${o.orgId}/profile`, {
      token: o.token,
      method: 'PUT',
      body: { ...PROFILE, footer: '  Thank you for your business.  ', bankName: '   ' },
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({ ...PROFILE, bankName: null });

    const sales = await member(o, 'SALES');
    const seen = await json(await call(`/organizations/${o.orgId}/profile`, { token: sales.token }));
    expect(seen).toMatchObject({ legalName: PROFILE.legalName, taxId: PROFILE.taxId, logo: PNG });
  });

  it('is changed by owners and managers only, whatever the path', async () => {
    const o = await owner();
    await call(`/organizations/${o.orgId}/profile`, { token: o.token, method: 'PUT', body: PROFILE });
    for (const role of ['SALES', 'ACCOUNTANT'] as const) {
      const m = await member(o, role);
      const viaApi = await call(`/organizations/${o.orgId}/profile`, {
        token: m.token,
        method: 'PUT',
        body: { ...PROFILE, taxId: 'HIJACKED' },
      });
      expect(viaApi.status, role).toBe(403);
      const patch = await client(m.token)
        .from('business_profiles')
        .update({ tax_id: 'HIJACKED', bank_account_number: '666' })
        .eq('org_id', o.orgId)
        .select();
      expect(patch.data ?? [], role).toEqual([]);
    }
    const manager = await member(o, 'MANAGER');
    const direct = await client(manager.token)
      .from('business_profiles')
      .update({ tax_id: 'NEW-TIN' })
      .eq('org_id', o.orgId)
      .select('tax_id, updated_by')
      .single();
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual({ tax_id: 'NEW-TIN', updated_by: manager.userId });
    const after = await json(await call(`/organizations/${o.orgId}/profile`, { token: o.token }));
    expect(after.taxId).toBe('NEW-TIN');
    expect(after.bankAccountNumber).toBe(PROFILE.bankAccountNumber);
  });

  it('stays invisible and untouchable to another organization', async () => {
    const o = await owner();
    await call(`/organizations/${o.orgId}/profile`, { token: o.token, method: 'PUT', body: PROFILE });
    const stranger = await owner();
    const read = await client(stranger.token).from('business_profiles').select('*').eq('org_id', o.orgId);
    expect(read.data).toEqual([]);
    const viaApi = await call(`/organizations/${o.orgId}/profile`, { token: stranger.token });
    expect(viaApi.status).toBe(404);
    const insert = await client(stranger.token)
      .from('business_profiles')
      .upsert({ org_id: o.orgId, tax_id: 'HIJACKED' });
    expect(insert.error).not.toBeNull();
    const mine = await json(await call(`/organizations/${o.orgId}/profile`, { token: o.token }));
    expect(mine.taxId).toBe(PROFILE.taxId);
  });

  it('refuses what a document cannot print, with a reason, through /api and the Data API', async () => {
    const o = await owner();
    const bad = await call(`/organizations/${o.orgId}/profile`, {
      token: o.token,
      method: 'PUT',
      body: {
        ...PROFILE,
        email: 'not-an-email',
        logo: 'data:image/svg+xml;base64,PHN2Zz4=',
        mobileMoney: [{ provider: 'PAYPAL', number: 'call me' }],
        paymentTermsDays: 400,
      },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({
      email: 'INVALID_EMAIL',
      logo: 'LOGO_INVALID',
      'mobileMoney.0.provider': 'MOBILE_MONEY_INVALID',
      'mobileMoney.0.number': 'PHONE_INVALID',
      paymentTermsDays: 'NUMBER_TOO_LARGE',
    });

    const db = client(o.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, 'INVALID_EMAIL'],
      [{ logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'LOGO_INVALID'],
      [{ logo: `data:image/png;base64,${'A'.repeat(100_000)}` }, 'LOGO_INVALID'],
      [{ mobile_money: [{ provider: 'PAYPAL', number: '0803 123 4567' }] }, 'MOBILE_MONEY_INVALID'],
      [{ mobile_money: [{ provider: 'WAVE', number: '<script>' }] }, 'MOBILE_MONEY_INVALID'],
      [{ mobile_money: { provider: 'WAVE' } }, 'MOBILE_MONEY_INVALID'],
      [
        { mobile_money: Array.from({ length: 7 }, () => ({ provider: 'WAVE', number: '77 123 45 67' })) },
        'MOBILE_MONEY_INVALID',
      ],
    ];
    for (const [row, reason] of cases) {
      const res = await db.from('business_profiles').upsert({ org_id: o.orgId, ...row });
      expect(reasonOf(res.error), JSON.stringify(row).slice(0, 80)).toBe(reason);
    }
    const terms = await db.from('business_profiles').upsert({ org_id: o.orgId, payment_terms_days: 366 });
    expect(terms.error?.code).toBe('23514');
    const stored = await db.from('business_profiles').select('*').eq('org_id', o.orgId);
    expect(stored.data).toEqual([]);
  });

  it('keeps the before and after of a change in the activity log, without the logo itself', async () => {
    const o = await owner();
    await call(`/organizations/${o.orgId}/profile`, { token: o.token, method: 'PUT', body: PROFILE });
    await call(`/organizations/${o.orgId}/profile`, {
      token: o.token,
      method: 'PUT',
      body: { ...PROFILE, taxId: '99999999-0001' },
    });
    const { data } = await client(o.token)
      .from('audit_logs')
      .select('action, entity, entity_id, payload')
      .eq('org_id', o.orgId)
      .eq('entity', 'business_profiles')
      .order('created_at');
    expect(data?.map((r) => r.action)).toEqual(['INSERT', 'UPDATE']);
    expect(data?.[0]?.entity_id).toBe(o.orgId);
    expect(JSON.stringify(data)).not.toContain('base64');
    expect(JSON.stringify(data?.[1]?.payload)).toContain('99999999-0001');
    expect(JSON.stringify(data?.[1]?.payload)).toContain(PROFILE.taxId);
  });

  it('is printed on the public invoice page', async () => {
    const o = await owner();
    await call(`/organizations/${o.orgId}/profile`, { token: o.token, method: 'PUT', body: PROFILE });
    const c = await json(await call('/customers', { token: o.token, body: { name: 'Adébáyọ̀ Ọlátúndé' } }));
    const inv = await json(
      await call('/invoices', { token: o.token, body: { customerId: c.id, status: 'ISSUED', total: 480 } }),
    );
    const { token } = await json(await call(`/invoices/${inv.id}/share`, { token: o.token, method: 'POST' }));
    const seen = await json(await fetch(`${SUPABASE_URL}/api/public/invoices/${token}`));
    expect(seen.organization).toEqual({
      name: expect.any(String),
      country: expect.any(String),
      currency: expect.any(String),
      ...PROFILE,
    });
    expect(seen.invoice.customer.name).toBe('Adébáyọ̀ Ọlátúndé');
  });
});
