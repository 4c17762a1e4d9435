-- Sales beyond 1300_mutations: customers saved once (offline-ready), the invoice list searched in the
-- database by number or customer name, one invoice with its lines and payments, and public share links.

-- Customers: { id?, name, email?, phone? } — creates, or edits the one with that id.
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
             phone = nullif(btrim(p_input ->> 'phone'), '')
       where org_id = p_org_id and id = v_id;
      if not found then
        raise exception 'Customer not found' using errcode = '23503';
      end if;
    else
      insert into public.customers (id, org_id, name, email, phone)
      values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'email'), ''),
              nullif(btrim(p_input ->> 'phone'), ''));
    end if;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(c) from public.customers c where c.id = v_id)));
end
$$;

create index customers_phone_trgm_idx on public.customers using gin (phone extensions.gin_trgm_ops);
create index customers_email_trgm_idx on public.customers using gin (email extensions.gin_trgm_ops);

-- The invoice list: newest first, optionally only one status, searched by number or customer name.
-- The count comes with every row so one call gives the page and the total.
create function public.search_invoices(p_org_id uuid, p_search text, p_status public.invoice_status,
  p_limit integer, p_offset integer)
returns table (id uuid, number text, status public.invoice_status, currency text, subtotal numeric, tax numeric,
               total numeric, amount_paid numeric, created_at timestamptz, issued_at timestamptz, due_at date,
               customer_id uuid, customer_name text, total_count bigint)
language sql stable set search_path = ''
as $$
  with term as (select nullif(btrim(p_search), '') as t),
  matches as (
    select i.*
      from public.invoices i, term
     where i.org_id = p_org_id
       and (p_status is null or i.status = p_status)
       and (term.t is null
            or i.number ilike '%' || term.t || '%'
            or i.customer_id in (select c.id from public.customers c
                                  where c.org_id = p_org_id and c.name ilike '%' || term.t || '%'))
  )
  select m.id, m.number::text, m.status, m.currency::text, m.subtotal, m.tax, m.total, m.amount_paid,
         m.created_at, m.issued_at, m.due_at, m.customer_id, c.name::text, count(*) over ()
    from matches m
    join public.customers c on c.org_id = m.org_id and c.id = m.customer_id
   order by m.created_at desc, m.id
   limit least(greatest(p_limit, 1), 500) offset greatest(p_offset, 0)
$$;
comment on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) is
  'One page of the invoice list, newest first, with the total count; search by number or customer name.';

-- ---------------------------------------------------------------------------------------------------
-- Share links: the token is shown once to the member who creates it; only its SHA-256 is kept.
create function public.create_invoice_share(p_org_id uuid, p_invoice_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
  v_row public.invoice_share_tokens;
begin
  insert into public.invoice_share_tokens (org_id, invoice_id, token_hash, created_by)
  values (p_org_id, p_invoice_id, encode(extensions.digest(v_token, 'sha256'), 'hex'), (select auth.uid()))
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'token', v_token, 'expiresAt', v_row.expires_at);
end
$$;

-- Revokes every live link of an invoice.
create function public.revoke_invoice_shares(p_org_id uuid, p_invoice_id uuid) returns integer
language sql set search_path = ''
as $$
  with revoked as (
    update public.invoice_share_tokens set revoked_at = now()
     where org_id = p_org_id and invoice_id = p_invoice_id and revoked_at is null
    returning 1
  )
  select count(*)::integer from revoked
$$;

-- What a customer sees through a live link: the seller, the invoice, its lines and payments. Nothing else
-- of the organization; an unknown, expired or revoked token gets null.
create function public.shared_invoice(p_token text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'organization', jsonb_build_object('name', o.name, 'country', o.country, 'currency', o.currency),
    'invoice', jsonb_build_object('number', i.number, 'status', i.status, 'currency', i.currency,
      'subtotal', i.subtotal, 'tax', i.tax, 'total', i.total, 'amountPaid', i.amount_paid,
      'issuedAt', i.issued_at, 'dueAt', i.due_at, 'createdAt', i.created_at, 'notes', i.notes,
      'customer', jsonb_build_object('name', c.name)),
    'lines', coalesce((select jsonb_agg(jsonb_build_object('description', it.description, 'qty', it.qty,
        'unitPrice', it.unit_price, 'taxRate', it.tax_rate) order by it.position)
      from public.invoice_items it where it.org_id = i.org_id and it.invoice_id = i.id), '[]'::jsonb),
    'payments', coalesce((select jsonb_agg(jsonb_build_object('amount', p.amount, 'method', p.method,
        'provider', p.provider, 'receivedAt', p.received_at) order by p.received_at)
      from public.payments p where p.org_id = i.org_id and p.invoice_id = i.id), '[]'::jsonb))
    from public.invoice_share_tokens t
    join public.invoices i on i.org_id = t.org_id and i.id = t.invoice_id
    join public.organizations o on o.id = i.org_id
    join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
   where t.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
     and t.revoked_at is null and t.expires_at > now()
$$;
comment on function public.shared_invoice(text) is
  'The read-only invoice behind a live share link (for anyone holding the token), or null.';

revoke execute on function public.save_customer(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) from public, anon;
revoke execute on function public.create_invoice_share(uuid, uuid) from public, anon;
revoke execute on function public.revoke_invoice_shares(uuid, uuid) from public, anon;
grant execute on function public.save_customer(uuid, uuid, jsonb) to authenticated;
grant execute on function public.search_invoices(uuid, text, public.invoice_status, integer, integer) to authenticated;
grant execute on function public.create_invoice_share(uuid, uuid) to authenticated;
grant execute on function public.revoke_invoice_shares(uuid, uuid) to authenticated;
revoke execute on function public.shared_invoice(text) from public;
grant execute on function public.shared_invoice(text) to anon, authenticated, service_role;
