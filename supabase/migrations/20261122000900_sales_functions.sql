-- Sales, the functions the app calls: invoices created (from lines or the quick form), issued or voided,
-- a QUOTE edited, payments recorded, customers saved — each applied once per (organization, mutation id)
-- (see 20261122000300_offline_mutations.sql) — and the invoice and customer lists searched in the
-- database, and public share links.

-- ---------------------------------------------------------------------------------------------------
-- Invoices: { id?, customerId, currency?, dueAt?, notes?, status?: QUOTE|ISSUED|PAID,
--             lines: [{ productId?, description, qty, unitPrice, taxRate }],
--             payment?: { method, provider?, ref?, receivedAt? } }
-- or the quick form { customerId, total, ... } (one line). PAID issues the invoice and records a payment
-- of the total, in the same transaction, with the payment's method (cash when none is given, or the quick
-- form's paymentMethod), provider, reference and date (now when none); only the roles that record payments
-- (OWNER, MANAGER, ACCOUNTANT) may create an invoice as PAID.
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
      raise exception 'An invoice is created as QUOTE, ISSUED or PAID' using errcode = '23514',
        hint = json_build_object('reason', 'INVOICE_STATUS_INVALID', 'field', 'status')::text;
    end if;
    if v_status = 'PAID' then
      perform private.require_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}',
        'Only owners, managers and accountants record payments, so only they create an invoice as paid',
        'PAID_INVOICE_FORBIDDEN');
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      if (p_input ->> 'total') is null then
        raise exception 'Total amount is required' using errcode = '23514',
        hint = json_build_object('reason', 'TOTAL_REQUIRED', 'field', 'total')::text;
      end if;
      v_lines := jsonb_build_array(jsonb_build_object(
        'description', coalesce(nullif(btrim(p_input ->> 'description'), ''), 'Sale'), 'qty', 1,
        'unitPrice', p_input ->> 'total', 'taxRate', 0));
    end if;
    select o.default_tax_rate into v_tax from public.organizations o where o.id = p_org_id;
    insert into public.invoices (id, org_id, customer_id, currency, due_at, notes, created_by)
    values (coalesce((p_input ->> 'id')::uuid, gen_random_uuid()), p_org_id, (p_input ->> 'customerId')::uuid,
            upper(coalesce(p_input ->> 'currency', (select o.currency from public.organizations o where o.id = p_org_id))),
            private.org_date(p_org_id, p_input ->> 'dueAt', 'dueAt'), nullif(btrim(p_input ->> 'notes'), ''), (select auth.uid()))
    returning * into v_invoice;
    insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
    select p_org_id, v_invoice.id, (l.value ->> 'productId')::uuid, btrim(l.value ->> 'description'),
           private.to_number(l.value ->> 'qty', 'qty'), private.to_number(l.value ->> 'unitPrice', 'unitPrice'),
           coalesce(private.to_number(l.value ->> 'taxRate', 'taxRate'), v_tax, 0), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l;
    if v_status in ('ISSUED', 'PAID') then
      update public.invoices set status = 'ISSUED' where id = v_invoice.id;
    end if;
    if v_status = 'PAID' then
      insert into public.payments (org_id, invoice_id, method, provider, amount, currency, ref, received_at, created_by)
      select p_org_id, i.id,
             coalesce(nullif(btrim(p_input #>> '{payment,method}'), ''), nullif(btrim(p_input ->> 'paymentMethod'), ''), 'cash'),
             (nullif(p_input #>> '{payment,provider}', ''))::public.mobile_money_provider, i.total, i.currency,
             nullif(btrim(p_input #>> '{payment,ref}'), ''),
             coalesce(private.org_instant(p_org_id, p_input #>> '{payment,receivedAt}', 'payment.receivedAt'), now()),
             (select auth.uid())
        from public.invoices i where i.id = v_invoice.id;
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
      raise exception 'Invoice not found' using errcode = '23503',
        hint = json_build_object('reason', 'INVOICE_NOT_FOUND')::text;
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
           private.to_number(p_input ->> 'amount', 'amount'), i.currency, nullif(btrim(p_input ->> 'ref'), ''),
           coalesce(private.org_instant(p_org_id, p_input ->> 'receivedAt', 'receivedAt'), now()), (select auth.uid())
      from public.invoices i where i.org_id = p_org_id and i.id = (p_input ->> 'invoiceId')::uuid;
    if not found then
      raise exception 'Invoice is required' using errcode = '23503',
        hint = json_build_object('reason', 'INVOICE_REQUIRED', 'field', 'invoiceId')::text;
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
    jsonb_build_object('data', (select to_jsonb(p) from public.payments p where p.id = v_id)));
end
$$;

-- The payments that count (not reversed) recorded with a reference, however it was spaced or capitalised: the
-- app asks before it records a payment whose reference was already used (the same mobile-money message typed
-- twice), and lets the member save it anyway. Run as the caller: row-level security shows what they may see.
create function public.payments_with_reference(p_org_id uuid, p_ref text) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'receiptNumber', p.receipt_number, 'amount', p.amount, 'currency', p.currency,
           'method', p.method, 'provider', p.provider, 'ref', p.ref, 'receivedAt', p.received_at,
           'invoice', jsonb_build_object('id', i.id, 'number', i.number, 'currency', i.currency,
                                         'customer', jsonb_build_object('name', c.name)))
         order by p.received_at desc, p.id), '[]'::jsonb)
    from (select * from public.payments p
           where p.org_id = p_org_id and p.ref is not null
             and private.payment_ref_key(p.ref) = private.payment_ref_key(p_ref)
             and not exists (select 1 from public.payment_reversals r
                              where r.org_id = p.org_id and r.payment_id = p.id)
           order by p.received_at desc, p.id limit 10) p
    join public.invoices i on i.org_id = p.org_id and i.id = p.invoice_id
    join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
$$;
comment on function public.payments_with_reference(uuid, text) is
  'The payments that count recorded with this reference (case and spaces ignored), newest first, at most 10: what the app warns of before recording the same reference again.';
revoke execute on function public.payments_with_reference(uuid, text) from public, anon;
grant execute on function public.payments_with_reference(uuid, text) to authenticated, service_role;

revoke execute on function public.create_invoice(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.set_invoice_status(uuid, uuid, uuid, public.invoice_status) from public, anon;
revoke execute on function public.record_payment(uuid, uuid, jsonb) from public, anon;

-- ---------------------------------------------------------------------------------------------------
-- Corrections (docs/decisions/010-corrections.md). A payment is taken back by a reversal: a counter-entry
-- with its reason, written by private.insert_payment_reversal (the table is written by functions only), whose
-- trigger takes the amount off the invoice. Owners, managers and accountants; once per payment.
create function private.insert_payment_reversal(p_org_id uuid, p_payment_id uuid, p_reason text)
returns public.payment_reversals
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.payment_reversals;
begin
  perform private.require_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}',
    'Only owners, managers and accountants reverse a payment', 'PAYMENT_REVERSE_FORBIDDEN');
  insert into public.payment_reversals (org_id, payment_id, reason, created_by)
  values (p_org_id, p_payment_id, p_reason, (select auth.uid()))
  returning * into v_row;
  return v_row;
end
$$;
revoke all on function private.insert_payment_reversal(uuid, uuid, text) from public, anon;
grant execute on function private.insert_payment_reversal(uuid, uuid, text) to authenticated, service_role;

-- Reverses a payment once per mutation id: { data: the reversal } or { error } (PAYMENT_ALREADY_REVERSED,
-- REVERSAL_REASON_REQUIRED, PAYMENT_REVERSE_FORBIDDEN, PAYMENT_NOT_FOUND…).
create function public.reverse_payment(p_org_id uuid, p_mutation_id uuid, p_payment_id uuid, p_reason text)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'reverse_payment',
    jsonb_build_object('payment', p_payment_id, 'reason', p_reason));
  v_row public.payment_reversals;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    v_row := private.insert_payment_reversal(p_org_id, p_payment_id, p_reason);
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
comment on function public.reverse_payment(uuid, uuid, uuid, text) is
  'Takes a payment back with a reason (a counter-entry; the payment is never changed), once per payment and per mutation id: owners, managers and accountants.';
revoke execute on function public.reverse_payment(uuid, uuid, uuid, text) from public, anon;
grant execute on function public.reverse_payment(uuid, uuid, uuid, text) to authenticated, service_role;

-- Deletes a payment recorded by mistake, once per mutation id, under the caller's RLS: the payments table's
-- trigger (private.guard_payment_delete) allows owners and managers, within 24 hours, a payment not reversed,
-- and puts the invoice's balance back; the audit trail keeps the deleted row.
create function public.delete_payment(p_org_id uuid, p_mutation_id uuid, p_payment_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'delete_payment',
    jsonb_build_object('payment', p_payment_id));
  v_row public.payments;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    delete from public.payments where org_id = p_org_id and id = p_payment_id returning * into v_row;
    if v_row.id is null then
      perform private.refuse('Payment not found', '23503', 'PAYMENT_NOT_FOUND', null, 'paymentId');
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
comment on function public.delete_payment(uuid, uuid, uuid) is
  'Deletes a payment recorded by mistake (owners and managers, within 24 hours, not reversed), once per mutation id; audited.';
revoke execute on function public.delete_payment(uuid, uuid, uuid) from public, anon;
grant execute on function public.delete_payment(uuid, uuid, uuid) to authenticated, service_role;

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
  perform private.require_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}',
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
  perform private.require_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}',
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
      raise exception 'Invoice not found' using errcode = '23503',
        hint = json_build_object('reason', 'INVOICE_NOT_FOUND')::text;
    end if;
    if v_status <> 'QUOTE' then
      raise exception 'Only a QUOTE can be edited' using errcode = '23514',
        hint = json_build_object('reason', 'INVOICE_NOT_QUOTE')::text;
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      raise exception 'An invoice needs at least one line' using errcode = '23514',
        hint = json_build_object('reason', 'LINES_REQUIRED', 'field', 'lines')::text;
    end if;
    update public.invoices
       set customer_id = (p_input ->> 'customerId')::uuid,
           currency = upper(coalesce(p_input ->> 'currency', currency)),
           due_at = private.org_date(p_org_id, p_input ->> 'dueAt', 'dueAt'),
           notes = nullif(btrim(p_input ->> 'notes'), '')
     where org_id = p_org_id and id = p_invoice_id;
    if not found then
      raise exception 'You can edit only the quotes you created' using errcode = '42501',
        hint = json_build_object('reason', 'QUOTE_NOT_YOURS')::text;
    end if;
    select o.default_tax_rate into v_tax from public.organizations o where o.id = p_org_id;
    delete from public.invoice_items where org_id = p_org_id and invoice_id = p_invoice_id;
    insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
    select p_org_id, p_invoice_id, (l.value ->> 'productId')::uuid, btrim(l.value ->> 'description'),
           private.to_number(l.value ->> 'qty', 'qty'), private.to_number(l.value ->> 'unitPrice', 'unitPrice'),
           coalesce(private.to_number(l.value ->> 'taxRate', 'taxRate'), v_tax, 0), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l;
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
    jsonb_build_object('data', (select to_jsonb(i) from public.invoices i where i.id = p_invoice_id)));
