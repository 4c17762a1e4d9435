-- Offline mutations, applied exactly once: each mutation the app sends (online, or replayed from the
-- offline outbox) carries a client-generated id, and the function applying it records the id and its
-- answer in the same transaction (docs/decisions/003-offline-mutations-exactly-once.md). A mutation
-- function begins with private.replay(): a repeat with the same arguments gets the stored answer, a repeat
-- with other arguments is refused. Business-rule refusals are recorded too (their answer is
-- { "error": { code, message } }), so a replay gets the same answer and the outbox can move on; the
-- caller's transaction commits either way. Mutation functions run as the caller (security invoker): RLS
-- and the table triggers decide what is allowed.

create table public.sync_mutations (
  org_id uuid not null references public.organizations (id) on delete cascade,
  mutation_id uuid not null,
  name varchar(100) not null,
  request_hash text not null check (char_length(request_hash) <= 128),
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
  using (org_id in (select private.org_ids_with_role()) and created_by = (select auth.uid()));
create policy "Members can record their own mutations" on public.sync_mutations for insert to authenticated
  with check (org_id in (select private.org_ids_with_role()) and created_by = (select auth.uid()));
create policy "Members can store the answer of their own mutations" on public.sync_mutations for update to authenticated
  using (created_by = (select auth.uid()) and org_id in (select private.org_ids_with_role()))
  with check (created_by = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------
-- The stored answer of an earlier identical mutation, or null when this one is new. Locks the id: a
-- concurrent duplicate waits here until the first commits, then reads its answer.
create function private.replay(p_org_id uuid, p_mutation_id uuid, p_name text, p_args jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_hash text := encode(extensions.digest(p_name || ':' || p_args::text, 'sha256'), 'hex');
  v_row public.sync_mutations;
begin
  if p_mutation_id is null then
    return null;
  end if;
  insert into public.sync_mutations (org_id, mutation_id, name, request_hash, status, created_by)
  values (p_org_id, p_mutation_id, p_name, v_hash, 'applied', (select auth.uid()))
  on conflict (org_id, mutation_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from public.sync_mutations where org_id = p_org_id and mutation_id = p_mutation_id;
  if v_row.request_hash <> v_hash then
    perform private.refuse('This mutation id was already used for another change',
      '22023', 'MUTATION_ID_REUSED');
  end if;
  return coalesce(v_row.response, '{}'::jsonb);
end
$$;

create function private.remember(p_org_id uuid, p_mutation_id uuid, p_response jsonb) returns jsonb
language sql set search_path = ''
as $$
  update public.sync_mutations
     set response = p_response, status = case when p_response ? 'error' then 'refused' else 'applied' end
   where org_id = p_org_id and mutation_id = p_mutation_id;
  select p_response;
$$;

-- The answer for a refused mutation: a stable code from the SQLSTATE, the database's message, and the
-- reason code, parameters and field of the refusal's hint when it has one (ADR 005).
create function private.refusal(p_sqlstate text, p_message text, p_hint text default null) returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  v_hint jsonb;
begin
  if p_hint like '{%' then
    begin
      v_hint := p_hint::jsonb;
    exception when others then
      v_hint := null;
    end;
  end if;
  return jsonb_build_object('error', jsonb_strip_nulls(jsonb_build_object(
    'code', case p_sqlstate
      when '23505' then 'ALREADY_EXISTS' when 'PT402' then 'LIMIT_REACHED' when '42501' then 'FORBIDDEN'
      when '23503' then 'NOT_FOUND' else 'VALIDATION_FAILED' end,
    'sqlstate', p_sqlstate,
    'message', p_message,
    'reason', v_hint ->> 'reason',
    'params', v_hint -> 'params',
    'field', v_hint ->> 'field')));
end
$$;

-- Refusals that a replay must get again; anything else (a bug, a lost connection) rolls back and is retried.
create function private.is_business_refusal(p_sqlstate text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_sqlstate in ('23505', '23503', '23514', '23502', '22P02', '22003', '22001', '42501', 'PT402', 'P0001')
$$;

grant execute on function private.replay(uuid, uuid, text, jsonb) to authenticated, service_role;
grant execute on function private.remember(uuid, uuid, jsonb) to authenticated, service_role;
grant execute on function private.refusal(text, text, text) to authenticated, service_role;
grant execute on function private.is_business_refusal(text) to authenticated, service_role;
