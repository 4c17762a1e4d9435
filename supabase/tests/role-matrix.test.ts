// The role matrix of docs/roles.md through the Data API (/rest/v1, PostgREST), on the tables
// directly, with real sign-ins: what roles.test.ts proves in SQL holds for a request a browser or a
// script sends with its own JWT. For every public table (read from pg_catalog, so a new table fails here
// until it has a row in the matrix) and every caller — OWNER, MANAGER, ACCOUNTANT, SALES, a member of
// another organization and anon — one test reads, inserts, updates and deletes another member's row and
// checks, in the database, that a refused write changed nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from '../../tests/env.ts';
import { supabaseClient } from '../../tests/supabase-client.ts';
import { actAs, asOwner, ROLES, type Role, type Sql, user } from './harness.ts';
import { type Action, matrix } from './role-matrix.ts';
import { buildRow, fixtures, insertFixture, type Key, type Org, setupOrg, snapshot } from './fixtures.ts';

type Caller = Role | 'OUTSIDER' | 'ANON';
const CALLERS: Caller[] = [...ROLES, 'OUTSIDER', 'ANON'];

// The matrix on rows created by another member (the organization's founder): role-matrix.ts. Rows only
// their author sees (preferences, achievements, offline-sync records) are nobody else's business.

// Public tables without org_id: reference data every signed-in person reads, and people's own rows
// (a profile is also read by colleagues). Nobody adds or removes any of them through the Data API.
const global: Record<string, { read: 'signed-in' | 'own'; mine: (userId: string) => string }> = {
  achievements: { read: 'signed-in', mine: () => 'id=not.is.null' },
  entitlements: { read: 'signed-in', mine: () => 'plan=not.is.null' },
  profiles: { read: 'own', mine: (id) => `id=eq.${id}` },
  user_achievements: { read: 'own', mine: (id) => `user_id=eq.${id}` },
};

const publicTables = await asOwner((sql) =>
  sql<{ table: string; orgScoped: boolean }>(`
    select c.relname as table,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'org_id'
                    and not a.attisdropped) as "orgScoped"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       -- Not the conformance suite's throwaway tables (cf_…), made and dropped while this file runs.
       and c.relname !~ '^cf_'
     order by 1`),
);

interface Person {
  id: string;
  token: string;
}
let people: Record<Exclude<Caller, 'ANON'>, Person>;

async function signedInUser(): Promise<Person> {
  const email = `rest-${randomUUID().slice(0, 8)}@test.kasuwa.app`;
  const password = 'correct-horse-battery';
  const admin = supabaseClient(SERVICE_ROLE_KEY);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const { data, error } = await supabaseClient().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id: created.data.user.id, token: data.session.access_token };
}

beforeAll(async () => {
  const entries = await Promise.all(
    (['OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES', 'OUTSIDER'] as const).map(
      async (c) => [c, await signedInUser()] as const,
    ),
  );
  people = Object.fromEntries(entries) as typeof people;
  // The outsider owns an organization of their own: a member of the product, of another organization.
  await asOwner(
    (sql) =>
      actAs(sql, user(people.OUTSIDER.id), () =>
        sql(`select public.create_organization($1, 'NG', 'NGN')`, [`Outsider ${randomUUID()}`]),
      ),
    { commit: true },
  );
}, 60_000);

/** A fresh organization (on a plan with seats) whose members are the four signed-in people. */
async function organization(sql: Sql): Promise<Org> {
  const org = await setupOrg(sql, { plan: 'GROWTH' });
  for (const role of ROLES)
    await sql(`insert into public.memberships (org_id, user_id, role) values ($1, $2, $3)`, [
      org.id,
      people[role].id,
      role,
    ]);
  return org;
}

