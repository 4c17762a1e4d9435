-- CRM: leads moving through the pipeline and notes on them; a lead's owner is a member of its
-- organization; leads saved and notes added once per (organization, mutation id); the pipeline per stage.

create type public.lead_stage as enum ('PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST');

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  company varchar(255),
  -- How to reach the lead: the board calls (tel:) and writes (mailto:) from the card.
  phone varchar(50) check (phone ~ '[0-9]'),
  email varchar(255) check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- The phone's digits alone, so the board's search finds "776543210" in "+221 77 654 32 10".
  phone_digits text generated always as (private.phone_digits(phone)) stored,
  stage public.lead_stage not null default 'PROSPECT',
  owner_id uuid,
  value public.money_amount check (value >= 0),
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
-- The board's search also finds a lead by e-mail, or by phone digits however the number was spaced.
create index leads_email_trgm_idx on public.leads using gin (email extensions.gin_trgm_ops);
create index leads_phone_digits_trgm_idx on public.leads using gin (phone_digits extensions.gin_trgm_ops);
create index leads_owner_idx on public.leads (org_id, owner_id) where owner_id is not null;
-- The board and the leads list show the biggest deals first: per stage by value, then the latest change.
create index leads_org_stage_value_idx on public.leads (org_id, stage, value desc nulls last, updated_at desc);
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

-- Role matrix: leads and notes edit with lead.edit (OWNER, MANAGER and SALES); read for ACCOUNTANT; others'
-- notes deleted with leadNote.deleteAny.
create policy "Members can read leads" on public.leads for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and sales can add leads" on public.leads for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('lead.edit')));
create policy "Owners, managers and sales can edit leads" on public.leads for update to authenticated
  using (org_id in (select private.org_ids_that_can('lead.edit')))
  with check (org_id in (select private.org_ids_that_can('lead.edit')));
create policy "Owners, managers and sales can delete leads" on public.leads for delete to authenticated
  using (org_id in (select private.org_ids_that_can('lead.edit')));

create policy "Members can read lead notes" on public.lead_notes for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and sales can add notes as themselves" on public.lead_notes for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('lead.edit')) and user_id = (select auth.uid()));
create policy "Authors can edit their notes" on public.lead_notes for update to authenticated
  using (user_id = (select auth.uid()) and org_id in (select private.org_ids_that_can('lead.edit')))
  with check (user_id = (select auth.uid()));
create policy "Authors, owners and managers can delete notes" on public.lead_notes for delete to authenticated
  using (
    (user_id = (select auth.uid()) and org_id in (select private.org_ids_that_can('lead.edit')))
    or org_id in (select private.org_ids_that_can('leadNote.deleteAny'))
  );

-- ---------------------------------------------------------------------------------------------------
-- A lead's owner must be a member of the lead's organization: the composite foreign key to memberships
-- guarantees it, and the trigger below says so in words before the key does (same SQLSTATE, 23503).
create function private.check_lead_owner() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.owner_id is null or (tg_op = 'UPDATE' and new.owner_id is not distinct from old.owner_id) then
    return new;
  end if;
  -- Security definer reads memberships before RLS has had its say: refuse outsiders first, as RLS would,
  -- so nobody learns who belongs to another organization.
  perform private.require(new.org_id, 'lead.edit',
    'new row violates row-level security policy for table "leads"');
  if not exists (select 1 from public.memberships m where m.org_id = new.org_id and m.user_id = new.owner_id) then
    perform private.refuse('The owner must be a member of this organization', '23503', 'LEAD_OWNER_NOT_MEMBER',
      null, 'ownerId');
  end if;
  return new;
end
$$;
revoke all on function private.check_lead_owner() from public;
create trigger leads_owner_is_member before insert or update of owner_id on public.leads
  for each row execute function private.check_lead_owner();

-- ---------------------------------------------------------------------------------------------------
-- CRM writes, each applied once per (organization, mutation id): a lead saved (created or edited, or only
-- moved to another stage) and a note added. RLS decides who may: lead.edit (OWNER, MANAGER and
-- SALES); ACCOUNTANT reads them.

