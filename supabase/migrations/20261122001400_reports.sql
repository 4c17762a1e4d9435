-- Reports: every report figure computed here over a date range in the organization's time zone, read as
-- the function's owner (security definer) after private.report_window has checked, as the caller, that
-- their role may read that report; sums come from the running totals.
--
-- The date range of p_days days (7, 30, 90 or 365) is the last p_days calendar days in the
-- organization's time zone, today included: from 00:00 local on (today - p_days + 1) to 00:00 local
-- tomorrow. "Last 7 days" read on a Wednesday in Lagos is Thursday 00:00 WAT to Thursday 00:00 WAT.
-- Money is never added across currencies: every amount is a list of { currency, amount }, the
-- organization's currency first (0 when nothing happened in it), then the others alphabetically.
-- Role matrix: OWNER, MANAGER and ACCOUNTANT read every report; SALES only the sales and inventory ones.

-- ---------------------------------------------------------------------------------------------------
-- The report's range (see the top of this file) and the organization's currency and time zone, after
-- checking that the caller's role may read the report.
create function private.report_window(p_org_id uuid, p_days integer, p_report text,
  out tz text, out org_currency text, out starts_at timestamptz, out ends_at timestamptz,
  out first_day date, out last_day date)
language plpgsql stable set search_path = ''
as $$
begin
  if p_days is null or p_days not in (7, 30, 90, 365) then
    perform private.refuse('The date range must be 7, 30, 90 or 365 days', '22023', 'REPORT_DAYS_INVALID',
      null, 'days');
  end if;
  perform private.require(p_org_id);
  if p_report not in ('sales', 'inventory') then
    perform private.require(p_org_id, 'report.readFinancial',
      'Sales members can see only the sales and inventory reports', 'REPORT_FORBIDDEN');
  end if;
  select o.timezone, o.currency::text, (now() at time zone o.timezone)::date
    into tz, org_currency, last_day
    from public.organizations o where o.id = p_org_id;
  if tz is null then
    perform private.refuse('You are not a member of this organization', '42501', 'NOT_A_MEMBER');
  end if;
  first_day := last_day - (p_days - 1);
  starts_at := first_day::timestamp at time zone tz;
  ends_at := (last_day + 1)::timestamp at time zone tz;
end
$$;

-- The range as the answers show it: local dates and the instants they begin and end.
create function private.report_range_json(p_days integer, p_tz text, p_first date, p_last date,
  p_starts timestamptz, p_ends timestamptz) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object('days', p_days, 'timezone', p_tz, 'fromDate', p_first, 'toDate', p_last,
                            'startsAt', p_starts, 'endsAt', p_ends)
$$;

