-- The dashboard (/) and its metrics, each read in one call computed in the database: as the function's
-- owner (security definer) after checking that the caller is a member (private.can), months in the organization's time
-- zone, revenue and amounts outstanding from the running totals. Money is never added across currencies:
-- amounts are per currency, the organization's currency first (0 when nothing happened in it).

-- The dashboard's active customers: private.active_customers over the last 30 days in the organization's
-- time zone (today included), the same figure as the overview report over its default range.
create function private.active_customers_last_30_days(p_org_id uuid, p_tz text) returns bigint
language sql stable set search_path = ''
as $$
  select private.active_customers(p_org_id,
           ((now() at time zone p_tz)::date - 29)::timestamp at time zone p_tz,
           ((now() at time zone p_tz)::date + 1)::timestamp at time zone p_tz)
$$;
revoke all on function private.active_customers_last_30_days(uuid, text) from public;

-- ---------------------------------------------------------------------------------------------------
-- Dashboard metrics, computed in SQL as the function's owner (security definer) once the caller is known to be a
-- member of the organization (private.can), in the organization's time zone.
-- Money is summed per currency: an organization working in GHS that took one invoice in USD gets
-- two totals, never one mixed number.

create function public.get_metrics(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_currency text;
  v_tz text;
  v_month_start timestamptz;
  v_last_month_start timestamptz;
  v_answer jsonb;
begin
  -- Nothing (null) for an organization the caller is not a member of.
  if not private.can(p_org_id) then
    return null;
  end if;
  select o.currency::text, o.timezone into v_currency, v_tz from public.organizations o where o.id = p_org_id;
  if v_tz is null then
    return null;
  end if;
  v_month_start := date_trunc('month', now() at time zone v_tz) at time zone v_tz;
  v_last_month_start := (date_trunc('month', now() at time zone v_tz) - interval '1 month') at time zone v_tz;
  with revenue as (
    select a.currency, a.amount as total, m.amount as this_month, l.amount as last_month
      from private.payments_between(p_org_id, '-infinity', 'infinity') a
      left join private.payments_between(p_org_id, v_month_start, 'infinity') m on m.currency = a.currency
      left join private.payments_between(p_org_id, v_last_month_start, v_month_start) l on l.currency = a.currency
  ),
  outstanding as (
    select o.currency, o.amount, o.invoices from private.open_invoices(p_org_id) o
  )
  select jsonb_build_object(
    'currency', v_currency,
    'cashReceived', coalesce((select r.total from revenue r where r.currency = v_currency), 0),
    'revenueThisMonth', coalesce((select r.this_month from revenue r where r.currency = v_currency), 0),
    'revenueLastMonth', coalesce((select r.last_month from revenue r where r.currency = v_currency), 0),
    'revenueByCurrency', coalesce((select jsonb_object_agg(r.currency, r.total) from revenue r), '{}'::jsonb),
    'activeCustomers', private.active_customers_last_30_days(p_org_id, v_tz),
    'newCustomersThisMonth', (select count(*) from public.customers c
                               where c.org_id = p_org_id and not c.archived and c.created_at >= v_month_start),
    'pendingInvoices', coalesce((select sum(o.invoices) from outstanding o), 0),
    'outstanding', coalesce((select o.amount from outstanding o where o.currency = v_currency), 0),
    'outstandingByCurrency', coalesce((select jsonb_object_agg(o.currency, o.amount) from outstanding o), '{}'::jsonb),
    'lowStockItems', (select count(*) from public.products p
                       where p.org_id = p_org_id and not p.archived and p.stock_on_hand <= p.low_stock_threshold)
  ) into v_answer;
  return v_answer;
end
$$;
comment on function public.get_metrics(uuid) is
  'Dashboard figures: revenue (sum of payments less their reversals) in total, this and last month; active customers (last 30 days); ISSUED invoices and what they still owe; low-stock products. Per currency where money is involved.';
revoke execute on function public.get_metrics(uuid) from public, anon;
grant execute on function public.get_metrics(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- The dashboard. Answer (all keys camelCase):
-- { currency, timezone, monthStart, lastMonthStart, nextMonthStart,
--   metrics: { cashReceived: [{currency, amount}], activeCustomers, pendingInvoices, lowStockItems },
--   hints: { revenue: [{currency, thisMonth, lastMonth, changePercent}], newCustomersThisMonth,
--            outstanding: [{currency, amount}] },
--   pipeline: [{ stage, count, totals: [{currency, amount}],
--                leads: [{id, name, company, value, currency, closeDate, updatedAt}] }],
--   inventoryAlerts: { count, items: [{id, name, sku, unit, stockOnHand, lowStockThreshold, status}] },
--   gettingStarted: { hasProduct, hasCustomer, hasInvoice, hasPayment, hasTeamMember },
--   activity: [{kind: 'invoice', id, number, status, customerName, amount, currency, at}
--            | {kind: 'payment', id, invoiceId, invoiceNumber, customerName, method, amount, currency, at}
--            | {kind: 'lowStock', id, name, stockOnHand, lowStockThreshold, at}] }
-- Active customers bought (an invoice not VOID, or a payment) in the last 30 days, as the overview report
-- counts them. Revenue is money received (payments, net of the reversals made in the period). changePercent is (this − last) / last × 100 rounded to one
-- decimal, null when last month had nothing in that currency. The pipeline has the dashboard's four
-- stages (not CLOSED_LOST), each with every lead counted and totalled and its first 3 by value then
-- latest change, so the board can say "+N more". A lead is valued in its currency, the organization's
-- when it has none. Low stock: at or below the threshold, archived products left out. Activity: the
-- latest 2 invoices (by creation), 2 payments (by receipt) and 2 low-stock products (by last change),
-- newest first, at most 5. The team step is done with a second member or a pending invitation.
create function public.get_dashboard(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_currency text;
  v_tz text;
  v_local_month timestamp;
  v_month_start timestamptz;
  v_last_month_start timestamptz;
  v_next_month_start timestamptz;
  v_answer jsonb;
begin
  perform private.require(p_org_id);
  select o.currency::text, o.timezone into v_currency, v_tz from public.organizations o where o.id = p_org_id;
  if v_tz is null then
    perform private.refuse('You are not a member of this organization', '42501', 'NOT_A_MEMBER');
  end if;
  v_local_month := date_trunc('month', now() at time zone v_tz);
  v_month_start := v_local_month at time zone v_tz;
  v_last_month_start := (v_local_month - interval '1 month') at time zone v_tz;
  v_next_month_start := (v_local_month + interval '1 month') at time zone v_tz;

  with revenue as (
    select a.currency, a.amount as total, coalesce(m.amount, 0) as this_month, coalesce(l.amount, 0) as last_month
      from private.payments_between(p_org_id, '-infinity', 'infinity') a
      left join private.payments_between(p_org_id, v_month_start, v_next_month_start) m on m.currency = a.currency
      left join private.payments_between(p_org_id, v_last_month_start, v_month_start) l on l.currency = a.currency
  ),
  open_invoices as (
    select o.currency, o.invoices, o.amount from private.open_invoices(p_org_id) o
  ),
  low_stock as not materialized (
    select p.id, p.name, p.sku, p.unit, p.stock_on_hand, p.low_stock_threshold, p.updated_at
      from public.products p
     where p.org_id = p_org_id and not p.archived and p.stock_on_hand <= p.low_stock_threshold
  ),
  stages as (
    select s.stage, s.n from unnest('{PROSPECT,QUALIFIED,PROPOSAL,CLOSED_WON}'::public.lead_stage[])
      with ordinality s(stage, n)
  ),
  stage_totals as (
    select l.stage, coalesce(l.currency::text, v_currency) as currency, count(*) as leads,
           coalesce(sum(l.value), 0) as total
      from public.leads l
     where l.org_id = p_org_id and l.stage <> 'CLOSED_LOST'
     group by l.stage, coalesce(l.currency::text, v_currency)
  ),
  activity as (
    (select i.created_at as at,
            jsonb_build_object('kind', 'invoice', 'id', i.id, 'number', i.number, 'status', i.status,
                               'customerName', c.name, 'amount', i.total, 'currency', i.currency,
                               'at', i.created_at) as entry
       from public.invoices i
       join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
      where i.org_id = p_org_id
      order by i.created_at desc, i.id desc
      limit 2)
    union all
    (select p.received_at,
            jsonb_build_object('kind', 'payment', 'id', p.id, 'invoiceId', p.invoice_id,
                               'invoiceNumber', i.number, 'customerName', c.name, 'method', p.method,
                               'amount', p.amount, 'currency', p.currency, 'at', p.received_at,
                               -- A payment taken back stays in the feed, marked (it no longer counts).
                               'reversed', exists (select 1 from public.payment_reversals r
                                                    where r.org_id = p.org_id and r.payment_id = p.id))
       from public.payments p
       join public.invoices i on i.org_id = p.org_id and i.id = p.invoice_id
       join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
      where p.org_id = p_org_id
      order by p.received_at desc, p.id desc
      limit 2)
    union all
    (select s.updated_at,
            jsonb_build_object('kind', 'lowStock', 'id', s.id, 'name', s.name, 'stockOnHand', s.stock_on_hand,
                               'lowStockThreshold', s.low_stock_threshold, 'at', s.updated_at)
       from low_stock s
      order by s.updated_at desc, s.id desc
      limit 2)
  )
  select jsonb_build_object(
    'currency', v_currency,
    'timezone', v_tz,
    'monthStart', v_month_start,
    'lastMonthStart', v_last_month_start,
    'nextMonthStart', v_next_month_start,
    'metrics', jsonb_build_object(
      'cashReceived', private.money_list((select jsonb_object_agg(r.currency, r.total) from revenue r), v_currency),
      'activeCustomers', private.active_customers_last_30_days(p_org_id, v_tz),
      'pendingInvoices', coalesce((select sum(o.invoices) from open_invoices o), 0),
      'lowStockItems', (select count(*) from low_stock))
      -- Recurring invoices: monthlyRecurringRevenue per currency, activeSubscriptions.
      || private.recurring_figures(p_org_id, v_currency, v_tz),
    'hints', jsonb_build_object(
      'revenue', (
        select jsonb_agg(jsonb_build_object(
                 'currency', cur.currency,
                 'thisMonth', coalesce(r.this_month, 0),
                 'lastMonth', coalesce(r.last_month, 0),
                 'changePercent', case when coalesce(r.last_month, 0) = 0 then null
                                       else round((r.this_month - r.last_month) / r.last_month * 100, 1) end)
                 order by cur.currency <> v_currency, cur.currency)
          from (select v_currency as currency
                union
                select r.currency from revenue r where r.this_month <> 0 or r.last_month <> 0) cur
          left join revenue r on r.currency = cur.currency),
      'newCustomersThisMonth', (
        select count(*) from public.customers c
         where c.org_id = p_org_id and not c.archived
           and c.created_at >= v_month_start and c.created_at < v_next_month_start),
      'outstanding', private.money_list((select jsonb_object_agg(o.currency, o.amount) from open_invoices o),
                                        v_currency)),
    'pipeline', (
      select jsonb_agg(jsonb_build_object(
               'stage', s.stage,
               'count', coalesce((select sum(t.leads) from stage_totals t where t.stage = s.stage), 0),
               'totals', private.money_list((select jsonb_object_agg(t.currency, t.total) from stage_totals t
                                              where t.stage = s.stage), v_currency),
               'leads', coalesce((
                 select jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'company', l.company,
                                                     'value', l.value, 'currency', coalesce(l.currency, v_currency),
                                                     'closeDate', l.close_date, 'updatedAt', l.updated_at)
                                  order by l.value desc nulls last, l.updated_at desc)
                   from (select * from public.leads l
                          where l.org_id = p_org_id and l.stage = s.stage
                          order by l.value desc nulls last, l.updated_at desc
                          limit 3) l), '[]'::jsonb))
               order by s.n)
        from stages s),
    'inventoryAlerts', jsonb_build_object(
      'count', (select count(*) from low_stock),
      'items', coalesce((
        select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'sku', a.sku, 'unit', a.unit,
                                            'stockOnHand', a.stock_on_hand,
                                            'lowStockThreshold', a.low_stock_threshold,
                                            'status', case when a.stock_on_hand <= 0 then 'OUT_OF_STOCK'
                                                           else 'LOW_STOCK' end)
                         order by a.stock_on_hand, a.name, a.id)
          from (select * from low_stock order by stock_on_hand, name, id limit 5) a), '[]'::jsonb)),
    'gettingStarted', jsonb_build_object(
      'hasProduct', exists (select 1 from public.products p where p.org_id = p_org_id),
      'hasCustomer', exists (select 1 from public.customers c where c.org_id = p_org_id),
      'hasInvoice', exists (select 1 from public.invoices i where i.org_id = p_org_id),
      'hasPayment', exists (select 1 from public.payments p where p.org_id = p_org_id),
      'hasTeamMember', (select count(*) > 1 from public.memberships m where m.org_id = p_org_id)
                       or exists (select 1 from public.invitations v
                                   where v.org_id = p_org_id and v.accepted_at is null
                                     and v.revoked_at is null and v.expires_at > now())),
    'activity', coalesce((
      select jsonb_agg(a.entry order by a.at desc)
        from (select * from activity order by at desc limit 5) a), '[]'::jsonb)
  ) into v_answer;
  return v_answer;
end
$$;
comment on function public.get_dashboard(uuid) is
  'Everything the dashboard shows in one call, under the caller''s RLS, months in the organization''s time zone, money per currency.';
revoke execute on function public.get_dashboard(uuid) from public, anon;
grant execute on function public.get_dashboard(uuid) to authenticated, service_role;
