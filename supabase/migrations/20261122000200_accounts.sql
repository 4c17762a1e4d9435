-- Accounts and organizations: profiles (one per auth user), organizations and memberships, the role
-- helpers every policy and function asks, and creating an organization — by a signed-in user, or
-- at registration by the `api` function for a user it has just created.

create type public.membership_role as enum ('OWNER', 'MANAGER', 'ACCOUNTANT', 'SALES');
comment on type public.membership_role is
  'OWNER: everything incl. billing and deleting the organization; MANAGER: all but billing and deletion; ACCOUNTANT: accounting, read inventory and CRM; SALES: CRM, read products, create invoices.';

-- ---------------------------------------------------------------------------------------------------
-- profiles
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (char_length(email) <= 320),
  first_name text not null default '' check (char_length(first_name) <= 100),
  last_name text not null default '' check (char_length(last_name) <= 100),
  profile_image_url text check (char_length(profile_image_url) <= 2048),
  locale varchar(5) not null default 'en' check (locale in ('en', 'fr')),
  onboarding_progress jsonb not null default '{}'::jsonb check (octet_length(onboarding_progress::text) <= 16384),
  total_achievements integer not null default 0 check (total_achievements >= 0),
  email_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per auth user: the name, locale and onboarding state the app shows. Created by a trigger on auth.users.';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by trigger; change the email through Auth, not here.';
comment on column public.profiles.locale is 'Interface language: en or fr.';
comment on column public.profiles.onboarding_progress is 'Getting Started checklist state, keyed by step.';

-- ---------------------------------------------------------------------------------------------------
-- organizations
create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null check (btrim(name) <> '' and name = btrim(name)),
  country char(2) not null,
  currency char(3) not null,
  timezone text not null default 'Africa/Lagos' check (char_length(timezone) <= 64),
  default_tax_rate public.percentage not null default 0 check (default_tax_rate >= 0 and default_tax_rate <= 100),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.organizations is 'A business (tenant). Every tenant row carries its org_id.';
comment on column public.organizations.name is 'Unique across all organizations as private.name_key compares names (organizations_name_key).';
comment on column public.organizations.currency is 'ISO 4217 code the organization works in by default (SLL accepted beside SLE).';
comment on column public.organizations.timezone is 'IANA zone in which "this month", due dates and report ranges are computed.';
comment on column public.organizations.default_tax_rate is 'Percentage prefilled on new invoice lines (from the country''s standard VAT).';

-- Invisible characters and bidirectional controls: zero-width space, joiners, marks, embeddings, overrides,
-- isolates, word joiner, byte-order mark, soft hyphen. Two names that differ only by them look the same.
create function private.invisible_characters() returns text
language sql immutable parallel safe set search_path = ''
as $$ select '[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]' $$;