revoke all on function private.report_window(uuid, integer, text) from public;
revoke all on function private.report_range_json(integer, text, date, date, timestamptz, timestamptz) from public;
grant execute on function private.report_window(uuid, integer, text) to authenticated, service_role;
grant execute on function private.report_range_json(integer, text, date, date, timestamptz, timestamptz)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Active customers, the one definition the dashboard and the reports share: the customers with an
-- invoice dated in [p_starts_at, p_ends_at) that is not VOID (quotes count), or with a payment received
-- in it. A customer on file who bought nothing in the range is not active.
create function private.active_customers(p_org_id uuid, p_starts_at timestamptz, p_ends_at timestamptz)
returns bigint
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_count bigint;
begin
  -- Customers of the invoices dated in the range, and of the invoices paid in it (an invoice with a
  -- payment is never VOID, nor a quote). When nothing is dated after the range (the range ends tomorrow
  -- at midnight, so only a future date could be), they are the customers whose latest activity is on or
  -- after its start; otherwise they are read from the invoices and payments, one of two ways depending
  -- on how many payments the range holds against how many invoices lie outside it.
  if not exists (select 1 from public.invoices i
                  where i.org_id = p_org_id and coalesce(i.issued_at, i.created_at) >= p_ends_at
                    and i.status <> 'VOID')
     and not exists (select 1 from public.payments p where p.org_id = p_org_id and p.received_at >= p_ends_at) then
    select count(*) into v_count
      from private.customer_activity a where a.org_id = p_org_id and a.last_at >= p_starts_at;
  elsif p_ends_at - p_starts_at <= interval '91 days' then
    select count(*) into v_count
      from (select i.customer_id from public.invoices i
             where i.org_id = p_org_id and i.status <> 'VOID'
               and coalesce(i.issued_at, i.created_at) >= p_starts_at
               and coalesce(i.issued_at, i.created_at) < p_ends_at
            union
            select i.customer_id
              from (select distinct p.invoice_id from public.payments p
                     where p.org_id = p_org_id and p.received_at >= p_starts_at and p.received_at < p_ends_at) paid
              cross join lateral (select i.customer_id from public.invoices i
                                   where i.org_id = p_org_id and i.id = paid.invoice_id offset 0) i) c;
  else
    select count(*) into v_count
      from (select i.customer_id from public.invoices i
             where i.org_id = p_org_id and i.status <> 'VOID'
               and coalesce(i.issued_at, i.created_at) >= p_starts_at
               and coalesce(i.issued_at, i.created_at) < p_ends_at
            union
            select i.customer_id from public.invoices i
             where i.org_id = p_org_id and (i.issued_at < p_starts_at or i.issued_at >= p_ends_at)
               and exists (select 1 from public.payments p
                            where p.org_id = p_org_id and p.invoice_id = i.id
                              and p.received_at >= p_starts_at and p.received_at < p_ends_at)) c;
  end if;
  return v_count;
end
$$;
comment on function private.active_customers(uuid, timestamptz, timestamptz) is
  'Customers with a non-VOID invoice dated, or a payment received, in the range: the dashboard''s and the overview''s "active customers".';
revoke all on function private.active_customers(uuid, timestamptz, timestamptz) from public;

-- ---------------------------------------------------------------------------------------------------
-- Overview. Revenue is money received (payments, net of the reversals made in the range); profit is
-- revenue minus expenses (net of theirs), per currency. Active customers: private.active_customers over the range. Sales summary: invoices dated in
-- the range, VOID excluded (quotes counted in the total; the average is over real invoices, ISSUED or PAID). Inventory is now, not ranged, in the organization's
-- currency (products carry cost and price in it); negative stock counts as none for its value.
create function public.report_overview(p_org_id uuid, p_days integer) returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  w record;
  v_revenue jsonb;
  v_expenses jsonb;
  v_profit jsonb;
  v_sales jsonb;
  v_average jsonb;
  v_invoiced jsonb;
  v_active bigint;
  v_inventory jsonb;
