-- An organization is created only for a user whose email address is confirmed (issue #22): with email
-- confirmation on, a sign-up waits unconfirmed until its owner follows the mail's link, and until then it
-- must hold nothing others could want — above all not a business name, which is unique. Auth gives no
-- session to an unconfirmed user, and this makes the rule hold on every path that creates one
-- (rpc/create_organization, rpc/register_organization as the service role, /api).
alter function private.create_organization_for(uuid, text, text, text) rename to create_organization_unchecked;

create function private.create_organization_for(p_user uuid, p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = p_user and u.email_confirmed_at is not null) then
    raise exception 'Confirm your email address before creating an organization' using errcode = '42501',
        hint = json_build_object('reason', 'EMAIL_NOT_CONFIRMED')::text;
  end if;
  return private.create_organization_unchecked(p_user, p_name, p_country, p_currency);
end
$$;
revoke all on function private.create_organization_for(uuid, text, text, text) from public;
