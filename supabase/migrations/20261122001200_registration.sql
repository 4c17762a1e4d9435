-- Creating organizations, on the free Starter plan: by a signed-in user (create_organization), and at
-- registration by the `api` function with the service role, for a user it has just created
-- (register_organization). One body for both.

create function private.create_organization_for(p_user uuid, p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
declare
  v_org public.organizations;
  v_name text := btrim(coalesce(p_name, ''));
begin
  if v_name = '' then
    raise exception 'Organization name is required' using errcode = '23514';
  end if;
  -- Checked first for a clear message; the unique index still decides under concurrency.
  if exists (select 1 from public.organizations o where lower(o.name) = lower(v_name)) then
    raise exception 'An organization with this name already exists'
      using errcode = '23505', detail = 'Key (name)=(' || v_name || ') already exists.';
  end if;
  insert into public.organizations (name, country, currency, timezone, default_tax_rate, created_by)
  values (v_name, upper(p_country), upper(p_currency), private.country_timezone(p_country),
          private.country_vat_rate(p_country), p_user)
  returning * into v_org;
  insert into public.memberships (org_id, user_id, role) values (v_org.id, p_user, 'OWNER');
  insert into public.licenses (org_id, plan, status, created_by) values (v_org.id, 'STARTER', 'ACTIVE', p_user);
  return v_org;
end
$$;

-- The IANA zone of a country's capital: where "this month" and due dates are computed by default.
create function private.country_timezone(p_country text) returns text
language sql immutable set search_path = ''
as $$
  select case upper(p_country)
    when 'NG' then 'Africa/Lagos' when 'GH' then 'Africa/Accra' when 'SN' then 'Africa/Dakar'
    when 'CI' then 'Africa/Abidjan' when 'TG' then 'Africa/Lome' when 'BJ' then 'Africa/Porto-Novo'
    when 'BF' then 'Africa/Ouagadougou' when 'ML' then 'Africa/Bamako' when 'NE' then 'Africa/Niamey'
    when 'GM' then 'Africa/Banjul' when 'GN' then 'Africa/Conakry' when 'SL' then 'Africa/Freetown'
    when 'LR' then 'Africa/Monrovia' when 'CV' then 'Atlantic/Cape_Verde' when 'MR' then 'Africa/Nouakchott'
    when 'GW' then 'Africa/Bissau' when 'KE' then 'Africa/Nairobi' when 'ZA' then 'Africa/Johannesburg'
    else 'Africa/Lagos' end
$$;

-- Standard VAT (or GST) rate prefilled as the organization's default tax rate (PRODUCT-DECISIONS.md).
create function private.country_vat_rate(p_country text) returns numeric
language sql immutable set search_path = ''
as $$
  select case upper(p_country)
    when 'NG' then 7.5 when 'GH' then 20 when 'SN' then 18 when 'CI' then 18 when 'BJ' then 18
    when 'TG' then 18 when 'GN' then 18 when 'BF' then 18 when 'ML' then 18 when 'NE' then 19
    when 'GW' then 19 when 'KE' then 16 when 'ZA' then 15 when 'GM' then 15 when 'SL' then 15
    when 'CV' then 15 when 'MR' then 16 when 'LR' then 10 else 0 end
$$;

create or replace function public.create_organization(p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return private.create_organization_for((select auth.uid()), p_name, p_country, p_currency);
end
$$;

create function public.register_organization(p_user_id uuid, p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
begin
  return private.create_organization_for(p_user_id, p_name, p_country, p_currency);
end
$$;
comment on function public.register_organization(uuid, text, text, text) is
  'Registration only (service role): the organization of a user the api function has just created.';
revoke execute on function public.register_organization(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.register_organization(uuid, text, text, text) to service_role;

create function public.organization_name_available(p_name text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select not exists (select 1 from public.organizations o where lower(o.name) = lower(btrim(p_name)))
$$;
comment on function public.organization_name_available(text) is
  'Whether a name is free for a new organization (case-insensitive, surrounding spaces ignored). Used by the registration form.';
grant execute on function public.organization_name_available(text) to anon, authenticated, service_role;

revoke all on function private.create_organization_for(uuid, text, text, text) from public;
