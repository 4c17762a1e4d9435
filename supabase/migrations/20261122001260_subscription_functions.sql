-- Subscriptions, the functions the app calls: subscribe, change, pause, resume and cancel (each once per
-- mutation id), the list, the monthly recurring revenue, and plans saved. The billing run is in
-- 20261122001250_billing_functions.sql.
-- ---------------------------------------------------------------------------------------------------
-- Subscribing: { id?, customerId, planId, quantity?, taxPercent?, discountPercent?, startDate?, trialDays?,
-- endDate? }. Owners, managers and salespeople, to an active plan. The start is today unless given (at most
-- a year back: the periods since are billed at once); the trial is the plan's unless given; the tax rate the
-- organization's default unless given. The periods already started are billed at once, as the billing run
-- would within minutes.
create function private.insert_subscription(p_org_id uuid, p_input jsonb) returns public.subscriptions
language plpgsql security definer set search_path = ''
as $$
declare
  v_plan public.subscription_plans;
  v_org public.organizations;
  v_today date;
  v_start date;
  v_trial numeric;
  v_quantity numeric;
  v_row public.subscriptions;
begin
  perform private.require(p_org_id);
  perform private.require(p_org_id, 'subscription.create',
    'Only owners, managers and salespeople subscribe a customer', 'SUBSCRIPTION_FORBIDDEN');
  select * into v_org from public.organizations o where o.id = p_org_id;
  select * into v_plan from public.subscription_plans p
   where p.org_id = p_org_id and p.id = (nullif(p_input ->> 'planId', ''))::uuid;
  if v_plan.id is null then
    perform private.refuse('Plan not found', '23503', 'PLAN_NOT_FOUND', null, 'planId');
  end if;
  if not v_plan.is_active then
    perform private.refuse('This plan takes no new subscribers', '23514', 'PLAN_INACTIVE', null, 'planId');
  end if;
  if not exists (select 1 from public.customers c
                  where c.org_id = p_org_id and c.id = (nullif(p_input ->> 'customerId', ''))::uuid) then
    perform private.refuse('Customer not found', '23503', 'CUSTOMER_NOT_FOUND', null, 'customerId');
  end if;
  v_today := (now() at time zone v_org.timezone)::date;
  v_start := coalesce(private.org_date(p_org_id, p_input ->> 'startDate', 'startDate'), v_today);
  if v_start < v_today - 366 then
    perform private.refuse('A subscription starts at most a year ago', '23514', 'SUBSCRIPTION_START_TOO_EARLY',
      jsonb_build_object('earliest', v_today - 366), 'startDate');
  end if;
  v_trial := coalesce(private.to_number(p_input ->> 'trialDays', 'trialDays'), v_plan.trial_days);
  if v_trial <> trunc(v_trial) or v_trial < 0 or v_trial > 365 then
    perform private.refuse('Trial days are a whole number from 0 to 365', '23514', 'TRIAL_DAYS_RANGE',
      jsonb_build_object('max', 365), 'trialDays');
  end if;
  if private.org_date(p_org_id, p_input ->> 'endDate', 'endDate') < v_start then
    perform private.refuse('A subscription ends on or after its start', '23514', 'SUBSCRIPTION_END_BEFORE_START',
      jsonb_build_object('start', v_start), 'endDate');
  end if;
  v_quantity := coalesce(private.to_number(p_input ->> 'quantity', 'quantity'), 1);
  if v_quantity <> trunc(v_quantity) or v_quantity < 1 or v_quantity > 1000000 then
    perform private.refuse('The quantity is a whole number from 1', '23514', 'QUANTITY_WHOLE',
      jsonb_build_object('max', 1000000), 'quantity');
  end if;
  insert into public.subscriptions (id, org_id, customer_id, plan_id, start_date, trial_end, end_date, next_billing_date,
                                    quantity, tax_percent, discount_percent, created_by)
  values (coalesce((nullif(p_input ->> 'id', ''))::uuid, gen_random_uuid()), p_org_id, (p_input ->> 'customerId')::uuid,
          v_plan.id, v_start, case when v_trial > 0 then v_start + v_trial::integer end,
          private.org_date(p_org_id, p_input ->> 'endDate', 'endDate'),
          v_start + v_trial::integer, v_quantity,
          coalesce(private.to_number(p_input ->> 'taxPercent', 'taxPercent'), v_org.default_tax_rate, 0),
          coalesce(private.to_number(p_input ->> 'discountPercent', 'discountPercent'), 0), (select auth.uid()))
  returning * into v_row;
  perform private.bill_started_periods(v_row.id, now());
  select * into v_row from public.subscriptions s where s.id = v_row.id;
  return v_row;