-- { id?, name?, company?, phone?, email?, value?, closeDate?, stage?, ownerId? } — fields absent from an edit stay as they are.
create function public.save_lead(p_org_id uuid, p_mutation_id uuid, p_lead_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_lead',
    jsonb_build_object('lead', p_lead_id, 'input', p_input));
  v_id uuid := coalesce(p_lead_id, (p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'lead.edit',
      'new row violates row-level security policy for table "leads"');
    if p_lead_id is null then
      insert into public.leads (id, org_id, name, company, phone, email, stage, owner_id, value, close_date)
      values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'company'), ''),
              nullif(btrim(p_input ->> 'phone'), ''), nullif(btrim(p_input ->> 'email'), ''),
              coalesce((p_input ->> 'stage')::public.lead_stage, 'PROSPECT'),
              coalesce((p_input ->> 'ownerId')::uuid, (select auth.uid())),
              private.to_number(p_input ->> 'value', 'value'), private.org_date(p_org_id, p_input ->> 'closeDate', 'closeDate'));
    else
      update public.leads l
         set name = case when p_input ? 'name' then btrim(p_input ->> 'name') else l.name end,
             company = case when p_input ? 'company' then nullif(btrim(p_input ->> 'company'), '') else l.company end,
             phone = case when p_input ? 'phone' then nullif(btrim(p_input ->> 'phone'), '') else l.phone end,
             email = case when p_input ? 'email' then nullif(btrim(p_input ->> 'email'), '') else l.email end,
             stage = coalesce((p_input ->> 'stage')::public.lead_stage, l.stage),
             owner_id = case when p_input ? 'ownerId' then (p_input ->> 'ownerId')::uuid else l.owner_id end,
             value = case when p_input ? 'value' then private.to_number(p_input ->> 'value', 'value') else l.value end,
             close_date = case when p_input ? 'closeDate' then private.org_date(p_org_id, p_input ->> 'closeDate', 'closeDate') else l.close_date end
       where l.org_id = p_org_id and l.id = p_lead_id;
      if not found then
        perform private.refuse('Lead not found', '23503', 'LEAD_NOT_FOUND');
      end if;
    end if;
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(l) from public.leads l where l.id = v_id)));
end
$$;

create function public.add_lead_note(p_org_id uuid, p_mutation_id uuid, p_lead_id uuid, p_note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'add_lead_note',
    jsonb_build_object('lead', p_lead_id, 'note', p_note));
  v_row public.lead_notes;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'lead.edit',
      'new row violates row-level security policy for table "lead_notes"');
    insert into public.lead_notes (org_id, lead_id, user_id, note)
    values (p_org_id, p_lead_id, (select auth.uid()), btrim(p_note))
    returning * into v_row;
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

revoke execute on function public.save_lead(uuid, uuid, uuid, jsonb) from public, anon;
revoke execute on function public.add_lead_note(uuid, uuid, uuid, text) from public, anon;
grant execute on function public.save_lead(uuid, uuid, uuid, jsonb) to authenticated;
grant execute on function public.add_lead_note(uuid, uuid, uuid, text) to authenticated;

-- The pipeline per stage: how many leads and their total value (leads are valued in the organization's
-- currency; a lead in another currency is counted, and totalled apart).
create function public.lead_pipeline(p_org_id uuid)
returns table (stage public.lead_stage, currency text, leads bigint, total numeric)
language sql stable set search_path = ''
as $$
  select l.stage, coalesce(l.currency, o.currency)::text, count(*), coalesce(sum(l.value), 0)
    from public.leads l join public.organizations o on o.id = l.org_id
   where l.org_id = p_org_id
   group by l.stage, coalesce(l.currency, o.currency)
$$;
revoke execute on function public.lead_pipeline(uuid) from public, anon;
grant execute on function public.lead_pipeline(uuid) to authenticated;
