-- Accounting and expenses: expenses (payments are in sales) recorded once per (organization, mutation id),
-- and the accounting cards' totals per currency.

create table public.expenses (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  vendor varchar(255) not null check (btrim(vendor) <> ''),
  category varchar(50) not null
    check (category in ('office-supplies', 'rent', 'utilities', 'marketing', 'travel', 'equipment', 'other')),
  amount public.money_amount not null check (amount > 0),
  currency char(3) not null,
  paid_at timestamptz not null default now(),
  note text check (char_length(note) <= 2000),
  created_by uuid references auth.users (id) on delete set null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  check (amount = round(amount, public.currency_decimals(currency)))
);
comment on table public.expenses is 'Money spent by the organization, by category. Totals are kept per currency.';
create index expenses_org_paid_idx on public.expenses (org_id, paid_at desc);
create index expenses_org_category_idx on public.expenses (org_id, category, paid_at desc);
-- Expenses read by date alone (reports, running totals): index-only scans.
create index expenses_org_paid_amount_idx on public.expenses (org_id, paid_at desc, id desc)
  include (currency, amount);
create trigger expenses_touch before update on public.expenses
  for each row execute function private.touch_versioned();

alter table public.expenses enable row level security;
alter table public.expenses force row level security;

-- Role matrix: expenses edit for OWNER, MANAGER, ACCOUNTANT; SALES none.
create policy "Owners, managers and accountants can read expenses" on public.expenses for select to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can record expenses" on public.expenses for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')) and created_by = (select auth.uid()));
create policy "Owners, managers and accountants can edit expenses" on public.expenses for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can delete expenses" on public.expenses for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));

-- ---------------------------------------------------------------------------------------------------
-- Expenses: { id?, vendor, category, amount, currency?, paidAt?, note? }. The currency defaults to the
-- organization's, paidAt to now; a bare date (2026-11-20) is that day in the organization's time zone.
-- The amount must fit the currency's decimals (no 1500.5 XOF): money is never rounded behind the user.
create function public.record_expense(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'record_expense', p_input);
  v_id uuid;
  v_org public.organizations;
  v_currency text;
  v_amount numeric;
  v_paid_at timestamptz;
  v_paid text := nullif(btrim(p_input ->> 'paidAt'), '');
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_id := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
    select * into v_org from public.organizations o where o.id = p_org_id;
    if v_org.id is null then
      raise exception 'new row violates row-level security policy for table "expenses"' using errcode = '42501',
        hint = json_build_object('reason', 'FORBIDDEN')::text;
    end if;
    if nullif(btrim(p_input ->> 'vendor'), '') is null then
      raise exception 'Vendor is required' using errcode = '23514',
        hint = json_build_object('reason', 'VENDOR_REQUIRED', 'field', 'vendor')::text;
    end if;
    if nullif(btrim(p_input ->> 'category'), '') is null then
      raise exception 'Category is required' using errcode = '23514',
        hint = json_build_object('reason', 'CATEGORY_REQUIRED', 'field', 'category')::text;
    end if;
    if btrim(p_input ->> 'category') not in ('office-supplies', 'rent', 'utilities', 'marketing', 'travel',
                                             'equipment', 'other') then
      raise exception 'Category must be one of office-supplies, rent, utilities, marketing, travel, equipment, other'
        using errcode = '23514', hint = json_build_object('reason', 'CATEGORY_REQUIRED', 'field', 'category')::text;
    end if;
    v_amount := private.to_number(p_input ->> 'amount', 'amount');
    if v_amount is null then
      raise exception 'Amount is required' using errcode = '23514',
        hint = json_build_object('reason', 'AMOUNT_REQUIRED', 'field', 'amount')::text;
    end if;
    v_currency := upper(coalesce(nullif(btrim(p_input ->> 'currency'), ''), v_org.currency));
    if v_currency !~ '^[A-Z]{3}$' then
      raise exception 'Currency must be a 3-letter code' using errcode = '23514',
        hint = json_build_object('reason', 'CURRENCY_INVALID', 'field', 'currency')::text;
    end if;
    if v_amount <= 0 then
      raise exception 'Amount must be more than zero' using errcode = '23514',
        hint = json_build_object('reason', 'AMOUNT_POSITIVE', 'field', 'amount')::text;
    end if;
    if v_amount <> round(v_amount, public.currency_decimals(v_currency)) then
      raise exception '% amounts have %', v_currency,
        case public.currency_decimals(v_currency) when 0 then 'no decimals'
             else 'at most ' || public.currency_decimals(v_currency) || ' decimals' end
        using errcode = '23514',
          hint = json_build_object('reason', 'CURRENCY_DECIMALS',
                                   'params', json_build_object('currency', v_currency,
                                                               'decimals', public.currency_decimals(v_currency)),
                                   'field', 'amount')::text;
    end if;
    v_paid_at := coalesce(private.org_instant(p_org_id, v_paid, 'paidAt'), now());
    insert into public.expenses (id, org_id, vendor, category, amount, currency, paid_at, note, created_by)
    values (v_id, p_org_id, btrim(p_input ->> 'vendor'), btrim(p_input ->> 'category'), v_amount, v_currency,
            v_paid_at, nullif(btrim(p_input ->> 'note'), ''), (select auth.uid()));
  exception when others then
    if not private.is_business_refusal(sqlstate) and sqlstate not in ('22007', '22008') then
      raise;
    end if;
    declare
      v_hint text;
    begin
      get stacked diagnostics v_hint = pg_exception_hint;
      return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm, v_hint));
    end;
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(e) from public.expenses e where e.id = v_id)));
end
$$;
comment on function public.record_expense(uuid, uuid, jsonb) is
  'Records an expense once per mutation id: vendor, category, amount in the currency''s decimals, currency (default the organization''s), paidAt (default now), note.';

