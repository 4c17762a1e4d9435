-- Accounting and expenses: expenses (payments are in sales) recorded, edited and reversed once per
-- (organization, mutation id), and the accounting cards' totals per currency.

create table public.expenses (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  vendor varchar(255) not null check (btrim(vendor) <> ''),
  category varchar(50) not null
    check (category in ('office-supplies', 'rent', 'utilities', 'marketing', 'travel', 'equipment',
                        'stock-purchases', 'wages', 'mobile-money-fees', 'other')),
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

-- An expense taken back: a counter-entry of its amount, dated when it is made, with its reason. The
-- expense stays listed (marked reversed) and no longer counts in the totals from that day on; it is never
-- edited or deleted afterwards. Once per expense; written by reverse_expense only.
create table public.expense_reversals (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  expense_id uuid not null,
  amount public.money_amount not null check (amount > 0),
  currency char(3) not null,
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 500),
  reversed_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  unique (org_id, id),
  unique (org_id, expense_id),
  foreign key (org_id, expense_id) references public.expenses (org_id, id)
);
comment on table public.expense_reversals is 'Expenses taken back: a counter-entry (the expense''s amount, dated when reversed) with its reason. Written by reverse_expense only; never changed.';
create index expense_reversals_org_reversed_idx on public.expense_reversals (org_id, reversed_at desc, id desc)
  include (currency, amount, expense_id);

-- An expense is edited (amount, category, vendor, note, date: the audit trail keeps before and after) or
-- deleted only while it is not reversed, and deleted only by an owner or a manager (an accountant reverses
-- it), whoever writes; refused with the reason. Who recorded it and when never change.
create function private.guard_expense() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  if tg_op = 'DELETE' then
    perform private.require(old.org_id, 'expense.delete',
      'Only owners and managers delete an expense; reverse it instead', 'EXPENSE_DELETE_FORBIDDEN');
  end if;
  if exists (select 1 from public.expense_reversals r where r.org_id = old.org_id and r.expense_id = old.id) then
    perform private.refuse('A reversed expense stays as it was', '23514', 'EXPENSE_REVERSED');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if (new.created_by, new.created_at) is distinct from (old.created_by, old.created_at)
     and coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    perform private.refuse('Who recorded an expense, and when, never change', '23514', 'RECORD_FINAL');
  end if;
  return new;
end
$$;
create trigger expenses_guard before update or delete on public.expenses
  for each row execute function private.guard_expense();

-- A reversal takes the expense's amount and currency (whatever the insert says), once per expense.
create function private.apply_expense_reversal() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_expense public.expenses;
begin
  perform private.require(new.org_id, 'expense.reverse',
    'Only owners, managers and accountants reverse an expense', 'EXPENSES_FORBIDDEN');
  select * into v_expense from public.expenses where org_id = new.org_id and id = new.expense_id for update;
  if v_expense.id is null then
    perform private.refuse('Expense not found', '23503', 'EXPENSE_NOT_FOUND', null, 'expenseId');
  end if;
  if nullif(btrim(coalesce(new.reason, '')), '') is null then
    perform private.refuse('Say why the expense is reversed', '23514', 'REVERSAL_REASON_REQUIRED', null, 'reason');
  end if;
  if char_length(btrim(new.reason)) > 500 then
    perform private.refuse('The reason is at most 500 characters', '23514', 'TOO_LONG',
      jsonb_build_object('max', 500), 'reason');
  end if;
  if exists (select 1 from public.expense_reversals r where r.org_id = new.org_id and r.expense_id = new.expense_id) then
    perform private.refuse('This expense was already reversed', '23505', 'EXPENSE_ALREADY_REVERSED');
  end if;
  new.amount := v_expense.amount;
  new.currency := v_expense.currency;
  new.reason := btrim(new.reason);
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    new.reversed_at := now();
    new.created_by := (select auth.uid());
  end if;
  return new;
end
$$;
create trigger expense_reversals_apply before insert on public.expense_reversals
  for each row execute function private.apply_expense_reversal();
