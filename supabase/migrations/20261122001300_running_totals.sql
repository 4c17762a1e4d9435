-- Running totals, so the dashboard, the metrics and the reports stay fast at 100,000 invoices, 100,000
-- payments and 50,000 expenses, with exact figures.
--
-- Money received, money spent and invoices are added up per organization, UTC day and currency (invoices
-- also per status; a reversal of a payment or an expense counts on the day it is made, as minus its
-- amount, docs/decisions/010-corrections.md) in private tables that triggers keep up to date in the same transaction as the
-- change. A sum over any range [from, to) is the sum of the whole UTC days inside it plus the rows of the
-- partial days at its two ends, read from the tables themselves, so a range that starts at midnight in any
-- time zone (also UTC+5:30 or +5:45) is exact, and a change of the organization's time zone changes
-- nothing here. A year is 365 rows per currency instead of 100,000 payments, plus at most the rows of a
-- day at each end. Each customer's latest activity is kept the same way, for the overview's active
-- customers.

create table private.payments_by_day (
  org_id uuid not null,
  day_start timestamptz not null,
  currency text not null,
  payments bigint not null,
  reversals bigint not null default 0,
  amount numeric not null,
  primary key (org_id, day_start, currency)
);
create table private.expenses_by_day (
  org_id uuid not null,
  day_start timestamptz not null,
  currency text not null,
  expenses bigint not null,
  reversals bigint not null default 0,
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
  amount_credited numeric not null default 0,
  primary key (org_id, day_start, currency, status)
);
comment on table private.payments_by_day is 'Payments received and reversed per organization, UTC day and currency; amount is net of the reversals (kept by triggers on public.payments and public.payment_reversals).';
comment on table private.expenses_by_day is 'Expenses paid and reversed per organization, UTC day and currency; amount is net of the reversals (kept by triggers on public.expenses and public.expense_reversals).';
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

-- A reversal counts on the UTC day it is made: one more reversal, minus its amount.
create function private.reversals_by_day_apply() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'payment_reversals' and tg_op = 'INSERT' then
    insert into private.payments_by_day as t (org_id, day_start, currency, payments, reversals, amount)
    select n.org_id, date_trunc('day', n.reversed_at, 'UTC'), n.currency::text, 0, count(*), -sum(n.amount)
      from new_rows n group by 1, 2, 3
    on conflict (org_id, day_start, currency)
    do update set reversals = t.reversals + excluded.reversals, amount = t.amount + excluded.amount;
  elsif tg_table_name = 'payment_reversals' and tg_op = 'DELETE' then
    update private.payments_by_day t set reversals = t.reversals - o.reversals, amount = t.amount + o.amount
      from (select o.org_id, date_trunc('day', o.reversed_at, 'UTC') as day_start, o.currency::text as currency,
                   count(*) as reversals, sum(o.amount) as amount
              from old_rows o group by 1, 2, 3) o
     where t.org_id = o.org_id and t.day_start = o.day_start and t.currency = o.currency;
  elsif tg_table_name = 'expense_reversals' and tg_op = 'INSERT' then
    insert into private.expenses_by_day as t (org_id, day_start, currency, expenses, reversals, amount)
    select n.org_id, date_trunc('day', n.reversed_at, 'UTC'), n.currency::text, 0, count(*), -sum(n.amount)
      from new_rows n group by 1, 2, 3
    on conflict (org_id, day_start, currency)
    do update set reversals = t.reversals + excluded.reversals, amount = t.amount + excluded.amount;
  elsif tg_table_name = 'expense_reversals' and tg_op = 'DELETE' then
    update private.expenses_by_day t set reversals = t.reversals - o.reversals, amount = t.amount + o.amount
      from (select o.org_id, date_trunc('day', o.reversed_at, 'UTC') as day_start, o.currency::text as currency,
                   count(*) as reversals, sum(o.amount) as amount
              from old_rows o group by 1, 2, 3) o
     where t.org_id = o.org_id and t.day_start = o.day_start and t.currency = o.currency;
  end if;
  return null;
end
$$;
create trigger payment_reversals_by_day_insert after insert on public.payment_reversals
  referencing new table as new_rows for each statement execute function private.reversals_by_day_apply();
create trigger payment_reversals_by_day_delete after delete on public.payment_reversals
  referencing old table as old_rows for each statement execute function private.reversals_by_day_apply();
create trigger expense_reversals_by_day_insert after insert on public.expense_reversals
  referencing new table as new_rows for each statement execute function private.reversals_by_day_apply();
