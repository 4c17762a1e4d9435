-- Inventory and purchasing, the functions the app calls: products created (with their opening stock),
-- edited, deleted or archived, imported from CSV; stock adjusted; suppliers saved; purchase orders created,
-- approved and received; and the product list. Each write is applied at most once per (organization,
-- mutation id) (see 20261122000300_offline_mutations.sql), refusals are recorded and replayed, RLS and the
-- table triggers decide what the caller may do.

-- ---------------------------------------------------------------------------------------------------
-- Products: created with their opening stock as an OPENING move.
create function public.create_product(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_product', p_input);
  v_product public.products;
  v_opening numeric := coalesce(private.to_number(p_input ->> 'openingStock', 'openingStock'), 0);
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    insert into public.products (id, org_id, name, sku, barcode, unit, cost, price, tax_code, low_stock_threshold)
    values (coalesce((p_input ->> 'id')::uuid, gen_random_uuid()), p_org_id, btrim(p_input ->> 'name'),
            nullif(btrim(p_input ->> 'sku'), ''), nullif(btrim(p_input ->> 'barcode'), ''),
            coalesce(nullif(btrim(p_input ->> 'unit'), ''), 'pcs'), private.to_number(p_input ->> 'cost', 'cost'),
            private.to_number(p_input ->> 'price', 'price'), nullif(btrim(p_input ->> 'taxCode'), ''),
            coalesce((p_input ->> 'lowStockThreshold')::integer, 5))
    returning * into v_product;
    if v_opening <> 0 then
      insert into public.stock_moves (org_id, product_id, delta, reason, note, created_by)
      values (p_org_id, v_product.id, v_opening, 'OPENING', 'Opening stock', (select auth.uid()));
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(p) from public.products p where p.id = v_product.id)));
end
$$;

-- A manual stock adjustment: a delta (never an absolute number, so offline adjustments add up) and a reason.
create function public.adjust_stock(p_org_id uuid, p_mutation_id uuid, p_product_id uuid, p_delta numeric, p_note text)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'adjust_stock',
    jsonb_build_object('product', p_product_id, 'delta', p_delta, 'note', p_note));
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    insert into public.stock_moves (org_id, product_id, delta, reason, note, created_by)
    values (p_org_id, p_product_id, private.to_number(p_delta::text, 'delta'), 'ADJUSTMENT', nullif(btrim(p_note), ''), (select auth.uid()));
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data',
    (select jsonb_build_object('id', p.id, 'stockOnHand', p.stock_on_hand) from public.products p where p.id = p_product_id)));
end
$$;

revoke execute on function public.create_product(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.adjust_stock(uuid, uuid, uuid, numeric, text) from public, anon;

-- Product fields from a JSON input (create, edit, import), trimmed; empty optional texts become null.
create function private.product_fields(p_input jsonb)
returns table (name text, sku text, barcode text, unit text, cost numeric, price numeric, tax_code text,
               low_stock_threshold integer)
language sql immutable set search_path = ''
as $$
  select btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'sku'), ''), nullif(btrim(p_input ->> 'barcode'), ''),
         coalesce(nullif(btrim(p_input ->> 'unit'), ''), 'pcs'), private.to_number(p_input ->> 'cost', 'cost'),
         private.to_number(p_input ->> 'price', 'price'), nullif(btrim(p_input ->> 'taxCode'), ''),
         coalesce(nullif(btrim(p_input ->> 'lowStockThreshold'), '')::integer, 5)
$$;

create function public.update_product(p_org_id uuid, p_mutation_id uuid, p_product_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'update_product',
    jsonb_build_object('product', p_product_id, 'input', p_input));
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'product.edit',
      'new row violates row-level security policy for table "products"');
    update public.products p
       set name = f.name, sku = f.sku, barcode = f.barcode, unit = f.unit, cost = f.cost, price = f.price,
           tax_code = f.tax_code, low_stock_threshold = f.low_stock_threshold
      from private.product_fields(p_input) f
     where p.org_id = p_org_id and p.id = p_product_id and not p.archived;
    if not found then
      perform private.refuse('Product not found', '23503', 'PRODUCT_NOT_FOUND');
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(p) from public.products p where p.id = p_product_id)));
end
$$;

