-- The dashboard, the metrics and the reports stay fast at 100,000 invoices, 100,000 payments and 50,000
-- expenses, with exact figures.
--
-- 1. Running totals per day. Money received, money spent and invoices are added up per organization, UTC
--    day and currency (invoices also per status) in private tables that triggers keep up to date in the
--    same transaction as the change. A sum over any range [from, to) is the sum of the whole UTC days
--    inside it plus the rows of the partial days at its two ends, read from the tables themselves, so a
--    range that starts at midnight in any time zone (also UTC+5:30 or +5:45) is exact, and a change of the
--    organization's time zone changes nothing here. A year is 365 rows per currency instead of 100,000
--    payments, plus at most the rows of a day at each end.
-- 2. The dashboard, the metrics and the reports read as their owner (security definer): each checks first,
--    as the caller, that they are a member (and, for the reports, that their role may read that report),
--    then reads only that organization's rows. Row-level security added its membership test to each of the
--    100,000 rows they add up and kept the planner from using the indexes with expressions below.
-- 3. An invoice is dated by coalesce(issued_at, created_at) (issued, or created while a quote): one index
--    on that expression gives the sales report its page and the overview its active customers.
-- 4. A new invoice or product counts the organization's invoices this month or products only when its
--    plan has a limit (an unlimited plan counted thousands of rows for each new invoice).

-- ---------------------------------------------------------------------------------------------------
-- 1. Running totals.
create table private.payments_by_day (
  org_id uuid not null,
  day_start timestamptz not null,
  currency text not null,
  payments bigint not null,
  amount numeric not null,
  primary key (org_id, day_start, currency)
);
create table private.expenses_by_day (
  org_id uuid not null,
  day_start timestamptz not null,
  currency text not null,
  expenses bigint not null,
  amount numeric not null,
  primary key (org_id, day_start, currency)
);
-- Invoices by the day they are dated in (coalesce(issued_at, created_at)).
create table private.invoices_by_day (
  org_id uuid not null,
  day_start timestamptz not null,
  currency text not null,
  status public.invoice_status not null,
  invoices bigint not null,
  total numeric not null,
  amount_paid numeric not null,
  primary key (org_id, day_start, currency, status)
);
comment on table private.payments_by_day is 'Payments received per organization, UTC day and currency (kept by triggers on public.payments).';
comment on table private.expenses_by_day is 'Expenses paid per organization, UTC day and currency (kept by triggers on public.expenses).';
comment on table private.invoices_by_day is 'Invoices per organization, UTC day they are dated in, currency and status, with their total and amount paid (kept by triggers on public.invoices).';
revoke all on private.payments_by_day, private.expenses_by_day, private.invoices_by_day from public, anon, authenticated;

-- Each trigger adds the new rows and takes away the old ones, grouped, in one statement per table.
create function private.payments_by_day_apply() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.payments_by_day as t (org_id, day_start, currency, payments, amount)
    select n.org_id, date_trunc('day', n.received_at, 'UTC'), n.currency::text, count(*), sum(n.amount)
      from new_rows n group by 1, 2, 3
    on conflict (org_id, day_start, currency)
    do update set payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  elsif tg_op = 'DELETE' then
    update private.payments_by_day t set payments = t.payments - o.payments, amount = t.amount - o.amount
      from (select o.org_id, date_trunc('day', o.received_at, 'UTC') as day_start, o.currency::text as currency,
                   count(*) as payments, sum(o.amount) as amount
              from old_rows o group by 1, 2, 3) o
     where t.org_id = o.org_id and t.day_start = o.day_start and t.currency = o.currency;
  end if;
  return null;
end
$$;
create trigger payments_by_day_insert after insert on public.payments
  referencing new table as new_rows for each statement execute function private.payments_by_day_apply();
create trigger payments_by_day_delete after delete on public.payments
  referencing old table as old_rows for each statement execute function private.payments_by_day_apply();

create function private.expenses_by_day_apply() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update private.expenses_by_day t set expenses = t.expenses - o.expenses, amount = t.amount - o.amount
      from (select o.org_id, date_trunc('day', o.paid_at, 'UTC') as day_start, o.currency::text as currency,
                   count(*) as expenses, sum(o.amount) as amount
              from old_rows o group by 1, 2, 3) o
     where t.org_id = o.org_id and t.day_start = o.day_start and t.currency = o.currency;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.expenses_by_day as t (org_id, day_start, currency, expenses, amount)
    select n.org_id, date_trunc('day', n.paid_at, 'UTC'), n.currency::text, count(*), sum(n.amount)
      from new_rows n group by 1, 2, 3
    on conflict (org_id, day_start, currency)
    do update set expenses = t.expenses + excluded.expenses, amount = t.amount + excluded.amount;
  end if;
  return null;