end
$$;
comment on function public.update_quote(uuid, uuid, uuid, jsonb) is
  'Replaces a QUOTE''s customer, currency, due date, notes and lines, once per mutation id, under the caller''s RLS.';

revoke execute on function public.update_quote(uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function public.update_quote(uuid, uuid, uuid, jsonb) to authenticated, service_role;

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
        raise exception 'Customer not found' using errcode = '23503',
        hint = json_build_object('reason', 'CUSTOMER_NOT_FOUND')::text;
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
    perform private.require_role(p_org_id, '{OWNER,MANAGER}', 'Only owners and managers remove customers',
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
  perform private.require_role(p_org_id, '{OWNER,MANAGER}', 'Only owners and managers merge customers',
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

-- ---------------------------------------------------------------------------------------------------
-- The invoice and customer lists, fast at 100,000 invoices and 20,000 customers. Row-level security keeps
-- PostgreSQL from using an index for a condition whose operator is not leakproof (ILIKE is not): under
-- RLS a search by name scanned every row of every organization. So the lists check membership
-- themselves, exactly as the tables' read policies do, then search one organization's rows with the
-- trigram indexes as their owner (security definer); they never return another organization's rows.
-- Each call is planned for its own term (plan_cache_mode = force_custom_plan): a generic plan, made once
-- for any term, cannot use the trigram indexes and scans the table.
--
-- The invoice list: newest first, optionally only one status, searched by number or customer name, with
-- the count on every row so one call gives the page and the total. The page is read first by the
-- (org_id, created_at) index; the total of the unfiltered list is the organization's invoice counter
-- (numbers are gap-free and invoices are never deleted, so the last number is the count).
create function public.search_invoices(p_org_id uuid, p_search text, p_status public.invoice_status,
  p_limit integer, p_offset integer)
returns table (id uuid, number text, status public.invoice_status, currency text, subtotal numeric, tax numeric,
               total numeric, amount_paid numeric, amount_credited numeric, created_at timestamptz, issued_at timestamptz, due_at date,
               customer_id uuid, customer_name text, total_count bigint)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_term text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := private.contains_pattern(coalesce(v_term, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
  -- How the term meets invoice numbers (see below); "all" when (nearly) every number contains it ("INV-").
  v_mode text := case when v_term is null or v_term ~* '^(i|in|inv|inv-)$' then 'all'
                      when v_term ~* '^(inv|quo)-?[0-9]+$' then 'prefix'
                      when v_term ~ '^[0-9]+$' then 'digits'
                      else 'text' end;
  -- INV-0012 looks among invoices, QUO-0012 among quotes; digits alone among both.
  v_series text := case when v_term ~* '^quo' then 'QUO-%' when v_term ~* '^inv' then 'INV-%' else '%' end;
  v_digits text := regexp_replace(coalesce(v_term, ''), '^([iI][nN][vV]|[qQ][uU][oO])-?', '');
begin
  perform private.require_role(p_org_id);
  if v_mode = 'all' then
    if p_status is null then
      -- Every issued invoice took a number and none is ever deleted; the quotes not issued are counted.
      select coalesce(max(c.last_number), 0)
             + (select count(*) from public.invoices q where q.org_id = p_org_id and q.number like 'QUO-%')
        into v_total from public.invoice_counters c where c.org_id = p_org_id;
    else
      select count(*) into v_total from public.invoices i where i.org_id = p_org_id and i.status = p_status;
    end if;
    return query
      select i.id, i.number::text, i.status, i.currency::text, i.subtotal::numeric, i.tax::numeric, i.total::numeric,
             i.amount_paid::numeric, i.amount_credited::numeric,
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
      -- Numbers are INV- (QUO- for a quote) and six digits: "INV-0099" is a prefix of the digits, "9999"
      -- anywhere in them, each through an index on the digits alone (every number shares "INV-0", which a
      -- trigram search would have to read 100,000 times); any other term is matched against the whole
      -- number. Each call is planned with its own term, so only the branch that applies runs.
      select x.id from public.invoices x
       where v_mode = 'prefix' and x.org_id = p_org_id and substr(x.number, 5) like v_digits || '%'
         and x.number like v_series
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
    select i.id, i.number::text, i.status, i.currency::text, i.subtotal::numeric, i.tax::numeric, i.total::numeric,
           i.amount_paid::numeric, i.amount_credited::numeric,
           i.created_at, i.issued_at, i.due_at, i.customer_id, c.name::text, (select count(*) from matched)
      from (select * from matched m order by m.created_at desc, m.id limit v_limit offset v_offset) i
      join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
     order by i.created_at desc, i.id;
end
$$;
comment on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) is
  'One page of the invoice list, newest first, with the total count; search by number or customer name.';
revoke execute on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) from public, anon;
grant execute on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) to authenticated;

-- Customers: { total, rows } — newest first, searched by name, phone or email.
create function public.list_customers(p_org_id uuid, p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan
as $$
declare
  v_term text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := private.contains_pattern(coalesce(v_term, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  -- A term that reads as a phone number (digits, spaces, + - . ( ), at least 3 digits) is also matched on
  -- the digits of each number, whatever their spacing.
  v_digits text := case when v_term ~ '^[0-9 +().-]+$' and length(private.phone_digits(v_term)) >= 3
                        then '%' || private.phone_digits(v_term) || '%' end;
begin
  perform private.require_role(p_org_id);
  return jsonb_build_object(
    'total', (select count(*) from public.customers c
               where c.org_id = p_org_id and not c.archived
                 and (v_term is null or c.name ilike v_pattern or c.phone ilike v_pattern or c.email ilike v_pattern
                      or (c.phone is not null and private.phone_digits(c.phone) like v_digits))),
    'rows', coalesce((
      select jsonb_agg(to_jsonb(page) order by page.n)
        from (select c.id, c.name, c.email, c.phone, c.address, c.tax_id, c.created_at,
                     row_number() over (order by c.created_at desc, c.id) as n
                from (select * from public.customers c
                       where c.org_id = p_org_id and not c.archived
                         and (v_term is null or c.name ilike v_pattern or c.phone ilike v_pattern or c.email ilike v_pattern
                              or (c.phone is not null and private.phone_digits(c.phone) like v_digits))
                       order by c.created_at desc, c.id
                       limit v_limit offset v_offset) c) page), '[]'::jsonb));
end
$$;
comment on function public.list_customers(uuid, text, integer, integer) is
  'One page of an organization''s customers (newest first) with the total, searched with the trigram indexes; members only.';
revoke execute on function public.list_customers(uuid, text, integer, integer) from public, anon;
grant execute on function public.list_customers(uuid, text, integer, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Share links: only a token's SHA-256 is kept; the token is derived from the link's id (private.share_token),
-- so a document shared again gets its live link again rather than one more: a link the caller may revoke
-- (their own, or any for owners, managers and accountants) with more than private.share_reuse_margin() left.
create function public.create_invoice_share(p_org_id uuid, p_invoice_id uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.invoice_share_tokens;
  v_id uuid := gen_random_uuid();
begin
  -- The table is written here only: any member may share an invoice of their organization.
  perform private.require_role(p_org_id);
  if not exists (select 1 from public.invoices i where i.org_id = p_org_id and i.id = p_invoice_id) then
    perform private.refuse('Invoice not found', '23503', 'INVOICE_NOT_FOUND');
  end if;
  select * into v_row from public.invoice_share_tokens t
   where t.org_id = p_org_id and t.invoice_id = p_invoice_id and t.revoked_at is null
     and t.expires_at > now() + private.share_reuse_margin()
     and (t.created_by = (select auth.uid()) or private.has_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}'))
     and t.token_hash = private.share_token_hash(private.share_token(t.id))
   order by t.expires_at desc
   limit 1;
  if found then
    return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                              'expiresAt', v_row.expires_at, 'reused', true);
  end if;
  insert into public.invoice_share_tokens (id, org_id, invoice_id, token_hash, created_by)
  values (v_id, p_org_id, p_invoice_id, private.share_token_hash(private.share_token(v_id)), (select auth.uid()))
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                            'expiresAt', v_row.expires_at, 'reused', false);
end
$$;

-- Revokes every live link of an invoice: the links the caller created, or every link for owners,
-- managers and accountants. Revocation is one-way.
create function public.revoke_invoice_shares(p_org_id uuid, p_invoice_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.require_role(p_org_id);
  with revoked as (
    update public.invoice_share_tokens set revoked_at = now()
     where org_id = p_org_id and invoice_id = p_invoice_id and revoked_at is null
       and (created_by = (select auth.uid()) or private.has_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}'))
    returning 1
  )
  select count(*)::integer into v_count from revoked;
  return v_count;
end
$$;

-- What a customer sees through a live link: the seller, the invoice, its lines and payments (those taken
-- back left out: the amount paid is net of them). Nothing else of the organization; an unknown, expired or
-- revoked token gets null.
create function public.shared_invoice(p_token text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'organization', private.seller_json(i.org_id),
    'invoice', jsonb_build_object('number', i.number, 'quoteNumber', i.quote_number, 'status', i.status,
      'currency', i.currency,
      'subtotal', i.subtotal, 'tax', i.tax, 'total', i.total, 'amountPaid', i.amount_paid,
      'amountCredited', i.amount_credited,
      'issuedAt', i.issued_at, 'dueAt', i.due_at, 'createdAt', i.created_at, 'notes', i.notes,
      'customer', jsonb_build_object('name', c.name, 'address', c.address, 'taxId', c.tax_id)),
    'lines', coalesce((select jsonb_agg(jsonb_build_object('description', it.description, 'qty', it.qty,
        'unitPrice', it.unit_price, 'taxRate', it.tax_rate, 'discountPercent', it.discount_percent)
        order by it.position)
      from public.invoice_items it where it.org_id = i.org_id and it.invoice_id = i.id), '[]'::jsonb),
    'payments', coalesce((select jsonb_agg(jsonb_build_object('amount', p.amount, 'method', p.method,
        'provider', p.provider, 'receivedAt', p.received_at, 'ref', p.ref, 'receiptNumber', p.receipt_number,
        'balanceAfter', p.balance_after) order by p.received_at, p.receipt_number)
      from public.payments p where p.org_id = i.org_id and p.invoice_id = i.id
       and not exists (select 1 from public.payment_reversals r where r.org_id = p.org_id and r.payment_id = p.id)),
      '[]'::jsonb),
    -- The credit notes its "Credited" line names.
    'creditNotes', coalesce((select jsonb_agg(jsonb_build_object('number', n.number, 'total', n.total)
        order by n.created_at, n.number)
      from public.credit_notes n where n.org_id = i.org_id and n.invoice_id = i.id), '[]'::jsonb))
    from public.invoice_share_tokens t
    join public.invoices i on i.org_id = t.org_id and i.id = t.invoice_id
    join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
   where t.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
     and t.revoked_at is null and t.expires_at > now()
$$;
comment on function public.shared_invoice(text) is
  'The read-only invoice behind a live share link (for anyone holding the token), or null.';

-- A credit note's link, as an invoice's: any member may share one (every member reads credit notes).
create function public.create_credit_note_share(p_org_id uuid, p_credit_note_id uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.credit_note_share_tokens;
  v_id uuid := gen_random_uuid();
begin
  perform private.require_role(p_org_id);
  if not exists (select 1 from public.credit_notes n where n.org_id = p_org_id and n.id = p_credit_note_id) then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND');
  end if;
  select * into v_row from public.credit_note_share_tokens t
   where t.org_id = p_org_id and t.credit_note_id = p_credit_note_id and t.revoked_at is null
     and t.expires_at > now() + private.share_reuse_margin()
     and (t.created_by = (select auth.uid()) or private.has_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}'))
     and t.token_hash = private.share_token_hash(private.share_token(t.id))
   order by t.expires_at desc
   limit 1;
  if found then
    return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                              'expiresAt', v_row.expires_at, 'reused', true);
  end if;
  insert into public.credit_note_share_tokens (id, org_id, credit_note_id, token_hash, created_by)
  values (v_id, p_org_id, p_credit_note_id, private.share_token_hash(private.share_token(v_id)), (select auth.uid()))
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                            'expiresAt', v_row.expires_at, 'reused', false);
end
$$;

-- Revokes every live link of a credit note the caller may revoke (their own; every one for owners, managers
-- and accountants); null when the caller sees no such credit note.
create function public.revoke_credit_note_shares(p_org_id uuid, p_credit_note_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.require_role(p_org_id);
  if not exists (select 1 from public.credit_notes n where n.org_id = p_org_id and n.id = p_credit_note_id) then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND');
  end if;
  update public.credit_note_share_tokens set revoked_at = now()
   where org_id = p_org_id and credit_note_id = p_credit_note_id and revoked_at is null
     and (created_by = (select auth.uid()) or private.has_role(p_org_id, '{OWNER,MANAGER,ACCOUNTANT}'));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- What a customer sees through a live credit-note link: the seller, the credit note with its lines and
-- refunds, the customer's name (with a business's address and tax ID) and the invoice it credits. No ids; null for an unknown, expired or revoked
-- token.
create function public.shared_credit_note(p_token text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'seller', private.seller_json(n.org_id),
    'note', jsonb_build_object('number', n.number, 'currency', n.currency, 'subtotal', n.subtotal,
      'tax', n.tax, 'total', n.total, 'reason', n.reason, 'restock', n.restock, 'createdAt', n.created_at,
      'lines', coalesce((select jsonb_agg(jsonb_build_object('description', l.description, 'qty', l.qty,
          'unitPrice', l.unit_price, 'taxRate', l.tax_rate, 'amount', l.amount, 'tax', l.tax) order by l.position)
        from public.credit_note_lines l where l.org_id = n.org_id and l.credit_note_id = n.id), '[]'::jsonb),
      'refunds', coalesce((select jsonb_agg(jsonb_build_object('amount', r.amount, 'method', r.method,
          'provider', r.provider, 'ref', r.ref, 'refundedAt', r.refunded_at) order by r.refunded_at)
        from public.refunds r where r.org_id = n.org_id and r.credit_note_id = n.id), '[]'::jsonb)),
    'customer', jsonb_build_object('name', c.name, 'address', c.address, 'taxId', c.tax_id),
    'invoice', jsonb_build_object('number', i.number, 'total', i.total, 'issuedAt', i.issued_at))
    from public.credit_note_share_tokens t
    join public.credit_notes n on n.org_id = t.org_id and n.id = t.credit_note_id
    join public.invoices i on i.org_id = n.org_id and i.id = n.invoice_id
    join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
   where t.token_hash = private.share_token_hash(p_token)
     and t.revoked_at is null and t.expires_at > now()
$$;
comment on function public.shared_credit_note(text) is
  'The read-only credit note behind a live share link (for anyone holding the token), or null.';
revoke execute on function public.create_credit_note_share(uuid, uuid) from public, anon;
revoke execute on function public.revoke_credit_note_shares(uuid, uuid) from public, anon;
grant execute on function public.create_credit_note_share(uuid, uuid) to authenticated, service_role;
grant execute on function public.revoke_credit_note_shares(uuid, uuid) to authenticated, service_role;
-- Only /api reads a shared credit note (service role), after spending the visitor's request budget.
revoke execute on function public.shared_credit_note(text) from public, anon, authenticated;
grant execute on function public.shared_credit_note(text) to service_role;

revoke execute on function public.create_invoice_share(uuid, uuid) from public, anon;
revoke execute on function public.revoke_invoice_shares(uuid, uuid) from public, anon;
grant execute on function public.create_invoice_share(uuid, uuid) to authenticated, service_role;
grant execute on function public.revoke_invoice_shares(uuid, uuid) to authenticated;
revoke execute on function public.shared_invoice(text) from public;
-- Only /api reads a shared invoice (service role), after spending the visitor's request budget.
revoke execute on function public.shared_invoice(text) from anon, authenticated;
grant execute on function public.shared_invoice(text) to service_role;
