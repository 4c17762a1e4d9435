-- Foundation: the extensions the schema uses, the `private` schema for internals, and the small helpers
-- every domain's tables and functions share (timestamps and versions, append-only tables, money rounding,
-- search patterns). Nothing here knows about a particular table.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists citext with schema extensions;

-- Internals live in `private`, which the API roles cannot call directly.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- TRUNCATE ignores RLS; the API roles never need it. Set before the first table, so no table has it.
alter default privileges for role postgres in schema public revoke truncate on tables from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Triggers shared by many tables.

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Bumped on every update so offline edits can say which version they were based on.
create function private.touch_versioned() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  new.version := old.version + 1;
  return new;
end
$$;

-- Ledgers and trails: their rows are never changed once written.
create function private.refuse_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception '% rows cannot be changed', tg_table_name using errcode = '42501';
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Money and search.

-- Minor units per currency (spec currency table): XOF and GNF have none.
create function public.currency_decimals(p_currency text) returns integer
language sql immutable set search_path = ''
as $$
  select case upper(p_currency) when 'XOF' then 0 when 'XAF' then 0 when 'GNF' then 0 else 2 end
$$;
comment on function public.currency_decimals(text) is 'Decimals money is rounded to in this currency (XOF, GNF: 0; others 2).';

-- The term as an ILIKE pattern that matches it literally anywhere (%, _ and \ in it are not wildcards).
create function private.contains_pattern(p_term text) returns text
language sql immutable set search_path = ''
as $$
  select '%' || replace(replace(replace(p_term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke execute on function private.contains_pattern(text) from public;
grant execute on function private.contains_pattern(text) to authenticated, service_role;