begin
  select * into w from private.report_window(p_org_id, p_days, 'overview');
  select coalesce(jsonb_object_agg(r.currency, r.amount), '{}'::jsonb) into v_revenue
    from private.payments_between(p_org_id, w.starts_at, w.ends_at) r;
  select coalesce(jsonb_object_agg(r.currency, r.amount), '{}'::jsonb) into v_expenses
    from private.expenses_between(p_org_id, w.starts_at, w.ends_at) r;
  select coalesce(jsonb_object_agg(c.currency,
           coalesce((v_revenue ->> c.currency)::numeric, 0) - coalesce((v_expenses ->> c.currency)::numeric, 0)),
           '{}'::jsonb)
    into v_profit
    from (select jsonb_object_keys(v_revenue) as currency union select jsonb_object_keys(v_expenses)) c;

  -- The invoices dated in the range: counts per status, average per currency.
  with dated as (
    select d.currency, d.status, d.invoices as n, d.total
      from private.invoices_between(p_org_id, w.starts_at, w.ends_at) d
     where d.status <> 'VOID'
  )
  select jsonb_build_object(
           'totalInvoices', coalesce(sum(d.n), 0),
           'paidInvoices', coalesce(sum(d.n) filter (where d.status = 'PAID'), 0),
           'pendingInvoices', coalesce(sum(d.n) filter (where d.status = 'ISSUED'), 0),
           'quotes', coalesce(sum(d.n) filter (where d.status = 'QUOTE'), 0)),
         coalesce((select jsonb_object_agg(a.currency, round(a.total / a.n, public.currency_decimals(a.currency)))
                     from (select d2.currency, sum(d2.total) as total, sum(d2.n) as n from dated d2
                            where d2.status in ('ISSUED', 'PAID') group by d2.currency) a), '{}'::jsonb)
    into v_sales, v_average
    from dated d;

  -- Invoiced: the ISSUED and PAID invoices dated in the range, less the credit notes made in it.
  select coalesce(jsonb_object_agg(x.currency, x.amount), '{}'::jsonb) into v_invoiced
    from private.invoiced_between(p_org_id, w.starts_at, w.ends_at) x;

  v_active := private.active_customers(p_org_id, w.starts_at, w.ends_at);

  select jsonb_build_object(
           'currency', w.org_currency,
           'totalProducts', count(*),
           'lowStockItems', count(*) filter (where p.stock_on_hand <= p.low_stock_threshold),
           'outOfStockItems', count(*) filter (where p.stock_on_hand <= 0),
           'stockValue', round(coalesce(sum(greatest(p.stock_on_hand, 0) * p.cost), 0),
                               public.currency_decimals(w.org_currency)),
           'potentialRevenue', round(coalesce(sum(greatest(p.stock_on_hand, 0) * p.price), 0),
                                     public.currency_decimals(w.org_currency)))
    into v_inventory
    from public.products p
   where p.org_id = p_org_id and not p.archived;

  return jsonb_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'currency', w.org_currency,
    'revenue', private.money_list(v_revenue, w.org_currency),
    'expenses', private.money_list(v_expenses, w.org_currency),
    'profit', private.money_list(v_profit, w.org_currency),
    'activeCustomers', v_active,
    'sales', v_sales || jsonb_build_object('averageInvoiceValue', private.money_list(v_average, w.org_currency),
                                           'invoiced', private.money_list(v_invoiced, w.org_currency)),
    'inventory', v_inventory,
    -- Recurring invoices, as of now: monthlyRecurringRevenue per currency, activeSubscriptions.
    'subscriptions', private.recurring_figures(p_org_id, w.org_currency, w.tz));
end
$$;
comment on function public.report_overview(uuid, integer) is
  'Reports overview over the last p_days days in the organization''s time zone: revenue (payments), expenses and profit per currency, active customers, sales summary, inventory now.';

-- ---------------------------------------------------------------------------------------------------
-- The four lists below answer json, built as text (an export builds 100,000 rows of it): the same answer
-- as jsonb, made a third faster.
--
-- Sales: every invoice dated in the range (all statuses, so a voided one is visible as VOID), newest first.
create function public.report_sales(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  w record;
begin
  select * into w from private.report_window(p_org_id, p_days, 'sales');
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', (select coalesce(sum(d.invoices), 0) from private.invoices_between(p_org_id, w.starts_at, w.ends_at) d),
    -- What was invoiced in the range, net of the credit notes made in it.
    'invoiced', private.money_list((select jsonb_object_agg(x.currency, x.amount)
                                      from private.invoiced_between(p_org_id, w.starts_at, w.ends_at) x),
                                   w.org_currency),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', i.id, 'number', i.number, 'customerName', c.name, 'status', i.status,
               'currency', i.currency, 'total', i.total, 'amountCredited', i.amount_credited,
               'amountPaid', i.amount_paid, 'issuedAt', i.issued_at, 'createdAt', i.created_at, 'dueAt', i.due_at)
             order by coalesce(i.issued_at, i.created_at) desc, i.id desc)
        from (select * from public.invoices i
               where i.org_id = p_org_id
                 and coalesce(i.issued_at, i.created_at) >= w.starts_at
                 and coalesce(i.issued_at, i.created_at) < w.ends_at
               order by coalesce(i.issued_at, i.created_at) desc, i.id desc
               limit least(greatest(coalesce(p_limit, 50), 1), 10000) offset greatest(coalesce(p_offset, 0), 0)) i
        join public.customers c on c.org_id = i.org_id and c.id = i.customer_id), '[]'::json));
