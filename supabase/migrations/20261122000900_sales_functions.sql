-- Sales, the functions the app calls: invoices created (from lines or the quick form), issued or voided, a
-- QUOTE edited, payments recorded, reversed or deleted — each applied once per (organization, mutation id)
-- (see 20261122000300_offline_mutations.sql) — and the invoice and customer lists searched in the database.
-- Credit notes and refunds, customers, and share links have their own files (000910, 000920, 000930).

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
      perform private.refuse('An invoice is created as QUOTE, ISSUED or PAID',
        '23514', 'INVOICE_STATUS_INVALID', null, 'status');
    end if;
    if v_status = 'PAID' then
      perform private.require(p_org_id, 'payment.record',
        'Only owners, managers and accountants record payments, so only they create an invoice as paid',
        'PAID_INVOICE_FORBIDDEN');
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      if (p_input ->> 'total') is null then
        perform private.refuse('Total amount is required', '23514', 'TOTAL_REQUIRED', null, 'total');
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
    -- The row was inserted empty (the lines need it first); the recount of its lines is its one update: its
    -- totals and, created issued, its status (private.issuing_on_creation), rather than one for each.
    if v_status in ('ISSUED', 'PAID') then
      perform set_config('kasuwa.issuing_on_creation', format('%s@%s', v_invoice.id, pg_catalog.pg_current_xact_id()),
                         true);
    end if;
    insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
    select p_org_id, v_invoice.id, (l.value ->> 'productId')::uuid, btrim(l.value ->> 'description'),
           private.to_number(l.value ->> 'qty', 'qty'), private.to_number(l.value ->> 'unitPrice', 'unitPrice'),
           coalesce(private.to_number(l.value ->> 'taxRate', 'taxRate'), v_tax, 0), l.ordinality
      from jsonb_array_elements(v_lines) with ordinality l;
    perform set_config('kasuwa.issuing_on_creation', '', true);
    -- Paid: one more update, the payment's. Its trigger must find the invoice issued, with its total, to lock
    -- it, check the balance and give the receipt its number and balance, as for any payment.
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
      perform private.refuse('Invoice not found', '23503', 'INVOICE_NOT_FOUND');
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
      perform private.refuse('Invoice is required', '23503', 'INVOICE_REQUIRED', null, 'invoiceId');
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
  perform private.require(p_org_id, 'payment.reverse',
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
      perform private.refuse('Invoice not found', '23503', 'INVOICE_NOT_FOUND');
    end if;
    if v_status <> 'QUOTE' then
      perform private.refuse('Only a QUOTE can be edited', '23514', 'INVOICE_NOT_QUOTE');
    end if;
    if v_lines is null or jsonb_typeof(v_lines) <> 'array' or jsonb_array_length(v_lines) = 0 then
      perform private.refuse('An invoice needs at least one line', '23514', 'LINES_REQUIRED', null, 'lines');
    end if;
    update public.invoices
       set customer_id = (p_input ->> 'customerId')::uuid,
           currency = upper(coalesce(p_input ->> 'currency', currency)),
           due_at = private.org_date(p_org_id, p_input ->> 'dueAt', 'dueAt'),
           notes = nullif(btrim(p_input ->> 'notes'), '')
     where org_id = p_org_id and id = p_invoice_id;
    if not found then
      perform private.refuse('You can edit only the quotes you created', '42501', 'QUOTE_NOT_YOURS');
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
               total numeric, amount_paid numeric, amount_credited numeric, amount_due numeric, created_at timestamptz,
               issued_at timestamptz, due_at date,
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
  perform private.require(p_org_id);
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
             i.amount_paid::numeric, i.amount_credited::numeric, i.amount_due::numeric,
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
           i.amount_paid::numeric, i.amount_credited::numeric, i.amount_due::numeric,
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
  perform private.require(p_org_id);
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