end
$$;
create trigger expenses_by_day_insert after insert on public.expenses
  referencing new table as new_rows for each statement execute function private.expenses_by_day_apply();
create trigger expenses_by_day_delete after delete on public.expenses
  referencing old table as old_rows for each statement execute function private.expenses_by_day_apply();
-- Updates that leave amount, currency and date alone (a new note, vendor or category) are not counted.
create function private.expenses_by_day_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update private.expenses_by_day t set expenses = t.expenses - 1, amount = t.amount - old.amount
   where t.org_id = old.org_id and t.day_start = date_trunc('day', old.paid_at, 'UTC')
     and t.currency = old.currency::text;
  insert into private.expenses_by_day as t (org_id, day_start, currency, expenses, amount)
  values (new.org_id, date_trunc('day', new.paid_at, 'UTC'), new.currency::text, 1, new.amount)
  on conflict (org_id, day_start, currency)
  do update set expenses = t.expenses + excluded.expenses, amount = t.amount + excluded.amount;
  return null;
end
$$;
create trigger expenses_by_day_update after update on public.expenses for each row
  when (old.amount is distinct from new.amount or old.currency is distinct from new.currency
        or old.paid_at is distinct from new.paid_at or old.org_id is distinct from new.org_id)
  execute function private.expenses_by_day_update();

create function private.invoices_by_day_apply() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.invoices_by_day as t (org_id, day_start, currency, status, invoices, total, amount_paid)
    select n.org_id, date_trunc('day', coalesce(n.issued_at, n.created_at), 'UTC'), n.currency::text, n.status,
           count(*), sum(n.total), sum(n.amount_paid)
      from new_rows n group by 1, 2, 3, 4
    on conflict (org_id, day_start, currency, status)
    do update set invoices = t.invoices + excluded.invoices, total = t.total + excluded.total,
                  amount_paid = t.amount_paid + excluded.amount_paid;
  elsif tg_op = 'DELETE' then
    update private.invoices_by_day t
       set invoices = t.invoices - o.invoices, total = t.total - o.total, amount_paid = t.amount_paid - o.amount_paid
      from (select o.org_id, date_trunc('day', coalesce(o.issued_at, o.created_at), 'UTC') as day_start,
                   o.currency::text as currency, o.status, count(*) as invoices, sum(o.total) as total,
                   sum(o.amount_paid) as amount_paid
              from old_rows o group by 1, 2, 3, 4) o
     where t.org_id = o.org_id and t.day_start = o.day_start and t.currency = o.currency and t.status = o.status;
  end if;
  return null;
end
$$;
create trigger invoices_by_day_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.invoices_by_day_apply();
create trigger invoices_by_day_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function private.invoices_by_day_apply();
-- Updates that leave the counted columns alone (a due date, notes) are not counted.
create function private.invoices_by_day_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update private.invoices_by_day t
     set invoices = t.invoices - 1, total = t.total - old.total, amount_paid = t.amount_paid - old.amount_paid
   where t.org_id = old.org_id and t.day_start = date_trunc('day', coalesce(old.issued_at, old.created_at), 'UTC')
     and t.currency = old.currency::text and t.status = old.status;
  insert into private.invoices_by_day as t (org_id, day_start, currency, status, invoices, total, amount_paid)
  values (new.org_id, date_trunc('day', coalesce(new.issued_at, new.created_at), 'UTC'), new.currency::text,
          new.status, 1, new.total, new.amount_paid)
  on conflict (org_id, day_start, currency, status)
  do update set invoices = t.invoices + excluded.invoices, total = t.total + excluded.total,
                amount_paid = t.amount_paid + excluded.amount_paid;
  return null;
end
$$;
create trigger invoices_by_day_update after update on public.invoices for each row
  when (old.total is distinct from new.total or old.amount_paid is distinct from new.amount_paid
        or old.currency is distinct from new.currency
        or old.status is distinct from new.status or old.issued_at is distinct from new.issued_at
        or old.created_at is distinct from new.created_at or old.org_id is distinct from new.org_id)
  execute function private.invoices_by_day_update();