-- How organization names are compared: Unicode NFKC (a full-width Ｋ is K, a ligature its letters), invisible
-- characters removed, case folded. "Kasuwa", "KASUWA", "Ｋａｓｕｗａ" and "Kas\u200Buwa" are one name.
create function private.name_key(p_name text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select lower(normalize(regexp_replace(p_name, private.invisible_characters(), '', 'g'), NFKC)) $$;
comment on function private.name_key(text) is 'The form organization names are compared in (organizations_name_key).';

create unique index organizations_name_key on public.organizations (private.name_key(name));

-- The countries and currencies the product supports: packages/shared/countries.ts (SETTINGS_COUNTRIES,
-- CURRENCIES) says the same, and a test compares the two.
create function private.supported_countries() returns text[]
language sql immutable parallel safe set search_path = ''
as $$ select array['NG','GH','SN','ML','BF','NE','CI','GN','BJ','TG','SL','LR','MR','GM','GW','CV','KE','ZA'] $$;
create function private.supported_currencies() returns text[]
language sql immutable parallel safe set search_path = ''
as $$ select array['NGN','GHS','KES','XOF','ZAR','GNF','SLE','SLL','LRD','MRU','GMD','CVE'] $$;

-- What an organization's row may hold, whatever path writes it (the app, rpc/create_organization, a PATCH
-- through the Data API): a supported country and currency, a time zone that exists (pg_timezone_names), and a
-- name without invisible characters that does not mix Latin letters with Cyrillic or Greek look-alikes.
create function private.check_organization() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.country is distinct from old.country then
    if not (new.country = any (private.supported_countries())) then
      perform private.refuse(format('Country %s is not supported', new.country), '23514', 'COUNTRY_UNSUPPORTED',
        jsonb_build_object('country', new.country), 'country');
    end if;
  end if;
  if tg_op = 'INSERT' or new.currency is distinct from old.currency then
    if not (new.currency = any (private.supported_currencies())) then
      perform private.refuse(format('Currency %s is not supported', new.currency),
        '23514', 'CURRENCY_UNSUPPORTED', jsonb_build_object('currency', new.currency), 'currency');
    end if;
  end if;
  -- Amounts are kept in the currency they were recorded in and never converted: once an organization has
  -- recorded money (invoices, payments, expenses, purchase orders, priced products), its currency stays.
  if tg_op = 'UPDATE' and new.currency is distinct from old.currency and (
       exists (select 1 from public.invoices i where i.org_id = new.id)
    or exists (select 1 from public.payments p where p.org_id = new.id)
    or exists (select 1 from public.expenses e where e.org_id = new.id)
    or exists (select 1 from public.purchase_orders po where po.org_id = new.id)
    or exists (select 1 from public.products pr where pr.org_id = new.id and (pr.price <> 0 or pr.cost <> 0))) then
    perform private.refuse('The currency cannot change once amounts are recorded: they would not be converted',
      '23514', 'CURRENCY_LOCKED', jsonb_build_object('currency', old.currency), 'currency');
  end if;
  if tg_op = 'INSERT' or new.timezone is distinct from old.timezone then
    if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.timezone) then
      perform private.refuse(format('Time zone %s does not exist', new.timezone), '23514', 'TIMEZONE_INVALID',
        jsonb_build_object('timezone', new.timezone), 'timezone');
    end if;
  end if;
  if tg_op = 'INSERT' or new.name is distinct from old.name then
    if new.name ~ private.invisible_characters() then
      perform private.refuse('The name holds invisible characters', '23514', 'INVISIBLE_CHARACTERS',
        null, 'name');
    end if;
    if new.name ~ '[A-Za-z]' and new.name ~ '[\u0370-\u03FF\u0400-\u04FF]' then
      perform private.refuse('The name mixes Latin letters with Cyrillic or Greek ones',
        '23514', 'MIXED_SCRIPTS', null, 'name');
    end if;
  end if;
  return new;
end
$$;
create trigger organizations_check before insert or update of name, country, currency, timezone
  on public.organizations for each row execute function private.check_organization();

-- ---------------------------------------------------------------------------------------------------
-- memberships
create table public.memberships (
  org_id uuid not null references public.organizations (id) on delete cascade,
  -- To profiles (not auth.users) so the Data API can embed the member's name; a profile goes with its user.
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.membership_role not null default 'SALES',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (org_id, user_id)
);
comment on table public.memberships is 'Who belongs to which organization, with which role. The source of every RLS decision.';
create index memberships_user_id_idx on public.memberships (user_id);

-- ---------------------------------------------------------------------------------------------------
-- Permissions: what each role may do, by name (`invoice.create`, `payment.reverse`, …). The same table as
-- packages/shared/permissions.ts, which the app and the `api` function ask; supabase/tests/permissions.test.ts
-- proves the two hold the same rows, and docs/roles.md lists them. A new permission is a name here, its
-- roles below and its line in permissions.ts. An unknown name is refused where it is written (a policy or a
-- SQL function fails to create; a plpgsql function fails when it runs): the names are an enum.
create type private.permission as enum (
  'organization.delete',
  'settings.business',
  'settings.reminders',
  'team.invite',
  'team.manageMembers',
  'team.manageOwners',
  'employee.manage',
  'product.edit',
  'stock.adjust',
  'supplier.edit',
  'purchaseOrder.edit',
  'customer.edit',
  'customer.delete',
  'customer.merge',
  'statement.read',
  'invoice.create',
  'invoice.edit',
  'invoice.editOwn',
  'creditNote.issue',
  'share.revokeAny',
  'payment.record',
  'payment.reverse',
  'payment.delete',
  'refund.record',
  'subscription.create',
  'subscription.manage',
  'subscriptionPlan.edit',
  'expense.read',
  'expense.record',
  'expense.edit',
  'expense.reverse',
  'expense.delete',
  'report.readFinancial',
  'audit.read',
  'lead.edit',
  'leadNote.deleteAny',
  'document.manage',
  'documentCategory.edit'
);

