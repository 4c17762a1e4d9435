-- Accounting: expenses (payments are in sales).

create table public.expenses (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  vendor varchar(255) not null check (btrim(vendor) <> ''),
  category varchar(50) not null
    check (category in ('office-supplies', 'rent', 'utilities', 'marketing', 'travel', 'equipment', 'other')),
  amount numeric(16, 2) not null check (amount > 0),
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
