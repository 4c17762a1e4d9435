// supabase/schema.sql is the schema the migrations make (npm run gen:schema; CI runs it with --check). The
// database these suites run on was built from the migrations, so it must match the file exactly, and any
// drift of the catalog — a function changed, a table added — must show as a difference that names it.
// Also: no function, policy or trigger is created in more than one migration file, nor with a name longer
// than PostgreSQL keeps.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/config.ts';
import {
  changedEntries,
  compareSnapshots,
  duplicateDefinitions,
  overlongNames,
  takeSnapshot,
} from '../../local/schema-snapshot.ts';
import { DATABASE_ADMIN_URL } from '../../tests/env.ts';

const committed = readFileSync(path.join(ROOT, 'supabase', 'schema.sql'), 'utf8');
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: DATABASE_ADMIN_URL });
  await client.connect();
});
afterAll(() => client.end());

describe('the schema snapshot', () => {
  it('matches the database the migrations built', async () => {
    expect(compareSnapshots(committed, await takeSnapshot(client))).toBeNull();
  });

  it('fails on a drift and names what drifted', async () => {
    await client.query('begin');
    try {
      await client.query(`create function private.snapshot_drift() returns integer
                          language sql immutable set search_path = '' as $$ select 1 $$`);
      const added = await takeSnapshot(client);
      const diff = compareSnapshots(committed, added);
      expect(diff).toContain('+-- function private.snapshot_drift()');
      expect(diff).toContain('supabase/schema.sql');
      expect(changedEntries(committed, added)).toEqual({
        added: ['function private.snapshot_drift()'],
        removed: [],
        changed: [],
      });

      await client.query(`create or replace function private.snapshot_drift() returns integer
                          language sql immutable set search_path = '' as $$ select 2 $$`);
      await client.query(`comment on function private.snapshot_drift() is 'drifted'`);
      const changed = await takeSnapshot(client);
      expect(changedEntries(added, changed)).toEqual({
        added: [],
        removed: [],
        changed: ['function private.snapshot_drift()'],
      });
      expect(compareSnapshots(added, changed)).toContain(
        "+COMMENT ON FUNCTION private.snapshot_drift() IS 'drifted';",
      );
    } finally {
      await client.query('rollback');
    }
    expect(compareSnapshots(committed, await takeSnapshot(client))).toBeNull();
  });

  it('creates each function, policy and trigger in one migration file only', () => {
    const dir = path.join(ROOT, 'supabase', 'migrations');
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect([...duplicateDefinitions(files)]).toEqual([]);
    expect(overlongNames(files)).toEqual([]);
  });

  it('finds a name PostgreSQL would cut to 63 bytes', () => {
    const name = 'Owners, managers and accountants can delete subscription invoices';
    expect(
      overlongNames({
        'a.sql': `create policy "${name}" on public.t for delete using (true);
                  create policy "Members can read subscription invoices" on public.t for select using (true);`,
      }),
    ).toEqual([`a.sql: policy "${name}"`]);
  });

  it('finds a function, policy or trigger created twice (a policy name may repeat on another table)', () => {
    const duplicates = duplicateDefinitions({
      'a.sql': `create function public.f() returns int language sql as $$ select 1 $$;
                create policy "Members can read" on public.t for select using (true);
                create trigger t_touch before update on public.t for each row execute function private.touch();
                -- create function public.g() is only mentioned in a comment
                create policy "Members can read" on public.u for select using (true);`,
      'b.sql': `create or replace function public.f() returns int language sql as $$ select 2 $$;
                create policy "Members can read" on public.t for select using (false);
                create trigger t_touch before update on public.t for each row execute function private.touch();
                create function public.g() returns int language sql as $$ select 3 $$;`,
    });
    expect(Object.fromEntries(duplicates)).toEqual({
      'function public.f': ['a.sql', 'b.sql'],
      'policy "Members can read" on public.t': ['a.sql', 'b.sql'],
      'trigger t_touch on public.t': ['a.sql', 'b.sql'],
    });
  });
});