-- Each customer's latest activity: the latest date of their invoices that are not VOID (quotes count) and
-- of the payments on their invoices. The overview's "active customers" of a range that ends after the
-- latest activity of the organization (every range does, unless something is dated in the future) are
-- the customers whose latest activity falls on or after its start: counted from this table (20,000 rows
-- at most) instead of grouping 100,000 invoices.
create table private.customer_activity (
  org_id uuid not null,
  customer_id uuid not null,
  last_at timestamptz not null,
  primary key (org_id, customer_id)
);
create index customer_activity_org_last_idx on private.customer_activity (org_id, last_at);
comment on table private.customer_activity is 'Each customer''s latest non-VOID invoice date or payment (kept by triggers on public.invoices and public.payments).';
revoke all on private.customer_activity from public, anon, authenticated;

-- A customer's latest activity, from the tables (after a void, a change of customer or a deletion).
create function private.refresh_customer_activity(p_org_id uuid, p_customer_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_last timestamptz;
begin
  select max(x.at) into v_last
    from (select coalesce(i.issued_at, i.created_at) as at from public.invoices i
           where i.org_id = p_org_id and i.customer_id = p_customer_id and i.status <> 'VOID'
          union all
          select p.received_at from public.invoices i
            join public.payments p on p.org_id = i.org_id and p.invoice_id = i.id
           where i.org_id = p_org_id and i.customer_id = p_customer_id) x;
  if v_last is null then
    delete from private.customer_activity where org_id = p_org_id and customer_id = p_customer_id;
  else
    insert into private.customer_activity (org_id, customer_id, last_at) values (p_org_id, p_customer_id, v_last)
    on conflict (org_id, customer_id) do update set last_at = excluded.last_at;
  end if;
end
$$;
revoke all on function private.refresh_customer_activity(uuid, uuid) from public, anon, authenticated;

create function private.customer_activity_apply() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
begin
  if tg_table_name = 'invoices' and tg_op = 'INSERT' then
    insert into private.customer_activity as t (org_id, customer_id, last_at)
    select n.org_id, n.customer_id, max(coalesce(n.issued_at, n.created_at))
      from new_rows n where n.status <> 'VOID' group by 1, 2
    on conflict (org_id, customer_id) do update set last_at = excluded.last_at where t.last_at < excluded.last_at;
  elsif tg_table_name = 'payments' and tg_op = 'INSERT' then
    insert into private.customer_activity as t (org_id, customer_id, last_at)
    select n.org_id, i.customer_id, max(n.received_at)
      from new_rows n join public.invoices i on i.org_id = n.org_id and i.id = n.invoice_id group by 1, 2
    on conflict (org_id, customer_id) do update set last_at = excluded.last_at where t.last_at < excluded.last_at;
  elsif tg_table_name = 'invoices' and tg_op = 'DELETE' then
    for r in select distinct o.org_id, o.customer_id from old_rows o loop
      perform private.refresh_customer_activity(r.org_id, r.customer_id);
    end loop;
  elsif tg_table_name = 'payments' and tg_op = 'DELETE' then
    for r in select distinct o.org_id, i.customer_id from old_rows o
               join public.invoices i on i.org_id = o.org_id and i.id = o.invoice_id loop
      perform private.refresh_customer_activity(r.org_id, r.customer_id);
    end loop;
  end if;
  return null;
end
$$;
create trigger invoices_customer_activity_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.customer_activity_apply();
create trigger invoices_customer_activity_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function private.customer_activity_apply();
create trigger payments_customer_activity_insert after insert on public.payments
  referencing new table as new_rows for each statement execute function private.customer_activity_apply();
create trigger payments_customer_activity_delete after delete on public.payments
  referencing old table as old_rows for each statement execute function private.customer_activity_apply();

-- An invoice issued, voided, paid or moved to another customer: its customer (or both) read again.
create function private.customer_activity_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status <> 'VOID' and new.customer_id = old.customer_id
     and coalesce(new.issued_at, new.created_at) >= coalesce(old.issued_at, old.created_at) then
    -- Only later (or the same): no need to read the others.
    insert into private.customer_activity as t (org_id, customer_id, last_at)
    values (new.org_id, new.customer_id, coalesce(new.issued_at, new.created_at))
    on conflict (org_id, customer_id) do update set last_at = excluded.last_at where t.last_at < excluded.last_at;
  else
    perform private.refresh_customer_activity(old.org_id, old.customer_id);
    if new.customer_id is distinct from old.customer_id or new.org_id is distinct from old.org_id then
      perform private.refresh_customer_activity(new.org_id, new.customer_id);
    end if;
  end if;
  return null;
end
$$;
create trigger invoices_customer_activity_update after update on public.invoices for each row
  when (old.status is distinct from new.status or old.issued_at is distinct from new.issued_at
        or old.created_at is distinct from new.created_at or old.customer_id is distinct from new.customer_id
        or old.org_id is distinct from new.org_id)
  execute function private.customer_activity_update();

-- A deleted organization takes its totals with it.
create function private.drop_daily_totals() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from private.payments_by_day t using old_rows o where t.org_id = o.id;
  delete from private.expenses_by_day t using old_rows o where t.org_id = o.id;
  delete from private.invoices_by_day t using old_rows o where t.org_id = o.id;
  delete from private.customer_activity t using old_rows o where t.org_id = o.id;
  return null;
end
$$;
create trigger organizations_drop_daily_totals after delete on public.organizations
  referencing old table as old_rows for each statement execute function private.drop_daily_totals();

-- Recomputes the totals and the customers' latest activity of one organization (all when null) from the
-- tables: after a bulk load with triggers off (npm run seed:large), or to check them.
create function private.rebuild_daily_totals(p_org_id uuid default null) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  delete from private.payments_by_day where p_org_id is null or org_id = p_org_id;
  delete from private.expenses_by_day where p_org_id is null or org_id = p_org_id;
  delete from private.invoices_by_day where p_org_id is null or org_id = p_org_id;
  insert into private.payments_by_day (org_id, day_start, currency, payments, amount)
  select p.org_id, date_trunc('day', p.received_at, 'UTC'), p.currency::text, count(*), sum(p.amount)
    from public.payments p where p_org_id is null or p.org_id = p_org_id group by 1, 2, 3;
  insert into private.expenses_by_day (org_id, day_start, currency, expenses, amount)
  select e.org_id, date_trunc('day', e.paid_at, 'UTC'), e.currency::text, count(*), sum(e.amount)
    from public.expenses e where p_org_id is null or e.org_id = p_org_id group by 1, 2, 3;
  insert into private.invoices_by_day (org_id, day_start, currency, status, invoices, total, amount_paid)
  select i.org_id, date_trunc('day', coalesce(i.issued_at, i.created_at), 'UTC'), i.currency::text, i.status,
         count(*), sum(i.total), sum(i.amount_paid)
    from public.invoices i where p_org_id is null or i.org_id = p_org_id group by 1, 2, 3, 4;
  delete from private.customer_activity where p_org_id is null or org_id = p_org_id;
  insert into private.customer_activity (org_id, customer_id, last_at)
  select x.org_id, x.customer_id, max(x.at)
    from (select i.org_id, i.customer_id, coalesce(i.issued_at, i.created_at) as at from public.invoices i
           where i.status <> 'VOID' and (p_org_id is null or i.org_id = p_org_id)
          union all
          select p.org_id, i.customer_id, p.received_at from public.payments p
            join public.invoices i on i.org_id = p.org_id and i.id = p.invoice_id
           where p_org_id is null or p.org_id = p_org_id) x
   group by 1, 2;
end
$$;
revoke all on function private.rebuild_daily_totals(uuid) from public, anon, authenticated;

-- The whole UTC days inside [from, to): from lo (from rounded up to a day) to hi (to rounded down,
-- never below lo). The rows of [from, lo) and [hi, to) are read from the tables.
create function private.whole_days(p_from timestamptz, p_to timestamptz, out lo timestamptz, out hi timestamptz)
language sql immutable set search_path = ''
as $$
  select x.lo, greatest(date_trunc('day', p_to, 'UTC'), x.lo)
    from (select case when date_trunc('day', p_from, 'UTC') = p_from then p_from
                      else date_trunc('day', p_from, 'UTC') + interval '24 hours' end as lo) x
$$;

-- Payments received in [from, to) per currency: how many and how much. Currencies with none are left out.
create function private.payments_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, payments bigint, amount numeric)
language sql stable set search_path = ''
as $$
  with h as (select * from private.whole_days(p_from, p_to))
  select x.currency, sum(x.n)::bigint, sum(x.amount)
    from (select t.currency, t.payments as n, t.amount from private.payments_by_day t, h
           where t.org_id = p_org_id and t.day_start >= h.lo and t.day_start < h.hi
          union all
          select p.currency::text, 1, p.amount from public.payments p, h
           where p.org_id = p_org_id and p.received_at >= p_from and p.received_at < least(h.lo, p_to)
          union all
          select p.currency::text, 1, p.amount from public.payments p, h
           where p.org_id = p_org_id and p.received_at >= h.hi and p.received_at < p_to) x
   group by x.currency
  having sum(x.n) <> 0
