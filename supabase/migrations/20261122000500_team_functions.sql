-- Team, the functions the app calls (tables and policies are in 20261122000400_team.sql): invitations
-- created, refreshed, revoked, previewed by anyone holding the link and accepted by the invitee; members'
-- roles changed and members removed with clear answers; employees saved once; a member's preferences.
-- Who may is asked here and in the policies by permission: team.invite, team.manageMembers and
-- employee.manage (OWNER and MANAGER), and team.manageOwners for anything about the OWNER role, which a
-- MANAGER never reaches; the last OWNER stays. Answers are { data } or { error: { code, message } }.

-- ---------------------------------------------------------------------------------------------------
-- Helpers.

-- A refusal with a code the API maps to an HTTP status (FORBIDDEN, NOT_FOUND, CONFLICT, GONE…).
create function private.team_refusal(p_code text, p_message text, p_reason text) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object('error', jsonb_build_object('code', p_code, 'message', p_message, 'reason', p_reason))
$$;

-- The secret of an invite link (192 random bits, URL-safe) and what is stored of it.
create function private.new_invitation_token() returns text
language sql volatile set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_')
$$;

create function private.invitation_token_hash(p_token text) returns text
language sql immutable set search_path = ''
as $$
  select encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
$$;

create function private.invitation_json(p_row public.invitations) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('id', p_row.id, 'email', p_row.email, 'role', p_row.role,
    'expiresAt', p_row.expires_at, 'createdAt', p_row.created_at)
$$;

-- ---------------------------------------------------------------------------------------------------
-- Invitations.

-- Invites `p_email` with `p_role` for 7 days. Inviting the same email again while its invitation is
-- pending refreshes it (new link, role and expiry) instead of taking a second seat. The answer carries
-- the link's secret once; the idempotency record keeps the answer without it, so a replay of the same
-- mutation gives the same invitation a fresh secret.
create function public.create_invitation(p_org_id uuid, p_mutation_id uuid, p_email text,
  p_role public.membership_role, p_locale text default null)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_role public.membership_role := coalesce(p_role, 'SALES');
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_invitation',
    jsonb_build_object('email', v_email, 'role', v_role));
  v_token text := private.new_invitation_token();
  v_row public.invitations;
  v_pending public.invitations;
  v_answer jsonb;
  -- The invitee's language for the mail: as chosen by the inviter, else the inviter's own.
  v_locale text := coalesce(nullif(p_locale, ''),
                            (select p.locale from public.profiles p where p.id = (select auth.uid())), 'en');