-- Deletes a product; one that invoices, purchase orders or stock moves refer to is archived instead
-- (its history stays explainable). Either way it leaves every list.
create function public.delete_product(p_org_id uuid, p_mutation_id uuid, p_product_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'delete_product', jsonb_build_object('product', p_product_id));
  v_archived boolean := false;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'product.edit',
      'new row violates row-level security policy for table "products"');
    if not exists (select 1 from public.products p where p.org_id = p_org_id and p.id = p_product_id and not p.archived) then
      perform private.refuse('Product not found', '23503', 'PRODUCT_NOT_FOUND');
    end if;
    if exists (select 1 from public.stock_moves m where m.org_id = p_org_id and m.product_id = p_product_id)
       or exists (select 1 from public.invoice_items i where i.org_id = p_org_id and i.product_id = p_product_id)
       or exists (select 1 from public.purchase_order_lines l where l.org_id = p_org_id and l.product_id = p_product_id) then
      update public.products set archived = true where org_id = p_org_id and id = p_product_id;
      v_archived := true;
    else
      delete from public.products where org_id = p_org_id and id = p_product_id;
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', jsonb_build_object('id', p_product_id, 'archived', v_archived)));
end
$$;

-- Imports products from CSV rows [{ name, sku?, barcode?, unit?, cost, price, taxCode?, lowStockThreshold?,
-- openingStock? }]: all rows or none. Every row is checked first; the refusal lists each bad row.
create function public.import_products(p_org_id uuid, p_mutation_id uuid, p_rows jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'import_products', p_rows);
  v_problems jsonb;
  v_count integer;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'product.edit',
      'new row violates row-level security policy for table "products"');
    if jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) = 0 then
      perform private.refuse('The file has no products', '23514', 'IMPORT_EMPTY', null, 'rows');
    end if;
    if jsonb_array_length(p_rows) > 5000 then
      perform private.refuse('A file can hold at most 5,000 products', '23514', 'IMPORT_TOO_LARGE',
        jsonb_build_object('max', 5000), 'rows');
    end if;
    -- Row numbers count from 1 after the header line, as a spreadsheet shows them (row 2 = first product).
    with r as (
      select ordinality + 1 as line,
             btrim(value ->> 'sku') as sku, btrim(value ->> 'name') as name,
             coalesce(btrim(value ->> 'cost'), '') as cost, coalesce(btrim(value ->> 'price'), '') as price,
             coalesce(btrim(value ->> 'lowStockThreshold'), '') as threshold,
             coalesce(btrim(value ->> 'openingStock'), '') as opening,
             count(*) over (partition by lower(btrim(value ->> 'sku'))) as same_sku
        from jsonb_array_elements(p_rows) with ordinality
    ), problems as (
      -- Each problem names its field and its reason code (ADR 005); the English message is for logs.
      select line, 'name' as field, 'REQUIRED' as reason, null::jsonb as params, 'Required' as message
        from r where coalesce(name, '') = ''
      union all select line, 'name', 'TOO_LONG', '{"max": 255}', 'At most 255 characters' from r where char_length(name) > 255
      union all select line, 'sku', 'TOO_LONG', '{"max": 100}', 'At most 100 characters' from r where char_length(sku) > 100
      union all select line, 'sku', 'SKU_REPEATED_IN_FILE', null, 'This SKU appears more than once in the file'
        from r where coalesce(sku, '') <> '' and same_sku > 1
      union all select line, 'sku', 'SKU_TAKEN', null, 'A product with this SKU already exists'
        from r where exists (select 1 from public.products p
                              where p.org_id = p_org_id and not p.archived and lower(p.sku) = lower(r.sku))
      union all select line, 'cost', 'COST_REQUIRED', null, 'Cost is required' from r where cost = ''
      union all select line, 'cost', 'NUMBER_ZERO_OR_MORE', null, 'Must be a number, zero or more'
        from r where cost <> '' and case when pg_input_is_valid(cost, 'numeric(14,2)') then cost::numeric < 0 or cost::numeric = 'NaN' else true end
      union all select line, 'price', 'PRICE_REQUIRED', null, 'Price is required' from r where price = ''
      union all select line, 'price', 'NUMBER_ZERO_OR_MORE', null, 'Must be a number, zero or more'
        from r where price <> '' and case when pg_input_is_valid(price, 'numeric(14,2)') then price::numeric < 0 or price::numeric = 'NaN' else true end
      union all select line, 'lowStockThreshold', 'WHOLE_NUMBER_ZERO_OR_MORE', null, 'Must be a whole number, zero or more'
        from r where threshold <> '' and case when pg_input_is_valid(threshold, 'integer') then threshold::integer < 0 else true end
      union all select line, 'openingStock', 'NUMBER_ZERO_OR_MORE', null, 'Must be a number, zero or more'
        from r where opening <> '' and case when pg_input_is_valid(opening, 'numeric(14,3)') then opening::numeric < 0 or opening::numeric = 'NaN' else true end
    )
    select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('row', line, 'field', field, 'reason', reason, 'params', params,
                                                          'message', message)) order by line, field)
      into v_problems from problems;
    if v_problems is not null then
      return private.remember(p_org_id, p_mutation_id, jsonb_build_object('error', jsonb_build_object(
        'code', 'VALIDATION_FAILED',
        'message', format('%s problem(s) in the file; nothing was imported', jsonb_array_length(v_problems)),
        'reason', 'IMPORT_PROBLEMS', 'params', jsonb_build_object('count', jsonb_array_length(v_problems)),
        'details', jsonb_build_object('rows', v_problems))));
    end if;

    -- Each row gets its id first, so its opening stock finds its product without a SKU.
    with r as materialized (
      select gen_random_uuid() as id, value from jsonb_array_elements(p_rows)
    ), inserted as (
      insert into public.products (id, org_id, name, sku, barcode, unit, cost, price, tax_code, low_stock_threshold)
      select r.id, p_org_id, f.name, f.sku, f.barcode, f.unit, f.cost, f.price, f.tax_code, f.low_stock_threshold
        from r, private.product_fields(r.value) f
      returning id
    )
    insert into public.stock_moves (org_id, product_id, delta, reason, note, created_by)
    select p_org_id, i.id, private.to_number(r.value ->> 'openingStock', 'openingStock'), 'OPENING', 'Opening stock (import)', (select auth.uid())
      from inserted i
      join r on r.id = i.id
     where coalesce(private.to_number(nullif(btrim(r.value ->> 'openingStock'), ''), 'openingStock'), 0) > 0;
    v_count := jsonb_array_length(p_rows);
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', jsonb_build_object('imported', v_count)));
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Suppliers: { id?, name, email?, phone? } — creates, or edits the one with that id.
create function public.save_supplier(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_supplier', p_input);
  v_id uuid := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'supplier.edit',
      'new row violates row-level security policy for table "suppliers"');
    insert into public.suppliers (id, org_id, name, email, phone)
    values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'email'), ''),
            nullif(btrim(p_input ->> 'phone'), ''))
    on conflict (id) do update
      set name = excluded.name, email = excluded.email, phone = excluded.phone
      where public.suppliers.org_id = p_org_id;
    if not found then
      perform private.refuse('Supplier not found', '23503', 'SUPPLIER_NOT_FOUND');
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(s) from public.suppliers s where s.id = v_id)));
end
$$;

