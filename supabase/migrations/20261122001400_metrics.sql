-- Dashboard metrics, computed in SQL under the caller's RLS, in the organization's time zone.
-- Money is summed per currency: an organization working in GHS that took one invoice in USD gets
-- two totals, never one mixed number.

create function public.get_metrics(p_org_id uuid) returns jsonb
language sql stable security invoker set search_path = ''
as $$
  with org as (
    select o.id, o.currency, o.timezone,
           date_trunc('month', now() at time zone o.timezone) at time zone o.timezone as month_start,
           (date_trunc('month', now() at time zone o.timezone) - interval '1 month') at time zone o.timezone as last_month_start
      from public.organizations o where o.id = p_org_id
  ),
  revenue as (
    select p.currency,
           sum(p.amount) as total,
           sum(p.amount) filter (where p.received_at >= org.month_start) as this_month,
           sum(p.amount) filter (where p.received_at >= org.last_month_start and p.received_at < org.month_start) as last_month
      from public.payments p, org
     where p.org_id = org.id
     group by p.currency
  ),
  outstanding as (
    select i.currency, sum(i.total - i.amount_paid) as amount, count(*) as invoices
      from public.invoices i, org
     where i.org_id = org.id and i.status = 'ISSUED'
     group by i.currency
  )
  select jsonb_build_object(
    'currency', (select currency from org),
    'totalRevenue', coalesce((select r.total from revenue r, org where r.currency = org.currency), 0),
    'revenueThisMonth', coalesce((select r.this_month from revenue r, org where r.currency = org.currency), 0),
    'revenueLastMonth', coalesce((select r.last_month from revenue r, org where r.currency = org.currency), 0),
    'revenueByCurrency', coalesce((select jsonb_object_agg(r.currency, r.total) from revenue r), '{}'::jsonb),
    'activeCustomers', (select count(*) from public.customers c, org where c.org_id = org.id and not c.archived),
    'newCustomersThisMonth', (select count(*) from public.customers c, org
                               where c.org_id = org.id and not c.archived and c.created_at >= org.month_start),
    'pendingInvoices', coalesce((select sum(o.invoices) from outstanding o), 0),
    'outstanding', coalesce((select o.amount from outstanding o, org where o.currency = org.currency), 0),
    'outstandingByCurrency', coalesce((select jsonb_object_agg(o.currency, o.amount) from outstanding o), '{}'::jsonb),
    'lowStockItems', (select count(*) from public.products p, org
                       where p.org_id = org.id and not p.archived and p.stock_on_hand <= p.low_stock_threshold)
  )
  from org
$$;
comment on function public.get_metrics(uuid) is
  'Dashboard figures: revenue (sum of payments) in total, this and last month; customers; ISSUED invoices and what they still owe; low-stock products. Per currency where money is involved.';
revoke execute on function public.get_metrics(uuid) from public, anon;
grant execute on function public.get_metrics(uuid) to authenticated, service_role;
