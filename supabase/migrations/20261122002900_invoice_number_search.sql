-- Searching invoices by number reads an index on the digits of the number (INV-000123 -> 000123): a
-- trigram search for "INV-009999" had to read the posting lists of "INV", "NV-", "V-0" and "-00", which
-- every invoice shares.

create index if not exists invoices_number_digits_trgm_idx on public.invoices
  using gin (substr(number, 5) extensions.gin_trgm_ops);
create index if not exists invoices_org_number_digits_idx on public.invoices (org_id, substr(number, 5) text_pattern_ops);

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
  -- How the term meets invoice numbers (see below); "all" when every number contains it ("INV-").
  v_mode text := case when v_term is null or v_term ~* '^(i|in|inv|inv-)$' then 'all'
                      when v_term ~* '^inv-?[0-9]+$' then 'prefix'
                      when v_term ~ '^[0-9]+$' then 'digits'
                      else 'text' end;
  v_digits text := regexp_replace(coalesce(v_term, ''), '^[iI][nN][vV]-?', '');
begin
  perform private.assert_member(p_org_id);
  if v_mode = 'all' then
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
      -- Numbers are INV- and six digits: "INV-0099" is a prefix of the digits, "9999" anywhere in them,
      -- each through an index on the digits alone (every number shares "INV-0", which a trigram search
      -- would have to read 100,000 times); any other term is matched against the whole number. Each
      -- call is planned with its own term, so only the branch that applies runs.
      select x.id from public.invoices x
       where v_mode = 'prefix' and x.org_id = p_org_id and substr(x.number, 5) like v_digits || '%'
      union all
      select x.id from public.invoices x
       where v_mode = 'digits' and x.org_id = p_org_id and substr(x.number, 5) like '%' || v_digits || '%'
      union all
      select x.id from public.invoices x
       where v_mode = 'text' and x.org_id = p_org_id and x.number ilike v_pattern
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

alter function public.search_invoices(uuid, text, public.invoice_status, integer, integer) set plan_cache_mode = force_custom_plan;
