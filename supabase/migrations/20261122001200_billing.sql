-- The product's plans (licenses and their entitlements, enforced as plan limits), and the recurring
-- billing an organization can run for its own customers (subscription plans, subscriptions, cycles).

create type public.license_plan as enum ('STARTER', 'GROWTH', 'BUSINESS');
create type public.license_status as enum ('ACTIVE', 'TRIAL', 'SUSPENDED', 'EXPIRED');
create type public.subscription_status as enum ('ACTIVE', 'PAUSED', 'CANCELLED', 'EXPIRED');
create type public.billing_interval as enum ('WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY');
create type public.billing_cycle_status as enum ('PENDING', 'BILLED', 'PAID', 'FAILED', 'CANCELLED');
comment on type public.license_plan is 'STARTER = Starter (free), GROWTH = Professional, BUSINESS = Enterprise on the pricing page.';

-- ---------------------------------------------------------------------------------------------------
create table public.licenses (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  plan public.license_plan not null default 'STARTER',
  status public.license_status not null default 'TRIAL',
  seats integer not null default 1 check (seats > 0),
  start_at timestamptz not null default now(),
  end_at timestamptz,
  renewal_at timestamptz,
  grace_days integer not null default 7 check (grace_days >= 0),
  notes text check (char_length(notes) <= 2000),
  stripe_sub_id text check (char_length(stripe_sub_id) <= 255),
  created_by uuid references auth.users (id) on delete set null,
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.licenses is 'The organization''s plan of this product. Written by billing (service role) only.';
comment on column public.licenses.grace_days is 'Days the plan keeps working after end_at before limits fall back to Starter.';
create index licenses_org_idx on public.licenses (org_id, start_at desc);
create trigger licenses_touch before update on public.licenses
  for each row execute function private.touch_updated_at();

create table public.entitlements (
  id uuid primary key default gen_random_uuid(),
  plan public.license_plan not null,
  key text not null,
  value jsonb,
  enabled boolean not null default true,
  unique (plan, key)
);
comment on table public.entitlements is 'What each plan allows (reference data). A missing or disabled limit means unlimited.';
comment on column public.entitlements.value is 'The limit, e.g. 100 for max_products.';

insert into public.entitlements (plan, key, value) values
  ('STARTER', 'max_organizations', '1'), ('STARTER', 'max_members', '2'),
  ('STARTER', 'max_invoices_per_month', '50'), ('STARTER', 'max_products', '100'), ('STARTER', 'storage_gb', '1'),
  ('GROWTH', 'max_organizations', '1'), ('GROWTH', 'max_members', '10'), ('GROWTH', 'storage_gb', '10'),
  ('BUSINESS', 'max_organizations', '5'), ('BUSINESS', 'storage_gb', '100');

alter table public.licenses enable row level security;
alter table public.licenses force row level security;
alter table public.entitlements enable row level security;
alter table public.entitlements force row level security;
-- Written by billing (service role) and the migrations only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.licenses, public.entitlements from anon, authenticated;
create policy "Members can read their organization's license" on public.licenses for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Signed-in users can read what each plan allows" on public.entitlements for select to authenticated
  using (true);

-- The limit `p_key` of the organization's current plan; null when unlimited. Without a live license
-- (none, or past end_at plus grace) the Starter limits apply.
create function private.plan_limit(p_org_id uuid, p_key text) returns integer
language sql stable security definer set search_path = ''
as $$
  select (e.value #>> '{}')::integer
    from public.entitlements e
   where e.enabled and e.key = p_key
     and e.plan = coalesce(
       (select l.plan from public.licenses l
         where l.org_id = p_org_id and l.status in ('ACTIVE', 'TRIAL')
           and (l.end_at is null or l.end_at + make_interval(days => l.grace_days) > now())
         order by l.start_at desc limit 1),
       'STARTER')
$$;

create function private.refuse_over_limit(p_org_id uuid, p_key text, p_count bigint, p_what text) returns void
language plpgsql set search_path = ''
as $$
declare
  v_limit integer := private.plan_limit(p_org_id, p_key);
begin
  if v_limit is not null and p_count >= v_limit then
    -- PT402: PostgREST answers HTTP 402 with this message.
    raise exception 'Your plan allows % %. Upgrade to add more.', v_limit, p_what
      using errcode = 'PT402',
            hint = jsonb_build_object('reason', 'PLAN_LIMIT',
                                      'params', jsonb_build_object('limit', p_key, 'max', v_limit))::text;
  end if;
end
$$;

-- Serialises everyone creating what one plan limit counts, for one organization (or one owner), until
-- the transaction ends: each counts after the others have committed, so concurrent creators cannot all
-- pass a check that only one of them should pass.
create function private.lock_limit(p_key text, p_id uuid) returns void
language sql set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended(p_key || ':' || p_id::text, 0))
$$;

-- A new product, invoice or invitation is counted against the plan only when the plan has a limit, and
-- never past it. Counted after the row is written (so every row of a many-row insert counts), under the
-- limit's lock (so concurrent inserts count each other).
create function private.enforce_product_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_limit integer;
begin
  -- Counted when a product is added, and when an archived one comes back.
  if tg_op = 'UPDATE' and not (old.archived and not new.archived) then
    return null;
  end if;
  perform private.require_role(new.org_id, '{OWNER,MANAGER}',
    'new row violates row-level security policy for table "products"');
  v_limit := private.plan_limit(new.org_id, 'max_products');
  if v_limit is not null then
    perform private.lock_limit('max_products', new.org_id);
    perform private.refuse_over_limit(new.org_id, 'max_products',
      (select count(*) from (select 1 from public.products p
                              where p.org_id = new.org_id and not p.archived
                              limit v_limit + 1) x) - 1,
      'products');
  end if;
  return null;
end
$$;
create trigger products_plan_limit after insert on public.products
  for each row execute function private.enforce_product_limit();
create trigger products_plan_limit_unarchive after update of archived on public.products
  for each row execute function private.enforce_product_limit();

create function private.enforce_invoice_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_tz text := (select o.timezone from public.organizations o where o.id = new.org_id);
  v_limit integer;
begin
  perform private.require_role(new.org_id, '{OWNER,MANAGER,ACCOUNTANT,SALES}',
    'new row violates row-level security policy for table "invoices"');
  v_limit := private.plan_limit(new.org_id, 'max_invoices_per_month');
  if v_limit is not null then
    perform private.lock_limit('max_invoices_per_month', new.org_id);
    perform private.refuse_over_limit(new.org_id, 'max_invoices_per_month',
      (select count(*) from (select 1 from public.invoices i
                              where i.org_id = new.org_id
                                and i.created_at >= (date_trunc('month', now() at time zone v_tz) at time zone v_tz)
                              limit v_limit + 1) x) - 1,
      'invoices a month');
  end if;
  return null;
end
$$;
create trigger invoices_plan_limit after insert on public.invoices
  for each row execute function private.enforce_invoice_limit();

-- Members and pending invitations both take a seat.
create function private.enforce_member_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_role(new.org_id, '{OWNER,MANAGER}',
    'new row violates row-level security policy for table "invitations"');
  perform private.lock_limit('max_members', new.org_id);
  perform private.refuse_over_limit(new.org_id, 'max_members',
    (select count(*) from public.memberships m where m.org_id = new.org_id)
    + (select count(*) from public.invitations i
        where i.org_id = new.org_id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()),
    'members, including pending invitations');
  return new;
end
$$;
create trigger invitations_plan_limit before insert on public.invitations
  for each row execute function private.enforce_member_limit();

-- ---------------------------------------------------------------------------------------------------
-- Recurring billing of the organization's own customers.
create table public.subscription_plans (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  description text check (char_length(description) <= 2000),
  price public.money_amount not null check (price >= 0),
  currency char(3) not null,
  billing_interval public.billing_interval not null default 'MONTHLY',
  interval_count integer not null default 1 check (interval_count > 0),
  trial_days integer not null default 0 check (trial_days >= 0),
  is_active boolean not null default true,
  features jsonb not null default '[]'::jsonb check (octet_length(features::text) <= 65536),
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 65536),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.subscription_plans is 'A recurring offer the organization sells to its customers (e.g. monthly maintenance).';
create index subscription_plans_org_idx on public.subscription_plans (org_id, name);
create trigger subscription_plans_touch before update on public.subscription_plans
  for each row execute function private.touch_updated_at();

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  customer_id uuid not null,
  plan_id uuid not null,
  status public.subscription_status not null default 'ACTIVE',
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz,
  trial_start timestamptz,
  trial_end timestamptz,
  cancelled_at timestamptz,
  ended_at timestamptz,
  quantity integer not null default 1 check (quantity > 0),
  tax_percent public.percentage check (tax_percent >= 0 and tax_percent <= 100),
  discount_percent public.percentage check (discount_percent >= 0 and discount_percent <= 100),
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 65536),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, customer_id) references public.customers (org_id, id),
  foreign key (org_id, plan_id) references public.subscription_plans (org_id, id)
);
comment on table public.subscriptions is 'A customer subscribed to one of the organization''s subscription plans.';
create index subscriptions_customer_idx on public.subscriptions (org_id, customer_id);
create index subscriptions_plan_idx on public.subscriptions (org_id, plan_id);
create trigger subscriptions_touch before update on public.subscriptions
  for each row execute function private.touch_updated_at();