function rest(
  caller: Caller,
  path: string,
  init: { method?: string; body?: unknown; upsert?: boolean; minimal?: boolean } = {},
) {
  const headers: Record<string, string> = {
    apikey: ANON_KEY,
    Authorization: `Bearer ${caller === 'ANON' ? ANON_KEY : people[caller].token}`,
    Prefer: `return=${init.minimal ? 'minimal' : 'representation'}${init.upsert ? ',resolution=merge-duplicates' : ''}`,
  };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const filter = (key: Key) =>
  Object.entries(key)
    .map(([c, v]) => `${c}=eq.${encodeURIComponent(v)}`)
    .join('&');

/** The rows a request answered with: none for a refusal (401/403), the rows for a 2xx. */
async function rows(res: Response): Promise<unknown[]> {
  const text = await res.text();
  if (res.status === 401 || res.status === 403) return [];
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as unknown[];
}

const count = async (sql: Sql, table: string, orgId: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from public.${table} where ${table === 'organizations' ? 'id' : 'org_id'} = $1`,
        [orgId],
      )
    )[0]!.n,
  );

const may = (caller: Caller, who: string) =>
  caller !== 'OUTSIDER' && caller !== 'ANON' && who.includes(caller[0]!);

describe('the Data API role matrix', () => {
  it('has an entry for every public table', () => {
    expect(
      publicTables
        .filter((t) => !(t.table in global))
        .map((t) => t.table)
        .sort(),
    ).toEqual(Object.keys(matrix).sort());
    // The SQL fixtures cover the same tables, so each one can be put to the test.
    expect(Object.keys(fixtures).sort()).toEqual(
      Object.keys(matrix)
        .filter((t) => t !== 'organizations')
        .sort(),
    );
  });

  for (const [table, entry] of Object.entries(matrix)) {
    describe(table, () => {
      for (const caller of CALLERS) {
        const can = (action: Action) => may(caller, entry[action]);
        const summary = (['select', 'insert', 'update', 'delete'] as const)
          .map((a) => `${can(a) ? '' : 'no '}${a}`)
          .join(', ');
        it(`${caller}: ${summary}`, async () => {
          // Committed, so the Data API (its own connection) sees them.
          const { org, key, before, row } = await asOwner(
            async (sql) => {
              const org = await organization(sql);
              const key: Key =
                table === 'organizations' ? { id: org.id } : await insertFixture(sql, table, org);
              const actorId = caller === 'ANON' ? org.ownerId : people[caller].id;
              const row =
                table === 'organizations'
                  ? { name: `Org ${randomUUID()}`, country: 'GH', currency: 'GHS' }
                  : { org_id: org.id, ...(await buildRow(sql, table, org, actorId)) };
              return { org, key, before: await snapshot(sql, table, key), row };
            },
            { commit: true },
          );
          const where = filter(key);

          const seen = await rows(await rest(caller, `${table}?${where}`));
          expect(seen.length, 'select').toBe(can('select') ? 1 : 0);

          const countBefore = await asOwner((sql) => count(sql, table, org.id));
          // A table of one row per organization (the business profile) is written by upsert: the row is
          // already there, so an insert that may is an insert-or-update.
          const singleton = fixtures[table]?.pk.join() === 'org_id';
          // Without asking for the row back, as a caller who only wants to write would: a row the caller may
          // not read would otherwise be refused by the select policy alone, whatever the insert policy says.
          const inserted = await rest(caller, table, {
            method: 'POST',
            body: row,
            upsert: singleton,
            minimal: true,
          });
          const insertText = await inserted.text();
          if (can('insert')) {
            expect([200, 201], insertText).toContain(inserted.status);
            if (!singleton) expect(await asOwner((sql) => count(sql, table, org.id))).toBe(countBefore + 1);
          } else {
            expect([401, 403], insertText).toContain(inserted.status);
            expect(await asOwner((sql) => count(sql, table, org.id))).toBe(countBefore);
          }

          const [column, value] =
            table === 'organizations' ? ['name', `Renamed ${randomUUID()}`] : fixtures[table]!.change;
          const updated = await rows(
            await rest(caller, `${table}?${where}`, { method: 'PATCH', body: { [column]: value } }),
          );
          expect(updated.length, 'update').toBe(can('update') ? 1 : 0);
          if (!can('update')) expect(await asOwner((sql) => snapshot(sql, table, key))).toBe(before);

          const deleted = await rows(await rest(caller, `${table}?${where}`, { method: 'DELETE' }));
          expect(deleted.length, 'delete').toBe(can('delete') ? 1 : 0);
          const after = await asOwner((sql) => snapshot(sql, table, key));
          if (can('delete')) expect(after).toBeUndefined();
          else expect(after).toBeDefined();
        });
      }
    });
  }
});

describe('the Data API on the tables without org_id', () => {
  beforeAll(() =>
    asOwner(
      (sql) =>
        sql(
          `with a as (insert into achievements (name, type) values ($2, 'BUSINESS') returning id)
           insert into user_achievements (user_id, achievement_id) select $1, id from a`,
          // A name of its own: achievement names are unique, and other suites add 'First sale'.
          [people.OWNER.id, `First sale ${randomUUID()}`],
        ),
      { commit: true },
    ),
  );

  for (const [table, rule] of Object.entries(global)) {
    it(`${table}: read by ${rule.read === 'own' ? 'its person' : 'the signed-in'}, not anon; written by nobody`, async () => {
      const owners = rule.mine(people.OWNER.id);
      const before = await asOwner((sql) => sql(`select count(*)::int as n from public.${table}`));
      const mine = await rows(await rest('OWNER', `${table}?${owners}`));
      expect(mine.length).toBeGreaterThan(0);
      // A member of another organization sees the reference data, not someone else's rows.
      const outsider = await rows(await rest('OUTSIDER', `${table}?${owners}`));
      expect(outsider.length).toBe(rule.read === 'own' ? 0 : mine.length);
      expect(await rows(await rest('ANON', `${table}?${owners}`))).toEqual([]);
      for (const caller of ['OWNER', 'OUTSIDER', 'ANON'] as const) {
        expect(await rows(await rest(caller, `${table}?${owners}`, { method: 'DELETE' }))).toEqual([]);
        const res = await rest(caller, table, { method: 'POST', body: { id: randomUUID() } });
        expect(res.status, await res.text()).toBeGreaterThanOrEqual(400);
      }
      expect(await asOwner((sql) => sql(`select count(*)::int as n from public.${table}`))).toEqual(before);
    });
  }
});
