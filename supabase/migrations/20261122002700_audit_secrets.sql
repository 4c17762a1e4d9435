-- The audit trail never keeps a secret: the hash of an invitation or share-link token (and any column
-- whose name says token, secret or password) is left out of what an audit row records, and rows written
-- before this are cleaned. The rest of the trigger is unchanged (see 20261122001000_audit.sql).

create function private.audit_redact(p_row jsonb) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
    from jsonb_each(p_row) e
   where e.key !~* '(token|secret|password|stripe_sub_id)'
$$;
grant execute on function private.audit_redact(jsonb) to authenticated, service_role;

create or replace function private.audit() returns trigger
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
           coalesce(r ->> 'id', r ->> 'user_id'), private.audit_redact(r)
      from (select to_jsonb(n) as r from new_rows n) s;
  elsif tg_op = 'DELETE' then
    insert into public.audit_logs (org_id, actor_id, action, entity, entity_id, payload)
    select coalesce(r ->> 'org_id', r ->> 'id')::uuid, (select auth.uid()), tg_op, tg_table_name,
           coalesce(r ->> 'id', r ->> 'user_id'), private.audit_redact(r)
      from (select to_jsonb(o) as r from old_rows o) s;
  else
    insert into public.audit_logs (org_id, actor_id, action, entity, entity_id, payload)
    select coalesce(n.r ->> 'org_id', n.r ->> 'id')::uuid, (select auth.uid()), tg_op, tg_table_name,
           coalesce(n.r ->> 'id', n.r ->> 'user_id'), private.audit_changes(o.r, n.r)
      from (select private.audit_key(to_jsonb(x)) as k, private.audit_redact(to_jsonb(x)) as r from new_rows x) n
      join (select private.audit_key(to_jsonb(x)) as k, private.audit_redact(to_jsonb(x)) as r from old_rows x) o
        on o.k = n.k
     where private.audit_changes(o.r, n.r) <> '{}'::jsonb;
  end if;
  return null;
end
$$;

-- Rows recorded before: the secrets go (an UPDATE row that only changed a token goes entirely). The trail
-- is append-only for everyone else; this one-time cleaning steps past that guard.
alter table public.audit_logs disable trigger audit_logs_append_only;
update public.audit_logs set payload = private.audit_redact(payload)
 where payload::text ~* '"[^"]*(token|secret|password|stripe_sub_id)[^"]*":';
delete from public.audit_logs where action = 'UPDATE' and payload = '{}'::jsonb;
alter table public.audit_logs enable trigger audit_logs_append_only;