$$;

-- Expenses paid in [from, to) per currency.
create function private.expenses_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, expenses bigint, amount numeric)
language sql stable set search_path = ''
as $$
  with h as (select * from private.whole_days(p_from, p_to))
  select x.currency, sum(x.n)::bigint, sum(x.amount)
    from (select t.currency, t.expenses as n, t.amount from private.expenses_by_day t, h
           where t.org_id = p_org_id and t.day_start >= h.lo and t.day_start < h.hi
          union all
          select e.currency::text, 1, e.amount from public.expenses e, h
           where e.org_id = p_org_id and e.paid_at >= p_from and e.paid_at < least(h.lo, p_to)
          union all
          select e.currency::text, 1, e.amount from public.expenses e, h
           where e.org_id = p_org_id and e.paid_at >= h.hi and e.paid_at < p_to) x
   group by x.currency
  having sum(x.n) <> 0
$$;

-- Invoices dated in [from, to) per currency and status: how many and their total.
create function private.invoices_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, status public.invoice_status, invoices bigint, total numeric)
language sql stable set search_path = ''
as $$
  with h as (select * from private.whole_days(p_from, p_to))
  select x.currency, x.status, sum(x.n)::bigint, sum(x.total)
    from (select t.currency, t.status, t.invoices as n, t.total from private.invoices_by_day t, h
           where t.org_id = p_org_id and t.day_start >= h.lo and t.day_start < h.hi
          union all
          select i.currency::text, i.status, 1, i.total from public.invoices i, h
           where i.org_id = p_org_id and coalesce(i.issued_at, i.created_at) >= p_from
             and coalesce(i.issued_at, i.created_at) < least(h.lo, p_to)
          union all
          select i.currency::text, i.status, 1, i.total from public.invoices i, h
           where i.org_id = p_org_id and coalesce(i.issued_at, i.created_at) >= h.hi
             and coalesce(i.issued_at, i.created_at) < p_to) x
   group by x.currency, x.status
  having sum(x.n) <> 0