-- Purchase orders: { id?, supplierId, currency?, expectedAt?, lines: [{ productId, quantity, unitCost }] }.
-- Totals are the lines' quantity × unit cost, rounded to the currency's decimals.
create function public.create_purchase_order(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_purchase_order', p_input);
  v_id uuid := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
  v_currency text := upper(coalesce(p_input ->> 'currency',
    (select o.currency from public.organizations o where o.id = p_org_id)));
  v_total numeric;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'purchaseOrder.edit',
      'new row violates row-level security policy for table "purchase_orders"');
    if jsonb_typeof(p_input -> 'lines') <> 'array' or jsonb_array_length(p_input -> 'lines') = 0 then
      perform private.refuse('A purchase order needs at least one line', '23514', 'LINES_REQUIRED',
        null, 'lines');
    end if;
    insert into public.purchase_orders (id, org_id, supplier_id, currency, expected_at, created_by)
    values (v_id, p_org_id, (p_input ->> 'supplierId')::uuid, v_currency, private.org_date(p_org_id, p_input ->> 'expectedAt', 'expectedAt'),
            (select auth.uid()));
    insert into public.purchase_order_lines (org_id, purchase_order_id, product_id, quantity, unit_cost)
    select p_org_id, v_id, (l ->> 'productId')::uuid, private.to_number(l ->> 'quantity', 'quantity'), private.to_number(l ->> 'unitCost', 'unitCost')
      from jsonb_array_elements(p_input -> 'lines') l;
    select coalesce(sum(round(l.quantity * l.unit_cost, public.currency_decimals(v_currency))), 0) into v_total
      from public.purchase_order_lines l where l.org_id = p_org_id and l.purchase_order_id = v_id;
    update public.purchase_orders set subtotal = v_total, total = v_total where org_id = p_org_id and id = v_id;
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(po) from public.purchase_orders po where po.id = v_id)));
end
$$;

