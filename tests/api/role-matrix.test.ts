// The role matrix (docs/roles.md) through the /api/* surface: for every area, each role (and a member of
// another organization) does exactly what the matrix allows. A refused write answers 403 (404 for what an
// outsider cannot see; 401 for anon, who is not signed in) and changes nothing: the owner's count of that
// list is the same after it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

type Role = 'OWNER' | 'MANAGER' | 'ACCOUNTANT' | 'SALES';
const ROLES: Role[] = ['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES'];
const ALL = ROLES;
const EDITORS: Role[] = ['OWNER', 'MANAGER'];
const FINANCE: Role[] = ['OWNER', 'MANAGER', 'ACCOUNTANT'];

interface World {
  o: Owner;
  tokens: Record<Role | 'OUTSIDER' | 'ANON', string>;
  productId: string;
  customerId: string;
  supplierId: string;
  leadId: string;
  /** A fresh quote of the owner's, for each transition tried. */
  quote: () => Promise<string>;
}

interface Action {
  area: string;
  what: string;
  allowed: Role[];
  run: (w: World, token: string) => Promise<Response>;
  /** The owner's list whose total a refused write must leave unchanged. */
  count?: string;
}

const as = (w: World, token: string, path: string, method = 'GET', body?: unknown) =>
  call(path, { token, orgId: w.o.orgId, method, body, key: method === 'GET' ? undefined : randomUUID() });