end
$$;
revoke all on function private.insert_subscription(uuid, jsonb) from public, anon;
grant execute on function private.insert_subscription(uuid, jsonb) to authenticated, service_role;

-- Pausing, resuming and cancelling: owners and managers. p_action is pause, resume, cancel or
-- cancel_at_period_end.
-- - pause: an ACTIVE subscription; a period already started is billed first (it was owed before the pause).
--   Nothing is billed while PAUSED.
-- - resume: a PAUSED subscription is ACTIVE again from its next period: the periods that started while it
--   was paused are skipped, never billed. On an ACTIVE subscription cancelled at period end, resume takes the
--   cancellation back.
-- - cancel: ACTIVE or PAUSED -> CANCELLED now; nothing more is billed.
-- - cancel_at_period_end: an ACTIVE subscription stays ACTIVE until its billed period ends, then is CANCELLED
--   instead of billing the next one (at once when no period was billed yet, as during a trial). A PAUSED one
--   is cancelled now: it has no running period to finish.
-- p_now is the clock (the public functions pass now(); the database tests pass the days they play out).
create function private.change_subscription(p_org_id uuid, p_subscription_id uuid, p_action text,
                                            p_now timestamptz default now())
returns public.subscriptions
language plpgsql security definer set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_plan public.subscription_plans;
  v_today date;
  v_cycle integer;
  v_to text := case p_action when 'pause' then 'PAUSED' when 'resume' then 'ACTIVE' else 'CANCELLED' end;
begin
  perform private.require(p_org_id);
  perform private.require(p_org_id, 'subscription.manage',
    'Only owners and managers pause, resume or cancel a subscription', 'SUBSCRIPTION_FORBIDDEN');
  select * into v_sub from public.subscriptions s where s.org_id = p_org_id and s.id = p_subscription_id for update;
  if v_sub.id is null then
    perform private.refuse('Subscription not found', '23503', 'SUBSCRIPTION_NOT_FOUND', null, 'subscriptionId');
  end if;
  if not (v_sub.status = 'ACTIVE' and p_action in ('pause', 'cancel', 'cancel_at_period_end'))
     and not (v_sub.status = 'PAUSED' and p_action in ('resume', 'cancel', 'cancel_at_period_end'))
     and not (v_sub.status = 'ACTIVE' and p_action = 'resume' and v_sub.cancel_at_period_end) then
    perform private.refuse(format('A %s subscription cannot be made %s', v_sub.status, v_to), '23514',
      'SUBSCRIPTION_STATUS_TRANSITION', jsonb_build_object('from', v_sub.status, 'to', v_to));
  end if;
  select * into v_plan from public.subscription_plans p where p.org_id = v_sub.org_id and p.id = v_sub.plan_id;
  v_today := (p_now at time zone (select o.timezone from public.organizations o where o.id = p_org_id))::date;

  if p_action = 'pause' then
    perform private.bill_started_periods(v_sub.id, p_now);
    update public.subscriptions set status = 'PAUSED', paused_at = p_now, next_billing_date = null
     where id = v_sub.id and status = 'ACTIVE';
  elsif p_action = 'resume' and v_sub.status = 'ACTIVE' then
    update public.subscriptions set cancel_at_period_end = false, cancelled_at = null where id = v_sub.id;
  elsif p_action = 'resume' then
    v_cycle := v_sub.next_cycle;
    while private.period_start(coalesce(v_sub.trial_end, v_sub.start_date), v_plan.billing_interval,
                               v_plan.interval_count, v_cycle) < v_today loop
      v_cycle := v_cycle + 1;
    end loop;
    update public.subscriptions
       set status = 'ACTIVE', paused_at = null, next_cycle = v_cycle,
           next_billing_date = private.period_start(coalesce(trial_end, start_date), v_plan.billing_interval,
                                                    v_plan.interval_count, v_cycle)
     where id = v_sub.id;
    perform private.bill_started_periods(v_sub.id, p_now);
  elsif p_action = 'cancel_at_period_end' and v_sub.status = 'ACTIVE' then
    perform private.bill_started_periods(v_sub.id, p_now);
    update public.subscriptions
       set cancel_at_period_end = true, cancelled_at = p_now,
           status = case when current_period_end is null then 'CANCELLED' else status end,
           ended_at = case when current_period_end is null then p_now end,
           next_billing_date = case when current_period_end is null then null else next_billing_date end
     where id = v_sub.id and status = 'ACTIVE';
  else
    update public.subscriptions
       set status = 'CANCELLED', cancelled_at = p_now, ended_at = p_now, next_billing_date = null
     where id = v_sub.id;
  end if;
  select * into v_sub from public.subscriptions s where s.id = p_subscription_id;
  return v_sub;