end
$$;
comment on function public.report_sales(uuid, integer, integer, integer) is
  'One page (newest first, at most 10,000 rows) of the invoices dated in the last p_days days, with the total count.';

-- Payments received in the range and the reversals made in it (docs/decisions/010-corrections.md), newest
-- first, each reversal its own row with minus the payment's amount and its reason, so the rows add up to the
-- totals, which are net of the reversals. A payment row says whether it was reversed (then or later).
-- `total` counts the rows (payments and reversals), `payments` and `reversals` each kind.
create function public.report_payments(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  w record;
  v_totals jsonb;
  v_payments bigint;
  v_reversals bigint;
  v_refunds bigint;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 10000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
begin
  select * into w from private.report_window(p_org_id, p_days, 'payments');
  select coalesce(sum(t.payments), 0), coalesce(sum(t.reversals), 0),
         coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
    into v_payments, v_reversals, v_totals
    from private.payments_between(p_org_id, w.starts_at, w.ends_at) t;
  select count(*) into v_refunds from public.refunds f
   where f.org_id = p_org_id and f.refunded_at >= w.starts_at and f.refunded_at < w.ends_at;
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', v_payments + v_reversals + v_refunds,
    'payments', v_payments,
    'reversals', v_reversals,
    'refunds', v_refunds,
    'totals', private.money_list(v_totals, w.org_currency),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', x.id, 'kind', x.kind, 'paymentId', p.id, 'invoiceNumber', i.number, 'customerName', c.name,
               'amount', case x.kind when 'reversal' then -p.amount when 'refund' then -f.amount else p.amount end,
               'currency', coalesce(p.currency, f.currency), 'method', coalesce(p.method, f.method),
               'provider', coalesce(p.provider, f.provider), 'ref', coalesce(p.ref, f.ref),
               'receivedAt', x.at,
               'reversed', x.kind = 'payment' and exists (select 1 from public.payment_reversals r
                                                           where r.org_id = p.org_id and r.payment_id = p.id),
               -- Another payment that counts carries the same reference (as the app's warning finds it).
               'refUsedTwice', x.kind = 'payment' and exists (
                 select 1 from public.payments o
                  where o.org_id = p.org_id and o.id <> p.id and p.ref is not null and o.ref is not null
                    and private.payment_ref_key(o.ref) = private.payment_ref_key(p.ref)
                    and not exists (select 1 from public.payment_reversals r
                                     where r.org_id = o.org_id and r.payment_id = o.id)),
               'reason', x.reason)
             order by x.at desc, x.id desc)
        from (select * from (
                (select p.id, 'payment' as kind, p.id as payment_id, null::uuid as refund_id, p.received_at as at,
                        null::text as reason
                   from public.payments p
                  where p.org_id = p_org_id and p.received_at >= w.starts_at and p.received_at < w.ends_at
                  order by p.received_at desc, p.id desc limit v_limit + v_offset)
                union all
                (select v.id, 'reversal', v.payment_id, null::uuid, v.reversed_at, v.reason::text
                   from public.payment_reversals v
                  where v.org_id = p_org_id and v.reversed_at >= w.starts_at and v.reversed_at < w.ends_at
                  order by v.reversed_at desc, v.id desc limit v_limit + v_offset)
                union all
                -- Money given back on a credit note: its own row, minus its amount.
                (select f.id, 'refund', null::uuid, f.id, f.refunded_at, null::text
                   from public.refunds f
                  where f.org_id = p_org_id and f.refunded_at >= w.starts_at and f.refunded_at < w.ends_at
                  order by f.refunded_at desc, f.id desc limit v_limit + v_offset)) u
               order by u.at desc, u.id desc limit v_limit offset v_offset) x
        left join public.payments p on p.org_id = p_org_id and p.id = x.payment_id
        left join public.refunds f on f.org_id = p_org_id and f.id = x.refund_id
        join public.invoices i on i.org_id = p_org_id and i.id = coalesce(p.invoice_id, f.invoice_id)
        join public.customers c on c.org_id = i.org_id and c.id = i.customer_id), '[]'::json));