-- Approve (DRAFT -> APPROVED) or receive (APPROVED -> RECEIVED, adding the lines to stock once).
create function public.set_purchase_order_status(p_org_id uuid, p_mutation_id uuid, p_order_id uuid,
  p_status public.purchase_order_status) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'set_purchase_order_status',
    jsonb_build_object('order', p_order_id, 'status', p_status));
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'purchaseOrder.edit',
      'new row violates row-level security policy for table "purchase_orders"');
    update public.purchase_orders set status = p_status where org_id = p_org_id and id = p_order_id;
    if not found then
      perform private.refuse('Purchase order not found', '23503', 'PURCHASE_ORDER_NOT_FOUND');
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
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(po) from public.purchase_orders po where po.id = p_order_id)));
end
$$;

revoke execute on function private.product_fields(jsonb) from public;
grant execute on function private.product_fields(jsonb) to authenticated, service_role;
revoke execute on function public.update_product(uuid, uuid, uuid, jsonb) from public, anon;
revoke execute on function public.delete_product(uuid, uuid, uuid) from public, anon;
revoke execute on function public.import_products(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.save_supplier(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.create_purchase_order(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.set_purchase_order_status(uuid, uuid, uuid, public.purchase_order_status) from public, anon;
grant execute on function public.update_product(uuid, uuid, uuid, jsonb) to authenticated;
grant execute on function public.delete_product(uuid, uuid, uuid) to authenticated;
grant execute on function public.import_products(uuid, uuid, jsonb) to authenticated;
grant execute on function public.save_supplier(uuid, uuid, jsonb) to authenticated;
grant execute on function public.create_purchase_order(uuid, uuid, jsonb) to authenticated;
grant execute on function public.set_purchase_order_status(uuid, uuid, uuid, public.purchase_order_status) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The product list, fast at 10,000 products. Row-level security keeps PostgreSQL from using an index for
-- a condition whose operator is not leakproof (ILIKE is not): under RLS a search by name scanned every
-- row of every organization. So the list checks membership itself, exactly as the table's read policy
-- does, then searches one organization's rows with the trigram indexes as its owner (security definer);
-- it never returns another organization's rows. Each call is planned for its own term
-- (plan_cache_mode = force_custom_plan): a generic plan, made once for any term, cannot use the trigram
-- indexes and scans the table.
--
-- Products: { total, rows } — by name (or, for "attention", lowest stock first), searched by name, SKU or
-- barcode, filtered by stock status ("attention": out of stock or low).
create function public.list_products(p_org_id uuid, p_search text, p_status text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
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
  perform private.require(p_org_id);
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
revoke execute on function public.list_products(uuid, text, text, integer, integer) from public, anon;
grant execute on function public.list_products(uuid, text, text, integer, integer) to authenticated, service_role;
