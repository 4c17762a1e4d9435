-- Team, invitations and roles — tables and policies: who may manage memberships, invitations (pending
-- until accepted, revoked or expired), each member's preferences, and employees (staff who don't use the
-- app). The functions the app calls are in 20261122000500_team_functions.sql.

create type public.employee_status as enum ('ACTIVE', 'INACTIVE');


-- ---------------------------------------------------------------------------------------------------
-- Memberships are managed by those with team.manageMembers (OWNER and MANAGER); anything about the OWNER
-- role (a member who holds it, or making one) also takes team.manageOwners, which a MANAGER lacks; the last
-- OWNER can be neither demoted nor removed. New memberships come only from create_organization and
-- accepting an invitation (security definer functions).
create policy "Members with team.manageMembers can change roles"
  on public.memberships for update to authenticated
  using (
    org_id in (select private.org_ids_that_can('team.manageMembers'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  )
  with check (
    org_id in (select private.org_ids_that_can('team.manageMembers'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  );
create policy "Members with team.manageMembers can remove members"
  on public.memberships for delete to authenticated
  using (
    org_id in (select private.org_ids_that_can('team.manageMembers'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  );
create policy "Members can leave an organization" on public.memberships for delete to authenticated
  using (user_id = (select auth.uid()));

create function private.keep_an_owner() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Deleting the whole organization cascades here; that is allowed.
  if pg_trigger_depth() > 1 then
    return coalesce(new, old);
  end if;
  if old.role = 'OWNER' and (tg_op = 'DELETE' or new.role <> 'OWNER')
     and not exists (select 1 from public.memberships m
                      where m.org_id = old.org_id and m.role = 'OWNER' and m.user_id <> old.user_id) then
    perform private.refuse('An organization needs at least one owner', '23514', 'LAST_OWNER');
  end if;
  if tg_op = 'UPDATE' and (new.org_id, new.user_id) is distinct from (old.org_id, old.user_id) then
    perform private.refuse('A membership cannot move to another user or organization',
      '23514', 'MEMBERSHIP_FINAL');
  end if;
  return coalesce(new, old);
end
$$;
create trigger memberships_keep_an_owner before update or delete on public.memberships
  for each row execute function private.keep_an_owner();

-- ---------------------------------------------------------------------------------------------------
create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  email extensions.citext not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role public.membership_role not null default 'SALES',
  token_hash text not null unique check (char_length(token_hash) <= 128),
  invited_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.invitations is 'An invitation to join an organization with a role. Pending until accepted, revoked or expired (7 days).';
comment on column public.invitations.token_hash is 'SHA-256 of the secret in the invite link; the secret itself is never stored.';
create unique index invitations_pending_email_key on public.invitations (org_id, email)
  where accepted_at is null and revoked_at is null;
create index invitations_org_created_idx on public.invitations (org_id, created_at desc);

-- An expired invitation no longer holds its email: inviting the same person again retires it.
create function private.retire_expired_invitations() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require(new.org_id, 'team.invite',
    'new row violates row-level security policy for table "invitations"');
  update public.invitations set revoked_at = now()
   where org_id = new.org_id and email = new.email
     and accepted_at is null and revoked_at is null and expires_at <= now();
  return new;
end
$$;
create trigger invitations_retire_expired before insert on public.invitations
  for each row execute function private.retire_expired_invitations();

alter table public.invitations enable row level security;
alter table public.invitations force row level security;

create policy "Members can read their organization's invitations" on public.invitations for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- An invitation to the OWNER role also takes team.manageOwners, which a MANAGER lacks.
create policy "Members with team.invite can invite"
  on public.invitations for insert to authenticated
  with check (
    org_id in (select private.org_ids_that_can('team.invite'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
    and invited_by = (select auth.uid())
  );
create policy "Members with team.invite can revoke invitations"
  on public.invitations for update to authenticated
  using (
    org_id in (select private.org_ids_that_can('team.invite'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  )
  with check (
    org_id in (select private.org_ids_that_can('team.invite'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  );
create policy "Members with team.invite can delete invitations"
  on public.invitations for delete to authenticated
  using (
    org_id in (select private.org_ids_that_can('team.invite'))
    and (role <> 'OWNER' or org_id in (select private.org_ids_that_can('team.manageOwners')))
  );

-- ---------------------------------------------------------------------------------------------------
-- A pending invitation holds a seat (the plan limit counts it on insert only), so an update must not bring
-- a revoked, accepted or expired invitation back, nor move it to another email or organization. Revoking,
-- accepting and refreshing a live invitation stay possible.
create function private.guard_invitation_update() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.org_id, new.email) is distinct from (old.org_id, old.email) then
    perform private.refuse('An invitation cannot move to another email or organization',
      '23514', 'INVITATION_FINAL');
  end if;
  if old.accepted_at is not null or old.revoked_at is not null then
    perform private.refuse('This invitation is no longer pending', '23514', 'INVITATION_NOT_PENDING');
  end if;
  if old.expires_at <= now() and new.expires_at > old.expires_at then
    perform private.refuse('An expired invitation cannot be extended: invite again',
      '23514', 'INVITATION_EXPIRED');
  end if;
  return new;
end
$$;
create trigger invitations_guard_update before update on public.invitations
  for each row execute function private.guard_invitation_update();

-- What members may change on an invitation: revoke it, or refresh it (create_invitation). Accepting is
-- accept_invitation's (security definer).
revoke update on public.invitations from authenticated;
grant update (role, token_hash, invited_by, expires_at, revoked_at) on public.invitations to authenticated;

-- ---------------------------------------------------------------------------------------------------
create table public.member_preferences (
  org_id uuid not null,
  user_id uuid not null,
  theme text not null default 'system' check (char_length(theme) <= 16 and theme in ('light', 'dark', 'system')),
  compact_view boolean not null default false,
  notify_low_stock boolean not null default true,
  notify_payment_reminders boolean not null default true,
  notify_new_leads boolean not null default true,
  notify_team_activity boolean not null default false,
  notify_marketing boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (org_id, user_id),
  foreign key (org_id, user_id) references public.memberships (org_id, user_id) on delete cascade
);
comment on table public.member_preferences is 'A member''s saved preferences (Settings > Preferences and Notifications) in one organization.';
create trigger member_preferences_touch before update on public.member_preferences
  for each row execute function private.touch_updated_at();

alter table public.member_preferences enable row level security;
alter table public.member_preferences force row level security;
create policy "Members can read their own preferences" on public.member_preferences for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Members can save their own preferences" on public.member_preferences for insert to authenticated
  with check (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));
create policy "Members can change their own preferences" on public.member_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));

-- ---------------------------------------------------------------------------------------------------
create table public.employees (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  email varchar(255) check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  title varchar(255),
  status public.employee_status not null default 'ACTIVE',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.employees is 'Staff who do not use the app (shop assistants, drivers): a simple list.';
create index employees_org_name_idx on public.employees (org_id, name);
create trigger employees_touch before update on public.employees
  for each row execute function private.touch_updated_at();

alter table public.employees enable row level security;
alter table public.employees force row level security;
create policy "Members can read employees" on public.employees for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add employees" on public.employees for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('employee.manage')));
create policy "Owners and managers can edit employees" on public.employees for update to authenticated
  using (org_id in (select private.org_ids_that_can('employee.manage')))
  with check (org_id in (select private.org_ids_that_can('employee.manage')));
create policy "Owners and managers can delete employees" on public.employees for delete to authenticated
  using (org_id in (select private.org_ids_that_can('employee.manage')));

-- Only the role of a membership is edited through the API.
revoke update on public.memberships from authenticated;
grant update (role) on public.memberships to authenticated;
