-- Mutations the app sends (online or replayed from the offline outbox), each applied at most once per
-- (organization, mutation id). A mutation function begins with private.replay(): a repeat with the same
-- arguments gets the stored answer, a repeat with other arguments is refused. Business-rule refusals are
-- recorded too (their answer is { "error": { code, message } }), so a replay gets the same answer and the
-- outbox can move on; the caller's transaction commits either way.
-- Functions run as the caller (security invoker): RLS and the table triggers decide what is allowed.

-- The stored answer of an earlier identical mutation, or null when this one is new. Locks the id: a
-- concurrent duplicate waits here until the first commits, then reads its answer.
create function private.replay(p_org_id uuid, p_mutation_id uuid, p_name text, p_args jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_hash text := encode(extensions.digest(p_name || ':' || p_args::text, 'sha256'), 'hex');
  v_row public.sync_mutations;
begin
  if p_mutation_id is null then
    return null;
  end if;
  insert into public.sync_mutations (org_id, mutation_id, name, request_hash, status, created_by)
  values (p_org_id, p_mutation_id, p_name, v_hash, 'applied', (select auth.uid()))
  on conflict (org_id, mutation_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from public.sync_mutations where org_id = p_org_id and mutation_id = p_mutation_id;
  if v_row.request_hash <> v_hash then
    raise exception 'This mutation id was already used for another change' using errcode = '22023';
  end if;
  return coalesce(v_row.response, '{}'::jsonb);
end
$$;

create function private.remember(p_org_id uuid, p_mutation_id uuid, p_response jsonb) returns jsonb
language sql set search_path = ''
as $$
  update public.sync_mutations
     set response = p_response, status = case when p_response ? 'error' then 'refused' else 'applied' end
   where org_id = p_org_id and mutation_id = p_mutation_id;
  select p_response;
$$;

-- The answer for a refused mutation: a stable code from the SQLSTATE and the database's message.
create function private.refusal(p_sqlstate text, p_message text) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object('error', jsonb_build_object(
    'code', case p_sqlstate
      when '23505' then 'ALREADY_EXISTS' when 'PT402' then 'LIMIT_REACHED' when '42501' then 'FORBIDDEN'
      when '23503' then 'NOT_FOUND' else 'VALIDATION_FAILED' end,
    'sqlstate', p_sqlstate,
    'message', p_message))
$$;

-- Refusals that a replay must get again; anything else (a bug, a lost connection) rolls back and is retried.
create function private.is_business_refusal(p_sqlstate text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_sqlstate in ('23505', '23503', '23514', '23502', '22P02', '22003', '22001', '42501', 'PT402', 'P0001')
$$;

-- ---------------------------------------------------------------------------------------------------
-- Products: created with their opening stock as an OPENING move.
create function public.create_product(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_product', p_input);
  v_product public.products;
  v_opening numeric := coalesce((p_input ->> 'openingStock')::numeric, 0);
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    insert into public.products (id, org_id, name, sku, barcode, unit, cost, price, tax_code, low_stock_threshold)
    values (coalesce((p_input ->> 'id')::uuid, gen_random_uuid()), p_org_id, btrim(p_input ->> 'name'),
            btrim(p_input ->> 'sku'), nullif(btrim(p_input ->> 'barcode'), ''),
            coalesce(nullif(btrim(p_input ->> 'unit'), ''), 'pcs'), (p_input ->> 'cost')::numeric,
            (p_input ->> 'price')::numeric, nullif(btrim(p_input ->> 'taxCode'), ''),
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
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
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
    values (p_org_id, p_product_id, p_delta, 'ADJUSTMENT', nullif(btrim(p_note), ''), (select auth.uid()));
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data',
    (select jsonb_build_object('id', p.id, 'stockOnHand', p.stock_on_hand) from public.products p where p.id = p_product_id)));
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Invoices: { id?, customerId, currency?, dueAt?, notes?, status?: QUOTE|ISSUED|PAID,
--             lines: [{ productId?, description, qty, unitPrice, taxRate }] }
-- or the spec's quick form { customerId, total, ... } (one line). PAID records a cash payment of the total.
create function public.create_invoice(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_invoice', p_input);
  v_invoice public.invoices;
  v_status text := coalesce(p_input ->> 'status', 'QUOTE');
  v_lines jsonb := p_input -> 'lines';
  v_tax numeric;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    if v_status not in ('QUOTE', 'ISSUED', 'PAID') then
      raise exception 'An invoice is created as QUOTE, ISSUED or PAID' using errcode = '23514';
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      if (p_input ->> 'total') is null then
        raise exception 'Total amount is required' using errcode = '23514';
      end if;
      v_lines := jsonb_build_array(jsonb_build_object(
        'description', coalesce(nullif(btrim(p_input ->> 'description'), ''), 'Sale'), 'qty', 1,
        'unitPrice', p_input ->> 'total', 'taxRate', 0));
    end if;
    select o.default_tax_rate into v_tax from public.organizations o where o.id = p_org_id;
    insert into public.invoices (id, org_id, customer_id, currency, due_at, notes, created_by)
    values (coalesce((p_input ->> 'id')::uuid, gen_random_uuid()), p_org_id, (p_input ->> 'customerId')::uuid,
            upper(coalesce(p_input ->> 'currency', (select o.currency from public.organizations o where o.id = p_org_id))),
            (p_input ->> 'dueAt')::date, nullif(btrim(p_input ->> 'notes'), ''), (select auth.uid()))
    returning * into v_invoice;
    insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
    select p_org_id, v_invoice.id, (l.value ->> 'productId')::uuid, btrim(l.value ->> 'description'),
           (l.value ->> 'qty')::numeric, (l.value ->> 'unitPrice')::numeric,
           coalesce((l.value ->> 'taxRate')::numeric, v_tax, 0), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l;
    if v_status in ('ISSUED', 'PAID') then
      update public.invoices set status = 'ISSUED' where id = v_invoice.id;
    end if;
    if v_status = 'PAID' then
      insert into public.payments (org_id, invoice_id, method, amount, currency, created_by)
      select p_org_id, i.id, coalesce(p_input ->> 'paymentMethod', 'cash'), i.total, i.currency, (select auth.uid())
        from public.invoices i where i.id = v_invoice.id;
    end if;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(i) from public.invoices i where i.id = v_invoice.id)));
end
$$;

-- Issue or void an invoice (PAID comes from payments).
create function public.set_invoice_status(p_org_id uuid, p_mutation_id uuid, p_invoice_id uuid, p_status public.invoice_status)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'set_invoice_status',
    jsonb_build_object('invoice', p_invoice_id, 'status', p_status));
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    update public.invoices set status = p_status where org_id = p_org_id and id = p_invoice_id;
    if not found then
      raise exception 'Invoice not found' using errcode = '23503';
    end if;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(i) from public.invoices i where i.id = p_invoice_id)));