$$;
-- ISSUED invoices per currency: how many and what they still owe (the dashboard's amount outstanding).
create function private.open_invoices(p_org_id uuid)
returns table (currency text, invoices bigint, amount numeric)
language sql stable set search_path = ''
as $$
  select t.currency, sum(t.invoices)::bigint, sum(t.total - t.amount_paid)
    from private.invoices_by_day t
   where t.org_id = p_org_id and t.status = 'ISSUED'
   group by t.currency
  having sum(t.invoices) <> 0
$$;
revoke all on function private.open_invoices(uuid) from public, anon, authenticated;
revoke all on function private.whole_days(timestamptz, timestamptz) from public, anon;
revoke all on function private.payments_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.expenses_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.invoices_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- 3. Invoices by date (see the top), with what the sales report and the active customers read.
-- (issued_at and created_at are included too: PostgreSQL reads an expression from the index alone only
-- when the columns it is made of are there as well.)
create index invoices_org_dated_idx on public.invoices (org_id, (coalesce(issued_at, created_at)) desc, id desc)
  include (customer_id, status, issued_at, created_at);

-- A customer's invoices with what their latest activity is read from (same key as before, more columns).
drop index public.invoices_customer_idx;
create index invoices_customer_idx on public.invoices (org_id, customer_id) include (status, issued_at, created_at);
-- The dashboard's low-stock products: counted, the first 5 by stock and name, and the 2 latest changed,
-- each read from an index of the low-stock products alone (the CTE that held them all is inlined).
create index products_low_stock_order_idx on public.products (org_id, stock_on_hand, name, id)
  where not archived and stock_on_hand <= low_stock_threshold;
create index products_low_stock_recent_idx on public.products (org_id, updated_at desc, id desc)
  where not archived and stock_on_hand <= low_stock_threshold;

-- ---------------------------------------------------------------------------------------------------
-- 2. Readers. A signed-in caller must be a member of the organization; the service role and the database
-- owner (scripts, tests) read any organization, as RLS lets them.
create function private.can_read(p_org_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.role()), '') not in ('authenticated', 'anon')
         or exists (select 1 from public.memberships m
                     where m.org_id = p_org_id and m.user_id = (select auth.uid()))
$$;
create function private.assert_reader(p_org_id uuid) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.can_read(p_org_id) then
    raise exception 'You are not a member of this organization' using errcode = '42501';
  end if;
end
$$;
revoke all on function private.can_read(uuid) from public, anon;
revoke all on function private.assert_reader(uuid) from public, anon;
grant execute on function private.can_read(uuid) to authenticated, service_role;
grant execute on function private.assert_reader(uuid) to authenticated, service_role;