create trigger expense_reversals_final before update or delete on public.expense_reversals
  for each row execute function private.refuse_change_but_cascade();

alter table public.expenses enable row level security;
alter table public.expenses force row level security;
alter table public.expense_reversals enable row level security;
alter table public.expense_reversals force row level security;

-- Role matrix: expenses edit for OWNER, MANAGER, ACCOUNTANT; SALES none.
create policy "Owners, managers and accountants can read expenses" on public.expenses for select to authenticated
  using (org_id in (select private.org_ids_that_can('expense.read')));
create policy "Owners, managers and accountants can record expenses" on public.expenses for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('expense.record')) and created_by = (select auth.uid()));
create policy "Owners, managers and accountants can edit expenses" on public.expenses for update to authenticated
  using (org_id in (select private.org_ids_that_can('expense.edit')))
  with check (org_id in (select private.org_ids_that_can('expense.edit')));
-- Those who read expenses may ask; the trigger (private.guard_expense) lets those who may delete only.
create policy "Owners, managers and accountants can ask to delete expenses" on public.expenses for delete to authenticated
  using (org_id in (select private.org_ids_that_can('expense.read')));

create policy "Owners, managers and accountants can read expense reversals" on public.expense_reversals
  for select to authenticated
  using (org_id in (select private.org_ids_that_can('expense.read')));
-- Written by reverse_expense only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.expense_reversals from anon, authenticated;

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
      perform private.refuse('new row violates row-level security policy for table "expenses"',
        '42501', 'FORBIDDEN');
    end if;
    if nullif(btrim(p_input ->> 'vendor'), '') is null then
      perform private.refuse('Vendor is required', '23514', 'VENDOR_REQUIRED', null, 'vendor');
    end if;
    if nullif(btrim(p_input ->> 'category'), '') is null then
      perform private.refuse('Category is required', '23514', 'CATEGORY_REQUIRED', null, 'category');
    end if;
    if btrim(p_input ->> 'category') not in ('office-supplies', 'rent', 'utilities', 'marketing', 'travel',
                                             'equipment', 'stock-purchases', 'wages', 'mobile-money-fees',
                                             'other') then
      perform private.refuse(
        'Category must be one of office-supplies, rent, utilities, marketing, travel, equipment, stock-purchases, '
        'wages, mobile-money-fees, other', '23514', 'CATEGORY_REQUIRED', null, 'category');
    end if;
    v_amount := private.to_number(p_input ->> 'amount', 'amount');
    if v_amount is null then
      perform private.refuse('Amount is required', '23514', 'AMOUNT_REQUIRED', null, 'amount');
    end if;
    v_currency := upper(coalesce(nullif(btrim(p_input ->> 'currency'), ''), v_org.currency));
    if v_currency !~ '^[A-Z]{3}$' then
      perform private.refuse('Currency must be a 3-letter code', '23514', 'CURRENCY_INVALID', null, 'currency');
    end if;
    if v_amount <= 0 then
      perform private.refuse('Amount must be more than zero', '23514', 'AMOUNT_POSITIVE', null, 'amount');
    end if;
    if v_amount <> round(v_amount, public.currency_decimals(v_currency)) then
      perform private.refuse(
        format('%s amounts have %s', v_currency,
               case public.currency_decimals(v_currency) when 0 then 'no decimals'
                    else 'at most ' || public.currency_decimals(v_currency) || ' decimals' end),
        '23514', 'CURRENCY_DECIMALS',
        jsonb_build_object('currency', v_currency, 'decimals', public.currency_decimals(v_currency)), 'amount');
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

