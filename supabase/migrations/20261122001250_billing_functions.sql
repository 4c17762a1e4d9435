-- Recurring billing, the functions (the tables are in 20261122001200_billing.sql). A member
-- subscribes a customer to an active plan, pauses, resumes or cancels the subscription, each once per
-- mutation id; the billing run (public.bill_due_subscriptions, every few minutes) bills every period that
-- has started, once: an ISSUED invoice numbered like any other, a billing cycle and a subscription invoice.
--
-- Periods. A subscription's periods follow one another from its start (or the end of its free trial), each
-- interval_count weeks, months, quarters or years long, and are numbered from 1. Each period's first day is
-- counted from that anchor (never from the previous period), so a plan started on the 31st is billed on the
-- last day of shorter months and on the 31st again after. A period is billed on its first day, in the
-- organization's time zone (billing in advance).

-- The first day of period p_cycle (1 for the first) of a subscription anchored on p_anchor.
create function private.period_start(p_anchor date, p_interval public.billing_interval, p_count integer,
                                     p_cycle integer) returns date
language sql immutable set search_path = ''
as $$
  select (p_anchor + ((p_cycle - 1) * p_count) * case p_interval
            when 'WEEKLY' then interval '7 days'
            when 'MONTHLY' then interval '1 month'
            when 'QUARTERLY' then interval '3 months'
            else interval '1 year' end)::date
$$;

-- What one unit costs for one period: the plan's price less the subscription's discount, not rounded (an
-- invoice rounds each line once, with its discount; the monthly recurring revenue rounds its sum).
create function private.subscription_unit_price(p_price numeric, p_discount numeric) returns numeric
language sql immutable set search_path = ''
as $$
  select p_price * (100 - p_discount) / 100
$$;

-- ---------------------------------------------------------------------------------------------------
-- Billing one subscription: every period that has started by p_now (in the organization's time zone) and
-- is not billed yet, in order, each as one ISSUED invoice (the plan's lines, or the plan itself, with the
-- period's days, × the quantity at the discounted price, the subscription's tax rate, due after the
-- business's payment terms),
-- one billing cycle and one subscription invoice. A cancelled-at-period-end subscription is CANCELLED, and
-- one past its end date EXPIRED, when its next period would start. Returns how many invoices were made.
--
-- Never twice: the subscription's row is locked first, so two runs at the same moment take turns and the
-- second reads the next period to bill only once the first has committed; the unique (subscription, cycle
-- number) of billing_cycles would refuse a second bill of the same period anyway. Invoice numbers come from
-- the invoice's own numbering trigger, in this transaction, so they stay gap-free.
--
-- Dated p_now: the billing run passes the time it runs (the seed passes past days, to bill the demo's
-- history as the run would have). Inside a member's request (subscribe, resume) the invoice triggers date it
-- by the server's clock and check the member's role, as for any invoice they create.
create function private.bill_subscription(p_subscription_id uuid, p_now timestamptz) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_plan public.subscription_plans;
  v_terms integer;
  v_today date;
  v_anchor date;
  v_start date;
  v_next date;
  v_price numeric;
  v_invoice public.invoices;
  v_count integer := 0;
  v_member uuid := case when coalesce((select auth.role()), '') = 'authenticated' then (select auth.uid()) end;
begin
  select * into v_sub from public.subscriptions s where s.id = p_subscription_id for update;
  if v_sub.id is null then
    return 0;
  end if;
  select * into v_plan from public.subscription_plans p where p.org_id = v_sub.org_id and p.id = v_sub.plan_id;
  select bp.payment_terms_days into v_terms from public.business_profiles bp where bp.org_id = v_sub.org_id;
  v_today := (p_now at time zone (select o.timezone from public.organizations o where o.id = v_sub.org_id))::date;
  v_anchor := coalesce(v_sub.trial_end, v_sub.start_date);
  v_price := private.subscription_unit_price(v_plan.price, v_sub.discount_percent);
  loop
    exit when v_sub.status <> 'ACTIVE';
    v_start := private.period_start(v_anchor, v_plan.billing_interval, v_plan.interval_count, v_sub.next_cycle);
    exit when v_start > v_today;
    if v_sub.cancel_at_period_end or v_start > v_sub.end_date then
      update public.subscriptions
         set status = case when v_sub.cancel_at_period_end then 'CANCELLED' else 'EXPIRED' end::public.subscription_status,
             ended_at = p_now, next_billing_date = null
       where id = v_sub.id;
      exit;
    end if;
    v_next := private.period_start(v_anchor, v_plan.billing_interval, v_plan.interval_count, v_sub.next_cycle + 1);
    -- Each period on its own: when the plan's monthly invoice limit stops one, the periods billed before it
    -- stay billed, and the next run goes on from there.
    begin
      v_invoice := null;
      if v_price > 0 then
        insert into public.invoices (org_id, customer_id, currency, due_at, created_by, created_at)
        values (v_sub.org_id, v_sub.customer_id, v_plan.currency, v_today + coalesce(v_terms, 0), v_member, p_now)
        returning * into v_invoice;
        -- The plan's lines × the quantity (the first says which period, day-first as English (en-GB) and French
        -- customers read dates), or one line: the plan for the period; at the plan's prices, with the
        -- subscription's discount on each line for the document to print.
        insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate,
                                          discount_percent, position)
        select v_sub.org_id, v_invoice.id, l.product_id,
               left(case when l.n = 1 then format('%s (%s – %s)', l.description, to_char(v_start, 'DD/MM/YYYY'),
                                                  to_char(v_next - 1, 'DD/MM/YYYY'))
                         else l.description end, 500),
               l.qty * v_sub.quantity, l.unit_price, v_sub.tax_percent, v_sub.discount_percent, l.n
          from (select pl.product_id, pl.description::text, pl.qty, pl.unit_price,
                       row_number() over (order by pl.position, pl.created_at, pl.id) as n
                  from public.plan_lines pl
                 where pl.org_id = v_sub.org_id and pl.plan_id = v_plan.id
                union all
                select null, v_plan.name::text, 1, v_plan.price, 1
                 where not exists (select 1 from public.plan_lines pl
                                    where pl.org_id = v_sub.org_id and pl.plan_id = v_plan.id)) l;
        update public.invoices set status = 'ISSUED', issued_at = p_now where id = v_invoice.id
        returning * into v_invoice;
        insert into public.subscription_invoices (org_id, subscription_id, invoice_id, period_start, period_end)
        values (v_sub.org_id, v_sub.id, v_invoice.id, v_start, v_next - 1);
        v_count := v_count + 1;
      end if;
      -- A period with nothing to pay (a free plan, a full discount) is recorded as paid, without an invoice.
      insert into public.billing_cycles (org_id, subscription_id, cycle_number, start_date, end_date, amount, currency,
                                         status, invoice_id, billed_at, paid_at)
      values (v_sub.org_id, v_sub.id, v_sub.next_cycle, v_start, v_next - 1, coalesce(v_invoice.total, 0), v_plan.currency,
              case when v_invoice.id is null then 'PAID' else 'BILLED' end::public.billing_cycle_status, v_invoice.id, p_now,
              case when v_invoice.id is null then p_now end);
      update public.subscriptions
         set next_cycle = next_cycle + 1, current_period_start = v_start, current_period_end = v_next - 1,
             next_billing_date = v_next
       where id = v_sub.id
      returning * into v_sub;
    exception when sqlstate 'PT402' then
      raise warning 'Subscription % stopped at period %: %', v_sub.id, v_sub.next_cycle, sqlerrm;
      exit;
    end;
  end loop;
  return v_count;