-- The dashboard figures (see 20261122001400_metrics.sql): revenue and amounts outstanding from the daily
-- totals.
create or replace function public.get_metrics(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_currency text;
  v_tz text;
  v_month_start timestamptz;
  v_last_month_start timestamptz;
  v_answer jsonb;
begin
  -- Nothing (null) for an organization the caller is not a member of, as before.
  if not private.can_read(p_org_id) then
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
    'totalRevenue', coalesce((select r.total from revenue r where r.currency = v_currency), 0),
    'revenueThisMonth', coalesce((select r.this_month from revenue r where r.currency = v_currency), 0),
    'revenueLastMonth', coalesce((select r.last_month from revenue r where r.currency = v_currency), 0),
    'revenueByCurrency', coalesce((select jsonb_object_agg(r.currency, r.total) from revenue r), '{}'::jsonb),
    'activeCustomers', (select count(*) from public.customers c where c.org_id = p_org_id and not c.archived),
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

-- The dashboard (see 20261122001700_crm_dashboard.sql): revenue and amounts outstanding from the daily
-- totals, read as the owner.
create or replace function public.get_dashboard(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
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
  perform private.assert_reader(p_org_id);
  select o.currency::text, o.timezone into v_currency, v_tz from public.organizations o where o.id = p_org_id;
  if v_tz is null then
    raise exception 'You are not a member of this organization' using errcode = '42501';
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
                               'amount', p.amount, 'currency', p.currency, 'at', p.received_at)
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
      'totalRevenue', private.money_list((select jsonb_object_agg(r.currency, r.total) from revenue r), v_currency),
      'activeCustomers', (select count(*) from public.customers c where c.org_id = p_org_id and not c.archived),
      'pendingInvoices', coalesce((select sum(o.invoices) from open_invoices o), 0),
      'lowStockItems', (select count(*) from low_stock)),
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

-- ---------------------------------------------------------------------------------------------------
-- The reports (see 20261122001500_reports.sql), read as their owner after private.report_window has
-- checked, as the caller, that their role may read the report; sums from the daily totals.
create or replace function public.report_overview(p_org_id uuid, p_days integer) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  w record;
  v_revenue jsonb;
  v_expenses jsonb;
  v_profit jsonb;
  v_sales jsonb;
  v_average jsonb;
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

  -- Customers of the invoices dated in the range, and of the invoices paid in it (an invoice with a
  -- payment is never VOID, nor a quote). When nothing is dated after the range (the range ends tomorrow
  -- at midnight, so only a future date could be), they are the customers whose latest activity is on or
  -- after its start; otherwise they are read from the invoices and payments, one of two ways depending
  -- on how many payments the range holds against how many invoices lie outside it.
  if not exists (select 1 from public.invoices i
                  where i.org_id = p_org_id and coalesce(i.issued_at, i.created_at) >= w.ends_at
                    and i.status <> 'VOID')
     and not exists (select 1 from public.payments p where p.org_id = p_org_id and p.received_at >= w.ends_at) then
    select count(*) into v_active
      from private.customer_activity a where a.org_id = p_org_id and a.last_at >= w.starts_at;
  elsif p_days <= 90 then
    select count(*) into v_active
      from (select i.customer_id from public.invoices i
             where i.org_id = p_org_id and i.status <> 'VOID'
               and coalesce(i.issued_at, i.created_at) >= w.starts_at
               and coalesce(i.issued_at, i.created_at) < w.ends_at
            union
            select i.customer_id
              from (select distinct p.invoice_id from public.payments p
                     where p.org_id = p_org_id and p.received_at >= w.starts_at and p.received_at < w.ends_at) paid
              cross join lateral (select i.customer_id from public.invoices i
                                   where i.org_id = p_org_id and i.id = paid.invoice_id offset 0) i) c;
  else
    select count(*) into v_active
      from (select i.customer_id from public.invoices i
             where i.org_id = p_org_id and i.status <> 'VOID'
               and coalesce(i.issued_at, i.created_at) >= w.starts_at
               and coalesce(i.issued_at, i.created_at) < w.ends_at
            union
            select i.customer_id from public.invoices i
             where i.org_id = p_org_id and (i.issued_at < w.starts_at or i.issued_at >= w.ends_at)
               and exists (select 1 from public.payments p
                            where p.org_id = p_org_id and p.invoice_id = i.id
                              and p.received_at >= w.starts_at and p.received_at < w.ends_at)) c;
  end if;

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
    'sales', v_sales || jsonb_build_object('averageInvoiceValue', private.money_list(v_average, w.org_currency)),
    'inventory', v_inventory);
