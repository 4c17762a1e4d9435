-- The /accounting cards beside Total Revenue (the metrics call): the payments and the expenses recorded, all
-- time, summed per currency (the organization's currency first, 0 when nothing happened in it) with their
-- counts. Run as the caller (security invoker): RLS decides what is counted, so a SALES member, who has no
-- access to expenses, gets none.

create function public.accounting_summary(p_org_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v_currency text;
  v_payments jsonb;
  v_expenses jsonb;
begin
  select o.currency::text into v_currency from public.organizations o where o.id = p_org_id;
  if v_currency is null then
    raise exception 'You are not a member of this organization' using errcode = '42501';
  end if;

  with sums as (
    select p.currency::text as currency, sum(p.amount) as amount, count(*) as n
      from public.payments p where p.org_id = p_org_id group by p.currency
  )
  select jsonb_build_object(
           'count', coalesce((select sum(n) from sums), 0),
           'totals', coalesce((
             select jsonb_agg(jsonb_build_object('currency', c.currency, 'amount', c.amount)
                              order by c.currency <> v_currency, c.currency)
               from (select currency, amount from sums
                     union all
                     select v_currency, 0 where not exists (select 1 from sums where currency = v_currency)) c
           ), '[]'::jsonb))
    into v_payments;

  with sums as (
    select e.currency::text as currency, sum(e.amount) as amount, count(*) as n
      from public.expenses e where e.org_id = p_org_id group by e.currency
  )
  select jsonb_build_object(
           'count', coalesce((select sum(n) from sums), 0),
           'totals', coalesce((
             select jsonb_agg(jsonb_build_object('currency', c.currency, 'amount', c.amount)
                              order by c.currency <> v_currency, c.currency)
               from (select currency, amount from sums
                     union all
                     select v_currency, 0 where not exists (select 1 from sums where currency = v_currency)) c
           ), '[]'::jsonb))
    into v_expenses;

  return jsonb_build_object(
    'currency', v_currency,
    'payments', v_payments,
    'expenses', v_expenses
  );
end
$$;
comment on function public.accounting_summary(uuid) is
  'The accounting cards: payments and expenses per currency (all time) with counts, under the caller''s RLS.';

revoke execute on function public.accounting_summary(uuid) from public, anon;
grant execute on function public.accounting_summary(uuid) to authenticated, service_role;
