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
    perform private.refuse(format('Your plan allows %s %s. Upgrade to add more.', v_limit, p_what),
      'PT402', 'PLAN_LIMIT', jsonb_build_object('limit', p_key, 'max', v_limit));
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
  perform private.require(new.org_id, 'product.edit',
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
  perform private.require(new.org_id, 'invoice.create',
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
  perform private.require(new.org_id, 'team.invite',
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
-- Recurring billing of the organization's own customers. A plan is an offer (a price per
-- period); a subscription puts a customer on a plan; each period of an ACTIVE subscription is billed once,
-- by private.bill_subscription (20261122001250_billing_functions.sql): one ISSUED invoice, one billing
-- cycle and one subscription invoice. Plans are written under RLS by owners and managers; subscriptions,
-- cycles and subscription invoices by the functions only (docs/decisions/006-who-writes-what.md), so their
-- states move only as the rules say.
create table public.subscription_plans (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  description text check (char_length(description) <= 2000),
  price public.money_amount not null check (price >= 0),
  currency char(3) not null,
  billing_interval public.billing_interval not null default 'MONTHLY',
  interval_count integer not null default 1 check (interval_count between 1 and 52),
  trial_days integer not null default 0 check (trial_days between 0 and 365),
  is_active boolean not null default true,
  features jsonb not null default '[]'::jsonb check (octet_length(features::text) <= 65536),
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 65536),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.subscription_plans is 'A recurring offer the organization sells to its customers (e.g. monthly maintenance): a price per period of interval_count billing intervals.';
comment on column public.subscription_plans.currency is 'The organization''s currency unless another supported one is chosen; the price has its decimals.';
comment on column public.subscription_plans.is_active is 'An inactive plan takes no new subscriber; its subscriptions go on.';
create index subscription_plans_org_idx on public.subscription_plans (org_id, name);
create trigger subscription_plans_touch before update on public.subscription_plans
  for each row execute function private.touch_updated_at();

-- A plan's currency is a supported one (the organization's when none is given) and its price has that
-- currency's decimals (no 150.75 XOF), whoever writes it.
create function private.check_subscription_plan() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.currency is null then
    new.currency := (select o.currency from public.organizations o where o.id = new.org_id);
  end if;
  new.currency := upper(new.currency);
  if tg_op = 'INSERT' or new.currency is distinct from old.currency then
    if not (new.currency = any (private.supported_currencies())) then
      perform private.refuse(format('Currency %s is not supported', new.currency), '23514', 'CURRENCY_UNSUPPORTED',
        jsonb_build_object('currency', new.currency), 'currency');
    end if;
  end if;
  if tg_op = 'INSERT' or (new.price, new.currency) is distinct from (old.price, old.currency) then
    perform private.require_currency_decimals(new.price, new.currency, 'price');
  end if;
  -- Its subscriptions' periods are counted in its interval from their start: changing the interval under them
  -- would move every period still to come (and the periods already billed would no longer fit).
  if tg_op = 'UPDATE' and (new.billing_interval, new.interval_count) is distinct from (old.billing_interval, old.interval_count)
     and exists (select 1 from public.subscriptions s where s.org_id = new.org_id and s.plan_id = new.id) then
    perform private.refuse('The period of a plan with subscribers never changes; make a new plan', '23514',
      'PLAN_PERIOD_IN_USE', null, 'interval');
  end if;
  -- Nor its currency: a subscription's invoices and billed periods stay in one currency (amounts are never
  -- converted).
  if tg_op = 'UPDATE' and new.currency is distinct from old.currency
     and exists (select 1 from public.subscriptions s where s.org_id = new.org_id and s.plan_id = new.id) then
    perform private.refuse('The currency of a plan with subscribers never changes; make a new plan', '23514',
      'PLAN_CURRENCY_IN_USE', jsonb_build_object('currency', old.currency), 'currency');
  end if;
  -- A plan with lines costs what its lines add up to: its price follows them (in their currency's rounding).
  if tg_op = 'UPDATE' and exists (select 1 from public.plan_lines l
                                   where l.org_id = new.org_id and l.plan_id = new.id) then
    new.price := private.plan_lines_price(new.org_id, new.id, new.currency);
  end if;
  return new;
end
$$;
create trigger subscription_plans_check before insert or update on public.subscription_plans
  for each row execute function private.check_subscription_plan();

-- What a plan delivers each period, when it is more than its name: products from inventory or free text,
-- with a quantity and a unit price. The plan's price is then their sum (kept by the trigger below), and each
-- billed period invoices these lines × the subscription's quantity; products leave stock when the invoice is
-- issued, as with any invoice.
create table public.plan_lines (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  plan_id uuid not null,
  product_id uuid,
  description varchar(500) not null check (btrim(description) <> ''),
  qty public.quantity not null check (qty > 0),
  unit_price public.money_price not null check (unit_price >= 0),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, plan_id) references public.subscription_plans (org_id, id) on delete cascade,
  foreign key (org_id, product_id) references public.products (org_id, id)
);
comment on table public.plan_lines is 'The lines a plan bills each period (products or free text); the plan''s price is their sum.';
create index plan_lines_plan_idx on public.plan_lines (org_id, plan_id, position);