end
$$;
comment on function public.report_payments(uuid, integer, integer, integer) is
  'One page (newest first) of the payments received, the reversals and the refunds made in the last p_days days, with the counts and the total per currency net of the reversals and refunds.';

-- Expenses paid in the range and the reversals made in it, newest first, like the payments: a reversal is
-- its own row with minus the expense's amount and its reason; the totals are net of the reversals.
create function public.report_expenses(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  w record;
  v_totals jsonb;
  v_expenses bigint;
  v_reversals bigint;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 10000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
begin
  select * into w from private.report_window(p_org_id, p_days, 'expenses');
  select coalesce(sum(t.expenses), 0), coalesce(sum(t.reversals), 0),
         coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
    into v_expenses, v_reversals, v_totals
    from private.expenses_between(p_org_id, w.starts_at, w.ends_at) t;
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', v_expenses + v_reversals,
    'expenses', v_expenses,
    'reversals', v_reversals,
    'totals', private.money_list(v_totals, w.org_currency),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', x.id, 'kind', x.kind, 'expenseId', e.id, 'vendor', e.vendor, 'category', e.category,
               'amount', case when x.kind = 'reversal' then -e.amount else e.amount end,
               'currency', e.currency, 'paidAt', x.at,
               'note', e.note,
               'reversed', x.kind = 'expense' and exists (select 1 from public.expense_reversals r
                                                           where r.org_id = e.org_id and r.expense_id = e.id),
               'reason', x.reason)
             order by x.at desc, x.id desc)
        from (select * from (
                (select e.id, 'expense' as kind, e.id as expense_id, e.paid_at as at, null::text as reason
                   from public.expenses e
                  where e.org_id = p_org_id and e.paid_at >= w.starts_at and e.paid_at < w.ends_at
                  order by e.paid_at desc, e.id desc limit v_limit + v_offset)
                union all
                (select v.id, 'reversal', v.expense_id, v.reversed_at, v.reason::text
                   from public.expense_reversals v
                  where v.org_id = p_org_id and v.reversed_at >= w.starts_at and v.reversed_at < w.ends_at
                  order by v.reversed_at desc, v.id desc limit v_limit + v_offset)) u
               order by u.at desc, u.id desc limit v_limit offset v_offset) x
        join public.expenses e on e.org_id = p_org_id and e.id = x.expense_id), '[]'::json));
end
$$;
comment on function public.report_expenses(uuid, integer, integer, integer) is
  'One page (newest first) of the expenses paid and the reversals made in the last p_days days, with the counts and the total per currency net of the reversals.';

-- Inventory as it is now: every product not archived, by name, with its stock value at cost.
create function public.report_inventory(p_org_id uuid, p_limit integer, p_offset integer) returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_currency text;
begin
  perform private.require(p_org_id);
  select o.currency::text into v_currency from public.organizations o where o.id = p_org_id;
  if v_currency is null then
    perform private.refuse('You are not a member of this organization', '42501', 'NOT_A_MEMBER');
  end if;
  return json_build_object(
    'currency', v_currency,
    'total', (select count(*) from public.products p where p.org_id = p_org_id and not p.archived),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', p.id, 'name', p.name, 'sku', p.sku, 'unit', p.unit, 'stock', p.stock_on_hand,
               'threshold', p.low_stock_threshold, 'cost', p.cost, 'price', p.price,
               'stockValue', round(greatest(p.stock_on_hand, 0) * p.cost, public.currency_decimals(v_currency)),
               'status', p.stock_status)
             order by p.name, p.id)
        from (select * from public.products p
               where p.org_id = p_org_id and not p.archived
               order by p.name, p.id
               limit least(greatest(coalesce(p_limit, 50), 1), 10000) offset greatest(coalesce(p_offset, 0), 0)) p),
      '[]'::json));
