-- CRM: leads moving through the pipeline, and notes on them.

create type public.lead_stage as enum ('PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST');

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  company varchar(255),
  stage public.lead_stage not null default 'PROSPECT',
  owner_id uuid,
  value numeric(16, 2) check (value >= 0),
  currency char(3),
  close_date date,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  -- The owner must be a member of the same organization; leaving it clears the owner.
  foreign key (org_id, owner_id) references public.memberships (org_id, user_id) on delete set null (owner_id)
);
comment on table public.leads is 'Sales opportunities. Any stage can be set directly.';
comment on column public.leads.owner_id is 'The member responsible for the lead.';
comment on column public.leads.currency is 'Currency of value; the organization''s when empty.';
create index leads_org_stage_idx on public.leads (org_id, stage, updated_at desc);
create index leads_name_trgm_idx on public.leads using gin (name extensions.gin_trgm_ops);
create index leads_company_trgm_idx on public.leads using gin (company extensions.gin_trgm_ops);
create index leads_owner_idx on public.leads (org_id, owner_id) where owner_id is not null;
create trigger leads_touch before update on public.leads
  for each row execute function private.touch_versioned();

create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  lead_id uuid not null,
  user_id uuid references auth.users (id) on delete set null,
  note text not null check (btrim(note) <> '' and char_length(note) <= 5000),
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, lead_id) references public.leads (org_id, id) on delete cascade
);
comment on table public.lead_notes is 'Notes on a lead, with their author and time.';
create index lead_notes_lead_idx on public.lead_notes (org_id, lead_id, created_at desc);

alter table public.leads enable row level security;
alter table public.leads force row level security;
alter table public.lead_notes enable row level security;
alter table public.lead_notes force row level security;

-- Role matrix: leads and notes edit for OWNER, MANAGER and SALES; read for ACCOUNTANT.
create policy "Members can read leads" on public.leads for select to authenticated
  using (org_id in (select private.member_org_ids()));
create policy "Owners, managers and sales can add leads" on public.leads for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')));
create policy "Owners, managers and sales can edit leads" on public.leads for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')));
create policy "Owners, managers and sales can delete leads" on public.leads for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')));

create policy "Members can read lead notes" on public.lead_notes for select to authenticated
  using (org_id in (select private.member_org_ids()));
create policy "Owners, managers and sales can add notes as themselves" on public.lead_notes for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')) and user_id = (select auth.uid()));
create policy "Authors can edit their notes" on public.lead_notes for update to authenticated
  using (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')))
  with check (user_id = (select auth.uid()));
create policy "Authors, owners and managers can delete notes" on public.lead_notes for delete to authenticated
  using (
    (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role('{OWNER,MANAGER,SALES}')))
    or org_id in (select private.org_ids_with_role('{OWNER,MANAGER}'))
  );
