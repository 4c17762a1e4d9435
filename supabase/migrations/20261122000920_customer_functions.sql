-- ---------------------------------------------------------------------------------------------------
-- Customers: { id?, name, email?, phone?, address?, taxId? } — creates, or edits the one with that id (an
-- edit without address or taxId, from an app that did not know them yet, keeps them).
create function public.save_customer(p_org_id uuid, p_mutation_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_customer', p_input);
  v_id uuid := coalesce((p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    if exists (select 1 from public.customers c where c.id = v_id) then
      update public.customers
         set name = btrim(p_input ->> 'name'), email = nullif(btrim(p_input ->> 'email'), ''),
             phone = nullif(btrim(p_input ->> 'phone'), ''),
             address = case when p_input ? 'address' then nullif(btrim(p_input ->> 'address'), '') else address end,
             tax_id = case when p_input ? 'taxId' then nullif(btrim(p_input ->> 'taxId'), '') else tax_id end
       where org_id = p_org_id and id = v_id;
      if not found then
        perform private.refuse('Customer not found', '23503', 'CUSTOMER_NOT_FOUND');
      end if;
    else
      insert into public.customers (id, org_id, name, email, phone, address, tax_id)
      values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'email'), ''),
              nullif(btrim(p_input ->> 'phone'), ''), nullif(btrim(p_input ->> 'address'), ''),
              nullif(btrim(p_input ->> 'taxId'), ''));
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
    jsonb_build_object('data', (select to_jsonb(c) from public.customers c where c.id = v_id)));
end
$$;
revoke execute on function public.save_customer(uuid, uuid, jsonb) from public, anon;
grant execute on function public.save_customer(uuid, uuid, jsonb) to authenticated;

-- Removes a customer entered by mistake, once per mutation id, under the caller's RLS: owners and managers
-- (the table's delete policy); one with invoices, subscriptions or documents is refused with its reason by
-- the table's trigger (private.guard_customer_delete) and is merged instead. The audit trail keeps the deleted row.
create function public.delete_customer(p_org_id uuid, p_mutation_id uuid, p_customer_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'delete_customer',
    jsonb_build_object('customer', p_customer_id));
  v_row public.customers;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.require(p_org_id, 'customer.delete', 'Only owners and managers remove customers',
      'CUSTOMER_DELETE_FORBIDDEN');
    delete from public.customers where org_id = p_org_id and id = p_customer_id returning * into v_row;
    if v_row.id is null then
      perform private.refuse('Customer not found', '23503', 'CUSTOMER_NOT_FOUND', null, 'customerId');
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_row)));
end
$$;
comment on function public.delete_customer(uuid, uuid, uuid) is
  'Removes a customer nothing refers to (owners and managers), once per mutation id; one with invoices, subscriptions or documents is refused (CUSTOMER_HAS_INVOICES, CUSTOMER_HAS_SUBSCRIPTIONS, CUSTOMER_HAS_DOCUMENTS) and merged instead; audited.';
revoke execute on function public.delete_customer(uuid, uuid, uuid) from public, anon;
grant execute on function public.delete_customer(uuid, uuid, uuid) to authenticated, service_role;