end
$$;
revoke all on function private.change_subscription(uuid, uuid, text, timestamptz) from public, anon;
grant execute on function private.change_subscription(uuid, uuid, text, timestamptz) to authenticated, service_role;

-- Editing a subscription: { quantity?, taxPercent?, discountPercent?, endDate? } (what is sent changes; endDate
-- null or '' removes the end). Owners and managers, while ACTIVE or PAUSED; the periods already billed keep
-- their invoices, the next ones are billed as edited.
create function private.edit_subscription(p_org_id uuid, p_subscription_id uuid, p_input jsonb)
returns public.subscriptions
language plpgsql security definer set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_quantity numeric := private.to_number(p_input ->> 'quantity', 'quantity');
begin
  perform private.require(p_org_id);
  perform private.require(p_org_id, 'subscription.manage',
    'Only owners and managers change a subscription', 'SUBSCRIPTION_FORBIDDEN');
  select * into v_sub from public.subscriptions s where s.org_id = p_org_id and s.id = p_subscription_id for update;
  if v_sub.id is null then
    perform private.refuse('Subscription not found', '23503', 'SUBSCRIPTION_NOT_FOUND', null, 'subscriptionId');
  end if;
  if v_quantity is not null and (v_quantity <> trunc(v_quantity) or v_quantity < 1 or v_quantity > 1000000) then
    perform private.refuse('The quantity is a whole number from 1', '23514', 'QUANTITY_WHOLE',
      jsonb_build_object('max', 1000000), 'quantity');
  end if;
  if private.org_date(p_org_id, p_input ->> 'endDate', 'endDate') < v_sub.start_date then
    perform private.refuse('A subscription ends on or after its start', '23514', 'SUBSCRIPTION_END_BEFORE_START',
      jsonb_build_object('start', v_sub.start_date), 'endDate');
  end if;
  update public.subscriptions s
     set quantity = coalesce(v_quantity::integer, s.quantity),
         tax_percent = coalesce(private.to_number(p_input ->> 'taxPercent', 'taxPercent'), s.tax_percent),
         discount_percent = coalesce(private.to_number(p_input ->> 'discountPercent', 'discountPercent'),
                                     s.discount_percent),
         end_date = case when p_input ? 'endDate' then private.org_date(p_org_id, p_input ->> 'endDate', 'endDate')
                         else s.end_date end
   where s.id = v_sub.id
  returning * into v_sub;
  return v_sub;
end
$$;
revoke all on function private.edit_subscription(uuid, uuid, jsonb) from public, anon;
grant execute on function private.edit_subscription(uuid, uuid, jsonb) to authenticated, service_role;

-- A subscription mutation applied once per (organization, mutation id): { data: the subscription } or
-- { error } (the refusal's code, reason and field), as every other mutation (20261122000300).
create function private.subscription_mutation(p_org_id uuid, p_mutation_id uuid, p_name text, p_args jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, p_name, p_args);
  v_row public.subscriptions;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    if p_name = 'subscribe' then
      v_row := private.insert_subscription(p_org_id, p_args);
    elsif p_name = 'update_subscription' then
      v_row := private.edit_subscription(p_org_id, (p_args ->> 'subscriptionId')::uuid, p_args -> 'input');
    else
      v_row := private.change_subscription(p_org_id, (p_args ->> 'subscriptionId')::uuid,
        case when p_name = 'cancel_subscription' and (p_args ->> 'atPeriodEnd')::boolean then 'cancel_at_period_end'
             else replace(p_name, '_subscription', '') end);
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_row)));
end
$$;
revoke all on function private.subscription_mutation(uuid, uuid, text, jsonb) from public, anon;
grant execute on function private.subscription_mutation(uuid, uuid, text, jsonb) to authenticated, service_role;