-- A line's unit price has its plan's currency's decimals, whoever writes it.
create function private.check_plan_line() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_currency_decimals(new.unit_price,
    (select p.currency from public.subscription_plans p where p.org_id = new.org_id and p.id = new.plan_id),
    'unitPrice');
  return new;
end
$$;
create trigger plan_lines_check before insert or update on public.plan_lines
  for each row execute function private.check_plan_line();

-- The price of a plan with lines: each line's quantity × unit price rounded to the currency's decimals, added.
create function private.plan_lines_price(p_org_id uuid, p_plan_id uuid, p_currency text) returns numeric
language sql stable set search_path = ''
as $$
  select sum(round(l.qty * l.unit_price, public.currency_decimals(p_currency)))
    from public.plan_lines l
   where l.org_id = p_org_id and l.plan_id = p_plan_id
$$;

-- Once per statement on the lines (a plan's lines are written together), the plans' prices follow them.
create function private.recompute_plan_price() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.subscription_plans p
     set price = coalesce(private.plan_lines_price(p.org_id, p.id, p.currency), p.price)
    from (select r.org_id, r.plan_id from changed r) x
   where p.org_id = x.org_id and p.id = x.plan_id;
  return null;
end
$$;
create trigger plan_lines_price_insert after insert on public.plan_lines
  referencing new table as changed for each statement execute function private.recompute_plan_price();
create trigger plan_lines_price_update after update on public.plan_lines
  referencing new table as changed for each statement execute function private.recompute_plan_price();
create trigger plan_lines_price_delete after delete on public.plan_lines
  referencing old table as changed for each statement execute function private.recompute_plan_price();

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  customer_id uuid not null,
  plan_id uuid not null,
  status public.subscription_status not null default 'ACTIVE',
  start_date date not null default current_date,
  trial_end date,
  end_date date,
  next_cycle integer not null default 1 check (next_cycle > 0),
  next_billing_date date,
  current_period_start date,
  current_period_end date,
  cancel_at_period_end boolean not null default false,
  paused_at timestamptz,
  cancelled_at timestamptz,
  ended_at timestamptz,
  quantity integer not null default 1 check (quantity between 1 and 1000000),
  tax_percent public.percentage not null default 0 check (tax_percent >= 0 and tax_percent <= 100),
  discount_percent public.percentage not null default 0 check (discount_percent >= 0 and discount_percent <= 100),
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 65536),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, customer_id) references public.customers (org_id, id),
  foreign key (org_id, plan_id) references public.subscription_plans (org_id, id),
  check (trial_end is null or trial_end > start_date),
  check (end_date is null or end_date >= start_date)
);
comment on table public.subscriptions is 'A customer subscribed to one of the organization''s subscription plans. Written by subscribe, pause_subscription, resume_subscription, cancel_subscription and the billing run only.';
comment on column public.subscriptions.start_date is 'The day the subscription starts, in the organization''s time zone. Periods follow one another from it, or from trial_end when there is a trial.';
comment on column public.subscriptions.trial_end is 'The first day after the free trial: nothing is billed before it.';
comment on column public.subscriptions.end_date is 'Optional last day: no period starts after it, and the subscription then EXPIRES.';
comment on column public.subscriptions.next_cycle is 'The number of the next period to bill (1 for the first); periods skipped while paused are never billed.';
comment on column public.subscriptions.next_billing_date is 'The day the next period starts and is billed; null once nothing more will be billed.';
comment on column public.subscriptions.cancel_at_period_end is 'Cancelled at the end of the period already billed: no new period is billed, and the subscription is CANCELLED when it would have started.';
create index subscriptions_customer_idx on public.subscriptions (org_id, customer_id);
create index subscriptions_plan_idx on public.subscriptions (org_id, plan_id);
-- The billing run reads the active subscriptions whose next period has started.
create index subscriptions_due_idx on public.subscriptions (next_billing_date) where status = 'ACTIVE';
create trigger subscriptions_touch before update on public.subscriptions
  for each row execute function private.touch_updated_at();

