-- Lists and searches that stay fast at 100,000 invoices, 20,000 customers and 10,000 products.
--
-- Row-level security keeps PostgreSQL from using an index for a condition whose operator is not leakproof
-- (ILIKE is not): under RLS, a search by name scanned every row of every organization. These functions
-- check membership themselves, exactly as the tables' read policies do (every member of an organization
-- reads its products, customers and invoices), and then search one organization's rows with the trigram
-- indexes. They run as their owner (security definer) and never return another organization's rows.
--
-- The invoice list no longer joins and counts every invoice for one page: the page is read first by the
-- (org_id, created_at) index, and the total of the unfiltered list is the organization's invoice counter
-- (numbers are gap-free and invoices are never deleted, so the last number is the count).
--
-- Each call is planned for its own term (plan_cache_mode = force_custom_plan): a generic plan, made once
-- for any term, cannot use the trigram indexes and scans the table.

create index if not exists invoices_org_created_id_idx on public.invoices (org_id, created_at desc, id);
create index if not exists customers_org_active_created_idx on public.customers (org_id, created_at desc, id) where not archived;
create index if not exists products_org_active_name_idx on public.products (org_id, name, id) where not archived;

-- The term as an ILIKE pattern that matches it literally anywhere (%, _ and \ in it are not wildcards).
create function private.contains_pattern(p_term text) returns text
language sql immutable set search_path = ''
as $$
  select '%' || replace(replace(replace(p_term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

create function private.assert_member(p_org_id uuid) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not exists (select 1 from public.memberships m
                  where m.org_id = p_org_id and m.user_id = (select auth.uid())) then
    raise exception 'You are not a member of this organization' using errcode = '42501';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Products: { total, rows } — by name (or, for "attention", lowest stock first), searched by name, SKU or
-- barcode, filtered by stock status ("attention": out of stock or low).
create function public.list_products(p_org_id uuid, p_search text, p_status text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_term text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := private.contains_pattern(coalesce(v_term, ''));
  v_statuses text[] := case when p_status is null then null
                            when p_status = 'attention' then '{OUT_OF_STOCK,LOW_STOCK}'::text[]
                            else array[p_status] end;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform private.assert_member(p_org_id);
  -- The count and the page are separate queries, so the page reads only its rows through the name index.
  return jsonb_build_object(
    'total', (select count(*) from public.products p
               where p.org_id = p_org_id and not p.archived
                 and (v_statuses is null or p.stock_status = any (v_statuses))
                 and (v_term is null or p.name ilike v_pattern or p.sku ilike v_pattern or p.barcode = v_term)),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(page) order by page.n)
        from (select p.id, p.name, p.sku, p.barcode, p.unit, p.cost, p.price, p.tax_code, p.stock_on_hand,
                     p.low_stock_threshold, p.stock_status, p.version, p.updated_at,
                     row_number() over (order by case when p_status = 'attention' then p.stock_on_hand end,
                                                 p.name, p.id) as n
                from (select * from public.products p
                       where p.org_id = p_org_id and not p.archived
                         and (v_statuses is null or p.stock_status = any (v_statuses))
                         and (v_term is null or p.name ilike v_pattern or p.sku ilike v_pattern or p.barcode = v_term)
                       order by case when p_status = 'attention' then p.stock_on_hand end, p.name, p.id
                       limit v_limit offset v_offset) p) page), '[]'::jsonb));
end
$$;
comment on function public.list_products(uuid, text, text, integer, integer) is
  'One page of an organization''s products with the total, searched with the trigram indexes; members only.';

-- ---------------------------------------------------------------------------------------------------
-- Customers: { total, rows } — newest first, searched by name, phone or email.
create function public.list_customers(p_org_id uuid, p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_term text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := private.contains_pattern(coalesce(v_term, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform private.assert_member(p_org_id);
  return jsonb_build_object(
    'total', (select count(*) from public.customers c
               where c.org_id = p_org_id and not c.archived
                 and (v_term is null or c.name ilike v_pattern or c.phone ilike v_pattern or c.email ilike v_pattern)),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(page) order by page.n)
        from (select c.id, c.name, c.email, c.phone, c.created_at,
                     row_number() over (order by c.created_at desc, c.id) as n
                from (select * from public.customers c
                       where c.org_id = p_org_id and not c.archived
                         and (v_term is null or c.name ilike v_pattern or c.phone ilike v_pattern or c.email ilike v_pattern)
                       order by c.created_at desc, c.id
                       limit v_limit offset v_offset) c) page), '[]'::jsonb));
end
$$;
comment on function public.list_customers(uuid, text, integer, integer) is
  'One page of an organization''s customers (newest first) with the total, searched with the trigram indexes; members only.';

-- ---------------------------------------------------------------------------------------------------
-- Invoices: the same answer as before (one row per invoice of the page, with the total on each row).
create or replace function public.search_invoices(p_org_id uuid, p_search text, p_status public.invoice_status,
  p_limit integer, p_offset integer)
returns table (id uuid, number text, status public.invoice_status, currency text, subtotal numeric, tax numeric,
               total numeric, amount_paid numeric, created_at timestamptz, issued_at timestamptz, due_at date,
               customer_id uuid, customer_name text, total_count bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_term text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := private.contains_pattern(coalesce(v_term, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
begin
  perform private.assert_member(p_org_id);
  if v_term is null then
    if p_status is null then
      select coalesce(max(c.last_number), 0) into v_total from public.invoice_counters c where c.org_id = p_org_id;
    else
      select count(*) into v_total from public.invoices i where i.org_id = p_org_id and i.status = p_status;
    end if;
    return query
      select i.id, i.number::text, i.status, i.currency::text, i.subtotal, i.tax, i.total, i.amount_paid,
             i.created_at, i.issued_at, i.due_at, i.customer_id, c.name::text, v_total
        from (select * from public.invoices x
               where x.org_id = p_org_id and (p_status is null or x.status = p_status)
               order by x.created_at desc, x.id limit v_limit offset v_offset) i
        join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
       order by i.created_at desc, i.id;
    return;
  end if;
  return query
    with found as (
      select x.id from public.invoices x where x.org_id = p_org_id and x.number ilike v_pattern
      union
      select x.id from public.customers c
        join public.invoices x on x.org_id = c.org_id and x.customer_id = c.id
       where c.org_id = p_org_id and c.name ilike v_pattern
    ),
    matched as (
      select x.* from public.invoices x join found f on f.id = x.id
       where x.org_id = p_org_id and (p_status is null or x.status = p_status)
    )
    select i.id, i.number::text, i.status, i.currency::text, i.subtotal, i.tax, i.total, i.amount_paid,
           i.created_at, i.issued_at, i.due_at, i.customer_id, c.name::text, (select count(*) from matched)
      from (select * from matched m order by m.created_at desc, m.id limit v_limit offset v_offset) i
      join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
     order by i.created_at desc, i.id;
end
$$;

revoke execute on function private.contains_pattern(text) from public;
revoke execute on function private.assert_member(uuid) from public;
grant execute on function private.contains_pattern(text) to authenticated, service_role;
grant execute on function private.assert_member(uuid) to authenticated, service_role;
revoke execute on function public.list_products(uuid, text, text, integer, integer) from public, anon;
revoke execute on function public.list_customers(uuid, text, integer, integer) from public, anon;
grant execute on function public.list_products(uuid, text, text, integer, integer) to authenticated, service_role;
grant execute on function public.list_customers(uuid, text, integer, integer) to authenticated, service_role;
alter function public.list_products(uuid, text, text, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.list_customers(uuid, text, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.search_invoices(uuid, text, public.invoice_status, integer, integer) set plan_cache_mode = force_custom_plan;
-- The dashboard, metrics and report functions too: their ranges and organization are known at each call,
-- and a generic plan for them was up to three times slower.
alter function public.get_metrics(uuid) set plan_cache_mode = force_custom_plan;
alter function public.get_dashboard(uuid) set plan_cache_mode = force_custom_plan;
alter function public.accounting_summary(uuid) set plan_cache_mode = force_custom_plan;
alter function public.report_overview(uuid, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_sales(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_payments(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_expenses(uuid, integer, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_inventory(uuid, integer, integer) set plan_cache_mode = force_custom_plan;
alter function public.report_timeseries(uuid, integer) set plan_cache_mode = force_custom_plan;
