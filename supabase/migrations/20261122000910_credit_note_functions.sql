-- ---------------------------------------------------------------------------------------------------
-- Credit notes and refunds (the tables are written by functions only). A credit note is made against an
-- ISSUED or PAID invoice with a reason, optionally putting the items back in stock, for the given lines
-- [{ invoiceItemId, qty }] or, with none, for everything left to credit on the invoice; the tables' triggers
-- number it, check each quantity against what is left, add it up and credit the invoice. Owners, managers
-- and accountants.
create function private.insert_credit_note(p_org_id uuid, p_invoice_id uuid, p_input jsonb)
returns public.credit_notes
language plpgsql security definer set search_path = ''
as $$
declare
  v_note public.credit_notes;
  v_lines jsonb := p_input -> 'lines';
begin
  perform private.require(p_org_id, 'creditNote.issue',
    'Only owners, managers and accountants make credit notes', 'CREDIT_NOTE_FORBIDDEN');
  if v_lines is not null and jsonb_typeof(v_lines) <> 'array' and jsonb_typeof(v_lines) <> 'null' then
    perform private.refuse('lines is a list of { invoiceItemId, qty }', '23514', 'INVALID_VALUE', null, 'lines');
  end if;
  insert into public.credit_notes (org_id, invoice_id, reason, restock, created_by)
  values (p_org_id, p_invoice_id, coalesce(p_input ->> 'reason', ''),
          coalesce((p_input ->> 'restock')::boolean, false), (select auth.uid()))
  returning * into v_note;
  if v_lines is null or jsonb_typeof(v_lines) = 'null' or jsonb_array_length(v_lines) = 0 then
    -- Everything left to credit, line by line.
    insert into public.credit_note_lines (org_id, credit_note_id, invoice_item_id, description, qty, position)
    select p_org_id, v_note.id, it.id, it.description, it.qty - coalesce(c.qty, 0), it.position
      from public.invoice_items it
      left join lateral (select sum(l.qty) as qty from public.credit_note_lines l
                          where l.org_id = it.org_id and l.invoice_item_id = it.id) c on true
     where it.org_id = p_org_id and it.invoice_id = p_invoice_id and it.qty - coalesce(c.qty, 0) > 0
     order by it.position, it.id;
  else
    if exists (select 1 from jsonb_array_elements(v_lines) l
                group by l.value ->> 'invoiceItemId' having count(*) > 1) then
      perform private.refuse('Each invoice line is credited once per credit note', '23514', 'CREDIT_LINE_TWICE',
        null, 'lines');
    end if;
    insert into public.credit_note_lines (org_id, credit_note_id, invoice_item_id, description, qty, position)
    select p_org_id, v_note.id, (l.value ->> 'invoiceItemId')::uuid, '',
           private.to_number(l.value ->> 'qty', 'qty'), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l
     where private.to_number(l.value ->> 'qty', 'qty') <> 0
     order by l.ordinality;
  end if;
  select * into v_note from public.credit_notes where id = v_note.id;
  if v_note.total <= 0 and not exists (select 1 from public.credit_note_lines l
                                        where l.org_id = p_org_id and l.credit_note_id = v_note.id) then
    perform private.refuse('Nothing left to credit on this invoice', '23514', 'NOTHING_TO_CREDIT', null, 'lines');
  end if;
  return v_note;
end
$$;
revoke all on function private.insert_credit_note(uuid, uuid, jsonb) from public, anon;
grant execute on function private.insert_credit_note(uuid, uuid, jsonb) to authenticated, service_role;

-- Makes a credit note once per mutation id: { data: the credit note } or { error } (INVOICE_NOT_CREDITABLE,
-- CREDIT_QTY_TOO_LARGE, CREDIT_REASON_REQUIRED, CREDIT_NOTE_FORBIDDEN, NOTHING_TO_CREDIT…).
-- Input: { reason, restock?, lines?: [{ invoiceItemId, qty }] }.
create function public.create_credit_note(p_org_id uuid, p_mutation_id uuid, p_invoice_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'create_credit_note',
    jsonb_build_object('invoice', p_invoice_id, 'input', p_input));
  v_row public.credit_notes;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_row := private.insert_credit_note(p_org_id, p_invoice_id, coalesce(p_input, '{}'::jsonb));
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
comment on function public.create_credit_note(uuid, uuid, uuid, jsonb) is
  'Credits an ISSUED or PAID invoice (whole or per line, optionally restocking), once per mutation id: owners, managers and accountants.';
revoke execute on function public.create_credit_note(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.create_credit_note(uuid, uuid, uuid, jsonb) to authenticated, service_role;

create function private.insert_refund(p_org_id uuid, p_credit_note_id uuid, p_input jsonb)
returns public.refunds
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.refunds;
begin
  perform private.require(p_org_id, 'refund.record',
    'Only owners, managers and accountants record refunds', 'REFUND_FORBIDDEN');
  insert into public.refunds (org_id, credit_note_id, invoice_id, amount, currency, method, provider, ref,
                              refunded_at, created_by)
  select p_org_id, n.id, n.invoice_id, private.to_number(p_input ->> 'amount', 'amount'), n.currency,
         p_input ->> 'method', (nullif(p_input ->> 'provider', ''))::public.mobile_money_provider,
         nullif(btrim(p_input ->> 'ref'), ''),
         coalesce(private.org_instant(p_org_id, p_input ->> 'refundedAt', 'refundedAt'), now()), (select auth.uid())
    from public.credit_notes n where n.org_id = p_org_id and n.id = p_credit_note_id
  returning * into v_row;
  if v_row.id is null then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND', null, 'creditNoteId');
  end if;
  return v_row;
end
$$;
revoke all on function private.insert_refund(uuid, uuid, jsonb) from public, anon;
grant execute on function private.insert_refund(uuid, uuid, jsonb) to authenticated, service_role;

-- Records a refund once per mutation id: { data: the refund } or { error } (REFUND_TOO_LARGE,
-- REFUND_FORBIDDEN, CREDIT_NOTE_NOT_FOUND…). Input: { amount, method, provider?, ref?, refundedAt? }.
create function public.record_refund(p_org_id uuid, p_mutation_id uuid, p_credit_note_id uuid, p_input jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'record_refund',
    jsonb_build_object('creditNote', p_credit_note_id, 'input', p_input));
  v_row public.refunds;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_row := private.insert_refund(p_org_id, p_credit_note_id, coalesce(p_input, '{}'::jsonb));
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
comment on function public.record_refund(uuid, uuid, uuid, jsonb) is
  'Gives money back on a credit note (at most what was overpaid on its invoice), once per mutation id: owners, managers and accountants.';
revoke execute on function public.record_refund(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.record_refund(uuid, uuid, uuid, jsonb) to authenticated, service_role;