begin
  if v_locale not in ('en', 'fr') then
    return private.refusal('23514', 'Unsupported language',
                           json_build_object('reason', 'INVALID_LOCALE', 'field', 'locale')::text);
  end if;
  if v_done is not null then
    if not v_done ? 'data' then
      return v_done;
    end if;
    update public.invitations set token_hash = private.invitation_token_hash(v_token)
     where org_id = p_org_id and id = (v_done #>> '{data,id}')::uuid
       and accepted_at is null and revoked_at is null and expires_at > now()
    returning * into v_row;
    if found then
      -- The link the first answer carried (and its mail, if still unsent) no longer works: mail the new one.
      perform private.queue_invitation_mail(v_row, v_token, v_locale);
    end if;
    return jsonb_set(v_done, '{data,token}', case when found then to_jsonb(v_token) else 'null'::jsonb end);
  end if;
  begin
    perform private.require(p_org_id, 'team.invite', 'Only owners and managers can invite members', 'INVITE_FORBIDDEN');
    if v_role = 'OWNER' then
      perform private.require(p_org_id, 'team.manageOwners', 'Only an owner can invite someone as owner', 'OWNER_INVITE_FORBIDDEN');
    end if;
    if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      perform private.refuse('Invalid email address', '23514', 'INVALID_EMAIL', null, 'email');
    end if;
    if exists (select 1 from public.memberships m join public.profiles p on p.id = m.user_id
                where m.org_id = p_org_id and lower(p.email) = v_email) then
      perform private.refuse('This person is already a member of this organization', '23505', 'ALREADY_MEMBER',
        null, 'email');
    end if;
    select * into v_pending from public.invitations i
     where i.org_id = p_org_id and i.email = v_email
       and i.accepted_at is null and i.revoked_at is null and i.expires_at > now();
    if found then
      if v_pending.role = 'OWNER' then
        perform private.require(p_org_id, 'team.manageOwners', 'Only an owner can change an invitation to join as owner', 'OWNER_INVITATION_CHANGE_FORBIDDEN');
      end if;
      update public.invitations
         set token_hash = private.invitation_token_hash(v_token), role = v_role,
             invited_by = (select auth.uid()), expires_at = now() + interval '7 days'
       where id = v_pending.id
      returning * into v_row;
    else
      insert into public.invitations (org_id, email, role, token_hash, invited_by)
      values (p_org_id, v_email, v_role, private.invitation_token_hash(v_token), (select auth.uid()))
      returning * into v_row;
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
  v_answer := private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', private.invitation_json(v_row)));
  -- The invitation mail goes out with this transaction, or not at all.
  perform private.queue_invitation_mail(v_row, v_token, v_locale);
  return jsonb_set(v_answer, '{data,token}', to_jsonb(v_token));
end
$$;
comment on function public.create_invitation(uuid, uuid, text, public.membership_role, text) is
  'Invites an email with a role for 7 days (OWNER and MANAGER; only an OWNER invites an OWNER); refreshes a pending invitation of the same email; queues the invitation mail in p_locale (default: the inviter''s). {data:{id,email,role,expiresAt,createdAt,token}} or {error}.';

create function public.revoke_invitation(p_org_id uuid, p_invitation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_row public.invitations;
begin
  select * into v_row from public.invitations i where i.org_id = p_org_id and i.id = p_invitation_id;
  if not found then
    return private.team_refusal('NOT_FOUND', 'Invitation not found', 'INVITATION_NOT_FOUND');
  end if;
  if not private.can(p_org_id, 'team.invite') then
    return private.team_refusal('FORBIDDEN', 'Only owners and managers can revoke invitations', 'INVITATION_REVOKE_FORBIDDEN');
  end if;
  if v_row.role = 'OWNER' and not private.can(p_org_id, 'team.manageOwners') then
    return private.team_refusal('FORBIDDEN', 'Only an owner can revoke an invitation to join as owner', 'OWNER_INVITATION_REVOKE_FORBIDDEN');
  end if;
  if v_row.accepted_at is not null then
    return private.team_refusal('CONFLICT', 'This invitation has already been accepted', 'INVITATION_ACCEPTED');
  end if;
  if v_row.revoked_at is null then
    update public.invitations set revoked_at = now() where id = v_row.id returning * into v_row;
    if not found then
      return private.team_refusal('FORBIDDEN', 'You do not have permission to do this', 'FORBIDDEN');
    end if;
  end if;
  return jsonb_build_object('data', private.invitation_json(v_row) || jsonb_build_object('revokedAt', v_row.revoked_at));
end
$$;
comment on function public.revoke_invitation(uuid, uuid) is
  'Revokes a pending invitation (again: no change). OWNER and MANAGER; a MANAGER cannot revoke an OWNER invitation.';

-- The pending invitations of an organization, newest first, with the inviter's name.
create function public.list_invitations(p_org_id uuid)
returns table (id uuid, email text, role public.membership_role, expires_at timestamptz, created_at timestamptz,
               invited_by uuid, invited_by_name text)
language sql stable set search_path = ''
as $$
  select i.id, i.email::text, i.role, i.expires_at, i.created_at, i.invited_by,
         nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '')
    from public.invitations i
    left join public.profiles p on p.id = i.invited_by
   where i.org_id = p_org_id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
   order by i.created_at desc, i.id
$$;
comment on function public.list_invitations(uuid) is
  'Pending (not accepted, revoked or expired) invitations of an organization the caller belongs to.';

-- What the invite page shows to whoever holds the link, signed in or not: just enough to decide.
create function public.invitation_preview(p_token text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'organizationName', o.name,
    'inviterName', nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
    'email', i.email,
    'role', i.role,
    'status', case when i.accepted_at is not null then 'ACCEPTED' when i.revoked_at is not null then 'REVOKED'
                   when i.expires_at <= now() then 'EXPIRED' else 'PENDING' end,
    'expiresAt', i.expires_at)
    from public.invitations i
    join public.organizations o on o.id = i.org_id
    left join public.profiles p on p.id = i.invited_by
   where i.token_hash = private.invitation_token_hash(p_token)
$$;
comment on function public.invitation_preview(text) is
  'The invite link''s organization name, inviter, email, role and status (PENDING, EXPIRED, REVOKED, ACCEPTED); null for an unknown token.';

-- The person `p_user` (whose email is `p_email`) joins with the invitation's role, when it is still pending and
-- was sent to that email; otherwise the refusal. The invitation row is locked by the caller.
create function private.join_by_invitation(p_row public.invitations, p_user uuid, p_email text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
begin
  if p_row.revoked_at is not null then
    return private.team_refusal('GONE', 'This invitation has been revoked', 'INVITATION_REVOKED');
  end if;
  if p_row.accepted_at is not null then
    return private.team_refusal('GONE', 'This invitation has already been used', 'INVITATION_USED');
  end if;
  if p_row.expires_at <= now() then
    return private.team_refusal('GONE', 'This invitation has expired. Ask for a new one.', 'INVITATION_EXPIRED');
  end if;
  if p_email is null or lower(p_row.email) <> lower(p_email) then
    return private.team_refusal('FORBIDDEN', 'This invitation was sent to another email address', 'INVITATION_OTHER_EMAIL');
  end if;
  -- Only an address its owner has confirmed joins: where the project confirms emails, a sign-up waits
  -- unconfirmed until the mail's link is followed, and until then it proves nothing about who holds the
  -- address the invitation was sent to. Both paths come here (accept_invitation, register_invitee).
  if not exists (select 1 from auth.users u where u.id = p_user and u.email_confirmed_at is not null) then
    return private.team_refusal('FORBIDDEN', 'Confirm your email address before joining an organization', 'EMAIL_NOT_CONFIRMED');
  end if;
  insert into public.memberships (org_id, user_id, role) values (p_row.org_id, p_user, p_row.role);
  update public.invitations set accepted_at = now(), accepted_by = p_user where id = p_row.id;
  return jsonb_build_object('data', jsonb_build_object(
    'organization', (select jsonb_build_object('id', o.id, 'name', o.name) from public.organizations o where o.id = p_row.org_id),
    'role', p_row.role, 'alreadyMember', false));
end
$$;

-- The signed-in invitee joins with the invitation's role. Security definer: nobody may insert memberships
-- directly, and the invitee cannot see the organization before joining.
create function public.accept_invitation(p_token text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_email text := (select u.email from auth.users u where u.id = v_user);
  v_row public.invitations;
  v_org public.organizations;
  v_role public.membership_role;
begin
  if v_user is null then
    return private.team_refusal('UNAUTHORIZED', 'Sign in to accept this invitation', 'SIGN_IN_REQUIRED');
  end if;
  select * into v_row from public.invitations i
   where i.token_hash = private.invitation_token_hash(p_token) for update;
  if not found then
    return private.team_refusal('NOT_FOUND', 'This invitation link is not valid', 'INVITATION_INVALID');
  end if;
  select * into v_org from public.organizations o where o.id = v_row.org_id;
  select m.role into v_role from public.memberships m where m.org_id = v_row.org_id and m.user_id = v_user;
  if v_role is not null then
    -- Already a member (this link was used already, or they joined another way): nothing to do.
    if v_row.accepted_at is null and v_row.revoked_at is null and lower(v_row.email) = lower(v_email) then
      update public.invitations set accepted_at = now(), accepted_by = v_user where id = v_row.id;
    end if;
    return jsonb_build_object('data', jsonb_build_object(
      'organization', jsonb_build_object('id', v_org.id, 'name', v_org.name), 'role', v_role, 'alreadyMember', true));
  end if;
  return private.join_by_invitation(v_row, v_user, v_email);
end
$$;
comment on function public.accept_invitation(text) is
  'The signed-in user joins with the invitation''s role when it is pending and sent to their email; idempotent for a member.';

-- Registration through an invite link (service role): the user the api function has just created joins the
-- inviting organization with the invitation's role, and has no organization of their own. A refusal (the
-- link unknown, revoked, used, expired or for another email) is answered as { error } and the api function
-- deletes the new user again: all or nothing.
create function public.register_invitee(p_user_id uuid, p_token text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.invitations;
begin
  select * into v_row from public.invitations i
   where i.token_hash = private.invitation_token_hash(p_token) for update;
  if not found then
    return private.team_refusal('NOT_FOUND', 'This invitation link is not valid', 'INVITATION_INVALID');
  end if;
  return private.join_by_invitation(v_row, p_user_id, (select u.email from auth.users u where u.id = p_user_id));
end
$$;
comment on function public.register_invitee(uuid, text) is
  'Registration only (service role): the user the api function has just created joins by the invitation link''s token.';

-- ---------------------------------------------------------------------------------------------------
-- Members. The policies and private.keep_an_owner (20261122000400_team.sql) decide; these checks first
-- give each refusal its own sentence.

create function public.change_member_role(p_org_id uuid, p_user_id uuid, p_role public.membership_role)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_current public.membership_role;
begin
  select m.role into v_current from public.memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  if not found then
    return private.team_refusal('NOT_FOUND', 'Member not found', 'MEMBER_NOT_FOUND');
  end if;
  if not private.can(p_org_id, 'team.manageMembers') then
    return private.team_refusal('FORBIDDEN', 'Only owners and managers can change roles', 'ROLE_CHANGE_FORBIDDEN');
  end if;
  if (v_current = 'OWNER' or p_role = 'OWNER') and not private.can(p_org_id, 'team.manageOwners') then
    return private.team_refusal('FORBIDDEN', 'Only an owner can grant or change the owner role', 'OWNER_ROLE_FORBIDDEN');
  end if;
  if v_current <> p_role then
    if v_current = 'OWNER' and not exists (select 1 from public.memberships m
        where m.org_id = p_org_id and m.role = 'OWNER' and m.user_id <> p_user_id) then
      return private.team_refusal('CONFLICT', 'An organization needs at least one owner. Make another member an owner first.', 'LAST_OWNER');
    end if;
    update public.memberships set role = p_role where org_id = p_org_id and user_id = p_user_id;
    if not found then
      return private.team_refusal('FORBIDDEN', 'You do not have permission to do this', 'FORBIDDEN');
    end if;
  end if;
  return jsonb_build_object('data', jsonb_build_object('id', p_user_id, 'role', p_role));
end
$$;
comment on function public.change_member_role(uuid, uuid, public.membership_role) is
  'Changes a member''s role (OWNER and MANAGER; only an OWNER grants or changes OWNER; the last OWNER stays).';

-- Removes a member; any member may also remove themselves (leave), except the last OWNER.
create function public.remove_member(p_org_id uuid, p_user_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_current public.membership_role;
begin
  select m.role into v_current from public.memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  if not found then
    return private.team_refusal('NOT_FOUND', 'Member not found', 'MEMBER_NOT_FOUND');
  end if;
  if p_user_id <> (select auth.uid()) then
    if not private.can(p_org_id, 'team.manageMembers') then
      return private.team_refusal('FORBIDDEN', 'Only owners and managers can remove members', 'MEMBER_REMOVE_FORBIDDEN');
    end if;
    if v_current = 'OWNER' and not private.can(p_org_id, 'team.manageOwners') then
      return private.team_refusal('FORBIDDEN', 'Only an owner can remove an owner', 'OWNER_REMOVE_FORBIDDEN');
    end if;
  end if;
  if v_current = 'OWNER' and not exists (select 1 from public.memberships m
      where m.org_id = p_org_id and m.role = 'OWNER' and m.user_id <> p_user_id) then
    return private.team_refusal('CONFLICT', 'An organization needs at least one owner. Make another member an owner first.', 'LAST_OWNER');
  end if;
  delete from public.memberships where org_id = p_org_id and user_id = p_user_id;
  if not found then
    return private.team_refusal('FORBIDDEN', 'You do not have permission to do this', 'FORBIDDEN');
  end if;
  return jsonb_build_object('data', jsonb_build_object('id', p_user_id, 'role', v_current));
end
$$;
comment on function public.remove_member(uuid, uuid) is
  'Removes a member (OWNER and MANAGER; only an OWNER removes an OWNER; anyone may leave; the last OWNER stays).';

-- ---------------------------------------------------------------------------------------------------
-- Employees: { id?, name, email?, title?, status? } — creates, or edits the one with that id.
create function public.save_employee(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_employee', p_input);
  v_id uuid := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'employee.manage', 'Only owners and managers can manage employees', 'EMPLOYEES_FORBIDDEN');
    if exists (select 1 from public.employees e where e.id = v_id) then
      update public.employees
         set name = coalesce(btrim(p_input ->> 'name'), name),
             email = case when p_input ? 'email' then nullif(btrim(p_input ->> 'email'), '') else email end,
             title = case when p_input ? 'title' then nullif(btrim(p_input ->> 'title'), '') else title end,
             status = coalesce((p_input ->> 'status')::public.employee_status, status)
       where org_id = p_org_id and id = v_id;
      if not found then
        perform private.refuse('Employee not found', '23503', 'EMPLOYEE_NOT_FOUND');
      end if;
    else
      insert into public.employees (id, org_id, name, email, title, status)
      values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'email'), ''),
              nullif(btrim(p_input ->> 'title'), ''),
              coalesce((p_input ->> 'status')::public.employee_status, 'ACTIVE'));
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
    jsonb_build_object('data', (select to_jsonb(e) from public.employees e where e.id = v_id)));
