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
-- anon (signed out) writes nothing, anywhere (docs/decisions/006-who-writes-what.md).
alter default privileges for role postgres in schema public revoke insert, update, delete on tables from anon;

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
  perform private.refuse(format('%s rows cannot be changed', tg_table_name), '42501', 'RECORD_FINAL',
    jsonb_build_object('table', tg_table_name));
end
$$;

-- Counter-entries (reversals) likewise; they go only with their organization (a cascade).
create function private.refuse_change_but_cascade() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  perform private.refuse(format('%s rows cannot be changed', tg_table_name), '42501', 'RECORD_FINAL',
    jsonb_build_object('table', tg_table_name));
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Money and search.

-- Minor units per currency, as the app's table gives them (CURRENCIES in packages/shared/countries.ts): the
-- CFA francs (XOF, XAF) and GNF have none.
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

-- ---------------------------------------------------------------------------------------------------
-- Refusals (docs/decisions/005-error-codes-end-to-end.md): every rule a caller can meet refuses through
-- here, with an English message for logs, the SQLSTATE of the class of refusal (23514 a rule of the data,
-- 23505 a duplicate, 23503 a missing reference, 42501 not allowed, 22023/22P02 a malformed value, PT402 a
-- plan limit), and the reason code (with its parameters and field) as JSON in the hint, which PostgREST
-- answers verbatim and the `api` function passes on; p_detail, rarely, the detail PostgreSQL's own error
-- of that class would give.
create function private.refuse(p_message text, p_sqlstate text, p_reason text,
                               p_params jsonb default null, p_field text default null,
                               p_detail text default null) returns void
language plpgsql set search_path = ''
as $$
declare
  v_hint text := jsonb_strip_nulls(jsonb_build_object('reason', p_reason, 'params', p_params, 'field', p_field))::text;
begin
  if p_detail is null then
    raise exception using message = p_message, errcode = p_sqlstate, hint = v_hint;
  end if;
  raise exception using message = p_message, errcode = p_sqlstate, detail = p_detail, hint = v_hint;
end
$$;
revoke all on function private.refuse(text, text, text, jsonb, text, text) from public;
grant execute on function private.refuse(text, text, text, jsonb, text, text) to authenticated, service_role;

-- An amount in a currency has at most its decimals (no 150.75 XOF): refused with CURRENCY_DECIMALS naming
-- the field, never rounded behind the user.
create function private.require_currency_decimals(p_amount numeric, p_currency text, p_field text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_amount is not null and p_amount <> round(p_amount, public.currency_decimals(p_currency)) then
    perform private.refuse(format('%s amounts have %s decimals', p_currency, public.currency_decimals(p_currency)),
      '23514', 'CURRENCY_DECIMALS',
      jsonb_build_object('currency', p_currency, 'decimals', public.currency_decimals(p_currency)), p_field);
  end if;
end
$$;
revoke all on function private.require_currency_decimals(numeric, text, text) from public;
grant execute on function private.require_currency_decimals(numeric, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Numbers. PostgreSQL's numeric has NaN and ±Infinity, and 'NaN' is greater than every number, so it
-- passes every "> 0" check and poisons every sum it enters (an append-only stock ledger never recovers).
-- Every column of money, quantity or rate is one of these domains, which refuse them (constraint
-- *_finite: the `api` function answers NOT_A_NUMBER), and every function reads numbers from its input
-- through private.to_number, which refuses them before they reach a table.
create domain public.money_amount as numeric(16, 2)
  constraint money_amount_finite check (value not in ('NaN', 'Infinity', '-Infinity'));
comment on domain public.money_amount is 'An amount of money (totals, payments, expenses): finite, 2 decimals at most.';
create domain public.money_price as numeric(14, 2)
  constraint money_price_finite check (value not in ('NaN', 'Infinity', '-Infinity'));
comment on domain public.money_price is 'A unit price or cost: finite, 2 decimals at most.';
create domain public.quantity as numeric(14, 3)
  constraint quantity_finite check (value not in ('NaN', 'Infinity', '-Infinity'));
comment on domain public.quantity is 'A quantity of stock: finite, 3 decimals at most.';
create domain public.percentage as numeric(5, 2)
  constraint percentage_finite check (value not in ('NaN', 'Infinity', '-Infinity'));
comment on domain public.percentage is 'A rate in percent (tax, discount): finite, 2 decimals at most.';

-- A number from a function's JSON input: null stays null; anything that is not a finite number is refused
-- with NOT_A_NUMBER naming the field.
create function private.to_number(p_value text, p_field text) returns numeric
language plpgsql immutable set search_path = ''
as $$
declare
  v_number numeric;
begin
  if p_value is null then
    return null;
  end if;
  begin
    v_number := btrim(p_value)::numeric;
  exception when invalid_text_representation then
    v_number := 'NaN';
  end;
  if v_number in ('NaN', 'Infinity', '-Infinity') then
    perform private.refuse(format('%s is not a number', p_field), '22P02', 'NOT_A_NUMBER',
      jsonb_build_object('field', p_field), p_field);
  end if;
  return v_number;
end
$$;
revoke all on function private.to_number(text, text) from public;
grant execute on function private.to_number(text, text) to authenticated, service_role;