create table public.subscription_invoices (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  subscription_id uuid not null,
  invoice_id uuid not null,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  attempt_count integer not null default 1 check (attempt_count > 0),
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, subscription_id) references public.subscriptions (org_id, id) on delete cascade,
  foreign key (org_id, invoice_id) references public.invoices (org_id, id)
);
comment on table public.subscription_invoices is 'Which invoice billed which period of a subscription.';
create index subscription_invoices_subscription_idx on public.subscription_invoices (org_id, subscription_id);

create table public.billing_cycles (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  subscription_id uuid not null,
  cycle_number integer not null check (cycle_number > 0),
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  amount public.money_amount not null check (amount >= 0),
  currency char(3) not null,
  status public.billing_cycle_status not null default 'PENDING',
  billed_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, subscription_id, cycle_number),
  foreign key (org_id, subscription_id) references public.subscriptions (org_id, id) on delete cascade
);
comment on table public.billing_cycles is 'The periods of a subscription and whether each was billed and paid.';

alter table public.subscription_plans enable row level security;
alter table public.subscription_plans force row level security;
alter table public.subscriptions enable row level security;
alter table public.subscriptions force row level security;
alter table public.subscription_invoices enable row level security;
alter table public.subscription_invoices force row level security;
alter table public.billing_cycles enable row level security;
alter table public.billing_cycles force row level security;