end
$$;
comment on function public.save_employee(uuid, uuid, jsonb) is
  'Creates or edits an employee (OWNER and MANAGER), once per mutation id. Deactivate with status INACTIVE.';

-- ---------------------------------------------------------------------------------------------------
-- Preferences: the member's saved row, or the table's defaults when they never saved one.
create function public.get_preferences(p_org_id uuid) returns public.member_preferences
language plpgsql stable set search_path = ''
as $$
declare
  v_row public.member_preferences;
begin
  perform private.require(p_org_id);
  select * into v_row from public.member_preferences p where p.org_id = p_org_id and p.user_id = (select auth.uid());
  if not found then
    -- The column defaults of public.member_preferences (supabase/tests/members.test.ts keeps them equal).
    v_row := row(p_org_id, (select auth.uid()), 'system', false, true, true, true, false, false, null);
  end if;
  return v_row;
end
$$;
comment on function public.get_preferences(uuid) is
  'The caller''s preferences in an organization they belong to, defaults included.';

-- Saves the fields present in { theme?, compactView?, lowStockAlerts?, paymentReminders?,
-- newLeadNotifications?, teamActivity?, marketingUpdates? }; the others keep their value.
create function public.save_preferences(p_org_id uuid, p_input jsonb) returns public.member_preferences
language plpgsql set search_path = ''
as $$
declare
  v_row public.member_preferences;