create table private.role_permissions (
  permission private.permission not null,
  role public.membership_role not null,
  primary key (permission, role)
);
comment on table private.role_permissions is
  'Which roles hold each permission: packages/shared/permissions.ts, the same table (a test compares them).';
insert into private.role_permissions (permission, role)
select p.permission::private.permission, r.role
  from (values
    ('organization.delete',   '{OWNER}'),
    ('settings.business',     '{OWNER,MANAGER}'),
    ('settings.reminders',    '{OWNER,MANAGER}'),
    ('team.invite',           '{OWNER,MANAGER}'),
    ('team.manageMembers',    '{OWNER,MANAGER}'),
    ('team.manageOwners',     '{OWNER}'),
    ('employee.manage',       '{OWNER,MANAGER}'),
    ('product.edit',          '{OWNER,MANAGER}'),
    ('stock.adjust',          '{OWNER,MANAGER}'),
    ('supplier.edit',         '{OWNER,MANAGER}'),
    ('purchaseOrder.edit',    '{OWNER,MANAGER}'),
    ('customer.edit',         '{OWNER,MANAGER,ACCOUNTANT,SALES}'),
    ('customer.delete',       '{OWNER,MANAGER}'),
    ('customer.merge',        '{OWNER,MANAGER}'),
    ('statement.read',        '{OWNER,MANAGER,ACCOUNTANT}'),
    ('invoice.create',        '{OWNER,MANAGER,ACCOUNTANT,SALES}'),
    ('invoice.edit',          '{OWNER,MANAGER,ACCOUNTANT}'),
    ('invoice.editOwn',       '{OWNER,MANAGER,ACCOUNTANT,SALES}'),
    ('creditNote.issue',      '{OWNER,MANAGER,ACCOUNTANT}'),
    ('share.revokeAny',       '{OWNER,MANAGER,ACCOUNTANT}'),
    ('payment.record',        '{OWNER,MANAGER,ACCOUNTANT}'),
    ('payment.reverse',       '{OWNER,MANAGER,ACCOUNTANT}'),
    ('payment.delete',        '{OWNER,MANAGER}'),
    ('refund.record',         '{OWNER,MANAGER,ACCOUNTANT}'),
    ('subscription.create',   '{OWNER,MANAGER,SALES}'),
    ('subscription.manage',   '{OWNER,MANAGER}'),
    ('subscriptionPlan.edit', '{OWNER,MANAGER}'),
    ('expense.read',          '{OWNER,MANAGER,ACCOUNTANT}'),
    ('expense.record',        '{OWNER,MANAGER,ACCOUNTANT}'),
    ('expense.edit',          '{OWNER,MANAGER,ACCOUNTANT}'),
    ('expense.reverse',       '{OWNER,MANAGER,ACCOUNTANT}'),
    ('expense.delete',        '{OWNER,MANAGER}'),
    ('report.readFinancial',  '{OWNER,MANAGER,ACCOUNTANT}'),
    ('audit.read',            '{OWNER,MANAGER,ACCOUNTANT}'),
    ('lead.edit',             '{OWNER,MANAGER,SALES}'),
    ('leadNote.deleteAny',    '{OWNER,MANAGER}'),
    ('document.manage',       '{OWNER,MANAGER,ACCOUNTANT}'),
    ('documentCategory.edit', '{OWNER,MANAGER}')
  ) as p (permission, roles)
 cross join lateral unnest(p.roles::public.membership_role[]) as r (role);
revoke all on private.role_permissions from public;
grant select on private.role_permissions to service_role;

