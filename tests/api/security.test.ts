// The security suite. Everything is enumerated from the code or the catalog, so what is added
// later is held to the same rules without editing this file:
// - the database: the API's roles are neither superuser nor BYPASSRLS, every table has RLS enabled and
//   forced;
// - every /api/* route (read from supabase/functions/api/index.ts): anon gets a 401 except on the public
//   ones, a member of another organization gets nothing of it and changes nothing;
// - every SQL function the Data API exposes (read from pg_proc): same for a member of another
//   organization and for anon;
// - mass assignment, SQL and script payloads, oversize and malformed input.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, DATABASE_URL, SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { supabaseClient } from '../supabase-client.ts';
import { json, unique } from './helpers.ts';
import { call, member, type Owner, owner } from './org-helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 3 });
afterAll(() => pool.end());
const query = async <T extends pg.QueryResultRow>(text: string, params?: unknown[]) =>
  (await pool.query<T>(text, params)).rows;

// ---------------------------------------------------------------------------------------------------
// The organization under attack: one of each thing, every name carrying a marker nobody else may see.

interface Victim extends Owner {
  marker: string;
  ids: Record<string, string>;
}
let victim: Victim;
let outsider: Owner;

async function ok(res: Response) {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text}`).toBeLessThan(300);
  return JSON.parse(text);
}

beforeAll(async () => {
  const marker = `SECRET${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const o = await owner({ organizationName: `Victim ${marker}`, country: 'GH', currency: 'GHS' });
  const post = (p: string, body: unknown) => call(p, { token: o.token, body }).then(ok);
  const product = await post('/products', {
    name: `Rice ${marker}`,
    sku: `SKU-${unique()}`,
    cost: 1,
    price: 2,
    openingStock: 10,
  });
  const customer = await post('/customers', { name: `Ama ${marker}` });
  const supplier = await post('/suppliers', { name: `Mills ${marker}` });
  const lead = await post('/leads', { name: `Kofi ${marker}` });
  const employee = await post('/employees', { name: `Driver ${marker}`, status: 'ACTIVE' });
  const po = await post('/purchase-orders', {
    supplierId: supplier.id,
    lines: [{ productId: product.id, quantity: 2, unitCost: 5 }],
  });
  const invoice = await post('/invoices', {
    customerId: customer.id,
    status: 'ISSUED',
    notes: marker,
    lines: [{ productId: product.id, description: `Rice ${marker}`, qty: 1, unitPrice: 100 }],
  });
  const quote = await post('/invoices', { customerId: customer.id, total: 30, notes: marker });
  const payment = await post('/payments', { invoiceId: invoice.id, method: 'cash', amount: 10, ref: marker });
  const expense = await post('/expenses', { vendor: `Landlord ${marker}`, category: 'rent', amount: 50 });
  await call(`/invoices/${invoice.id}/share`, { token: o.token, method: 'POST' }).then(ok);
  await post(`/leads/${lead.id}/notes`, { note: marker });
  await post(`/organizations/${o.orgId}/invitations`, {
    email: `invitee-${unique()}@test.kasuwa.app`,
    role: 'SALES',
  });
  const [invitation] = await query<{ id: string }>(`select id from public.invitations where org_id = $1`, [
    o.orgId,
  ]);
  victim = {
    ...o,
    marker,
    ids: {
      org: o.orgId,
      user: o.userId,
      product: product.id,
      customer: customer.id,
      supplier: supplier.id,
      lead: lead.id,
      employee: employee.id,
      purchase_order: po.id,
      invoice: invoice.id,
      quote: quote.id,
      payment: payment.id,
      expense: expense.id,
      invitation: invitation!.id,
    },
  };
  outsider = await owner();
}, 60_000);

const tenantTables = await query<{ table: string }>(`
  select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_'
     and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped)
   order by 1`);

/** Everything of the victim's organization (every row of every tenant table, its memberships elsewhere). */
async function fingerprint(): Promise<string> {
  const parts = tenantTables.map(
    ({ table }) => `select to_jsonb(t)::text as j from public.${table} t where org_id = $1`,
  );
  parts.push(`select to_jsonb(o)::text from public.organizations o where id = $1`);
  parts.push(`select to_jsonb(m)::text from public.memberships m where user_id = $2`);
  parts.push(`select to_jsonb(p)::text from public.profiles p where id = $2`);
  const [row] = await query<{ h: string; n: string }>(
    `select md5(string_agg(j, '|' order by j)) as h, count(*) as n from (${parts.join(' union all ')}) s`,
    [victim.orgId, victim.userId],
  );
  return `${row!.n}:${row!.h}`;
}

// ---------------------------------------------------------------------------------------------------