begin
  insert into public.member_preferences as mp (org_id, user_id, theme, compact_view, notify_low_stock,
    notify_payment_reminders, notify_new_leads, notify_team_activity, notify_marketing)
  select p_org_id, (select auth.uid()),
         coalesce(p_input ->> 'theme', d.theme),
         coalesce((p_input ->> 'compactView')::boolean, d.compact_view),
         coalesce((p_input ->> 'lowStockAlerts')::boolean, d.notify_low_stock),
         coalesce((p_input ->> 'paymentReminders')::boolean, d.notify_payment_reminders),
         coalesce((p_input ->> 'newLeadNotifications')::boolean, d.notify_new_leads),
         coalesce((p_input ->> 'teamActivity')::boolean, d.notify_team_activity),
         coalesce((p_input ->> 'marketingUpdates')::boolean, d.notify_marketing)
    from public.get_preferences(p_org_id) d
  on conflict (org_id, user_id) do update
     set theme = coalesce(p_input ->> 'theme', mp.theme),
         compact_view = coalesce((p_input ->> 'compactView')::boolean, mp.compact_view),
         notify_low_stock = coalesce((p_input ->> 'lowStockAlerts')::boolean, mp.notify_low_stock),
         notify_payment_reminders = coalesce((p_input ->> 'paymentReminders')::boolean, mp.notify_payment_reminders),
         notify_new_leads = coalesce((p_input ->> 'newLeadNotifications')::boolean, mp.notify_new_leads),
         notify_team_activity = coalesce((p_input ->> 'teamActivity')::boolean, mp.notify_team_activity),
         notify_marketing = coalesce((p_input ->> 'marketingUpdates')::boolean, mp.notify_marketing)
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.save_preferences(uuid, jsonb) is
  'Saves the caller''s preferences in an organization (only the fields given) and returns them all.';