create function public.subscribe(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language sql set search_path = ''
as $$ select private.subscription_mutation(p_org_id, p_mutation_id, 'subscribe', p_input) $$;
comment on function public.subscribe(uuid, uuid, jsonb) is
  'Subscribes a customer to an active plan (owners, managers, salespeople), once per mutation id; bills the periods already started.';

create function public.update_subscription(p_org_id uuid, p_mutation_id uuid, p_subscription_id uuid,
                                           p_input jsonb) returns jsonb
language sql set search_path = ''
as $$
  select private.subscription_mutation(p_org_id, p_mutation_id, 'update_subscription',
    jsonb_build_object('subscriptionId', p_subscription_id, 'input', p_input))
$$;
comment on function public.update_subscription(uuid, uuid, uuid, jsonb) is
  'Changes the quantity, tax, discount or end of an ACTIVE or PAUSED subscription for the periods not yet billed (owners, managers).';

create function public.pause_subscription(p_org_id uuid, p_mutation_id uuid, p_subscription_id uuid) returns jsonb
language sql set search_path = ''
as $$
  select private.subscription_mutation(p_org_id, p_mutation_id, 'pause_subscription',
    jsonb_build_object('subscriptionId', p_subscription_id))
$$;
comment on function public.pause_subscription(uuid, uuid, uuid) is
  'Pauses an ACTIVE subscription (owners, managers): nothing is billed while paused.';

create function public.resume_subscription(p_org_id uuid, p_mutation_id uuid, p_subscription_id uuid) returns jsonb
language sql set search_path = ''
as $$
  select private.subscription_mutation(p_org_id, p_mutation_id, 'resume_subscription',
    jsonb_build_object('subscriptionId', p_subscription_id))
$$;
comment on function public.resume_subscription(uuid, uuid, uuid) is
  'Resumes a PAUSED subscription from its next period, without billing the paused time; or takes back a cancellation at period end (owners, managers).';

create function public.cancel_subscription(p_org_id uuid, p_mutation_id uuid, p_subscription_id uuid,
                                           p_at_period_end boolean default false) returns jsonb
language sql set search_path = ''
as $$
  select private.subscription_mutation(p_org_id, p_mutation_id, 'cancel_subscription',
    jsonb_build_object('subscriptionId', p_subscription_id, 'atPeriodEnd', coalesce(p_at_period_end, false)))
$$;
comment on function public.cancel_subscription(uuid, uuid, uuid, boolean) is
  'Cancels a subscription now, or at the end of its billed period (owners, managers).';

revoke execute on function public.subscribe(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.update_subscription(uuid, uuid, uuid, jsonb) from public, anon;
revoke execute on function public.pause_subscription(uuid, uuid, uuid) from public, anon;
revoke execute on function public.resume_subscription(uuid, uuid, uuid) from public, anon;
revoke execute on function public.cancel_subscription(uuid, uuid, uuid, boolean) from public, anon;
grant execute on function public.subscribe(uuid, uuid, jsonb) to authenticated, service_role;
grant execute on function public.update_subscription(uuid, uuid, uuid, jsonb) to authenticated, service_role;
grant execute on function public.pause_subscription(uuid, uuid, uuid) to authenticated, service_role;
grant execute on function public.resume_subscription(uuid, uuid, uuid) to authenticated, service_role;
grant execute on function public.cancel_subscription(uuid, uuid, uuid, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- The subscription list: newest first, optionally one status, with the customer's and the plan's names, the
-- plan's price and period, and what was billed; read under the caller's RLS.
create function public.list_subscriptions(p_org_id uuid, p_status public.subscription_status default null)
returns table (id uuid, status public.subscription_status, customer_id uuid, customer_name text, plan_id uuid,
               plan_name text, price numeric, currency text, billing_interval public.billing_interval,
               interval_count integer, quantity integer, tax_percent numeric, discount_percent numeric,
               start_date date, trial_end date, end_date date, current_period_start date,
               current_period_end date, next_billing_date date, cancel_at_period_end boolean,
               cycles_billed bigint, created_at timestamptz)
language sql stable set search_path = ''
as $$
  select s.id, s.status, s.customer_id, c.name::text, s.plan_id, p.name::text, p.price::numeric, p.currency::text,
         p.billing_interval, p.interval_count, s.quantity, s.tax_percent::numeric, s.discount_percent::numeric,
         s.start_date, s.trial_end, s.end_date, s.current_period_start, s.current_period_end,
         s.next_billing_date, s.cancel_at_period_end,
         (select count(*) from public.billing_cycles b where b.org_id = s.org_id and b.subscription_id = s.id),
         s.created_at
    from public.subscriptions s
    join public.customers c on c.org_id = s.org_id and c.id = s.customer_id
    join public.subscription_plans p on p.org_id = s.org_id and p.id = s.plan_id
   where s.org_id = p_org_id and (p_status is null or s.status = p_status)
   order by s.created_at desc, s.id
$$;
comment on function public.list_subscriptions(uuid, public.subscription_status) is
  'The organization''s subscriptions with their customer and plan, newest first.';
revoke execute on function public.list_subscriptions(uuid, public.subscription_status) from public, anon;
grant execute on function public.list_subscriptions(uuid, public.subscription_status) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Monthly recurring revenue, per currency: what the ACTIVE subscriptions already started and past their trial
-- bring in a month,
-- before tax — a period's amount (quantity × the discounted price) × 52/12 for a week, / 3 for a quarter,
-- / 12 for a year, divided by the plan's interval count. Added up exactly, then rounded once to each
-- currency's decimals. Read under the caller's RLS.
create function private.recurring_revenue(p_org_id uuid, p_today date)
returns table (currency text, amount numeric, subscriptions bigint)
language sql stable set search_path = ''
as $$
  select p.currency::text,
         -- Multiplied before dividing, so a weekly 100.00 is 433.33 (100 × 52 / 12), not 100 × 4.33.
         round(sum(s.quantity * private.subscription_unit_price(p.price, s.discount_percent)
                   * case p.billing_interval when 'WEEKLY' then 52 else 1 end
                   / (case p.billing_interval when 'WEEKLY' then 12 when 'MONTHLY' then 1
                                              when 'QUARTERLY' then 3 else 12 end * p.interval_count)),
               public.currency_decimals(p.currency)),
         count(*)
    from public.subscriptions s
    join public.subscription_plans p on p.org_id = s.org_id and p.id = s.plan_id
   where s.org_id = p_org_id and s.status = 'ACTIVE' and coalesce(s.trial_end, s.start_date) <= p_today
   group by p.currency
   order by p.currency
$$;
revoke all on function private.recurring_revenue(uuid, date) from public, anon;
grant execute on function private.recurring_revenue(uuid, date) to authenticated, service_role;

-- The recurring figures the dashboard and the overview report show, as of now: the monthly recurring revenue
-- per currency (the organization's first, 0 when it has none) and the number of ACTIVE subscriptions (those
-- in their trial included).
create function private.recurring_figures(p_org_id uuid, p_org_currency text, p_tz text) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'monthlyRecurringRevenue', private.money_list(
      (select jsonb_object_agg(r.currency, r.amount)
         from private.recurring_revenue(p_org_id, (now() at time zone p_tz)::date) r), p_org_currency),
    'activeSubscriptions', (select count(*) from public.subscriptions s
                             where s.org_id = p_org_id and s.status = 'ACTIVE'))
$$;
revoke all on function private.recurring_figures(uuid, text, text) from public, anon;
grant execute on function private.recurring_figures(uuid, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- A whole number from a function's JSON input (null stays null): 1.5 is refused with WHOLE_NUMBER naming the
-- field, never rounded behind the user.
create function private.to_whole_number(p_value text, p_field text) returns integer
language plpgsql immutable set search_path = ''
as $$
declare
  v_number numeric := private.to_number(p_value, p_field);
begin
  if v_number <> trunc(v_number) or abs(v_number) > 2147483647 then
    perform private.refuse(format('%s is not a whole number', p_field), '22P02', 'WHOLE_NUMBER', null, p_field);
  end if;
  return v_number::integer;
end
$$;
revoke all on function private.to_whole_number(text, text) from public;
grant execute on function private.to_whole_number(text, text) to authenticated, service_role;

-- Plans, saved once per mutation id: { name, description?, price, currency?, interval?, intervalCount?,
-- trialDays?, isActive?, lines?: [{ productId?, description, qty, unitPrice }] } (an edit may send only some;
-- lines given replace the plan's, and its price is then their sum). Run as the caller: RLS lets owners and managers
-- write; the role is asked first so that the refusal says why.
create function public.save_subscription_plan(p_org_id uuid, p_mutation_id uuid, p_plan_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_subscription_plan',
    jsonb_build_object('plan', p_plan_id, 'input', p_input));
  v_row public.subscription_plans;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'subscriptionPlan.edit', 'Only owners and managers manage plans',
      'PLAN_FORBIDDEN');
    if p_plan_id is null then
      insert into public.subscription_plans (id, org_id, name, description, price, currency, billing_interval,
                                             interval_count, trial_days, is_active)
      values (coalesce((nullif(p_input ->> 'id', ''))::uuid, gen_random_uuid()), p_org_id, btrim(p_input ->> 'name'),
              nullif(btrim(p_input ->> 'description'), ''),
              -- A plan of lines may leave its price out: the lines' sum replaces it.
              coalesce(private.to_number(p_input ->> 'price', 'price'),
                       case when jsonb_typeof(p_input -> 'lines') = 'array' then 0 end),
              nullif(btrim(p_input ->> 'currency'), ''),
              coalesce((p_input ->> 'interval')::public.billing_interval, 'MONTHLY'),
              coalesce(private.to_whole_number(p_input ->> 'intervalCount', 'intervalCount'), 1),
              coalesce(private.to_whole_number(p_input ->> 'trialDays', 'trialDays'), 0),
              coalesce((p_input ->> 'isActive')::boolean, true))
      returning * into v_row;
    else
      update public.subscription_plans p
         set name = case when p_input ? 'name' then btrim(p_input ->> 'name') else p.name end,
             description = case when p_input ? 'description' then nullif(btrim(p_input ->> 'description'), '')
                                else p.description end,
             price = coalesce(private.to_number(p_input ->> 'price', 'price'), p.price),
             currency = coalesce(nullif(btrim(p_input ->> 'currency'), ''), p.currency),
             billing_interval = coalesce((p_input ->> 'interval')::public.billing_interval, p.billing_interval),
             interval_count = coalesce(private.to_whole_number(p_input ->> 'intervalCount', 'intervalCount'), p.interval_count),
             trial_days = coalesce(private.to_whole_number(p_input ->> 'trialDays', 'trialDays'), p.trial_days),
             is_active = coalesce((p_input ->> 'isActive')::boolean, p.is_active)
       where p.org_id = p_org_id and p.id = p_plan_id
      returning * into v_row;
      if v_row.id is null then
        perform private.refuse('Plan not found', '23503', 'PLAN_NOT_FOUND', null, 'planId');
      end if;
    end if;
    -- Lines given replace the plan's lines (none: the plan is its price alone); the price follows them.
    if jsonb_typeof(p_input -> 'lines') = 'array' then
      delete from public.plan_lines l where l.org_id = p_org_id and l.plan_id = v_row.id;
      insert into public.plan_lines (org_id, plan_id, product_id, description, qty, unit_price, position)
      select p_org_id, v_row.id, (nullif(l.value ->> 'productId', ''))::uuid, btrim(l.value ->> 'description'),
             private.to_number(l.value ->> 'qty', 'qty'), private.to_number(l.value ->> 'unitPrice', 'unitPrice'),
             l.ordinality
        from jsonb_array_elements(p_input -> 'lines') with ordinality l;
      select * into v_row from public.subscription_plans p where p.id = v_row.id;
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_row) || jsonb_build_object(
    'lines', coalesce((select jsonb_agg(to_jsonb(l) order by l.position, l.id) from public.plan_lines l
                        where l.org_id = p_org_id and l.plan_id = v_row.id), '[]'::jsonb))));
end
$$;
comment on function public.save_subscription_plan(uuid, uuid, uuid, jsonb) is
  'Creates (p_plan_id null) or edits a subscription plan, once per mutation id: owners and managers. Deactivating is is_active = false.';
revoke execute on function public.save_subscription_plan(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.save_subscription_plan(uuid, uuid, uuid, jsonb) to authenticated, service_role;