describe('the database roles', () => {
  it('lets the API log in only as a role that is neither superuser nor BYPASSRLS', async () => {
    const roles = await query<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>(
      `select rolname, rolsuper, rolbypassrls from pg_roles
        where rolname in ('authenticator', 'anon', 'authenticated') order by 1`,
    );
    expect(roles).toEqual([
      { rolname: 'anon', rolsuper: false, rolbypassrls: false },
      { rolname: 'authenticated', rolsuper: false, rolbypassrls: false },
      { rolname: 'authenticator', rolsuper: false, rolbypassrls: false },
    ]);
    // The Data API's connections really are the authenticator's.
    await fetch(`${SUPABASE_URL}/rest/v1/countries?limit=1`, { headers: { apikey: ANON_KEY } });
    const logins = await query<{ usename: string }>(
      `select distinct usename from pg_stat_activity where datname = current_database() and usename is not null`,
    );
    expect(logins.map((l) => l.usename)).toContain('authenticator');
  });

  it('has row-level security enabled and forced on every table of the exposed schemas', async () => {
    const tables = await query<{ table: string; enabled: boolean; forced: boolean }>(
      `select n.nspname || '.' || c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public') and c.relkind in ('r', 'p') order by 1`,
    );
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((t) => !t.enabled || !t.forced)).toEqual([]);
  });

  it('exposes no view or materialized view that would read around the policies', async () => {
    const views = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('v', 'm') and c.relname !~ '^cf_'
          and not coalesce(c.reloptions @> array['security_invoker=true'], false)`,
    );
    expect(views).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Who writes what (docs/decisions/006-who-writes-what.md): read from the decision record and
// the catalog, so a new table or column is held to the same rules without editing this file.

const WRITE_POLICY = new Map(
  [
    ...readFileSync(path.join(ROOT, 'docs/decisions/006-who-writes-what.md'), 'utf8').matchAll(
      /^\| `([a-z_]+)` +\| (functions only|columns|RLS) +\|/gm,
    ),
  ].map((m) => [m[1]!, m[2]!]),
);

describe('who writes what', () => {
  it('lists every table of the Data API in decision record 006', async () => {
    const tables = await query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_' order by 1`,
    );
    expect(tables.filter((t) => !WRITE_POLICY.has(t.table)).map((t) => t.table)).toEqual([]);
  });

  it('gives anon no write anywhere, and members none on the tables written by functions only', async () => {
    const grants = await query<{ table: string; grantee: string; privilege: string }>(
      `select table_name as table, grantee, privilege_type as privilege from information_schema.role_table_grants
        where table_schema = 'public' and grantee in ('anon', 'authenticated')
          and privilege_type in ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
       union
       select table_name, grantee, privilege_type from information_schema.column_privileges
        where table_schema = 'public' and grantee in ('anon', 'authenticated')
          and privilege_type in ('INSERT', 'UPDATE')`,
    );
    expect(grants.filter((g) => g.grantee === 'anon')).toEqual([]);
    expect(grants.filter((g) => WRITE_POLICY.get(g.table) === 'functions only')).toEqual([]);
    // "columns": members may not write whole rows, only the columns granted.
    const columnsOnly = [...WRITE_POLICY].filter(([, how]) => how === 'columns').map(([t]) => t);
    const wholeTable = await query<{ table: string; privilege: string }>(
      `select table_name as table, privilege_type as privilege from information_schema.role_table_grants
        where table_schema = 'public' and grantee = 'authenticated' and privilege_type in ('INSERT', 'UPDATE')
          and table_name = any ($1)`,
      [columnsOnly],
    );
    expect(wholeTable).toEqual([]);
  });

  it('keeps every number of the Data API finite: numeric columns are the finite domains', async () => {
    const loose = await query<{ column: string }>(
      `select table_name || '.' || column_name as column from information_schema.columns
        where table_schema = 'public' and data_type in ('numeric', 'double precision', 'real') and domain_name is null
          and table_name in (select relname from pg_class where relkind in ('r', 'p'))`,
    );
    expect(loose).toEqual([]);
  });

  it('bounds every text of the Data API: each text, JSON or array column has a length check', async () => {
    // What only the server writes, from bounded inputs: the audit trail, the answers kept for replayed
    // writes, reference data from the migrations, generated columns (a product's stock status, a lead's
    // phone digits), and a notification's kind (one of five, by a check).
    const SERVER_WRITTEN = [
      'achievements.criteria',
      'achievements.description',
      'audit_logs.payload',
      'entitlements.key',
      'entitlements.value',
      'leads.phone_digits',
      'notifications.kind',
      'products.stock_status',
      'sync_mutations.response',
    ];
    const unbounded = await query<{ column: string }>(
      `select c.table_name || '.' || c.column_name as column from information_schema.columns c
        where c.table_schema = 'public' and c.data_type in ('text', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')
          and (c.data_type <> 'USER-DEFINED' or c.udt_name = 'citext')
          and c.table_name in (select relname from pg_class where relkind in ('r', 'p'))
          and not exists (
            select 1 from pg_constraint k
             where k.conrelid = ('public.' || quote_ident(c.table_name))::regclass and k.contype = 'c'
               and pg_get_constraintdef(k.oid) ~ ('(length|cardinality)\\(\\(?' || c.column_name || '\\M'))
        order by 1`,
    );
    expect(unbounded.map((r) => r.column).filter((c) => !SERVER_WRITTEN.includes(c))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every /api/* route.

const routes = [
  ...readFileSync(path.join(ROOT, 'supabase/functions/api/index.ts'), 'utf8').matchAll(
    /\.on\('([A-Z]+)',\s*'([^']+)'/g,
  ),
].map((m) => ({ method: m[1]!, path: m[2]! }));
const routeName = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Routes anyone may call without signing in. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/login',
  'GET /api/logout',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/invitations/:token',
  'GET /api/public/invoices/:token',
  'GET /api/public/statements/:token',
  'GET /api/public/credit-notes/:token',
];
/** Routes about the caller themselves (their account, their new organization), not an organization's data. */
const SELF_ROUTES = [
  'GET /api/auth/user',
  'POST /api/organizations',
  'PUT /api/profile',
  'POST /api/auth/register/complete',
];

const ID_OF: Record<string, string> = {
  organizations: 'org',
  products: 'product',
  suppliers: 'supplier',
  'purchase-orders': 'purchase_order',
  customers: 'customer',
  invoices: 'invoice',
  employees: 'employee',
  leads: 'lead',
  payments: 'payment',
  expenses: 'expense',
};

/** The route's path with the victim's ids in it. */
function fill(route: string): string {
  const segments = route.split('/');
  return segments
    .map((s, i) => {
      if (!s.startsWith(':')) return s;
      const key = s.slice(1);
      if (key === 'memberId') return victim.ids.user;
      if (key === 'invitationId') return victim.ids.invitation;
      if (key === 'token') return `tok${randomUUID().replace(/-/g, '')}`;
      if (key === 'type') return 'overview';
      const kind = ID_OF[segments[i - 1]!];
      if (route === '/api/invoices/:id') return victim.ids.quote;
      return kind ? victim.ids[kind] : randomUUID();
    })
    .join('/');
}

/** A valid body for each write, aimed at the victim's organization. */
function bodyFor(route: string): unknown {
  const ids = victim.ids;
  const bodies: Record<string, unknown> = {
    'POST /api/organizations': { name: `Mine ${unique()}`, country: 'GH', currency: 'GHS' },
    'PUT /api/organizations/:id': { name: 'Taken over', country: 'GH', currency: 'GHS' },
    'PUT /api/organizations/:id/members/:memberId': { role: 'SALES' },
    'POST /api/organizations/:id/invitations': { email: `x-${unique()}@test.kasuwa.app`, role: 'OWNER' },
    'POST /api/employees': { name: 'Intruder', status: 'ACTIVE' },
    'PUT /api/employees/:id': { name: 'Intruder', status: 'INACTIVE' },
    'PUT /api/preferences': { theme: 'dark' },
    'PUT /api/profile': { firstName: 'Outsider', lastName: 'Person', locale: 'en' },
    'POST /api/products': { name: 'Intruder', sku: `X-${unique()}`, cost: 1, price: 2 },
    'POST /api/products/import': { rows: [{ name: 'Intruder', sku: `X-${unique()}`, price: 1 }] },
    'PUT /api/products/:id': { name: 'Intruder', sku: `X-${unique()}`, cost: 1, price: 2 },
    'POST /api/products/:id/adjustments': { delta: -5, note: 'Stolen' },
    'POST /api/suppliers': { name: 'Intruder' },
    'PUT /api/suppliers/:id': { name: 'Intruder' },
    'POST /api/purchase-orders': {
      supplierId: ids.supplier,
      lines: [{ productId: ids.product, quantity: 1, unitCost: 1 }],
    },
    'POST /api/customers': { name: 'Intruder' },
    'PUT /api/customers/:id': { name: 'Intruder' },
    'POST /api/customers/:id/merge': { into: ids.customer },
    'POST /api/invoices': { customerId: ids.customer, total: 5 },
    'PUT /api/invoices/:id': {
      customerId: ids.customer,
      lines: [{ description: 'Changed', qty: 1, unitPrice: 1, taxRate: 0 }],
    },
    'POST /api/payments': { invoiceId: ids.invoice, method: 'cash', amount: 1 },
    'POST /api/leads': { name: 'Intruder' },
    'PUT /api/leads/:id': { name: 'Intruder', stage: 'CLOSED_LOST' },
    'POST /api/leads/:id/notes': { note: 'Intruder' },
    'POST /api/expenses': { vendor: 'Intruder', category: 'rent', amount: 1 },
    'PUT /api/expenses/:id': { vendor: 'Intruder', category: 'rent', amount: 1 },
    'POST /api/expenses/:id/reverse': { reason: 'Intruder' },
    'POST /api/payments/:id/reverse': { reason: 'Intruder' },
    'POST /api/invoices/:id/credit-notes': { reason: 'Intruder', restock: true },
    'POST /api/credit-notes/:id/refunds': { amount: 1, method: 'cash' },
    'POST /api/document-mails': { kind: 'invoice', id: ids.invoice, email: `x-${unique()}@test.kasuwa.app` },
    'POST /api/subscription-plans': { name: 'Intruder', price: 1 },
    'PUT /api/subscription-plans/:id': { name: 'Intruder' },
    'POST /api/subscriptions': { customerId: ids.customer, planId: randomUUID() },
    'POST /api/subscriptions/:id/cancel': {},
    'PUT /api/subscriptions/:id': { quantity: 2 },
  };
  return bodies[route];
}

function send(r: { method: string; path: string }, token?: string) {
  const body = bodyFor(routeName(r));
  const headers: Record<string, string> = { 'x-org-id': victim.orgId, 'Idempotency-Key': randomUUID() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${SUPABASE_URL}${fill(r.path)}`, {
    method: r.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
}

describe('every /api route', () => {
  it('is found in the router (the enumeration works)', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map(routeName)).toEqual(expect.arrayContaining([...PUBLIC_ROUTES, ...SELF_ROUTES]));
  });

  it('answers anon 401 except on the public routes, and anon changes nothing', async () => {
    const before = await fingerprint();
    const answered: string[] = [];
    for (const r of routes) {
      const res = await send(r);
      const text = await res.text();
      expect(res.status, `${routeName(r)}: ${text}`).toBeLessThan(500);
      expect(text, routeName(r)).not.toContain(victim.marker);
      if (res.status !== 401) answered.push(routeName(r));
    }
    expect(answered.sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(await fingerprint()).toBe(before);
  });

  it('gives a member of another organization nothing of it and lets them change nothing', async () => {
    const before = await fingerprint();
    const wrote: string[] = [];
    for (const r of routes) {
      const res = await send(r, outsider.token);
      const text = await res.text();
      const name = routeName(r);
      expect(res.status, `${name}: ${text}`).toBeLessThan(500);
      expect(text, name).not.toContain(victim.marker);
      if (r.method !== 'GET' && res.status < 300) wrote.push(name);
      else if (r.method === 'GET' && res.status === 200 && !PUBLIC_ROUTES.includes(name)) {
        // A read under another organization's id is refused, or empty (RLS leaves nothing in a list).
        if (!SELF_ROUTES.includes(name)) expect(text, name).not.toContain(victim.ids.product);
      }
      expect(await fingerprint(), `${name} changed the victim's data`).toBe(before);
    }
    // The only write that succeeds is the outsider's own profile (a second organization of their own is
    // refused too: the free plan allows one); completing a registration answers their own organization.
    expect(wrote.sort()).toEqual(['POST /api/auth/register/complete', 'PUT /api/profile']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every SQL function the Data API exposes.

const functions = await query<{ name: string; args: string[] | null; types: string[] }>(`
  select p.proname as name, p.proargnames as args,
         array(select format_type(t, null) from unnest(p.proargtypes) t) as types
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
     and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
   order by 1`);

/** Arguments for a function, aimed at the victim's organization. */
function argsFor(fn: { args: string[] | null; types: string[] }): Record<string, unknown> {
  const ids = victim.ids;
  const input = {
    id: ids.customer,
    name: 'Intruder',
    sku: `X-${unique()}`,
    price: 1,
    customerId: ids.customer,
    invoiceId: ids.invoice,
    productId: ids.product,
    supplierId: ids.supplier,
    leadId: ids.lead,
    amount: 1,
    total: 1,
    method: 'cash',
    vendor: 'Intruder',
    category: 'rent',
    role: 'OWNER',
    lines: [{ productId: ids.product, quantity: 1, unitCost: 1, description: 'x', qty: 1, unitPrice: 1 }],
  };
  const args: Record<string, unknown> = {};
  fn.types.forEach((type, i) => {
    const name = fn.args?.[i] ?? `$${i + 1}`;
    const key = name.replace(/^p_/, '');
    let value: unknown;
    if (key === 'org_id') value = ids.org;
    else if (key === 'user_id') value = ids.user;
    else if (key === 'mutation_id') value = randomUUID();
    else if (key.endsWith('_id')) value = ids[key.slice(0, -3)] ?? randomUUID();
    else if (type === 'jsonb' || type === 'json') value = key === 'rows' ? [input] : input;
    else if (type === 'uuid') value = randomUUID();
    else if (type === 'membership_role') value = 'OWNER';
    else if (type === 'membership_role[]') value = ['OWNER'];
    else if (type === 'invoice_status') value = 'VOID';
    else if (type === 'purchase_order_status') value = 'RECEIVED';
    else if (key === 'token') value = `tok${randomUUID().replace(/-/g, '')}`;
    else if (key === 'country') value = 'GH';
    else if (key === 'currency') value = 'GHS';
    else if (type === 'text' || type.startsWith('character')) value = 'x';
    else if (type === 'integer' || type === 'bigint' || type === 'numeric') value = 30;
    else if (type === 'boolean') value = true;
    else value = null;
    args[name] = value;
  });
  return args;
}

function rpc(name: string, args: unknown, token: string) {
  return fetch(`${SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
}

/** Functions a member of another organization may call successfully: they answer about the caller or
 * about public facts, never with the victim's data. */
const SAFE_FOR_ANYONE_SIGNED_IN = ['create_organization', 'currency_decimals', 'has_role'];

describe('every function of the Data API', () => {
  it('is found in the catalog (the enumeration works)', () => {
    expect(functions.length).toBeGreaterThan(30);
  });

  it('gives a member of another organization nothing and lets them change nothing', async () => {
    const before = await fingerprint();
    const answered: string[] = [];
    for (const fn of functions) {
      const res = await rpc(fn.name, argsFor(fn), outsider.token);
      const text = await res.text();
      expect(res.status, `${fn.name}: ${text}`).toBeLessThan(500);
      // The call reached the function (PGRST202, 404, would mean the arguments missed it).
      expect(res.status, `${fn.name}: ${text}`).not.toBe(404);
      expect(text, fn.name).not.toContain(victim.marker);
      if (res.status < 300) {
        // An answer, if any, holds nothing of the victim's: no marker, no false "yes".
        expect(text, fn.name).not.toMatch(/^true$/);
        const body = JSON.parse(text || 'null');
        const refused = body && typeof body === 'object' && 'error' in body;
        const empty =
          body === null || body === false || body === 0 || (Array.isArray(body) && body.length === 0);
        if (!refused && !empty) answered.push(fn.name);
      }
      expect(await fingerprint(), `${fn.name} changed the victim's data`).toBe(before);
    }
    expect([...new Set(answered)].sort()).toEqual(
      SAFE_FOR_ANYONE_SIGNED_IN.filter((n) => answered.includes(n)),
    );
    expect(answered).not.toContain('register_organization');
  });

  it('gives anon nothing and lets anon change nothing', async () => {
    const before = await fingerprint();
    for (const fn of functions) {
      const res = await rpc(fn.name, argsFor(fn), ANON_KEY);
      const text = await res.text();
      expect(res.status, `${fn.name}: ${text}`).toBeLessThan(500);
      expect(text, fn.name).not.toContain(victim.marker);
      expect(await fingerprint(), `${fn.name} changed the victim's data`).toBe(before);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Mass assignment: fields the caller may not set change nothing.

describe('mass assignment', () => {
  it('ignores or refuses org_id, id, created_by and stock sent with a new product', async () => {
    const o = await owner();
    const res = await call('/products', {
      token: o.token,
      orgId: o.orgId,
      body: {
        name: 'Gari 1kg',
        sku: `GARI-${unique()}`,
        cost: 1,
        price: 2,
        org_id: victim.orgId,
        createdBy: victim.userId,
        created_by: victim.userId,
        stock_on_hand: 999,
        stockOnHand: 999,
      },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const product = await json(res);
    const [row] = await query<{ org_id: string; stock_on_hand: number }>(
      `select org_id, stock_on_hand::float8 as stock_on_hand from public.products where id = $1`,
      [product.id],
    );
    expect(row).toEqual({ org_id: o.orgId, stock_on_hand: 0 });
    // orgId in the body names the organization the write is for: one the caller is not in is refused.
    const elsewhere = await call('/products', {
      token: o.token,
      body: { name: 'Gari', sku: `GARI-${unique()}`, cost: 1, price: 2, orgId: victim.orgId },
    });
    expect(elsewhere.status).toBe(403);
  });

  it('computes an invoice’s totals from its lines whatever totals are sent', async () => {
    const o = await owner();
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const invoice = await json(
      await call('/invoices', {
        token: o.token,
        body: {
          customerId: customer.id,
          lines: [{ description: 'Rice', qty: 2, unitPrice: 10, taxRate: 0 }],
          subtotal: 1,
          tax: 0,
          total: 1,
          amountPaid: 1,
          number: 'INV-999999',
        },
      }),
    );
    const [row] = await query(
      `select total::text, subtotal::text, amount_paid::text, number from public.invoices where id = $1`,
      [invoice.id],
    );
    expect(row).toEqual({ total: '20.00', subtotal: '20.00', amount_paid: '0.00', number: 'QUO-000001' });
  });

  it('does not let a salesperson create a PAID invoice (a payment they may not record) — nothing is kept', async () => {
    const o = await owner();
    await supabaseClient(SERVICE_ROLE_KEY)
      .from('licenses')
      .insert({ org_id: o.orgId, plan: 'GROWTH', status: 'ACTIVE' });
    const sales = await member(o, 'SALES');
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const res = await call('/invoices', {
      token: sales.token,
      orgId: o.orgId,
      body: { customerId: customer.id, total: 50, status: 'PAID' },
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ reason: 'PAID_INVOICE_FORBIDDEN' });
    expect(await query(`select id from public.invoices where org_id = $1`, [o.orgId])).toEqual([]);
  });

  it('does not let an id sent with a new row reach another organization’s row', async () => {
    const o = await owner();
    const before = await fingerprint();
    const customer = await call('/customers', {
      token: o.token,
      body: { id: victim.ids.customer, name: 'Taken over' },
    });
    expect(customer.status).toBeGreaterThanOrEqual(400);
    expect(customer.status).toBeLessThan(500);
    const mine = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const invoice = await call('/invoices', {
      token: o.token,
      body: { id: victim.ids.quote, customerId: mine.id, total: 1 },
    });
    expect(invoice.status).toBeGreaterThanOrEqual(400);
    expect(invoice.status).toBeLessThan(500);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses, through the Data API, the columns only the server sets (stock, totals, numbers, plan)', async () => {
    const o = await owner();
    const customer = await json(await call('/customers', { token: o.token, body: { name: 'Ama' } }));
    const product = await json(
      await call('/products', {
        token: o.token,
        body: { name: 'Oil', sku: `OIL-${unique()}`, cost: 1, price: 2, openingStock: 3 },
      }),
    );
    const invoice = await json(
      await call('/invoices', { token: o.token, body: { customerId: customer.id, total: 10 } }),
    );
    const attempts: [string, string, Record<string, unknown>][] = [
      ['products', product.id, { stock_on_hand: 1000 }],
      ['invoices', invoice.id, { total: 1 }],
      ['invoices', invoice.id, { amount_paid: 10 }],
      ['invoices', invoice.id, { number: 'INV-000042' }],
      ['invoices', invoice.id, { org_id: victim.orgId }],
      ['organizations', o.orgId, { plan: 'BUSINESS' }],
    ];
    for (const [table, id, change] of attempts) {
      const before = await query(`select to_jsonb(t) as j from public.${table} t where id = $1`, [id]);
      const res = await fetch(`${SUPABASE_URL}/rest/v1/${table}?id=eq.${id}`, {
        method: 'PATCH',
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${o.token}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: JSON.stringify(change),
      });
      const text = await res.text();
      expect(res.status, `${table} ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${table} ${text}`).toBeLessThan(500);
      expect(await query(`select to_jsonb(t) as j from public.${table} t where id = $1`, [id])).toEqual(
        before,
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Payloads: stored as text, given back as sent, shown escaped.

const PAYLOADS = [
  `Robert'); DROP TABLE customers;--`,
  `' OR '1'='1`,
  `<script>alert("kasuwa")</script>`,
  `<img src=x onerror=alert(1)>`,
  `{{7*7}} \${7*7} %s %n`,
];

describe('SQL and script payloads', () => {
  it('are stored as text in every text field and given back exactly', async () => {
    const o = await owner();
    for (const p of PAYLOADS) {
      const sku = `${p.slice(0, 40)}-${unique()}`;
      const created: [string, Record<string, unknown>, string, Record<string, string>][] = [
        ['/customers', { name: p, phone: p.slice(0, 50) }, '/customers', { name: p, phone: p.slice(0, 50) }],
        [
          '/products',
          { name: p, sku, barcode: p.slice(0, 100), unit: p.slice(0, 50), cost: 1, price: 2 },
          '/products/:id',
          { name: p, sku },
        ],
        ['/suppliers', { name: p }, '/suppliers', { name: p }],
        ['/leads', { name: p, company: p }, '/leads', { name: p, company: p }],
        ['/expenses', { vendor: p, category: 'other', amount: 5, notes: p }, '/expenses', { vendor: p }],
      ];
      for (const [path, body, readPath, expected] of created) {
        const res = await call(path, { token: o.token, body });
        const text = await res.text();
        expect(res.status, `${path} ${text}`).toBeLessThan(300);
        const row = JSON.parse(text);
        const read = await json(await call(readPath.replace(':id', row.id), { token: o.token }));
        const found = Array.isArray(read) ? read.find((r: { id: string }) => r.id === row.id) : read;
        expect(found, path).toMatchObject(expected);
      }
    }
    // The tables are all still there and hold what was sent.
    const [{ n }] = (await query<{ n: string }>(
      `select count(*) as n from public.customers where org_id = $1`,
      [o.orgId],
    )) as [{ n: string }];
    expect(Number(n)).toBe(PAYLOADS.length);
  });

  it('are never put into the page as HTML: the web app sets no innerHTML anywhere', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(name) && !/\.test\./.test(name)) {
          const source = readFileSync(file, 'utf8');
          if (
            /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write/.test(
              source,
            )
          )
            offenders.push(path.relative(ROOT, file));
        }
      }
    };
    walk(path.join(ROOT, 'web/src'));
    expect(offenders).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Oversize and malformed input: a 4xx with a clear message, and nothing changed.

describe('oversize and malformed input', () => {
  let o: Owner;
  let customerId: string;
  let xofInvoiceId: string;
  beforeAll(async () => {
    o = await owner({ country: 'SN', currency: 'XOF' });
    customerId = (await json(await call('/customers', { token: o.token, body: { name: 'Awa' } }))).id;
    xofInvoiceId = (
      await json(
        await call('/invoices', {
          token: o.token,
          body: { customerId, status: 'ISSUED', currency: 'XOF', total: 5000 },
        }),
      )
    ).id;
  });

  const raw = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${SUPABASE_URL}/api${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${o.token}`, 'x-org-id': o.orgId, 'Content-Type': contentType },
      body,
    });

  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    [
      'a 300 KB product name',
      () =>
        call('/products', {
          token: o.token,
          body: { name: 'x'.repeat(300_000), sku: 'BIG', cost: 1, price: 1 },
        }),
      400,
      /TOO_LONG \{"max":255\}/,
    ],
    [
      'a 500 KB customer name',
      () => call('/customers', { token: o.token, body: { name: 'é'.repeat(1 << 18) } }),
      400,
      /TOO_LONG \{"max":255\}/,
    ],
    [
      'a negative quantity on an invoice line',
      () =>
        call('/invoices', {
          token: o.token,
          body: { customerId, lines: [{ description: 'Rice', qty: -2, unitPrice: 10 }] },
        }),
      400,
      /lines\.0\.qty POSITIVE/,
    ],
    [
      'a negative opening stock',
      () =>
        call('/products', {
          token: o.token,
          body: { name: 'Rice', sku: `R-${unique()}`, cost: 1, price: 1, openingStock: -5 },
        }),
      400,
      /openingStock ZERO_OR_MORE/,
    ],
    [
      'a 3-decimal XOF expense',
      () =>
        call('/expenses', {
          token: o.token,
          body: { vendor: 'Sonatel', category: 'utilities', amount: 10.125, currency: 'XOF' },
        }),
      400,
      /amount CURRENCY_DECIMALS/,
    ],
    [
      'a 3-decimal XOF payment',
      () =>
        call('/payments', {
          token: o.token,
          body: { invoiceId: xofInvoiceId, method: 'cash', amount: 10.125 },
        }),
      400,
      /CURRENCY_DECIMALS/,
    ],
    [
      'an invalid payment method',
      () =>
        call('/payments', {
          token: o.token,
          body: { invoiceId: xofInvoiceId, method: 'bitcoin', amount: 10 },
        }),
      400,
      /method PAYMENT_METHOD_REQUIRED/,
    ],
    [
      'an invalid role in an invitation',
      () =>
        call(`/organizations/${o.orgId}/invitations`, {
          token: o.token,
          body: { email: 'x@test.kasuwa.app', role: 'ADMIN' },
        }),
      400,
      /role INVALID_VALUE/,
    ],
    ['broken JSON', () => raw('/customers', '{"name": "Awa",'), 400, /BODY_NOT_JSON/],
    [
      'a form post instead of JSON',
      () => raw('/customers', 'name=Awa', 'application/x-www-form-urlencoded'),
      415,
      /BODY_NOT_JSON/,
    ],
    [
      'JSON sent as text/plain',
      () => raw('/customers', '{"name":"Awa"}', 'text/plain'),
      415,
      /BODY_NOT_JSON/,
    ],
    ['an array instead of an object', () => raw('/customers', '[1,2,3]'), 400, /INVALID_INPUT/],
  ];

  // What refused, as the app reads it: the reason code, and each field's own with its parameters (ADR 005).
  const said = (body: {
    reason: string;
    details?: { fields?: { field: string; reason: string; params?: unknown }[] };
  }) =>
    [
      body.reason,
      ...(body.details?.fields ?? []).map(
        (f) => `${f.field} ${f.reason}${f.params ? ` ${JSON.stringify(f.params)}` : ''}`,
      ),
    ].join(', ');

  for (const [what, send, status, reason] of cases) {
    it(`answers ${status} with a reason code to ${what}, and changes nothing`, async () => {
      const before = await query(
        `select (select count(*) from public.products where org_id = $1) as products,
                (select count(*) from public.customers where org_id = $1) as customers,
                (select count(*) from public.invoices where org_id = $1) as invoices,
                (select count(*) from public.payments where org_id = $1) as payments,
                (select count(*) from public.expenses where org_id = $1) as expenses,
                (select count(*) from public.invitations where org_id = $1) as invitations`,
        [o.orgId],
      );
      const res = await send();
      const body = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(status);
      expect(said(body)).toMatch(reason);
      expect(body.message.length).toBeLessThan(300);
      expect(
        await query(
          `select (select count(*) from public.products where org_id = $1) as products,
                  (select count(*) from public.customers where org_id = $1) as customers,
                  (select count(*) from public.invoices where org_id = $1) as invoices,
                  (select count(*) from public.payments where org_id = $1) as payments,
                  (select count(*) from public.expenses where org_id = $1) as expenses,
                  (select count(*) from public.invitations where org_id = $1) as invitations`,
          [o.orgId],
        ),
      ).toEqual(before);
    });
  }

  it('answers the Data API 4xx for broken JSON, a wrong type and an invalid enum', async () => {
    const rest = (body: string, contentType = 'application/json') =>
      fetch(`${SUPABASE_URL}/rest/v1/customers`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${o.token}`, 'Content-Type': contentType },
        body,
      });
    expect((await rest('{"name":')).status).toBe(400);
    const text = await rest('name=x', 'text/plain');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ message: 'Content-Type not acceptable: text/plain' });
    const badEnum = await fetch(`${SUPABASE_URL}/rest/v1/payments`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${o.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        org_id: o.orgId,
        invoice_id: xofInvoiceId,
        method: 'bitcoin',
        amount: 1,
        currency: 'XOF',
        created_by: o.userId,
      }),
    });
    expect(badEnum.status).toBe(400);
    expect(await query(`select id from public.payments where org_id = $1`, [o.orgId])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Sign-in rate limits: per address (GoTrue's budget, lifted for the suites) and per email from one
// address, so an attacker guessing one person's password is stopped without locking that person out.

/** A password sign-in sent from a given loopback address (the local stack sees each as its own client),
 * to Auth itself or through the integrators' /api/auth/login. */
function signInFrom(address: string, email: string, password: string, via: 'auth' | 'api' = 'auth') {
  const target = new URL(
    via === 'auth' ? `${SUPABASE_URL}/auth/v1/token?grant_type=password` : `${SUPABASE_URL}/api/auth/login`,
  );
  const payload = JSON.stringify({ email, password });
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        localAddress: address,
        headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const local = ['localhost', '127.0.0.1'].includes(new URL(SUPABASE_URL).hostname);
describe.runIf(local)('sign-in rate limits', () => {
  it('stops guessing one person’s password from one address, and that person still signs in from theirs', async () => {
    const person = await owner();
    const { email, password } = person.input;
    const attacker = '127.0.0.3';
    let refusedAt = 0;
    for (let i = 1; i <= 100 && !refusedAt; i++) {
      const guess = await signInFrom(attacker, email, `wrong-${i}`);
      if (guess.status === 429) refusedAt = i;
      else expect(guess.status).toBe(400);
    }
    expect(refusedAt).toBeGreaterThan(3);
    expect(refusedAt).toBeLessThan(100);
    // The right password from the attacker's address is refused too: guessing right does not get through.
    expect((await signInFrom(attacker, email, password)).status).toBe(429);
    expect((await signInFrom(attacker, email.toUpperCase(), `wrong`)).status).toBe(429);
    // The real person, from their own address, is not locked out.
    const real = await signInFrom('127.0.0.2', email, password);
    expect(real.status).toBe(200);
    expect(real.body.access_token).toEqual(expect.any(String));
    // And the attacker's address is not shut for other people's correct sign-ins.
    const other = await owner();
    expect((await signInFrom(attacker, other.input.email, other.input.password)).status).toBe(200);
  });

  it('counts sign-ins through /api/auth/login per caller, so guessing through the API locks nobody out', async () => {
    const person = await owner();
    const { email, password } = person.input;
    const attacker = '127.0.0.4';
    let refusedAt = 0;
    for (let i = 1; i <= 100 && !refusedAt; i++) {
      const guess = await signInFrom(attacker, email, `wrong-${i}`, 'api');
      if (guess.status === 429) refusedAt = i;
      else expect(guess.status).toBe(401);
    }
    expect(refusedAt).toBeGreaterThan(3);
    expect(refusedAt).toBeLessThan(100);
    expect((await signInFrom(attacker, email, password, 'api')).status).toBe(429);
    // The person, through the same API from their own address, signs in.
    const real = await signInFrom('127.0.0.5', email, password, 'api');
    expect(real.status).toBe(200);
    expect((real.body.session as { access_token?: string }).access_token).toEqual(expect.any(String));
  });
});

// ---------------------------------------------------------------------------------------------------
// Passwords: the same rules through /api/auth/register as through Auth itself (the direct path is
// tests/conformance/auth-signup.test.ts and auth-session.test.ts): at least 8 characters, at most 72 bytes
// (bcrypt ignores the rest), none of the most common ones. Nothing is created when one is refused.

describe('passwords', () => {
  const register = (password: string) => {
    const input = {
      firstName: 'Ama',
      lastName: 'Mensah',
      email: `pw-${unique()}@test.kasuwa.app`,
      password,
      organizationName: `Password Shop ${unique()}`,
      country: 'GH',
      currency: 'GHS',
    };
    return fetch(`${SUPABASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }).then(async (res) => ({ res, input }));
  };

  it('refuses a common password, one character repeated, or one over 72 bytes, under the password field', async () => {
    for (const [password, reason] of [
      ['password123', 'PASSWORD_TOO_COMMON'],
      ['AzertyUIOP', 'PASSWORD_TOO_COMMON'],
      ['aaaaaaaa', 'PASSWORD_TOO_COMMON'],
      [`${'éè'.repeat(18)}x`, 'PASSWORD_TOO_LONG'],
    ] as const) {
      const { res, input } = await register(password);
      expect(res.status, password).toBe(400);
      const body = await json(res);
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
      expect(body.details.fields).toEqual([{ field: 'password', reason }]);
      expect(await query('select 1 from auth.users where email = $1', [input.email])).toEqual([]);
    }
    // 72 bytes exactly is a password like any other.
    expect((await register('éè'.repeat(18))).res.status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------------
// The Data API's guard rails: a member's request is bounded in time, rows, depth and size,
// so one account cannot hold the database for everyone. The limits themselves are checked in
// tests/conformance/rest-limits.test.ts and the stall in tests/api/stall.test.ts; here, that every API
// role has them and that the attack that was found is refused.

describe('Data API guard rails', () => {
  it('gives every API role a statement timeout and a lock timeout below the hosted defaults', async () => {
    const settings = await query<{ role: string; name: string; value: string }>(
      `select r.rolname as role, split_part(c.kv, '=', 1) as name, split_part(c.kv, '=', 2) as value
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        cross join lateral unnest(s.setconfig) c(kv)
        where r.rolname in ('anon', 'authenticated') and s.setdatabase = 0`,
    );
    const ms = (role: string, name: string) => {
      const value = settings.find((s) => s.role === role && s.name === name)?.value ?? '';
      const m = /^(\d+)(ms|s|min)?$/.exec(value);
      return m ? Number(m[1]) * ({ ms: 1, s: 1000, min: 60_000 }[m[2] ?? 'ms'] ?? 1) : Infinity;
    };
    // Hosted Supabase: anon 3 s, authenticated 8 s, no lock timeout.
    expect(ms('anon', 'statement_timeout')).toBeLessThanOrEqual(3_000);
    expect(ms('authenticated', 'statement_timeout')).toBeLessThan(8_000);
    for (const role of ['anon', 'authenticated']) {
      expect(ms(role, 'lock_timeout'), role).toBeLessThanOrEqual(ms(role, 'statement_timeout'));
      expect(ms(role, 'idle_in_transaction_session_timeout'), role).toBeLessThan(Infinity);
    }
  });

  it("refuses the nested select that multiplied its size (16 levels), at once, and reads the member's own rows", async () => {
    let select = 'id';
    for (let level = 16; level > 0; level--) select = `id,${level % 2 ? 'invoices' : 'customers'}(${select})`;
    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${outsider.token}` };
    const started = performance.now();
    const res = await fetch(`${SUPABASE_URL}/rest/v1/customers?select=${select}`, { headers });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe('PGRST100');
    expect(performance.now() - started).toBeLessThan(1_000);
    // Two levels, as the app reads, are answered.
    const ok = await fetch(`${SUPABASE_URL}/rest/v1/customers?select=id,invoices(id,customers(id))`, {
      headers,
    });
    expect(ok.status).toBe(200);
  });
});
