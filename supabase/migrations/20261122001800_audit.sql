-- The audit trail: who did what to which row, written by triggers on every tenant table, so changes made
-- through the app, /api or the dashboard are all recorded. Statement-level triggers with transition
-- tables keep bulk writes cheap.

create table public.audit_logs (
  id uuid primary key default gen_random_uuid(),
  -- No foreign key: the trail of a deleted organization's last actions must be writable.
  org_id uuid not null,
  actor_id uuid,
  action varchar(10) not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  entity varchar(100) not null,
  entity_id text check (char_length(entity_id) <= 255),
  payload jsonb not null default '{}'::jsonb,
  -- clock_timestamp, not now(): entries of one transaction keep their order.
  created_at timestamptz not null default clock_timestamp(),
  unique (org_id, id)
);
comment on table public.audit_logs is 'Append-only trail of changes to tenant rows. Read by OWNER, MANAGER and ACCOUNTANT.';
comment on column public.audit_logs.actor_id is 'auth.uid() of the caller; null for the service role, migrations and seeds.';
comment on column public.audit_logs.payload is 'INSERT: the new row; UPDATE: {column: [old, new]} for changed columns; DELETE: the old row.';
create index audit_logs_org_created_idx on public.audit_logs (org_id, created_at desc);
create index audit_logs_entity_idx on public.audit_logs (org_id, entity, entity_id);

alter table public.audit_logs enable row level security;
alter table public.audit_logs force row level security;
create policy "Owners, managers and accountants can read the audit trail" on public.audit_logs for select to authenticated
  using (org_id in (select private.org_ids_that_can('audit.read')));
create trigger audit_logs_append_only before update on public.audit_logs
  for each row execute function private.refuse_change();

-- Columns that change on every update and say nothing about what the user did, and those computed from
-- another column (a lead's phone digits follow its phone, an invoice's amount due its total and amounts).
create function private.audit_changes(p_old jsonb, p_new jsonb) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_object_agg(n.key, jsonb_build_array(p_old -> n.key, n.value)), '{}'::jsonb)
    from jsonb_each(p_new) n
   where n.key not in ('updated_at', 'version', 'phone_digits', 'amount_due') and (p_old -> n.key) is distinct from n.value
$$;

-- The primary key of a row: id, or (org_id, user_id) for memberships and member preferences.
create function private.audit_key(p_row jsonb) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(p_row ->> 'id', (p_row ->> 'org_id') || '/' || (p_row ->> 'user_id'), p_row ->> 'org_id')
$$;

-- The audit trail never keeps a secret: the hash of an invitation or share-link token (and any column
-- whose name says token, secret or password) is left out of what an audit row records.
create function private.audit_redact(p_row jsonb) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
    from jsonb_each(p_row) e
   where e.key !~* '(token|secret|password|stripe_sub_id|^logo$)'
$$;
grant execute on function private.audit_redact(jsonb) to authenticated, service_role;

create function private.audit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Rows removed by a cascade (an organization being deleted) are not separate actions.
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.audit_logs (org_id, actor_id, action, entity, entity_id, payload)
    select coalesce(r ->> 'org_id', r ->> 'id')::uuid, (select auth.uid()), tg_op, tg_table_name,
           coalesce(r ->> 'id', r ->> 'user_id', r ->> 'org_id'), private.audit_redact(r)
      from (select to_jsonb(n) as r from new_rows n) s;
  elsif tg_op = 'DELETE' then
    insert into public.audit_logs (org_id, actor_id, action, entity, entity_id, payload)
    select coalesce(r ->> 'org_id', r ->> 'id')::uuid, (select auth.uid()), tg_op, tg_table_name,
           coalesce(r ->> 'id', r ->> 'user_id', r ->> 'org_id'), private.audit_redact(r)
      from (select to_jsonb(o) as r from old_rows o) s;
  else
    insert into public.audit_logs (org_id, actor_id, action, entity, entity_id, payload)
    select coalesce(n.r ->> 'org_id', n.r ->> 'id')::uuid, (select auth.uid()), tg_op, tg_table_name,
           coalesce(n.r ->> 'id', n.r ->> 'user_id', n.r ->> 'org_id'), private.audit_changes(o.r, n.r)
      from (select private.audit_key(to_jsonb(x)) as k, private.audit_redact(to_jsonb(x)) as r from new_rows x) n
      join (select private.audit_key(to_jsonb(x)) as k, private.audit_redact(to_jsonb(x)) as r from old_rows x) o
        on o.k = n.k
     where private.audit_changes(o.r, n.r) <> '{}'::jsonb;
  end if;
  return null;
end
$$;

-- Every tenant table (and organizations itself) is audited; internal bookkeeping (invoice_counters,
-- sync_mutations, gamification_events, the audit trail itself) is not.
do $$
declare
  t text;
begin
  foreach t in array array[
    'organizations', 'business_profiles', 'memberships', 'member_preferences', 'invitations', 'employees', 'products',
    'suppliers', 'purchase_orders', 'purchase_order_lines', 'stock_moves', 'customers', 'invoices',
    'invoice_items', 'payments', 'payment_reversals', 'credit_notes', 'credit_note_lines', 'refunds',
    'invoice_share_tokens', 'statement_share_tokens', 'credit_note_share_tokens', 'leads', 'lead_notes', 'expenses', 'expense_reversals', 'licenses',
    'subscription_plans', 'plan_lines', 'subscriptions', 'subscription_invoices', 'billing_cycles', 'document_categories',
    'documents', 'document_versions', 'document_shares'
  ] loop
    execute format('create trigger %1$s_audit_insert after insert on public.%1$I referencing new table as new_rows
                    for each statement execute function private.audit()', t);
    execute format('create trigger %1$s_audit_update after update on public.%1$I referencing old table as old_rows new table as new_rows
                    for each statement execute function private.audit()', t);
    execute format('create trigger %1$s_audit_delete after delete on public.%1$I referencing old table as old_rows
                    for each statement execute function private.audit()', t);
  end loop;
end
$$;

-- Written by the triggers above only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.audit_logs from anon, authenticated;