end
$$;
comment on function public.report_inventory(uuid, integer, integer) is
  'One page (by name) of the products not archived: stock, threshold, cost, price, stock value at cost and status (OUT_OF_STOCK, LOW_STOCK, IN_STOCK).';

-- Revenue and expenses over time for the chart: per day for 7 and 30 days, per week (from Monday) for
-- 90 days, per month for 365 days, in the organization's time zone. The first bucket starts with the
-- range (a partial week or month). Every bucket lists every currency that occurs in the range.
create function public.report_timeseries(p_org_id uuid, p_days integer) returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  w record;
  v_unit text := case when p_days <= 30 then 'day' when p_days <= 90 then 'week' else 'month' end;
begin
  select * into w from private.report_window(p_org_id, p_days, 'timeseries');
  return (
    with starts as (
      select distinct greatest(date_trunc(v_unit, d)::date, w.first_day) as bucket
        from generate_series(w.first_day::timestamp, w.last_day::timestamp, interval '1 day') d
    ),
    buckets as (
      select s.bucket, s.bucket::timestamp at time zone w.tz as starts_at,
             coalesce(lead(s.bucket) over (order by s.bucket), w.last_day + 1)::timestamp at time zone w.tz as ends_at
        from starts s
    ),
    pay as (
      select b.bucket, x.currency, x.amount
        from buckets b cross join lateral private.payments_between(p_org_id, b.starts_at, b.ends_at) x
    ),
    spent as (
      select b.bucket, x.currency, x.amount
        from buckets b cross join lateral private.expenses_between(p_org_id, b.starts_at, b.ends_at) x
    ),
    currencies as (
      select w.org_currency as currency union select currency from pay union select currency from spent
    )
    select jsonb_build_object(
      'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
      'unit', v_unit,
      'currencies', (select jsonb_agg(c.currency order by c.currency <> w.org_currency, c.currency) from currencies c),
      'buckets', (
        select jsonb_agg(jsonb_build_object(
                 'start', b.bucket,
                 'revenue', (select jsonb_agg(jsonb_build_object('currency', c.currency, 'amount',
                                    round(coalesce(pay.amount, 0), public.currency_decimals(c.currency)))
                                    order by c.currency <> w.org_currency, c.currency)
                               from currencies c left join pay on pay.bucket = b.bucket and pay.currency = c.currency),
                 'expenses', (select jsonb_agg(jsonb_build_object('currency', c.currency, 'amount',
                                     round(coalesce(spent.amount, 0), public.currency_decimals(c.currency)))
                                     order by c.currency <> w.org_currency, c.currency)
                                from currencies c left join spent on spent.bucket = b.bucket and spent.currency = c.currency))
               order by b.bucket)
          from buckets b))
  );
end
$$;
comment on function public.report_timeseries(uuid, integer) is
  'Revenue (payments) and expenses per day (7, 30 days), week (90) or month (365) in the organization''s time zone, per currency.';

-- ---------------------------------------------------------------------------------------------------
revoke execute on function public.report_overview(uuid, integer) from public, anon;
revoke execute on function public.report_sales(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_payments(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_expenses(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_inventory(uuid, integer, integer) from public, anon;
revoke execute on function public.report_timeseries(uuid, integer) from public, anon;
grant execute on function public.report_overview(uuid, integer) to authenticated, service_role;
grant execute on function public.report_sales(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_payments(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_expenses(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_inventory(uuid, integer, integer) to authenticated, service_role;
grant execute on function public.report_timeseries(uuid, integer) to authenticated, service_role;
