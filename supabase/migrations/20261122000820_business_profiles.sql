-- ---------------------------------------------------------------------------------------------------
-- The seller on every document: the business profile printed on quotes, invoices, receipts and the public
-- page — legal name, address, contacts, tax ID (its label is the country's: TIN, NIF, KRA PIN, VAT number),
-- a small logo kept with the organization (a PNG or JPEG data URL, at most ~70 KB), how to pay (bank
-- account, mobile-money numbers), the default payment terms (days until due) and a footer note. One row per
-- organization; every member reads it (a salesperson sends documents), owners and managers write it.
create table public.business_profiles (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  legal_name varchar(255),
  address varchar(500),
  phone varchar(50),
  email varchar(320) check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  tax_id_label varchar(30),
  tax_id varchar(50),
  logo text check (char_length(logo) <= 96000
                   and logo ~ '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$'),
  bank_name varchar(120),
  bank_account_name varchar(255),
  bank_account_number varchar(50),
  mobile_money jsonb not null default '[]'::jsonb check (octet_length(mobile_money::text) <= 4096),
  payment_terms_days smallint check (payment_terms_days between 0 and 365),
  footer varchar(1000),
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.business_profiles is
  'The seller''s details printed on every document (quote, invoice, receipt, public page, PDF).';

-- What a profile may hold, whatever path writes it: blank text is no text; mobile money is a list of at most
-- six {provider, number, name?} with a known provider and a number of digits, spaces, + and -.
create function private.check_business_profile() returns trigger
language plpgsql set search_path = ''
as $$
declare
  v_entry jsonb;
begin
  new.legal_name := nullif(btrim(new.legal_name), '');
  new.address := nullif(btrim(new.address), '');
  new.phone := nullif(btrim(new.phone), '');
  new.email := nullif(btrim(new.email), '');
  new.tax_id_label := nullif(btrim(new.tax_id_label), '');
  new.tax_id := nullif(btrim(new.tax_id), '');
  new.bank_name := nullif(btrim(new.bank_name), '');
  new.bank_account_name := nullif(btrim(new.bank_account_name), '');
  new.bank_account_number := nullif(btrim(new.bank_account_number), '');
  new.footer := nullif(btrim(new.footer), '');
  new.updated_by := (select auth.uid());
  if tg_op = 'UPDATE' and new.org_id <> old.org_id then
    perform private.refuse('A business profile stays with its organization', '42501', 'FORBIDDEN', null, 'orgId');
  end if;
  if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.refuse('Invalid email address', '23514', 'INVALID_EMAIL', null, 'email');
  end if;
  if new.logo is not null and (char_length(new.logo) > 96000
       or new.logo !~ '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$') then
    perform private.refuse('The logo is a PNG or JPEG image of at most 70 KB', '23514', 'LOGO_INVALID',
      json_build_object('maxKb', 70)::jsonb, 'logo');
  end if;
  if jsonb_typeof(new.mobile_money) <> 'array' or jsonb_array_length(new.mobile_money) > 6 then
    perform private.refuse('Mobile money is a list of at most 6 numbers', '23514', 'MOBILE_MONEY_INVALID',
      null, 'mobileMoney');
  end if;
  for v_entry in select e from jsonb_array_elements(new.mobile_money) e loop
    if jsonb_typeof(v_entry) <> 'object'
       or not coalesce((v_entry ->> 'provider') = any (enum_range(null::public.mobile_money_provider)::text[]), false)
       or not coalesce((v_entry ->> 'number') ~ '^\+?[0-9][0-9 -]{3,28}[0-9]$', false)
       or char_length(coalesce(v_entry ->> 'name', '')) > 100
       or (select count(*) from jsonb_object_keys(v_entry) k where k not in ('provider', 'number', 'name')) > 0 then
      perform private.refuse('A mobile money entry is a known provider and a phone number', '23514',
        'MOBILE_MONEY_INVALID', null, 'mobileMoney');
    end if;
  end loop;
  return new;
end
$$;
create trigger business_profiles_check before insert or update on public.business_profiles
  for each row execute function private.check_business_profile();
create trigger business_profiles_touch before update on public.business_profiles
  for each row execute function private.touch_updated_at();

alter table public.business_profiles enable row level security;
alter table public.business_profiles force row level security;
create policy "Members can read their business profile" on public.business_profiles for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can set the business profile" on public.business_profiles
  for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('settings.business')));
create policy "Owners and managers can change the business profile" on public.business_profiles
  for update to authenticated
  using (org_id in (select private.org_ids_that_can('settings.business')))
  with check (org_id in (select private.org_ids_that_can('settings.business')));
revoke insert, update, delete on public.business_profiles from anon, authenticated;
grant insert (org_id, legal_name, address, phone, email, tax_id_label, tax_id, logo, bank_name, bank_account_name,
              bank_account_number, mobile_money, payment_terms_days, footer)
  on public.business_profiles to authenticated;
-- org_id is granted so that the Data API's upsert (which sets every column it sends) works; the check
-- trigger keeps a profile with its organization.
grant update (org_id, legal_name, address, phone, email, tax_id_label, tax_id, logo, bank_name, bank_account_name,
              bank_account_number, mobile_money, payment_terms_days, footer)
  on public.business_profiles to authenticated;

-- The seller as documents print it: the organization's name, country and currency with its profile, one
-- shape for the public page (shared_invoice) and the app (/api/organizations/:id/profile says the same).
create function private.seller_json(p_org_id uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'name', o.name, 'country', o.country, 'currency', o.currency,
    'legalName', bp.legal_name, 'address', bp.address, 'phone', bp.phone, 'email', bp.email,
    'taxIdLabel', bp.tax_id_label, 'taxId', bp.tax_id, 'logo', bp.logo,
    'bankName', bp.bank_name, 'bankAccountName', bp.bank_account_name,
    'bankAccountNumber', bp.bank_account_number, 'mobileMoney', coalesce(bp.mobile_money, '[]'::jsonb),
    'paymentTermsDays', bp.payment_terms_days, 'footer', bp.footer))
    from public.organizations o
    left join public.business_profiles bp on bp.org_id = o.id
   where o.id = p_org_id
$$;
revoke all on function private.seller_json(uuid) from public;