create trigger expense_reversals_by_day_delete after delete on public.expense_reversals
  referencing old table as old_rows for each statement execute function private.reversals_by_day_apply();

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
    insert into private.invoices_by_day as t (org_id, day_start, currency, status, invoices, total, amount_paid,
                                              amount_credited)
    select n.org_id, date_trunc('day', coalesce(n.issued_at, n.created_at), 'UTC'), n.currency::text, n.status,
           count(*), sum(n.total), sum(n.amount_paid), sum(n.amount_credited)
      from new_rows n group by 1, 2, 3, 4
    on conflict (org_id, day_start, currency, status)
    do update set invoices = t.invoices + excluded.invoices, total = t.total + excluded.total,
                  amount_paid = t.amount_paid + excluded.amount_paid,
                  amount_credited = t.amount_credited + excluded.amount_credited;
  elsif tg_op = 'DELETE' then
    update private.invoices_by_day t
       set invoices = t.invoices - o.invoices, total = t.total - o.total, amount_paid = t.amount_paid - o.amount_paid,
           amount_credited = t.amount_credited - o.amount_credited
      from (select o.org_id, date_trunc('day', coalesce(o.issued_at, o.created_at), 'UTC') as day_start,
                   o.currency::text as currency, o.status, count(*) as invoices, sum(o.total) as total,
                   sum(o.amount_paid) as amount_paid, sum(o.amount_credited) as amount_credited
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
     set invoices = t.invoices - 1, total = t.total - old.total, amount_paid = t.amount_paid - old.amount_paid,
         amount_credited = t.amount_credited - old.amount_credited
   where t.org_id = old.org_id and t.day_start = date_trunc('day', coalesce(old.issued_at, old.created_at), 'UTC')
     and t.currency = old.currency::text and t.status = old.status;
  insert into private.invoices_by_day as t (org_id, day_start, currency, status, invoices, total, amount_paid,
                                            amount_credited)
  values (new.org_id, date_trunc('day', coalesce(new.issued_at, new.created_at), 'UTC'), new.currency::text,
          new.status, 1, new.total, new.amount_paid, new.amount_credited)
  on conflict (org_id, day_start, currency, status)
  do update set invoices = t.invoices + excluded.invoices, total = t.total + excluded.total,
                amount_paid = t.amount_paid + excluded.amount_paid,
                amount_credited = t.amount_credited + excluded.amount_credited;
  return null;
end
$$;
create trigger invoices_by_day_update after update on public.invoices for each row
  when (old.total is distinct from new.total or old.amount_paid is distinct from new.amount_paid
        or old.amount_credited is distinct from new.amount_credited
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
  insert into private.payments_by_day (org_id, day_start, currency, payments, reversals, amount)
  select x.org_id, x.day_start, x.currency, sum(x.n), sum(x.r), sum(x.amount)
    from (select p.org_id, date_trunc('day', p.received_at, 'UTC') as day_start, p.currency::text as currency,
                 1 as n, 0 as r, p.amount
            from public.payments p where p_org_id is null or p.org_id = p_org_id
          union all
          select v.org_id, date_trunc('day', v.reversed_at, 'UTC'), v.currency::text, 0, 1, -v.amount
            from public.payment_reversals v where p_org_id is null or v.org_id = p_org_id) x
   group by 1, 2, 3;
  insert into private.expenses_by_day (org_id, day_start, currency, expenses, reversals, amount)
  select x.org_id, x.day_start, x.currency, sum(x.n), sum(x.r), sum(x.amount)
    from (select e.org_id, date_trunc('day', e.paid_at, 'UTC') as day_start, e.currency::text as currency,
                 1 as n, 0 as r, e.amount
            from public.expenses e where p_org_id is null or e.org_id = p_org_id
          union all
          select v.org_id, date_trunc('day', v.reversed_at, 'UTC'), v.currency::text, 0, 1, -v.amount
            from public.expense_reversals v where p_org_id is null or v.org_id = p_org_id) x
   group by 1, 2, 3;
  insert into private.invoices_by_day (org_id, day_start, currency, status, invoices, total, amount_paid,
                                       amount_credited)
  select i.org_id, date_trunc('day', coalesce(i.issued_at, i.created_at), 'UTC'), i.currency::text, i.status,
         count(*), sum(i.total), sum(i.amount_paid), sum(i.amount_credited)
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

-- Payments received in [from, to) per currency: how many, how many reversals were made in it, and the
-- amount net of those reversals and of the refunds given in it (read from public.refunds: refunds are few).
-- Currencies with none of these are left out.
create function private.payments_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, payments bigint, reversals bigint, amount numeric)
language sql stable set search_path = ''
as $$
  with h as (select * from private.whole_days(p_from, p_to))
  select x.currency, sum(x.n)::bigint, sum(x.r)::bigint, sum(x.amount)
    from (select t.currency, t.payments as n, t.reversals as r, t.amount, 0 as f from private.payments_by_day t, h
           where t.org_id = p_org_id and t.day_start >= h.lo and t.day_start < h.hi
          union all
          select p.currency::text, 1, 0, p.amount, 0 from public.payments p, h
           where p.org_id = p_org_id and p.received_at >= p_from and p.received_at < least(h.lo, p_to)
          union all
          select p.currency::text, 1, 0, p.amount, 0 from public.payments p, h
           where p.org_id = p_org_id and p.received_at >= h.hi and p.received_at < p_to
          union all
          select v.currency::text, 0, 1, -v.amount, 0 from public.payment_reversals v, h
           where v.org_id = p_org_id and v.reversed_at >= p_from and v.reversed_at < least(h.lo, p_to)
          union all
          select v.currency::text, 0, 1, -v.amount, 0 from public.payment_reversals v, h
           where v.org_id = p_org_id and v.reversed_at >= h.hi and v.reversed_at < p_to
          union all
          select f.currency::text, 0, 0, -f.amount, 1 from public.refunds f
           where f.org_id = p_org_id and f.refunded_at >= p_from and f.refunded_at < p_to) x
   group by x.currency
  having sum(x.n) <> 0 or sum(x.r) <> 0 or sum(x.f) <> 0
$$;

-- Credit notes made in [from, to) per currency: how many and their total (read from public.credit_notes by
-- its (org_id, created_at) index: credit notes are few). Invoiced amounts are net of them.
create function private.credit_notes_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, credit_notes bigint, total numeric)
language sql stable set search_path = ''
as $$
  select n.currency::text, count(*)::bigint, sum(n.total)
    from public.credit_notes n
   where n.org_id = p_org_id and n.created_at >= p_from and n.created_at < p_to
   group by n.currency