end
$$;
revoke all on function private.bill_subscription(uuid, timestamptz) from public, anon, authenticated;

-- Within a member's change (subscribe, pause, resume, cancel at period end): the periods already started are
-- billed first, as the billing run would within minutes. When the plan's monthly invoice limit is reached the
-- change still stands, and the billing run bills the periods once it can.
create function private.bill_started_periods(p_subscription_id uuid, p_now timestamptz) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.bill_subscription(p_subscription_id, p_now);
exception when sqlstate 'PT402' then
  null;
end
$$;
revoke all on function private.bill_started_periods(uuid, timestamptz) from public, anon, authenticated;

-- The billing run: bills every ACTIVE subscription whose next period has started. A subscription that cannot
-- be billed now (the plan's monthly invoice limit reached, say) is left for the next run with a warning in
-- the database's log, and does not stop the others. Run by pg_cron on a hosted project and by the local
-- server's scheduler (local/scheduler.ts); not callable by members. p_org_id bills one organization only.
create function public.bill_due_subscriptions(p_now timestamptz default now(), p_org_id uuid default null)
returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_id uuid;
  v_count integer := 0;
begin
  for v_id in
    select s.id from public.subscriptions s
      join public.organizations o on o.id = s.org_id
     where s.status = 'ACTIVE' and s.next_billing_date <= (p_now at time zone o.timezone)::date
       and (p_org_id is null or s.org_id = p_org_id)
     order by s.next_billing_date, s.id
  loop
    begin
      v_count := v_count + private.bill_subscription(v_id, p_now);
    exception when others then
      raise warning 'Subscription % was not billed: % (SQLSTATE %)', v_id, sqlerrm, sqlstate;
    end;
  end loop;
  return v_count;
end
$$;
comment on function public.bill_due_subscriptions(timestamptz, uuid) is
  'The billing run: bills, once, every period of every ACTIVE subscription that has started by p_now. Service role only.';
revoke execute on function public.bill_due_subscriptions(timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.bill_due_subscriptions(timestamptz, uuid) to service_role;

-- A hosted project runs the billing every five minutes with pg_cron when the extension is available (Supabase
-- installs it in pg_catalog); locally `npm start` runs it every minute (local/scheduler.ts). A database where
-- the extension is listed but cannot be loaded keeps its migrations: the job is then left to whoever runs it.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      -- Scheduling again under the same name replaces the job.
      perform cron.schedule('kasuwa-bill-due-subscriptions', '*/5 * * * *',
                            'select public.bill_due_subscriptions()');
    exception when others then
      raise notice 'pg_cron is not usable here (%): bill_due_subscriptions is not scheduled', sqlerrm;
    end;
  end if;
end
$$;

-- A paid invoice marks its period PAID, a payment taken back BILLED again, a voided invoice CANCELLED.
create function private.follow_invoice_to_cycle() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.billing_cycles c
     set status = case new.status when 'PAID' then 'PAID' when 'VOID' then 'CANCELLED' else 'BILLED' end
                  ::public.billing_cycle_status,
         paid_at = case when new.status = 'PAID' then now() end
   where c.org_id = new.org_id and c.invoice_id = new.id;
  return null;
end
$$;
create trigger invoices_billing_cycle after update of status on public.invoices
  for each row when (new.status is distinct from old.status and old.status <> 'QUOTE')
  execute function private.follow_invoice_to_cycle();