-- A customer entered twice, merged into the one kept: everything that refers to the duplicate (its
-- invoices, issued or not, with their payments, credit notes and refunds; its subscriptions; its statement
-- links; the documents filed under it) moves to the customer kept, whose empty contact details are filled
-- from the duplicate's, then the duplicate is removed. The kept customer's statement then has both histories, each currency on its own
-- (a customer has no currency of their own, so two customers billed in different currencies merge too).
-- Owners and managers (who may remove customers), within one organization. The moves are rows of the
-- audit trail like any other change; an issued invoice's customer changes only here (the invoice's rule lets
-- the move through only while this function says which customer goes into which).
create function private.merge_customers(p_org_id uuid, p_from uuid, p_into uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoices integer;
  v_subscriptions integer;
  v_links integer;
  v_documents integer;
  v_fill text;
begin
  perform private.require(p_org_id, 'customer.merge', 'Only owners and managers merge customers',
    'CUSTOMER_MERGE_FORBIDDEN');
  if p_from is null or p_into is null or p_from = p_into then
    perform private.refuse('A customer is merged into another one', '23514', 'CUSTOMER_MERGE_SAME', null, 'into');
  end if;
  -- Both locked, in the same order whoever merges, so nothing is added to the duplicate meanwhile (a new
  -- invoice for it waits, then finds it gone).
  perform 1 from public.customers c where c.org_id = p_org_id and c.id in (p_from, p_into) order by c.id for update;
  if not exists (select 1 from public.customers c where c.org_id = p_org_id and c.id = p_from) then
    perform private.refuse('Customer not found', '23503', 'CUSTOMER_NOT_FOUND', null, 'customerId');
  end if;
  if not exists (select 1 from public.customers c where c.org_id = p_org_id and c.id = p_into) then
    perform private.refuse('The customer to keep is not one of this organization''s', '23503',
      'CUSTOMER_NOT_FOUND', null, 'into');
  end if;

  perform set_config('kasuwa.merging_customers', format('%s>%s@%s', p_from, p_into, pg_catalog.pg_current_xact_id()),
                     true);
  update public.invoices set customer_id = p_into where org_id = p_org_id and customer_id = p_from;
  get diagnostics v_invoices = row_count;
  update public.subscriptions set customer_id = p_into where org_id = p_org_id and customer_id = p_from;
  get diagnostics v_subscriptions = row_count;
  update public.statement_share_tokens set customer_id = p_into where org_id = p_org_id and customer_id = p_from;
  get diagnostics v_links = row_count;
  perform set_config('kasuwa.merging_customers', '', true);
  update public.documents set related_entity_id = p_into
   where org_id = p_org_id and related_entity_type = 'customers' and related_entity_id = p_from;
  get diagnostics v_documents = row_count;

  -- The kept customer's empty details (e-mail, phone and any detail a customer has) from the duplicate's;
  -- what identifies and dates the customer kept stays its own.
  select string_agg(format('%1$I = case when k.%1$I is null or k.%1$I::text = '''' then d.%1$I else k.%1$I end',
                           a.attname), ', ' order by a.attnum)
    into v_fill
    from pg_catalog.pg_attribute a
   where a.attrelid = 'public.customers'::regclass and a.attnum > 0 and not a.attisdropped
     and a.attname not in ('id', 'org_id', 'name', 'archived', 'version', 'created_at', 'updated_at', 'created_by');
  execute format('update public.customers k set %s from public.customers d
                   where k.org_id = $1 and k.id = $2 and d.org_id = $1 and d.id = $3', v_fill)
    using p_org_id, p_into, p_from;
  delete from public.customers where org_id = p_org_id and id = p_from;

  return jsonb_build_object(
    'customer', (select to_jsonb(c) from public.customers c where c.org_id = p_org_id and c.id = p_into),
    'mergedId', p_from, 'invoices', v_invoices, 'subscriptions', v_subscriptions, 'shareLinks', v_links,
    'documents', v_documents);
end
$$;
revoke all on function private.merge_customers(uuid, uuid, uuid) from public, anon;
grant execute on function private.merge_customers(uuid, uuid, uuid) to authenticated, service_role;

-- Merges a duplicate customer into the one kept, once per mutation id: { data: { customer, mergedId,
-- invoices, subscriptions, shareLinks, documents } } or { error } (CUSTOMER_MERGE_FORBIDDEN,
-- CUSTOMER_MERGE_SAME, CUSTOMER_NOT_FOUND).
create function public.merge_customers(p_org_id uuid, p_mutation_id uuid, p_from uuid, p_into uuid)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'merge_customers',
    jsonb_build_object('from', p_from, 'into', p_into));
  v_data jsonb;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_data := private.merge_customers(p_org_id, p_from, p_into);
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
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', v_data));
end
$$;
comment on function public.merge_customers(uuid, uuid, uuid, uuid) is
  'Merges a duplicate customer into the one kept (owners and managers, one organization), once per mutation id: its invoices, subscriptions, statement links and documents move, empty details are filled from it, then it is removed; audited.';
revoke execute on function public.merge_customers(uuid, uuid, uuid, uuid) from public, anon;
grant execute on function public.merge_customers(uuid, uuid, uuid, uuid) to authenticated, service_role;