end
$$;

-- Sales: every invoice dated in the range, newest first; the page through invoices_org_dated_idx.
drop function public.report_sales(uuid, integer, integer, integer);
create function public.report_sales(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  w record;
begin
  select * into w from private.report_window(p_org_id, p_days, 'sales');
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', (select coalesce(sum(d.invoices), 0) from private.invoices_between(p_org_id, w.starts_at, w.ends_at) d),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', i.id, 'number', i.number, 'customerName', c.name, 'status', i.status,
               'currency', i.currency, 'total', i.total, 'amountPaid', i.amount_paid,
               'issuedAt', i.issued_at, 'createdAt', i.created_at, 'dueAt', i.due_at)
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

-- Payments received in the range, newest first, with their count and total per currency.
drop function public.report_payments(uuid, integer, integer, integer);
create function public.report_payments(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  w record;
  v_totals jsonb;
  v_count bigint;
begin
  select * into w from private.report_window(p_org_id, p_days, 'payments');
  select coalesce(sum(t.payments), 0), coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
    into v_count, v_totals
    from private.payments_between(p_org_id, w.starts_at, w.ends_at) t;
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', v_count,
    'totals', private.money_list(v_totals, w.org_currency),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', p.id, 'invoiceNumber', i.number, 'customerName', c.name, 'amount', p.amount,
               'currency', p.currency, 'method', p.method, 'provider', p.provider, 'ref', p.ref,
               'receivedAt', p.received_at)
             order by p.received_at desc, p.id desc)
        from (select * from public.payments p
               where p.org_id = p_org_id and p.received_at >= w.starts_at and p.received_at < w.ends_at
               order by p.received_at desc, p.id desc
               limit least(greatest(coalesce(p_limit, 50), 1), 10000) offset greatest(coalesce(p_offset, 0), 0)) p
        join public.invoices i on i.org_id = p.org_id and i.id = p.invoice_id
        join public.customers c on c.org_id = i.org_id and c.id = i.customer_id), '[]'::json));
end
$$;

-- Expenses paid in the range, newest first, with their count and total per currency.
drop function public.report_expenses(uuid, integer, integer, integer);
create function public.report_expenses(p_org_id uuid, p_days integer, p_limit integer, p_offset integer)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  w record;
  v_totals jsonb;
  v_count bigint;
begin
  select * into w from private.report_window(p_org_id, p_days, 'expenses');
  select coalesce(sum(t.expenses), 0), coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
    into v_count, v_totals
    from private.expenses_between(p_org_id, w.starts_at, w.ends_at) t;
  return json_build_object(
    'range', private.report_range_json(p_days, w.tz, w.first_day, w.last_day, w.starts_at, w.ends_at),
    'total', v_count,
    'totals', private.money_list(v_totals, w.org_currency),
    'rows', coalesce((
      select json_agg(json_build_object(
               'id', e.id, 'vendor', e.vendor, 'category', e.category, 'amount', e.amount,
               'currency', e.currency, 'paidAt', e.paid_at, 'note', e.note)
             order by e.paid_at desc, e.id desc)
        from (select * from public.expenses e
               where e.org_id = p_org_id and e.paid_at >= w.starts_at and e.paid_at < w.ends_at
               order by e.paid_at desc, e.id desc
               limit least(greatest(coalesce(p_limit, 50), 1), 10000) offset greatest(coalesce(p_offset, 0), 0)) e),
      '[]'::json));
end
$$;

-- Revenue and expenses per day (7, 30 days), week from Monday (90) or month (365) in the organization's
-- time zone: each bucket is a range of local days, summed from the daily totals.
create or replace function public.report_timeseries(p_org_id uuid, p_days integer) returns jsonb
language plpgsql stable security definer set search_path = ''
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

-- Inventory as it is now (see 20261122001500_reports.sql), one organization's products after the same check.
drop function public.report_inventory(uuid, integer, integer);
create function public.report_inventory(p_org_id uuid, p_limit integer, p_offset integer) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_currency text;
begin
  perform private.assert_report_access(p_org_id, 'inventory');
  select o.currency::text into v_currency from public.organizations o where o.id = p_org_id;
  if v_currency is null then
    raise exception 'You are not a member of this organization' using errcode = '42501';
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