$$;
revoke all on function private.credit_notes_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;

-- Expenses paid in [from, to) per currency, with the reversals made in it, net of them.
create function private.expenses_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, expenses bigint, reversals bigint, amount numeric)
language sql stable set search_path = ''
as $$
  with h as (select * from private.whole_days(p_from, p_to))
  select x.currency, sum(x.n)::bigint, sum(x.r)::bigint, sum(x.amount)
    from (select t.currency, t.expenses as n, t.reversals as r, t.amount from private.expenses_by_day t, h
           where t.org_id = p_org_id and t.day_start >= h.lo and t.day_start < h.hi
          union all
          select e.currency::text, 1, 0, e.amount from public.expenses e, h
           where e.org_id = p_org_id and e.paid_at >= p_from and e.paid_at < least(h.lo, p_to)
          union all
          select e.currency::text, 1, 0, e.amount from public.expenses e, h
           where e.org_id = p_org_id and e.paid_at >= h.hi and e.paid_at < p_to
          union all
          select v.currency::text, 0, 1, -v.amount from public.expense_reversals v, h
           where v.org_id = p_org_id and v.reversed_at >= p_from and v.reversed_at < least(h.lo, p_to)
          union all
          select v.currency::text, 0, 1, -v.amount from public.expense_reversals v, h
           where v.org_id = p_org_id and v.reversed_at >= h.hi and v.reversed_at < p_to) x
   group by x.currency
  having sum(x.n) <> 0 or sum(x.r) <> 0
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