-- The helpers every policy and function asks whether the caller may do something in an organization. They
-- read memberships and the table above as their owner (security definer), so a policy on memberships itself
-- does not recurse.
--
--   private.org_ids_with_role()              The caller's organizations: where they are a member.
--   private.org_ids_that_can(permission)     The caller's organizations where their role holds the permission.
--                                            Policies say `org_id in (select private.org_ids_that_can('…'))`:
--                                            it depends only on the caller, so it runs once per statement
--                                            (an initplan), not once per row.
--   private.can(org, permission)             Whether the caller holds the permission in the organization
--                                            (no permission: whether they are a member).
--   private.require(org, permission, refusal, reason)
--                                            The same, or the refusal: SQLSTATE 42501 (the API's FORBIDDEN)
--                                            with the sentence and reason code given.
--
-- can and require check signed-in users (and anon). The service role and the database owner (scripts,
-- tests) are members of nothing; RLS does not bind them, and neither do these two.

create function private.org_ids_with_role() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select m.org_id from public.memberships m where m.user_id = (select auth.uid())
$$;

create function private.org_ids_that_can(p_permission private.permission) returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select m.org_id
    from public.memberships m
    join private.role_permissions rp on rp.role = m.role and rp.permission = p_permission
   where m.user_id = (select auth.uid())
$$;

create function private.can(p_org_id uuid, p_permission private.permission default null) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.role()), '') not in ('authenticated', 'anon')
         or exists (select 1 from public.memberships m
                     where m.org_id = p_org_id and m.user_id = (select auth.uid())
                       and (p_permission is null
                            or exists (select 1 from private.role_permissions rp
                                        where rp.role = m.role and rp.permission = p_permission)))
$$;

-- The default refusal is for a caller who is not a member at all. A security-definer trigger reads other
-- rows before RLS has had its say: it refuses with RLS's own sentence, so nothing leaks through messages.
-- A nested trigger (a cascade when an organization is deleted) was allowed by the statement that started it.
create function private.require(
  p_org_id uuid, p_permission private.permission default null,
  p_refusal text default 'You are not a member of this organization', p_reason text default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if pg_trigger_depth() <= 1 and not private.can(p_org_id, p_permission) then
    perform private.refuse(p_refusal, '42501', coalesce(p_reason, case when p_refusal like 'You are not a member%'
                                                                    then 'NOT_A_MEMBER' else 'FORBIDDEN' end));
  end if;
end
$$;

revoke all on function private.org_ids_with_role() from public;
revoke all on function private.org_ids_that_can(private.permission) from public;
revoke all on function private.can(uuid, private.permission) from public;
revoke all on function private.require(uuid, private.permission, text, text) from public;
grant execute on function private.org_ids_with_role() to authenticated, service_role;
grant execute on function private.org_ids_that_can(private.permission) to authenticated, service_role;
grant execute on function private.can(uuid, private.permission) to authenticated, service_role;
grant execute on function private.require(uuid, private.permission, text, text) to authenticated, service_role;

-- For clients: the `api` function asks before listing expenses or the audit trail. An unknown permission is
-- refused (22P02), not answered no.
create function public.can(p_org_id uuid, p_permission text) returns boolean
language sql stable set search_path = ''
as $$
  select private.can(p_org_id, p_permission::private.permission)
$$;
comment on function public.can(uuid, text) is
  'True when the calling user''s role in the organization holds the permission (packages/shared/permissions.ts).';
revoke execute on function public.can(uuid, text) from public, anon;
grant execute on function public.can(uuid, text) to authenticated, service_role;

-- Whether the caller holds one of the roles (any role when none are given): for a client that asks about a
-- role itself. What a role may do is asked by permission (public.can).
create function public.has_role(
  p_org_id uuid, p_roles public.membership_role[] default null
) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.role()), '') not in ('authenticated', 'anon')
         or exists (select 1 from public.memberships m
                     where m.org_id = p_org_id and m.user_id = (select auth.uid())
                       and (p_roles is null or m.role = any (p_roles)))
$$;
comment on function public.has_role(uuid, public.membership_role[]) is
  'True when the calling user has one of the roles in the organization (any role when none are given).';
revoke execute on function public.has_role(uuid, public.membership_role[]) from public, anon;

create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();
create trigger organizations_touch before update on public.organizations
  for each row execute function private.touch_updated_at();
create trigger memberships_touch before update on public.memberships
  for each row execute function private.touch_updated_at();

-- A profile for every auth user, from the metadata given at sign-up.
create function private.create_profile_for_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, email, first_name, last_name, locale, email_verified)
  values (
    new.id,
    coalesce(new.email, ''),
    left(coalesce(new.raw_user_meta_data ->> 'first_name', new.raw_user_meta_data ->> 'firstName', ''), 100),
    left(coalesce(new.raw_user_meta_data ->> 'last_name', new.raw_user_meta_data ->> 'lastName', ''), 100),
    case when new.raw_user_meta_data ->> 'locale' = 'fr' then 'fr' else 'en' end,
    new.email_confirmed_at is not null
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create function private.sync_profile_email() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.profiles
     set email = coalesce(new.email, ''), email_verified = new.email_confirmed_at is not null
   where id = new.id;
  return new;
end
$$;

-- The language chosen in the app goes to Auth too: Auth writes its mails (password reset, email change) in
-- the user's metadata locale, which is otherwise the one given at sign-up.
create function private.sync_user_locale() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update auth.users
     set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale)
   where id = new.id and raw_user_meta_data ->> 'locale' is distinct from new.locale;
  return null;
