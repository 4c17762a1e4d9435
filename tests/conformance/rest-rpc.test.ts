// Data API (PostgREST) function calls, `/rpc/<fn>`, over raw HTTP: arguments in a JSON body (POST) or
// the query string (GET), result shapes for composite and scalar returns, and the errors calls meet.
import { beforeAll, describe, expect, it } from 'vitest';
import { allowMoreOrganizations, createOwner, json, rest, unique, type Owner } from './rest-helpers.ts';

const s = unique();
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  [owner, other] = await Promise.all([createOwner(`Rest Rpc ${s}`), createOwner(`Rest Rpc Other ${s}`)]);
  // Both create a second organization below.
  await Promise.all([allowMoreOrganizations(owner), allowMoreOrganizations(other)]);
});

describe('Data API functions: calls and results', () => {
  it('calls a function with a JSON object of named arguments; a composite result is an object', async () => {
    const res = await rest('/rpc/create_organization?select=name,currency', {
      token: owner.token,
      body: { p_name: `Rest Rpc Second ${s}`, p_country: 'gh', p_currency: 'ghs' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json(res)).toEqual({ name: `Rest Rpc Second ${s}`, currency: 'GHS' });
  });

  it('returns a scalar result as a bare JSON value', async () => {
    const mine = await rest('/rpc/has_role', { token: owner.token, body: { p_org_id: owner.orgId } });
    expect(mine.status).toBe(200);
    expect(await json(mine)).toBe(true);
    const theirs = await rest('/rpc/has_role', { token: owner.token, body: { p_org_id: other.orgId } });
    expect(await json(theirs)).toBe(false);
  });

  it('takes GET arguments from the query string, arrays as {a,b}', async () => {
    const decimals = await rest('/rpc/currency_decimals?p_currency=XOF');
    expect(decimals.status).toBe(200);
    expect(await json(decimals)).toBe(0);
    const role = await rest(`/rpc/has_role?p_org_id=${owner.orgId}&p_roles={OWNER,MANAGER}`, {
      token: owner.token,
    });
    expect(await json(role)).toBe(true);
    // A function granted to the service role only is refused to anon, as PostgREST says it.
    const withheld = await rest(
      `/rpc/organization_name_available?p_name=${encodeURIComponent(owner.orgName)}`,
    );
    expect(withheld.status).toBe(401);
    expect(await json(withheld)).toMatchObject({ code: '42501' });
  });

  it('answers 409 with 23505 when the function raises a unique violation', async () => {
    const res = await rest('/rpc/create_organization', {
      token: other.token,
      body: { p_name: owner.orgName.toUpperCase(), p_country: 'GH', p_currency: 'GHS' },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      code: '23505',
      message: 'An organization with this name already exists',
    });
  });
});

describe('Data API functions: errors', () => {
  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    const missing = await rest(`/rpc/nope_${s}`, { body: {} });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({
      code: 'PGRST202',
      message: `Could not find the function public.nope_${s} without parameters in the schema cache`,
    });
    const args = await rest('/rpc/currency_decimals', { body: { currency: 'XOF' } });
    expect(args.status).toBe(404);
    expect(await json(args)).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.currency_decimals(currency) in the schema cache',
    });
  });

  it('refuses a function the role may not execute: 401 for anon', async () => {
    const res = await rest('/rpc/has_role', { body: { p_org_id: owner.orgId } });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe('42501');
  });

  it('runs GET calls read-only: a function that writes answers 405 with 25006', async () => {
    const res = await rest(`/rpc/create_organization?p_name=Get ${s}&p_country=GH&p_currency=GHS`, {
      token: owner.token,
    });
    expect(res.status).toBe(405);
    expect((await json(res)).code).toBe('25006');
  });

  it('answers 405 PGRST101 for other methods', async () => {
    const res = await rest('/rpc/currency_decimals', { method: 'PATCH', body: { p_currency: 'XOF' } });
    expect(res.status).toBe(405);
    expect(await json(res)).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
    });
  });
});