-- Editing an expense: { vendor, category, amount, paidAt?, note? } (its currency stays), once per mutation
-- id, under the caller's RLS; the audit trail keeps each changed column's before and after. A reversed
-- expense is not edited (EXPENSE_REVERSED, private.guard_expense).
create function public.update_expense(p_org_id uuid, p_mutation_id uuid, p_expense_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'update_expense',
    jsonb_build_object('expense', p_expense_id, 'input', p_input));
  v_expense public.expenses;
  v_amount numeric;
  v_paid text := nullif(btrim(p_input ->> 'paidAt'), '');
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'expense.edit',
      'Only owners, managers and accountants can see expenses', 'EXPENSES_FORBIDDEN');
    select * into v_expense from public.expenses e where e.org_id = p_org_id and e.id = p_expense_id;
    if v_expense.id is null then
      perform private.refuse('Expense not found', '23503', 'EXPENSE_NOT_FOUND', null, 'expenseId');
    end if;
    if nullif(btrim(p_input ->> 'vendor'), '') is null then
      perform private.refuse('Vendor is required', '23514', 'VENDOR_REQUIRED', null, 'vendor');
    end if;
    if coalesce(btrim(p_input ->> 'category'), '') not in ('office-supplies', 'rent', 'utilities', 'marketing',
                                                           'travel', 'equipment', 'stock-purchases', 'wages',
                                                           'mobile-money-fees', 'other') then
      perform private.refuse('Category is required', '23514', 'CATEGORY_REQUIRED', null, 'category');
    end if;
    v_amount := private.to_number(p_input ->> 'amount', 'amount');
    if v_amount is null then
      perform private.refuse('Amount is required', '23514', 'AMOUNT_REQUIRED', null, 'amount');
    end if;
    if v_amount <= 0 then
      perform private.refuse('Amount must be more than zero', '23514', 'AMOUNT_POSITIVE', null, 'amount');
    end if;
    perform private.require_currency_decimals(v_amount, v_expense.currency, 'amount');
    update public.expenses
       set vendor = btrim(p_input ->> 'vendor'), category = btrim(p_input ->> 'category'), amount = v_amount,
           paid_at = coalesce(private.org_instant(p_org_id, v_paid, 'paidAt'), paid_at),
           note = nullif(btrim(p_input ->> 'note'), '')
     where org_id = p_org_id and id = p_expense_id
    returning * into v_expense;
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_expense)));
end
$$;
comment on function public.update_expense(uuid, uuid, uuid, jsonb) is
  'Edits an expense (vendor, category, amount, paidAt, note; not its currency) once per mutation id, under the caller''s RLS; not once reversed.';
revoke execute on function public.update_expense(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.update_expense(uuid, uuid, uuid, jsonb) to authenticated, service_role;

-- Reversing an expense: the counter-entry, written here only (security definer, after the role check).
create function private.insert_expense_reversal(p_org_id uuid, p_expense_id uuid, p_reason text)
returns public.expense_reversals
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.expense_reversals;
begin
  perform private.require(p_org_id, 'expense.reverse',
    'Only owners, managers and accountants reverse an expense', 'EXPENSES_FORBIDDEN');
  insert into public.expense_reversals (org_id, expense_id, reason, created_by)
  values (p_org_id, p_expense_id, p_reason, (select auth.uid()))
  returning * into v_row;
  return v_row;
end
$$;
revoke all on function private.insert_expense_reversal(uuid, uuid, text) from public, anon;
grant execute on function private.insert_expense_reversal(uuid, uuid, text) to authenticated, service_role;

create function public.reverse_expense(p_org_id uuid, p_mutation_id uuid, p_expense_id uuid, p_reason text)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'reverse_expense',
    jsonb_build_object('expense', p_expense_id, 'reason', p_reason));
  v_row public.expense_reversals;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_row := private.insert_expense_reversal(p_org_id, p_expense_id, p_reason);
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    declare
      v_hint text;
    begin
      get stacked diagnostics v_hint = pg_exception_hint;
      return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm, v_hint));
    end;
  end;
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_row)));
end
$$;
comment on function public.reverse_expense(uuid, uuid, uuid, text) is
  'Takes an expense back with a reason (a counter-entry; the expense stays, marked reversed), once per expense and per mutation id: owners, managers and accountants.';
revoke execute on function public.reverse_expense(uuid, uuid, uuid, text) from public, anon;
grant execute on function public.reverse_expense(uuid, uuid, uuid, text) to authenticated, service_role;

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