end
$$;
revoke all on function private.sync_user_locale() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.create_profile_for_user();
create trigger profiles_locale_to_auth after update of locale on public.profiles
  for each row when (new.locale is distinct from old.locale) execute function private.sync_user_locale();
create trigger on_auth_user_email_changed after update of email, email_confirmed_at on auth.users
  for each row execute function private.sync_profile_email();

-- ---------------------------------------------------------------------------------------------------
-- RLS: nothing for anon; members see their organizations and the profiles of their colleagues.
alter table public.profiles enable row level security;
alter table public.profiles force row level security;
alter table public.organizations enable row level security;
alter table public.organizations force row level security;
alter table public.memberships enable row level security;
alter table public.memberships force row level security;

create policy "Users can read their own profile and their colleagues' profiles"
  on public.profiles for select to authenticated
  using (
    id = (select auth.uid())
    or id in (select m.user_id from public.memberships m where m.org_id in (select private.org_ids_with_role()))
  );
create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "Members can read their organizations"
  on public.organizations for select to authenticated
  using (id in (select private.org_ids_with_role()));
create policy "Owners and managers can update their organization"
  on public.organizations for update to authenticated
  using (id in (select private.org_ids_that_can('settings.business')))
  with check (id in (select private.org_ids_that_can('settings.business')));
create policy "Owners can delete their organization"
  on public.organizations for delete to authenticated
  using (id in (select private.org_ids_that_can('organization.delete')));

create policy "Members can read the memberships of their organizations"
  on public.memberships for select to authenticated
  using (org_id in (select private.org_ids_with_role()));

-- Columns a member may not change on a profile they can update.
revoke update on public.profiles from authenticated;
grant update (first_name, last_name, locale, profile_image_url, onboarding_progress) on public.profiles to authenticated;
revoke update on public.organizations from authenticated;
grant update (name, country, currency, timezone, default_tax_rate) on public.organizations to authenticated;
-- Organizations and profiles are created by the functions and triggers below only (ADR 006).
revoke insert on public.organizations, public.profiles from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Creating an organization makes the caller (or the user just registered) its OWNER, on the free
-- Starter plan, in one transaction. One body for both.

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

-- Standard VAT (or GST) rate prefilled as the organization's default tax rate (docs/product-rules.md).
create function private.country_vat_rate(p_country text) returns numeric
language sql immutable set search_path = ''
as $$
  select case upper(p_country)
    when 'NG' then 7.5 when 'GH' then 20 when 'SN' then 18 when 'CI' then 18 when 'BJ' then 18
    when 'TG' then 18 when 'GN' then 18 when 'BF' then 18 when 'ML' then 18 when 'NE' then 19
    when 'GW' then 19 when 'KE' then 16 when 'ZA' then 15 when 'GM' then 15 when 'SL' then 15
    when 'CV' then 15 when 'MR' then 16 when 'LR' then 10 else 0 end
$$;

-- Dates as the API and the functions take them (ISO): a day (2026-12-02) is that day; a date-time with its
-- offset (2026-12-02T23:30:00Z) is the day, or the instant, it is in the organization's time zone. Null or ''
-- is none; anything else is refused with INVALID_DATE naming the field.
create function private.org_instant(p_org_id uuid, p_value text, p_field text) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  v_value text := nullif(btrim(p_value), '');
  v_zone text := coalesce((select o.timezone from public.organizations o where o.id = p_org_id), 'UTC');
begin
  if v_value is null then
    return null;
  end if;
  begin
    if v_value ~ '^\d{4}-\d{2}-\d{2}$' then
      -- A day: now when it is today there, else the start of that day there.
      return case when v_value::date = (now() at time zone v_zone)::date then now()
                  else v_value::date::timestamp at time zone v_zone end;
    end if;
    if v_value ~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$' then
      return v_value::timestamptz;
    end if;
  exception when others then
    null; -- refused below
  end;
  perform private.refuse(format('Invalid date: %s', v_value), '22P02', 'INVALID_DATE', null, p_field);