const ACTIONS: Action[] = [
  {
    area: 'organization',
    what: 'read it',
    allowed: ALL,
    run: (w, t) => as(w, t, `/organizations/${w.o.orgId}`),
  },
  {
    area: 'organization',
    what: 'change its settings',
    allowed: EDITORS,
    run: async (w, t) => {
      const org = await json(await call(`/organizations/${w.o.orgId}`, { token: w.o.token }));
      return as(w, t, `/organizations/${w.o.orgId}`, 'PUT', {
        name: org.name,
        country: org.country,
        currency: org.currency,
      });
    },
  },
  {
    area: 'plan',
    what: 'read it',
    allowed: ALL,
    run: (w, t) => as(w, t, `/organizations/${w.o.orgId}/plan`),
  },
  {
    area: 'members',
    what: 'list them',
    allowed: ALL,
    run: (w, t) => as(w, t, `/organizations/${w.o.orgId}/members`),
  },
  {
    area: 'members',
    what: 'change a salesperson’s role',
    allowed: EDITORS,
    run: async (w, t) => {
      const person = await member(w.o, 'SALES');
      return as(w, t, `/organizations/${w.o.orgId}/members/${person.userId}`, 'PUT', { role: 'ACCOUNTANT' });
    },
  },
  {
    area: 'members',
    what: 'remove a salesperson',
    allowed: EDITORS,
    run: async (w, t) => {
      const person = await member(w.o, 'SALES');
      const res = await as(w, t, `/organizations/${w.o.orgId}/members/${person.userId}`, 'DELETE');
      if (res.status >= 400) {
        // Refused: the salesperson is still a member.
        const members = await json(await call(`/organizations/${w.o.orgId}/members`, { token: w.o.token }));
        expect(JSON.stringify(members)).toContain(person.userId);
      }
      return res;
    },
  },
  {
    area: 'invitations',
    what: 'list them',
    allowed: ALL,
    run: (w, t) => as(w, t, `/organizations/${w.o.orgId}/invitations`),
  },
  {
    area: 'invitations',
    what: 'invite someone',
    allowed: EDITORS,
    run: (w, t) =>
      as(w, t, `/organizations/${w.o.orgId}/invitations`, 'POST', {
        email: `invitee-${unique()}@test.kasuwa.app`,
        role: 'SALES',
      }),
  },
  { area: 'employees', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/employees') },
  {
    area: 'employees',
    what: 'add one',
    allowed: EDITORS,
    run: (w, t) => as(w, t, '/employees', 'POST', { name: `Driver ${unique()}`, status: 'ACTIVE' }),
    count: '/employees',
  },
  { area: 'products', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/products') },
  {
    area: 'products',
    what: 'add one',
    allowed: EDITORS,
    run: (w, t) =>
      as(w, t, '/products', 'POST', { name: `Item ${unique()}`, sku: `SKU-${unique()}`, cost: 1, price: 2 }),
    count: '/products',
  },
  {
    area: 'stock',
    what: 'adjust it',
    allowed: EDITORS,
    run: (w, t) => as(w, t, `/products/${w.productId}/adjustments`, 'POST', { delta: 1, note: 'Recount' }),
    count: `/products/PRODUCT/moves`,
  },
  { area: 'suppliers', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/suppliers') },
  {
    area: 'suppliers',
    what: 'add one',
    allowed: EDITORS,
    run: (w, t) => as(w, t, '/suppliers', 'POST', { name: `Supplier ${unique()}` }),
    count: '/suppliers',
  },
  {
    area: 'purchase orders',
    what: 'create one',
    allowed: EDITORS,
    run: (w, t) =>
      as(w, t, '/purchase-orders', 'POST', {
        supplierId: w.supplierId,
        lines: [{ productId: w.productId, quantity: 2, unitCost: 5 }],
      }),
    count: '/purchase-orders',
  },
  { area: 'customers', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/customers') },
  {
    area: 'customers',
    what: 'add one',
    allowed: ALL,
    run: (w, t) => as(w, t, '/customers', 'POST', { name: `Customer ${unique()}` }),
    count: '/customers',
  },
  { area: 'invoices', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/invoices') },
  {
    area: 'invoices',
    what: 'create one',
    allowed: ALL,
    run: (w, t) => as(w, t, '/invoices', 'POST', { customerId: w.customerId, total: 10 }),
    count: '/invoices',
  },
  {
    area: 'invoices',
    what: 'issue another member’s quote',
    allowed: FINANCE,
    run: async (w, t) => as(w, t, `/invoices/${await w.quote()}/issue`, 'POST'),
  },
  {
    area: 'invoices',
    what: 'void another member’s quote',
    allowed: FINANCE,
    run: async (w, t) => as(w, t, `/invoices/${await w.quote()}/void`, 'POST'),
  },
  {
    area: 'invoices',
    what: 'edit another member’s quote',
    allowed: FINANCE,
    run: async (w, t) =>
      as(w, t, `/invoices/${await w.quote()}`, 'PUT', {
        customerId: w.customerId,
        lines: [{ description: 'Changed', qty: 1, unitPrice: 99, taxRate: 0 }],
      }),
  },
  { area: 'payments', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/payments') },
  {
    area: 'payments',
    what: 'record one',
    allowed: FINANCE,
    run: async (w, t) => {
      const invoice = await json(
        await call('/invoices', {
          token: w.o.token,
          body: { customerId: w.customerId, status: 'ISSUED', total: 100 },
        }),
      );
      return as(w, t, '/payments', 'POST', { invoiceId: invoice.id, method: 'cash', amount: 10 });
    },
    count: '/payments',
  },
  { area: 'expenses', what: 'list them', allowed: FINANCE, run: (w, t) => as(w, t, '/expenses') },
  {
    area: 'expenses',
    what: 'record one',
    allowed: FINANCE,
    run: (w, t) => as(w, t, '/expenses', 'POST', { vendor: 'Landlord', category: 'rent', amount: 50 }),
    count: '/expenses',
  },
  {
    area: 'accounting',
    what: 'read the cards',
    allowed: ALL,
    run: (w, t) => as(w, t, '/accounting/summary'),
  },
  { area: 'metrics', what: 'read them', allowed: ALL, run: (w, t) => as(w, t, '/reports/metrics') },
  { area: 'dashboard', what: 'read it', allowed: ALL, run: (w, t) => as(w, t, '/dashboard') },
  ...(['overview', 'payments', 'expenses', 'timeseries'] as const).map((type): Action => ({
    area: 'reports',
    what: `read the ${type} report`,
    allowed: FINANCE,
    run: (w, t) => as(w, t, `/reports/${type}?days=30`),
  })),
  ...(['sales', 'inventory'] as const).map((type): Action => ({
    area: 'reports',
    what: `read the ${type} report`,
    allowed: ALL,
    run: (w, t) => as(w, t, `/reports/${type}?days=30`),
  })),
  { area: 'leads', what: 'list them', allowed: ALL, run: (w, t) => as(w, t, '/leads') },
  {
    area: 'leads',
    what: 'add one',
    allowed: ['OWNER', 'MANAGER', 'SALES'],
    run: (w, t) => as(w, t, '/leads', 'POST', { name: `Lead ${unique()}` }),
    count: '/leads',
  },
  {
    area: 'leads',
    what: 'add a note',
    allowed: ['OWNER', 'MANAGER', 'SALES'],
    run: (w, t) => as(w, t, `/leads/${w.leadId}/notes`, 'POST', { note: 'Called back' }),
    count: `/leads/LEAD/notes`,
  },
  { area: 'audit log', what: 'read it', allowed: FINANCE, run: (w, t) => as(w, t, '/audit') },
];

let world: World;

beforeAll(async () => {
  const o = await owner({ country: 'GH', currency: 'GHS' });
  const people = Object.fromEntries(
    await Promise.all(
      (['MANAGER', 'ACCOUNTANT', 'SALES'] as const).map(async (role) => [
        role,
        (await member(o, role)).token,
      ]),
    ),
  ) as Record<'MANAGER' | 'ACCOUNTANT' | 'SALES', string>;
  // A plan with seats for the invitations and members tried below (Starter allows 2 members).
  const { error } = await supabaseClient(SERVICE_ROLE_KEY)
    .from('licenses')
    .insert({ org_id: o.orgId, plan: 'BUSINESS', status: 'ACTIVE' });
  expect(error).toBeNull();
  const outsider = await owner();
  const post = async (path: string, body: unknown) => {
    const res = await call(path, { token: o.token, body });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return json(res);
  };
  const product = await post('/products', { name: 'Rice 5kg', sku: `RICE-${unique()}`, cost: 1, price: 2 });
  const customer = await post('/customers', { name: 'Ama Serwaa' });
  const supplier = await post('/suppliers', { name: 'Accra Rice Mills' });
  const lead = await post('/leads', { name: 'Kofi Mensah' });
  world = {
    o,
    // Anon calls as a visitor's browser does, with the public anon key.
    tokens: { OWNER: o.token, ...people, OUTSIDER: outsider.token, ANON: ANON_KEY },
    productId: product.id,
    customerId: customer.id,
    supplierId: supplier.id,
    leadId: lead.id,
    quote: async () => (await post('/invoices', { customerId: customer.id, total: 25 })).id as string,
  };
}, 60_000);

/** The owner's total of a list (x-total-count, or the length of the answer). */
async function total(path: string): Promise<number> {
  const resolved = path.replace('PRODUCT', world.productId).replace('LEAD', world.leadId);
  const res = await call(resolved, { token: world.o.token, orgId: world.o.orgId });
  const header = res.headers.get('x-total-count');
  const body = await json(res);
  return header !== null ? Number(header) : (body as unknown[]).length;
}

describe('the role matrix through /api', () => {
  for (const action of ACTIONS)
    describe(`${action.area}: ${action.what}`, () => {
      for (const role of [...ROLES, 'OUTSIDER', 'ANON'] as const) {
        const allowed = role !== 'OUTSIDER' && role !== 'ANON' && action.allowed.includes(role);
        it(`${role} ${allowed ? 'can' : 'cannot'}`, async () => {
          const before = action.count && !allowed ? await total(action.count) : null;
          const res = await action.run(world, world.tokens[role]);
          const text = await res.text();
          if (allowed) expect(res.status, text).toBeLessThan(300);
          else if (role === 'ANON') {
            expect(res.status, text).toBe(401);
            if (before !== null) expect(await total(action.count!)).toBe(before);
          } else if (role === 'OUTSIDER' && res.status === 200) {
            // A list read under another organization's id: RLS leaves nothing in it.
            expect(JSON.parse(text), text).toEqual([]);
          } else {
            expect([403, 404], text).toContain(res.status);
            if (before !== null) expect(await total(action.count!)).toBe(before);
          }
        });
      }
    });
});
