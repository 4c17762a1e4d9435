// Data API (PostgREST) reads, over raw HTTP as postgrest-js sends them: select trees and embedding,
// every filter family, logic trees, ordering, paging, counting, media types and read errors
// (docs/local-stack-protocol.md). Runs against the local stack or any project with these
// migrations; each run makes its own organization, documents and customers.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOwner, json, rest, unique, type Owner } from './rest-helpers.ts';

const s = unique();
let owner: Owner;
let other: Owner;

/** Names (without the run's suffix) of the owner's documents matching `query`, in name order unless it orders. */
async function documentNames(query: string, select = 'name'): Promise<string[]> {
  const order = query.includes('order=') ? '' : '&order=name';
  const res = await rest(`/documents?select=${select}&org_id=eq.${owner.orgId}${order}&${query}`, {
    token: owner.token,
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return (body as { name: string }[]).map((d) => d.name.replace(` ${s}`, ''));
}

beforeAll(async () => {
  [owner, other] = await Promise.all([createOwner(`Rest Read ${s}`), createOwner(`Rest Read Other ${s}`)]);
  const categories = await rest('/document_categories?select=id,name', {
    token: owner.token,
    headers: { prefer: 'return=representation' },
    body: [
      { org_id: owner.orgId, name: `Contracts ${s}` },
      { org_id: owner.orgId, name: `Finance ${s}` },
    ],
  });
  expect(categories.status).toBe(201);
  const [contracts, finance] = (await json(categories)) as { id: string }[];
  const doc = (name: string, extra: Record<string, unknown>) => ({
    org_id: owner.orgId,
    uploaded_by: owner.id,
    name: `${name} ${s}`,
    file_name: `${name.toLowerCase()}.pdf`,
    file_path: `${owner.orgId}/${name.toLowerCase()}.pdf`,
    category_id: null,
    description: null,
    expiry_date: null,
    ...extra,
  });
  const documents = await rest(
    '/documents?columns=org_id,uploaded_by,name,file_name,file_path,file_size,tags,metadata,type,category_id,description,expiry_date',
    {
      token: owner.token,
      body: [
        doc('Lease', {
          file_size: 2000,
          tags: ['contract', 'office'],
          metadata: { kind: 'lease', year: 2025 },
          type: 'CONTRACT',
          category_id: contracts!.id,
          description: 'Signed lease contract for the office',
        }),
        doc('Receipt', {
          file_size: 100,
          tags: ['tax', '2026'],
          metadata: { kind: 'receipt', year: 2026 },
          type: 'RECEIPT',
          description: 'Receipt for cement bags',
          expiry_date: '2027-01-01',
        }),
        doc('Statement', {
          file_size: 30000,
          tags: ['tax', 'bank'],
          metadata: { kind: 'statement', year: 2026 },
          type: 'BANK_STATEMENT',
          category_id: finance!.id,
          expiry_date: '2026-12-31',
        }),
      ],
    },
  );
  expect(documents.status, await documents.clone().text()).toBe(201);
  const customers = await rest('/customers', {
    token: owner.token,
    body: ['Abena', 'Kofi', 'Yaw'].map((name, i) => ({
      org_id: owner.orgId,
      name: `${name} ${s}`,
      email: i === 1 ? null : `${name.toLowerCase()}-${s}@example.com`,
    })),
  });
  expect(customers.status).toBe(201);
});

describe('Data API reads: select and embedding', () => {
  it('selects columns with aliases, casts and JSON paths, numbers as JSON numbers', async () => {
    const res = await rest(
      `/documents?select=name,size:file_size,size_text:file_size::text,metadata->>kind,year:metadata->year&org_id=eq.${owner.orgId}&order=name&limit=1`,
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json(res)).toEqual([
      { name: `Lease ${s}`, size: 2000, size_text: '2000', kind: 'lease', year: 2025 },
    ]);
  });

  it('returns timestamps as ISO strings and numeric columns as numbers', async () => {
    const res = await rest(`/organizations?select=created_at,default_tax_rate&id=eq.${owner.orgId}`, {
      token: owner.token,
    });
    const [org] = await json(res);
    expect(org.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(typeof org.default_tax_rate).toBe('number');
  });

  it('embeds the organization of a membership as an object (many-to-one)', async () => {
    const res = await rest(
      `/memberships?select=role,org:organizations(name,currency)&org_id=eq.${owner.orgId}`,
      {
        token: owner.token,
      },
    );
    expect(await json(res)).toEqual([{ role: 'OWNER', org: { name: owner.orgName, currency: 'GHS' } }]);
  });

  it('embeds the memberships of an organization as an array (one-to-many)', async () => {
    const res = await rest(`/organizations?select=name,memberships(role,user_id)&id=eq.${owner.orgId}`, {
      token: owner.token,
    });
    expect(await json(res)).toEqual([
      { name: owner.orgName, memberships: [{ role: 'OWNER', user_id: owner.id }] },
    ]);
  });

  it('embeds many-to-many through a junction table and nests embeds two levels deep', async () => {
    const res = await rest(
      `/organizations?select=name,profiles(email),documents(name,document_categories(name))&id=eq.${owner.orgId}&documents.order=name&documents.limit=1`,
      { token: owner.token },
    );
    expect(await json(res)).toEqual([
      {
        name: owner.orgName,
        profiles: [{ email: owner.email }],
        documents: [{ name: `Lease ${s}`, document_categories: { name: `Contracts ${s}` } }],
      },
    ]);
  });

  it('embeds through a composite foreign key, null when there is no related row', async () => {
    const res = await rest(
      `/documents?select=name,category:document_categories(name)&org_id=eq.${owner.orgId}&order=name`,
      { token: owner.token },
    );
    expect(await json(res)).toEqual([
      { name: `Lease ${s}`, category: { name: `Contracts ${s}` } },
      { name: `Receipt ${s}`, category: null },
      { name: `Statement ${s}`, category: { name: `Finance ${s}` } },
    ]);
  });

  it('keeps only parents with a match for !inner, and only parents without one for rel=is.null', async () => {
    const inner = await rest(
      `/documents?select=name,document_categories!inner(name)&org_id=eq.${owner.orgId}&document_categories.name=eq.Finance ${s}`,
      { token: owner.token },
    );
    expect(await json(inner)).toEqual([
      { name: `Statement ${s}`, document_categories: { name: `Finance ${s}` } },
    ]);
    const select = 'name,document_categories()';
    expect(await documentNames('document_categories=is.null', select)).toEqual(['Receipt']);
    expect(await documentNames('document_categories=not.is.null', select)).toEqual(['Lease', 'Statement']);
  });

  it('filters, orders and limits embedded rows without filtering the parent', async () => {
    const res = await rest(
      `/organizations?select=name,customers(name)&id=eq.${owner.orgId}&customers.email=not.is.null&customers.order=name.desc&customers.limit=1`,
      { token: owner.token },
    );
    expect(await json(res)).toEqual([{ name: owner.orgName, customers: [{ name: `Yaw ${s}` }] }]);
  });

  it('spreads the columns of a to-one embed into the parent object', async () => {
    const res = await rest(
      `/documents?select=name,...document_categories(category:name)&org_id=eq.${owner.orgId}&order=name&limit=2`,
      { token: owner.token },
    );
    expect(await json(res)).toEqual([
      { name: `Lease ${s}`, category: `Contracts ${s}` },
      { name: `Receipt ${s}`, category: null },
    ]);
  });
});

describe('Data API reads: filters', () => {
  it('compares with eq, neq, gt, gte, lt and lte', async () => {
    expect(await documentNames('file_size=eq.100')).toEqual(['Receipt']);
    expect(await documentNames('file_size=neq.2000')).toEqual(['Receipt', 'Statement']);
    expect(await documentNames('file_size=gt.100')).toEqual(['Lease', 'Statement']);
    expect(await documentNames('file_size=gte.2000')).toEqual(['Lease', 'Statement']);
    expect(await documentNames('file_size=lt.2000')).toEqual(['Receipt']);
    expect(await documentNames('file_size=lte.2000')).toEqual(['Lease', 'Receipt']);
  });

  it('matches patterns with like and ilike (* as wildcard), match and imatch', async () => {
    expect(await documentNames('name=like.Lease*')).toEqual(['Lease']);
    expect(await documentNames('name=ilike.*RECEIPT*')).toEqual(['Receipt']);
    expect(await documentNames('name=match.^(Lease|Statement)')).toEqual(['Lease', 'Statement']);
    expect(await documentNames('name=imatch.^statement')).toEqual(['Statement']);
    expect(await documentNames('description=like.*contract*')).toEqual(['Lease']);
  });

  it('tests with is, isdistinct and in (double-quoted values may hold commas)', async () => {
    expect(await documentNames('category_id=is.null')).toEqual(['Receipt']);
    expect(await documentNames('category_id=not.is.null')).toEqual(['Lease', 'Statement']);
    expect(await documentNames('expiry_date=isdistinct.2026-12-31')).toEqual(['Lease', 'Receipt']);
    expect(await documentNames('type=in.(CONTRACT,RECEIPT)')).toEqual(['Lease', 'Receipt']);
    expect(await documentNames(`name=in.("Lease ${s}","a,b")`)).toEqual(['Lease']);
    expect(await documentNames('file_size=not.in.(100,2000)')).toEqual(['Statement']);
    const archived = await rest(`/customers?select=name&org_id=eq.${owner.orgId}&archived=is.true`, {
      token: owner.token,
    });
    expect(await json(archived)).toEqual([]);
  });

  it('filters arrays and JSON with cs, cd, ov and JSON paths', async () => {
    expect(await documentNames('tags=cs.{tax}')).toEqual(['Receipt', 'Statement']);
    expect(await documentNames('tags=cd.{tax,bank,2026}')).toEqual(['Receipt', 'Statement']);
    expect(await documentNames('tags=ov.{office,bank}')).toEqual(['Lease', 'Statement']);
    expect(await documentNames('metadata=cs.{"kind":"lease"}')).toEqual(['Lease']);
    expect(await documentNames('metadata->>kind=eq.receipt')).toEqual(['Receipt']);
    expect(await documentNames('metadata->>year=eq.2026')).toEqual(['Receipt', 'Statement']);
  });

  it('searches text with fts, plfts, phfts and wfts, with an optional configuration', async () => {
    expect(await documentNames('description=fts.cement')).toEqual(['Receipt']);
    expect(await documentNames('description=fts(simple).cement')).toEqual(['Receipt']);
    expect(await documentNames('description=plfts.lease office')).toEqual(['Lease']);
    expect(await documentNames('description=phfts.lease contract')).toEqual(['Lease']);
    expect(await documentNames('description=wfts.cement -office')).toEqual(['Receipt']);
    expect(await documentNames('description=not.fts.cement')).toEqual(['Lease']);
  });

  it('combines conditions with or, and, not and nested trees', async () => {
    expect(await documentNames(`or=(file_size.lt.500,name.eq.Statement ${s})`)).toEqual([
      'Receipt',
      'Statement',
    ]);
    expect(await documentNames('and=(file_size.gt.100,file_size.lt.30000)')).toEqual(['Lease']);
    expect(await documentNames('or=(type.eq.CONTRACT,and(file_size.gt.1000,tags.cs.{bank}))')).toEqual([
      'Lease',
      'Statement',
    ]);
    expect(await documentNames('not.or=(type.eq.CONTRACT,type.eq.RECEIPT)')).toEqual(['Statement']);
    expect(await documentNames(`or=(name.in.("Lease ${s}","Receipt ${s}"),file_size.not.lt.20000)`)).toEqual([
      'Lease',
      'Receipt',
      'Statement',
    ]);
  });
});

describe('Data API reads: order, paging and counting', () => {
  it('orders by several columns with nulls first or last', async () => {
    expect(await documentNames('order=expiry_date.asc.nullsfirst')).toEqual([
      'Lease',
      'Statement',
      'Receipt',
    ]);
    expect(await documentNames('order=expiry_date.desc.nullslast,name')).toEqual([
      'Receipt',
      'Statement',
      'Lease',
    ]);
    expect(await documentNames('order=expiry_date.desc')).toEqual(['Lease', 'Receipt', 'Statement']);
  });

  it('pages with limit and offset, and with a Range header', async () => {
    const base = `/documents?select=name&org_id=eq.${owner.orgId}&order=name`;
    const limited = await rest(`${base}&limit=2`, { token: owner.token });
    expect(limited.headers.get('content-range')).toBe('0-1/*');
    expect((await json(limited)).length).toBe(2);
    const offset = await rest(`${base}&limit=1&offset=1`, { token: owner.token });
    expect(offset.headers.get('content-range')).toBe('1-1/*');
    expect(await json(offset)).toEqual([{ name: `Receipt ${s}` }]);
    const ranged = await rest(base, { token: owner.token, headers: { range: '1-2' } });
    expect(ranged.headers.get('content-range')).toBe('1-2/*');
    expect(await json(ranged)).toEqual([{ name: `Receipt ${s}` }, { name: `Statement ${s}` }]);
  });

  it('counts exactly with Prefer: count=exact, answering 206 for a partial page', async () => {
    const base = `/documents?select=name&org_id=eq.${owner.orgId}&order=name`;
    const partial = await rest(`${base}&limit=2`, { token: owner.token, headers: { prefer: 'count=exact' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('0-1/3');
    expect(partial.headers.get('preference-applied')).toBe('count=exact');
    const whole = await rest(base, { token: owner.token, headers: { prefer: 'count=exact' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-range')).toBe('0-2/3');
    const none = await rest(`${base}&file_size=lt.0`, {
      token: owner.token,
      headers: { prefer: 'count=exact' },
    });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await json(none)).toEqual([]);
  });

  it('answers 416 PGRST103 for an offset past the end of a counted result', async () => {
    const res = await rest(`/documents?select=name&org_id=eq.${owner.orgId}&offset=5&limit=1`, {
      token: owner.token,
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/3');
    expect(await json(res)).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const res = await rest(`/documents?org_id=eq.${owner.orgId}`, {
      method: 'HEAD',
      token: owner.token,
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-2/3');
    expect(await res.text()).toBe('');
  });
});

describe('Data API reads: media types and visibility', () => {
  it('returns one object for application/vnd.pgrst.object+json, else 406 PGRST116', async () => {
    const accept = { accept: 'application/vnd.pgrst.object+json' };
    const one = await rest(`/documents?select=name&org_id=eq.${owner.orgId}&file_size=eq.100`, {
      token: owner.token,
      headers: accept,
    });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(await json(one)).toEqual({ name: `Receipt ${s}` });
    for (const [query, rows] of [
      ['file_size=lt.0', 0],
      ['file_size=gt.100', 2],
    ] as const) {
      const res = await rest(`/documents?select=name&org_id=eq.${owner.orgId}&${query}`, {
        token: owner.token,
        headers: accept,
      });
      expect(res.status).toBe(406);
      expect(await json(res)).toMatchObject({
        code: 'PGRST116',
        details: `The result contains ${rows} rows`,
        message: 'Cannot coerce the result to a single JSON object',
      });
    }
  });

  it('returns CSV for Accept: text/csv', async () => {
    const res = await rest(`/documents?select=name,file_size&org_id=eq.${owner.orgId}&order=name`, {
      token: owner.token,
      headers: { accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(await res.text()).toBe(
      `name,file_size\n"Lease ${s}",2000\n"Receipt ${s}",100\n"Statement ${s}",30000`,
    );
  });

  it('lets RLS decide: anon reads no organizations, a member only their own', async () => {
    const anon = await rest(`/organizations?select=id&id=eq.${owner.orgId}`);
    expect(anon.status).toBe(200);
    expect(await json(anon)).toEqual([]);
    const member = await rest(`/organizations?select=name&id=in.(${owner.orgId},${other.orgId})`, {
      token: owner.token,
    });
    expect(await json(member)).toEqual([{ name: owner.orgName }]);
    const memberships = await rest(`/memberships?select=org_id&org_id=eq.${other.orgId}`, {
      token: owner.token,
    });
    expect(await json(memberships)).toEqual([]);
  });
});

describe('Data API reads: errors', () => {
  it('rejects a malformed filter, order or logic tree with 400 PGRST100', async () => {
    for (const query of ['name=nope.x', 'order=name.sideways', 'or=(name.eq.x']) {
      const res = await rest(`/documents?${query}`, { token: owner.token });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.code).toBe('PGRST100');
      expect(body.message).toMatch(
        /^"failed to parse (filter|order|logic tree) \(.*\)" \(line 1, column \d+\)$/,
      );
    }
  });

  it('passes through Postgres errors: 400 42703 for an unknown column, 400 22P02 for bad input', async () => {
    const column = await rest('/documents?nope=eq.1', { token: owner.token });
    expect(column.status).toBe(400);
    expect(await json(column)).toMatchObject({
      code: '42703',
      message: 'column documents.nope does not exist',
    });
    const uuid = await rest('/documents?id=eq.not-a-uuid', { token: owner.token });
    expect(uuid.status).toBe(400);
    expect((await json(uuid)).code).toBe('22P02');
  });

  it('answers 404 PGRST205 for an unknown table and 400 PGRST200 for an unknown relationship', async () => {
    const table = await rest(`/nope_${s}`, { token: owner.token });
    expect(table.status).toBe(404);
    expect(await json(table)).toMatchObject({
      code: 'PGRST205',
      message: `Could not find the table 'public.nope_${s}' in the schema cache`,
    });
    const rel = await rest('/documents?select=name,profiles(email)', { token: owner.token });
    expect(rel.status).toBe(400);
    expect(await json(rel)).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'documents' and 'profiles' in the schema cache",
    });
  });

  it('answers 400 PGRST108 for a filter on a resource that is not embedded', async () => {
    const res = await rest('/documents?select=name&document_categories.name=eq.x', { token: owner.token });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe('PGRST108');
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const res = await rest('/documents', { token: owner.token, headers: { 'accept-profile': 'private' } });
    expect(res.status).toBe(406);
    expect(await json(res)).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' });
  });
});