end
$$;

create function private.org_date(p_org_id uuid, p_value text, p_field text) returns date
language sql stable set search_path = ''
as $$
  select case when nullif(btrim(p_value), '') ~ '^\d{4}-\d{2}-\d{2}$' then btrim(p_value)::date
              else (private.org_instant(p_org_id, p_value, p_field)
                    at time zone coalesce((select o.timezone from public.organizations o where o.id = p_org_id), 'UTC'))::date end
$$;
revoke all on function private.org_instant(uuid, text, text) from public;
revoke all on function private.org_date(uuid, text, text) from public;
grant execute on function private.org_instant(uuid, text, text) to authenticated, service_role;
grant execute on function private.org_date(uuid, text, text) to authenticated, service_role;

create function private.create_organization_for(p_user uuid, p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
declare
  v_org public.organizations;
  v_name text := btrim(coalesce(p_name, ''));
  v_owned bigint;
  v_allowed bigint;
begin
  -- Only for a user whose email address is confirmed: with email confirmation on, a sign-up waits
  -- unconfirmed until its owner follows the mail's link, and until then holds nothing others could want —
  -- above all not a business name, which is unique. This holds on every path that creates one
  -- (rpc/create_organization, rpc/register_organization as the service role, /api).
  if not exists (select 1 from auth.users u where u.id = p_user and u.email_confirmed_at is not null) then
    perform private.refuse('Confirm your email address before creating an organization',
      '42501', 'EMAIL_NOT_CONFIRMED');
  end if;
  if v_name = '' then
    perform private.refuse('Organization name is required', '23514', 'ORGANIZATION_NAME_REQUIRED',
      null, 'name');
  end if;
  -- The plan's organizations per owner (the free plan's one business): the most any plan of the
  -- organizations the user owns allows, Starter's when none says. Counted under the owner's lock, so
  -- concurrent creations by one user count each other. (Plans and their limits are in the billing
  -- migration, which runs before any organization exists.)
  perform private.lock_limit('max_organizations', p_user);
  select count(*), max(coalesce(private.plan_limit(m.org_id, 'max_organizations'), 2147483647))
    into v_owned, v_allowed
    from public.memberships m where m.user_id = p_user and m.role = 'OWNER';
  if v_owned > 0 and v_owned >= v_allowed then
    perform private.refuse(format('Your plan allows %s organizations per owner. Upgrade to add more.', v_allowed),
      'PT402', 'PLAN_LIMIT', jsonb_build_object('limit', 'max_organizations', 'max', v_allowed));
  end if;
  -- Checked first for a clear message; the unique index still decides under concurrency.
  if exists (select 1 from public.organizations o where private.name_key(o.name) = private.name_key(v_name)) then
    perform private.refuse('An organization with this name already exists', '23505', 'ORGANIZATION_NAME_TAKEN',
      jsonb_build_object('name', v_name), 'name', 'Key (name)=(' || v_name || ') already exists.');
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
revoke all on function private.create_organization_for(uuid, text, text, text) from public;

create function public.create_organization(p_name text, p_country text, p_currency text)
returns public.organizations
language plpgsql security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.refuse('Not signed in', '42501', 'NOT_SIGNED_IN');
  end if;
  return private.create_organization_for((select auth.uid()), p_name, p_country, p_currency);
end
$$;
comment on function public.create_organization(text, text, text) is
  'Creates an organization with the caller as OWNER. The name must be unique, compared case-insensitively.';
revoke execute on function public.create_organization(text, text, text) from public, anon;
grant execute on function public.create_organization(text, text, text) to authenticated, service_role;

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
  select not exists (select 1 from public.organizations o where private.name_key(o.name) = private.name_key(btrim(p_name)))
$$;
comment on function public.organization_name_available(text) is
  'Whether a name is free for a new organization (case-insensitive, surrounding spaces ignored). Used by the registration form.';
-- Only /api's registration asks (service role), after spending the caller's request budget: names are
-- not for anyone to list.
revoke execute on function public.organization_name_available(text) from public, anon, authenticated;
grant execute on function public.organization_name_available(text) to service_role;