-- The four lists above answer json, built as text (an export builds 100,000 rows of it): the same
-- answer as jsonb, made a third faster. Dropped and made again, they get their rights and notes back.
revoke execute on function public.report_sales(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_payments(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_expenses(uuid, integer, integer, integer) from public, anon;
revoke execute on function public.report_inventory(uuid, integer, integer) from public, anon;
grant execute on function public.report_sales(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_payments(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_expenses(uuid, integer, integer, integer) to authenticated, service_role;
grant execute on function public.report_inventory(uuid, integer, integer) to authenticated, service_role;
comment on function public.report_sales(uuid, integer, integer, integer) is
  'One page (newest first, at most 10,000 rows) of the invoices dated in the last p_days days, with the total count.';
comment on function public.report_payments(uuid, integer, integer, integer) is
  'One page (newest first) of the payments received in the last p_days days, with the count and the total per currency.';
comment on function public.report_expenses(uuid, integer, integer, integer) is
  'One page (newest first) of the expenses paid in the last p_days days, with the count and the total per currency.';
comment on function public.report_inventory(uuid, integer, integer) is
  'One page (by name) of the products not archived: stock, threshold, cost, price, stock value at cost and status (OUT_OF_STOCK, LOW_STOCK, IN_STOCK).';

-- Each call is planned for its own organization and range (as in 20261122002600_list_performance.sql).
alter function public.get_metrics(uuid) set plan_cache_mode = force_custom_plan;
alter function public.get_dashboard(uuid) set plan_cache_mode = force_custom_plan;
alter function public.report_overview(uuid, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_sales(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_payments(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_expenses(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_inventory(uuid, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_timeseries(uuid, integer) set plan_cache_mode = force_custom_plan;

-- ---------------------------------------------------------------------------------------------------
-- 4. Plan limits counted only under a limit, and never past it.
create or replace function private.enforce_product_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_limit integer;
begin
  -- Counted when a product is added, and when an archived one comes back.
  if tg_op = 'UPDATE' and not (old.archived and not new.archived) then
    return new;
  end if;
  perform private.assert_role(new.org_id, '{OWNER,MANAGER}', 'products');
  v_limit := private.plan_limit(new.org_id, 'max_products');
  if v_limit is not null then
    perform private.refuse_over_limit(new.org_id, 'max_products',
      (select count(*) from (select 1 from public.products p
                              where p.org_id = new.org_id and not p.archived and p.id <> new.id
                              limit v_limit) x),
      'products');
  end if;
  return new;
end
$$;

create or replace function private.enforce_invoice_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_tz text := (select o.timezone from public.organizations o where o.id = new.org_id);
  v_limit integer;
begin
  perform private.assert_role(new.org_id, '{OWNER,MANAGER,ACCOUNTANT,SALES}', 'invoices');
  v_limit := private.plan_limit(new.org_id, 'max_invoices_per_month');
  if v_limit is not null then
    perform private.refuse_over_limit(new.org_id, 'max_invoices_per_month',
      (select count(*) from (select 1 from public.invoices i
                              where i.org_id = new.org_id
                                and i.created_at >= (date_trunc('month', now() at time zone v_tz) at time zone v_tz)
                              limit v_limit) x),
      'invoices a month');
  end if;
  return new;
end
$$;

-- An invoice's totals are added up once per statement on its lines (create_invoice and update_quote write
-- all the lines in one statement), not once per line: each recount is an update of the invoice with its
-- audit row and checks, made while the organization's invoice counter is locked for the next number.
drop trigger invoice_items_totals on public.invoice_items;
create or replace function private.recompute_invoice_totals() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('kasuwa.recomputing_totals', 'on', true);
  -- The lines' invoices before and after: an update may move a line from one invoice to another.
  if tg_op = 'INSERT' then
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
      from (select distinct n.org_id, n.invoice_id from new_rows n) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  elsif tg_op = 'DELETE' then
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
      from (select distinct o.org_id, o.invoice_id from old_rows o) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  else
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
      from (select n.org_id, n.invoice_id from new_rows n union select o.org_id, o.invoice_id from old_rows o) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  end if;
  perform set_config('kasuwa.recomputing_totals', 'off', true);
  return null;
end
$$;
create trigger invoice_items_totals_insert after insert on public.invoice_items
  referencing new table as new_rows for each statement execute function private.recompute_invoice_totals();
create trigger invoice_items_totals_update after update on public.invoice_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.recompute_invoice_totals();
create trigger invoice_items_totals_delete after delete on public.invoice_items
  referencing old table as old_rows for each statement execute function private.recompute_invoice_totals();

-- The totals of what is already there.
select private.rebuild_daily_totals();