end
$$;

-- Payments: { id?, invoiceId, method, provider?, amount, ref?, receivedAt? } — an amount, never a balance.
create function public.record_payment(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'record_payment', p_input);
  v_id uuid := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    insert into public.payments (id, org_id, invoice_id, method, provider, amount, currency, ref, received_at, created_by)
    select v_id, p_org_id, i.id, p_input ->> 'method', (p_input ->> 'provider')::public.mobile_money_provider,
           (p_input ->> 'amount')::numeric, i.currency, nullif(btrim(p_input ->> 'ref'), ''),
           coalesce((p_input ->> 'receivedAt')::timestamptz, now()), (select auth.uid())
      from public.invoices i where i.org_id = p_org_id and i.id = (p_input ->> 'invoiceId')::uuid;
    if not found then
      raise exception 'Invoice is required' using errcode = '23503';
    end if;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(p) from public.payments p where p.id = v_id)));
end
$$;

revoke execute on function public.create_product(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.adjust_stock(uuid, uuid, uuid, numeric, text) from public, anon;
revoke execute on function public.create_invoice(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.set_invoice_status(uuid, uuid, uuid, public.invoice_status) from public, anon;
revoke execute on function public.record_payment(uuid, uuid, jsonb) from public, anon;
grant execute on function private.replay(uuid, uuid, text, jsonb) to authenticated, service_role;
grant execute on function private.remember(uuid, uuid, jsonb) to authenticated, service_role;
grant execute on function private.refusal(text, text) to authenticated, service_role;
grant execute on function private.is_business_refusal(text) to authenticated, service_role;

create policy "Members can store the answer of their own mutations" on public.sync_mutations for update to authenticated
  using (created_by = (select auth.uid()) and org_id in (select private.member_org_ids()))
  with check (created_by = (select auth.uid()));