-- ---------------------------------------------------------------------------------------------------
revoke all on function private.team_refusal(text, text, text) from public;
revoke all on function private.new_invitation_token() from public;
revoke all on function private.invitation_token_hash(text) from public;
revoke all on function private.invitation_json(public.invitations) from public;
revoke all on function private.join_by_invitation(public.invitations, uuid, text) from public;
grant execute on function private.team_refusal(text, text, text) to authenticated, service_role;
grant execute on function private.new_invitation_token() to authenticated, service_role;
grant execute on function private.invitation_token_hash(text) to authenticated, service_role;
grant execute on function private.invitation_json(public.invitations) to authenticated, service_role;

revoke execute on function public.create_invitation(uuid, uuid, text, public.membership_role, text) from public, anon;
revoke execute on function public.revoke_invitation(uuid, uuid) from public, anon;
revoke execute on function public.list_invitations(uuid) from public, anon;
revoke execute on function public.accept_invitation(text) from public, anon;
revoke execute on function public.change_member_role(uuid, uuid, public.membership_role) from public, anon;
revoke execute on function public.remove_member(uuid, uuid) from public, anon;
revoke execute on function public.save_employee(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.get_preferences(uuid) from public, anon;
revoke execute on function public.save_preferences(uuid, jsonb) from public, anon;
grant execute on function public.create_invitation(uuid, uuid, text, public.membership_role, text) to authenticated;
grant execute on function public.revoke_invitation(uuid, uuid) to authenticated;
grant execute on function public.list_invitations(uuid) to authenticated;
grant execute on function public.accept_invitation(text) to authenticated;
grant execute on function public.change_member_role(uuid, uuid, public.membership_role) to authenticated;
grant execute on function public.remove_member(uuid, uuid) to authenticated;
grant execute on function public.save_employee(uuid, uuid, jsonb) to authenticated;
grant execute on function public.get_preferences(uuid) to authenticated;
grant execute on function public.save_preferences(uuid, jsonb) to authenticated;
revoke execute on function public.register_invitee(uuid, text) from public, anon, authenticated;
grant execute on function public.register_invitee(uuid, text) to service_role;
revoke execute on function public.invitation_preview(text) from public;
-- Only /api shows an invitation (service role), after spending the visitor's request budget.
revoke execute on function public.invitation_preview(text) from anon, authenticated;
grant execute on function public.invitation_preview(text) to service_role;