-- A subscription's state moves only ACTIVE <-> PAUSED, ACTIVE or PAUSED -> CANCELLED or EXPIRED; a cancelled or
-- expired subscription is final, and its customer, plan and start never change, whoever writes (the functions,
-- the dashboard).
create function private.guard_subscription() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- A duplicate customer merged into the one kept (public.merge_customers): the subscription, in whatever
  -- state, moves to that customer, and nothing else of it changes.
  if private.merging_customer(old.customer_id, new.customer_id)
     and to_jsonb(new) - 'customer_id' - 'updated_at' = to_jsonb(old) - 'customer_id' - 'updated_at' then
    return new;
  end if;
  if (new.org_id, new.customer_id, new.plan_id, new.start_date, new.created_by, new.created_at)
     is distinct from (old.org_id, old.customer_id, old.plan_id, old.start_date, old.created_by, old.created_at) then
    perform private.refuse('A subscription''s customer, plan and start never change', '23514', 'SUBSCRIPTION_FINAL');
  end if;
  if old.status in ('CANCELLED', 'EXPIRED') then
    perform private.refuse('A cancelled or expired subscription is final', '23514', 'SUBSCRIPTION_ENDED',
      jsonb_build_object('status', old.status));
  end if;
  if new.status <> old.status and not (
       (old.status = 'ACTIVE' and new.status in ('PAUSED', 'CANCELLED', 'EXPIRED'))
    or (old.status = 'PAUSED' and new.status in ('ACTIVE', 'CANCELLED', 'EXPIRED'))) then
    perform private.refuse(format('A subscription cannot go from %s to %s', old.status, new.status), '23514',
      'SUBSCRIPTION_STATUS_TRANSITION', jsonb_build_object('from', old.status, 'to', new.status));
  end if;
  if new.next_cycle < old.next_cycle then
    perform private.refuse('A billed period is never billed again', '23514', 'SUBSCRIPTION_FINAL');
  end if;
  return new;
end
$$;
create trigger subscriptions_guard before update on public.subscriptions
  for each row execute function private.guard_subscription();

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
  invoice_id uuid,
  billed_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  -- A period is billed once: the number is the period's, counted from the subscription's start.
  unique (org_id, subscription_id, cycle_number),
  unique (org_id, invoice_id),
  foreign key (org_id, subscription_id) references public.subscriptions (org_id, id) on delete cascade,
  foreign key (org_id, invoice_id) references public.invoices (org_id, id)
);
comment on table public.billing_cycles is 'The billed periods of a subscription: BILLED when its invoice is issued, PAID when the invoice is paid, CANCELLED when it is voided. Written by the billing run and the invoice''s trigger only.';
comment on column public.billing_cycles.cycle_number is 'The period''s number from the subscription''s start (or trial end), 1 for the first; periods skipped while paused leave their numbers unused.';
comment on column public.billing_cycles.end_date is 'The period''s last day (inclusive).';

create table public.subscription_invoices (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  subscription_id uuid not null,
  invoice_id uuid not null,
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  attempt_count integer not null default 1 check (attempt_count > 0),
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, invoice_id),
  unique (org_id, subscription_id, period_start),
  foreign key (org_id, subscription_id) references public.subscriptions (org_id, id) on delete cascade,
  foreign key (org_id, invoice_id) references public.invoices (org_id, id)
);
comment on table public.subscription_invoices is 'Which invoice billed which period of a subscription (first and last day). Written by the billing run only.';
create index subscription_invoices_subscription_idx on public.subscription_invoices (org_id, subscription_id);

alter table public.subscription_plans enable row level security;
alter table public.subscription_plans force row level security;
alter table public.subscriptions enable row level security;
alter table public.subscriptions force row level security;
alter table public.subscription_invoices enable row level security;
alter table public.subscription_invoices force row level security;
alter table public.billing_cycles enable row level security;
alter table public.billing_cycles force row level security;

-- Every member reads; owners and managers manage plans (an accountant and a salesperson read them).
create policy "Members can read subscription plans" on public.subscription_plans for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add subscription plans" on public.subscription_plans for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));
create policy "Owners and managers can edit subscription plans" on public.subscription_plans for update to authenticated
  using (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')))
  with check (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));
create policy "Owners and managers can delete subscription plans" on public.subscription_plans for delete to authenticated
  using (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));

alter table public.plan_lines enable row level security;
alter table public.plan_lines force row level security;
create policy "Members can read subscription plan lines" on public.plan_lines for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add subscription plan lines" on public.plan_lines for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));
create policy "Owners and managers can edit subscription plan lines" on public.plan_lines for update to authenticated
  using (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')))
  with check (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));
create policy "Owners and managers can delete subscription plan lines" on public.plan_lines for delete to authenticated
  using (org_id in (select private.org_ids_that_can('subscriptionPlan.edit')));

create policy "Members can read subscriptions" on public.subscriptions for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can read subscription invoices" on public.subscription_invoices for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can read billing cycles" on public.billing_cycles for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- Written by the functions only (docs/decisions/006-who-writes-what.md): subscribe, pause_subscription,
-- resume_subscription, cancel_subscription and the billing run.
revoke insert, update, delete on public.subscriptions, public.subscription_invoices, public.billing_cycles
  from anon, authenticated;

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
  perform private.require(p_org_id);
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