-- ---------------------------------------------------------------------------------------------------
revoke execute on function public.record_expense(uuid, uuid, jsonb) from public, anon;
grant execute on function public.record_expense(uuid, uuid, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- A list of { currency, amount } from a { currency: amount } object: the organization's currency first
-- (0 when absent), amounts rounded to each currency's decimals.
create function private.money_list(p_amounts jsonb, p_org_currency text) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_agg(jsonb_build_object('currency', c.currency,
                                      'amount', round(c.amount, public.currency_decimals(c.currency)))
                   order by c.currency <> p_org_currency, c.currency)
    from (select p_org_currency as currency, coalesce((p_amounts ->> p_org_currency)::numeric, 0) as amount
          union all
          select a.key, a.value::text::numeric from jsonb_each(coalesce(p_amounts, '{}'::jsonb)) a
           where a.key <> p_org_currency) c
$$;

revoke all on function private.money_list(jsonb, text) from public;
grant execute on function private.money_list(jsonb, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- The /accounting cards, all time, per currency (the organization's currency first, 0 when nothing
-- happened in it): revenue is what was invoiced (ISSUED and PAID invoices, not quotes or VOID) with what
-- is still owed on it; payments are the money received; expenses the money spent; each with its count.
-- Run as the caller (security invoker): RLS decides what is counted, so a SALES member, who has no
-- access to expenses, gets none.
create function public.accounting_summary(p_org_id uuid) returns jsonb
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_currency text;
  v_answer jsonb;
begin
  select o.currency::text into v_currency from public.organizations o where o.id = p_org_id;
  if v_currency is null then
    raise exception 'You are not a member of this organization' using errcode = '42501',
        hint = json_build_object('reason', 'NOT_A_MEMBER')::text;
  end if;

  with invoiced as (
    select i.currency::text as currency, sum(i.total) as amount,
           sum(i.total - i.amount_paid) filter (where i.status = 'ISSUED') as owed, count(*) as n
      from public.invoices i where i.org_id = p_org_id and i.status in ('ISSUED', 'PAID') group by i.currency
  ),
  received as (
    select p.currency::text as currency, sum(p.amount) as amount, count(*) as n
      from public.payments p where p.org_id = p_org_id group by p.currency
  ),
  spent as (
    select e.currency::text as currency, sum(e.amount) as amount, count(*) as n
      from public.expenses e where e.org_id = p_org_id group by e.currency
  )
  select jsonb_build_object(
    'currency', v_currency,
    'invoiced', jsonb_build_object(
      'count', coalesce((select sum(n) from invoiced), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from invoiced), v_currency),
      'outstanding', private.money_list((select jsonb_object_agg(currency, owed) from invoiced where owed is not null),
                                        v_currency)),
    'payments', jsonb_build_object(
      'count', coalesce((select sum(n) from received), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from received), v_currency)),
    'expenses', jsonb_build_object(
      'count', coalesce((select sum(n) from spent), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from spent), v_currency)))
    into v_answer;
  return v_answer;
end
$$;
comment on function public.accounting_summary(uuid) is
  'The accounting cards: invoiced (and still owed), payments and expenses per currency (all time) with counts, under the caller''s RLS.';

revoke execute on function public.accounting_summary(uuid) from public, anon;
grant execute on function public.accounting_summary(uuid) to authenticated, service_role;