-- Invoiced in [from, to) per currency, net of credit notes: the ISSUED and PAID invoices dated in it less the
-- credit notes made in it (a credit note counts on the day it is made, not on its invoice's).
create function private.invoiced_between(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (currency text, amount numeric)
language sql stable set search_path = ''
as $$
  select y.currency, sum(y.amount)
    from (select d.currency, d.total as amount from private.invoices_between(p_org_id, p_from, p_to) d
           where d.status in ('ISSUED', 'PAID')
          union all
          select n.currency, -n.total from private.credit_notes_between(p_org_id, p_from, p_to) n) y
   group by y.currency
$$;
revoke all on function private.invoiced_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;

-- ISSUED invoices per currency: how many and what they still owe (the dashboard's amount outstanding).
create function private.open_invoices(p_org_id uuid)
returns table (currency text, invoices bigint, amount numeric)
language sql stable set search_path = ''
as $$
  select t.currency, sum(t.invoices)::bigint, sum(private.amount_due(t.total, t.amount_credited, t.amount_paid))
    from private.invoices_by_day t
   where t.org_id = p_org_id and t.status = 'ISSUED'
   group by t.currency
  having sum(t.invoices) <> 0
$$;
revoke all on function private.open_invoices(uuid) from public, anon, authenticated;
revoke all on function private.whole_days(timestamptz, timestamptz) from public, anon;
revoke all on function private.payments_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.expenses_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The /accounting cards, all time, per currency (the organization's currency first, 0 when nothing
-- happened in it): revenue is what was invoiced (ISSUED and PAID invoices, not quotes or VOID) with what
-- is still owed on it; payments are the money received; expenses the money spent; each with its count, both
-- net of their reversals (a reversed one counts in neither; `reversed` says how many were).
-- Added up from the running totals (a few rows a day) rather than every invoice, payment and expense ever
-- recorded, so it answers as fast at 100,000 of each as at ten. Read as the function's owner (security
-- definer) once the caller is known to be a member, with the reading rules of the rows it adds up: every
-- member reads invoices and payments; owners, managers and accountants read expenses (a SALES member gets
-- none, as the expenses' RLS gives them).
create function public.accounting_summary(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_currency text;
  v_expenses boolean;
  v_answer jsonb;
begin
  select o.currency::text into v_currency from public.organizations o where o.id = p_org_id;
  if v_currency is null or not private.can(p_org_id) then
    perform private.refuse('You are not a member of this organization', '42501', 'NOT_A_MEMBER');
  end if;
  v_expenses := private.can(p_org_id, 'expense.read');

  with invoiced as (
    -- Net of credit notes: what a credit note took off an invoice was not sold.
    select t.currency, sum(t.total - t.amount_credited) as amount,
           sum(private.amount_due(t.total, t.amount_credited, t.amount_paid)) filter (where t.status = 'ISSUED') as owed,
           sum(t.invoices) as n
      from private.invoices_by_day t
     where t.org_id = p_org_id and t.status in ('ISSUED', 'PAID')
     group by t.currency
    having sum(t.invoices) <> 0
  ),
  -- Net of reversals (the daily amounts already are): a reversed payment or expense counts neither in the
  -- amount nor in the count. Payments are net of the refunds given back on credit notes too (in the amount
  -- only; refunds are few and read from their table).
  -- A currency is listed once anything was recorded in it (`k`), even if all of it was reversed since.
  received as (
    select x.currency, sum(x.amount) as amount, sum(x.n) as n, sum(x.r) as r
      from (select t.currency, t.amount, t.payments - t.reversals as n, t.reversals as r, t.payments + t.reversals as k
              from private.payments_by_day t where t.org_id = p_org_id
            union all
            select f.currency::text, -f.amount, 0, 0, 1
              from public.refunds f where f.org_id = p_org_id) x
     group by x.currency
    having sum(x.k) <> 0
  ),
  spent as (
    select t.currency, sum(t.amount) as amount, sum(t.expenses - t.reversals) as n, sum(t.reversals) as r
      from private.expenses_by_day t
     where t.org_id = p_org_id and v_expenses
     group by t.currency
    having sum(t.expenses + t.reversals) <> 0
  )
  select jsonb_build_object(
    'currency', v_currency,
    'invoiced', jsonb_build_object(
      'count', coalesce((select sum(n) from invoiced), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from invoiced), v_currency),
      'outstanding', private.money_list((select jsonb_object_agg(currency, owed) from invoiced where owed is not null),
                                        v_currency)),
    'payments', jsonb_build_object(
      'count', coalesce((select sum(n) from received), 0),
      'reversed', coalesce((select sum(r) from received), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from received), v_currency)),
    'expenses', jsonb_build_object(
      'count', coalesce((select sum(n) from spent), 0),
      'reversed', coalesce((select sum(r) from spent), 0),
      'totals', private.money_list((select jsonb_object_agg(currency, amount) from spent), v_currency)))
    into v_answer;
  return v_answer;
end
$$;
comment on function public.accounting_summary(uuid) is
  'The accounting cards: invoiced (and still owed), payments and expenses per currency (all time) with counts, from the running totals, with the readers of each (expenses for owners, managers and accountants).';

revoke execute on function public.accounting_summary(uuid) from public, anon;
grant execute on function public.accounting_summary(uuid) to authenticated, service_role;
revoke all on function private.invoices_between(uuid, timestamptz, timestamptz) from public, anon, authenticated;
