// Guards that hold for every table, including ones added later: a new table without forced RLS and
// policies fails the suite.
import { describe, expect, it } from 'vitest';
import { asOwner } from './harness.ts';

describe('the catalog', () => {
  it('has row-level security enabled and forced, with policies, on every public table', async () => {
    const unprotected = await asOwner((sql) =>
      sql<{ table: string; problem: string }>(`
        select c.relname as table,
               case when not c.relrowsecurity then 'RLS disabled'
                    when not c.relforcerowsecurity then 'RLS not forced'
                    else 'no policies' end as problem
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_'
           and (not c.relrowsecurity or not c.relforcerowsecurity
                or not exists (select 1 from pg_policy p where p.polrelid = c.oid))`),
    );
    expect(unprotected).toEqual([]);
  });

  it('describes every public table with a comment, for admins in the Supabase dashboard', async () => {
    const undocumented = await asOwner((sql) =>
      sql(`select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_' and obj_description(c.oid, 'pg_class') is null`),
    );
    expect(undocumented).toEqual([]);
  });

  it('gives anon no policy on any table', async () => {
    const anonPolicies = await asOwner((sql) =>
      sql(`select tablename, policyname from pg_policies
            where schemaname = 'public' and ('anon' = any (roles) or 'public' = any (roles))`),
    );
    expect(anonPolicies).toEqual([]);
  });

  it('connects the API as a role that is neither superuser nor allowed to bypass RLS', async () => {
    const [role] = await asOwner((sql) =>
      sql(`select rolsuper, rolbypassrls, rolinherit from pg_roles where rolname = 'authenticator'`),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolinherit: false });
  });

  it('sets search_path on every function in public and private', async () => {
    const unsafe = await asOwner((sql) =>
      sql(`select n.nspname || '.' || p.proname as fn
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('public', 'private') and p.prokind = 'f'
              and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`),
    );
    expect(unsafe).toEqual([]);
  });

  it('refuses through private.refuse only: no other function raises an error by hand', async () => {
    // private.refuse gives every refusal its SQLSTATE and reason code (docs/decisions/005). Only a guard no
    // caller can meet may raise by hand: the request budget's, given its limits by /api alone.
    const raising = await asOwner((sql) =>
      sql<{ fn: string }>(`select n.nspname || '.' || p.proname as fn
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('public', 'private') and p.prosrc ~* '\\mraise\\s+exception\\M'
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
            order by 1`),
    );
    expect(raising.map((r) => r.fn)).toEqual(['private.refuse', 'public.take_request_budget']);
  });

  it('lets no API role truncate a public table (TRUNCATE ignores RLS)', async () => {
    const truncatable = await asOwner((sql) =>
      sql(`select c.relname as table, r.role
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            cross join (values ('anon'), ('authenticated')) r(role)
            where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname !~ '^cf_'
              and has_table_privilege(r.role, c.oid, 'TRUNCATE')`),
    );
    expect(truncatable).toEqual([]);
  });
});
