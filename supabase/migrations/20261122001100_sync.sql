-- Offline writes are applied exactly once: each mutation made on a device carries a client-generated id,
-- and the function applying it records the id and its answer in the same transaction. A replay with the
-- same id gets the stored answer instead of a second write (see docs/decisions and OFFLINE.md).

create table public.sync_mutations (
  org_id uuid not null references public.organizations (id) on delete cascade,
  mutation_id uuid not null,
  name varchar(100) not null,
  request_hash text not null,
  status varchar(10) not null check (status in ('applied', 'refused')),
  response jsonb,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (org_id, mutation_id)
);
comment on table public.sync_mutations is 'Idempotency records of offline mutations: (organization, mutation id) -> the answer given.';
comment on column public.sync_mutations.request_hash is 'Hash of the arguments; a replay with the same id but other arguments is refused.';
comment on column public.sync_mutations.status is 'applied, or refused by a business rule (recorded too, so a replay gets the same answer).';
create index sync_mutations_created_idx on public.sync_mutations (org_id, created_at);

alter table public.sync_mutations enable row level security;
alter table public.sync_mutations force row level security;
create policy "Members can read their own mutations" on public.sync_mutations for select to authenticated
  using (org_id in (select private.member_org_ids()) and created_by = (select auth.uid()));
create policy "Members can record their own mutations" on public.sync_mutations for insert to authenticated
  with check (org_id in (select private.member_org_ids()) and created_by = (select auth.uid()));
