-- ---------------------------------------------------------------------------------------------------
-- Share links: only a token's SHA-256 is kept; the token is derived from the link's id (private.share_token),
-- so a document shared again gets its live link again rather than one more: a link the caller may revoke
-- (their own, or any with share.revokeAny) with more than private.share_reuse_margin() left.
create function public.create_invoice_share(p_org_id uuid, p_invoice_id uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.invoice_share_tokens;
  v_id uuid := gen_random_uuid();
begin
  -- The table is written here only: any member may share an invoice of their organization.
  perform private.require(p_org_id);
  if not exists (select 1 from public.invoices i where i.org_id = p_org_id and i.id = p_invoice_id) then
    perform private.refuse('Invoice not found', '23503', 'INVOICE_NOT_FOUND');
  end if;
  select * into v_row from public.invoice_share_tokens t
   where t.org_id = p_org_id and t.invoice_id = p_invoice_id and t.revoked_at is null
     and t.expires_at > now() + private.share_reuse_margin()
     and (t.created_by = (select auth.uid()) or private.can(p_org_id, 'share.revokeAny'))
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
  perform private.require(p_org_id);
  with revoked as (
    update public.invoice_share_tokens set revoked_at = now()
     where org_id = p_org_id and invoice_id = p_invoice_id and revoked_at is null
       and (created_by = (select auth.uid()) or private.can(p_org_id, 'share.revokeAny'))
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
      'amountCredited', i.amount_credited, 'amountDue', i.amount_due,
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
  perform private.require(p_org_id);
  if not exists (select 1 from public.credit_notes n where n.org_id = p_org_id and n.id = p_credit_note_id) then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND');
  end if;
  select * into v_row from public.credit_note_share_tokens t
   where t.org_id = p_org_id and t.credit_note_id = p_credit_note_id and t.revoked_at is null
     and t.expires_at > now() + private.share_reuse_margin()
     and (t.created_by = (select auth.uid()) or private.can(p_org_id, 'share.revokeAny'))
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
  perform private.require(p_org_id);
  if not exists (select 1 from public.credit_notes n where n.org_id = p_org_id and n.id = p_credit_note_id) then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND');
  end if;
  update public.credit_note_share_tokens set revoked_at = now()
   where org_id = p_org_id and credit_note_id = p_credit_note_id and revoked_at is null
     and (created_by = (select auth.uid()) or private.can(p_org_id, 'share.revokeAny'));
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
