-- Editing a QUOTE: its customer, currency, due date, notes and lines, replaced in one step and applied
-- once per mutation id (PUT /api/invoices/:id, also replayed from the offline outbox). Run as the caller:
-- RLS lets owners, managers and accountants edit any quote and a SALES member only the quotes they
-- created; the table triggers keep the rest (only a QUOTE's lines change; totals come from the lines,
-- re-rounded in the new currency). Input: { customerId, currency?, dueAt?, notes?, lines: [...] }.

create function public.update_quote(p_org_id uuid, p_mutation_id uuid, p_invoice_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'update_quote',
    jsonb_build_object('invoice', p_invoice_id, 'input', p_input));
  v_status public.invoice_status;
  v_lines jsonb := p_input -> 'lines';
  v_tax numeric;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    select i.status into v_status from public.invoices i where i.org_id = p_org_id and i.id = p_invoice_id;
    if v_status is null then
      raise exception 'Invoice not found' using errcode = '23503';
    end if;
    if v_status <> 'QUOTE' then
      raise exception 'Only a QUOTE can be edited' using errcode = '23514';
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      raise exception 'An invoice needs at least one line' using errcode = '23514';
    end if;
    update public.invoices
       set customer_id = (p_input ->> 'customerId')::uuid,
           currency = upper(coalesce(p_input ->> 'currency', currency)),
           due_at = (p_input ->> 'dueAt')::date,
           notes = nullif(btrim(p_input ->> 'notes'), '')
     where org_id = p_org_id and id = p_invoice_id;
    if not found then
      raise exception 'You can edit only the quotes you created' using errcode = '42501';
    end if;
    select o.default_tax_rate into v_tax from public.organizations o where o.id = p_org_id;
    delete from public.invoice_items where org_id = p_org_id and invoice_id = p_invoice_id;
    insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
    select p_org_id, p_invoice_id, (l.value ->> 'productId')::uuid, btrim(l.value ->> 'description'),
           (l.value ->> 'qty')::numeric, (l.value ->> 'unitPrice')::numeric,
           coalesce((l.value ->> 'taxRate')::numeric, v_tax, 0), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l;
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
comment on function public.update_quote(uuid, uuid, uuid, jsonb) is
  'Replaces a QUOTE''s customer, currency, due date, notes and lines, once per mutation id, under the caller''s RLS.';

revoke execute on function public.update_quote(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.update_quote(uuid, uuid, uuid, jsonb) to authenticated, service_role;