-- Like invoices: every member reads; OWNER, MANAGER and ACCOUNTANT manage.
create policy "Members can read subscription plans" on public.subscription_plans for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can add subscription plans" on public.subscription_plans for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can edit subscription plans" on public.subscription_plans for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can delete subscription plans" on public.subscription_plans for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));

create policy "Members can read subscriptions" on public.subscriptions for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can add subscriptions" on public.subscriptions for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can edit subscriptions" on public.subscriptions for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can delete subscriptions" on public.subscriptions for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));

create policy "Members can read subscription invoices" on public.subscription_invoices for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can add subscription invoices" on public.subscription_invoices for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can edit subscription invoices" on public.subscription_invoices for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers, accountants can delete subscription invoices" on public.subscription_invoices for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));

create policy "Members can read billing cycles" on public.billing_cycles for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can add billing cycles" on public.billing_cycles for insert to authenticated
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can edit billing cycles" on public.billing_cycles for update to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')))
  with check (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));
create policy "Owners, managers and accountants can delete billing cycles" on public.billing_cycles for delete to authenticated
  using (org_id in (select private.org_ids_with_role('{OWNER,MANAGER,ACCOUNTANT}')));

-- ---------------------------------------------------------------------------------------------------
-- Settings > Plan: the organization's current plan and license (status, trial or end date), its limits and
-- how much of each is used — members with pending invitations, invoices this month (in the organization's
-- time zone) and products — counted exactly as the plan-limit triggers count them. Readable by every
-- member (security definer, after a membership check: a SALES member cannot read invitations, yet the
-- seat count includes them).

create function public.get_plan(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_tz text;
  v_license public.licenses;
begin
  perform private.require_role(p_org_id);
  select o.timezone into v_tz from public.organizations o where o.id = p_org_id;
  select l.* into v_license from public.licenses l
   where l.org_id = p_org_id and l.status in ('ACTIVE', 'TRIAL')
     and (l.end_at is null or l.end_at + make_interval(days => l.grace_days) > now())
   order by l.start_at desc limit 1;
  if v_license.id is null then
    -- No live license: the most recent one says why (suspended, expired); the Starter limits apply.
    select l.* into v_license from public.licenses l where l.org_id = p_org_id order by l.start_at desc limit 1;
  end if;
  return jsonb_build_object(
    'plan', case when v_license.status in ('ACTIVE', 'TRIAL')
                  and (v_license.end_at is null or v_license.end_at + make_interval(days => v_license.grace_days) > now())
                 then v_license.plan else 'STARTER' end,
    'status', coalesce(v_license.status::text, 'ACTIVE'),
    'startsAt', v_license.start_at,
    'endsAt', v_license.end_at,
    'trialEndsAt', case when v_license.status = 'TRIAL' then v_license.end_at end,
    'limits', jsonb_build_object(
      'members', private.plan_limit(p_org_id, 'max_members'),
      'invoicesPerMonth', private.plan_limit(p_org_id, 'max_invoices_per_month'),
      'products', private.plan_limit(p_org_id, 'max_products')),
    'usage', jsonb_build_object(
      'members', (select count(*) from public.memberships m where m.org_id = p_org_id)
               + (select count(*) from public.invitations i
                   where i.org_id = p_org_id and i.accepted_at is null and i.revoked_at is null
                     and i.expires_at > now()),
      'invoicesPerMonth', (select count(*) from public.invoices i
                            where i.org_id = p_org_id
                              and i.created_at >= (date_trunc('month', now() at time zone v_tz) at time zone v_tz)),
      'products', (select count(*) from public.products p where p.org_id = p_org_id and not p.archived))
  );
end
$$;
comment on function public.get_plan(uuid) is
  'The organization''s plan, license status and dates, limits and usage (members with pending invitations, invoices this month, products).';

revoke execute on function public.get_plan(uuid) from public, anon;
grant execute on function public.get_plan(uuid) to authenticated, service_role;
