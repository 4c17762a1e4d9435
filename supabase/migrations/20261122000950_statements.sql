-- Customer statements: what a customer owes over a period — the opening balance, each invoice issued (owed),
-- each payment received (paid) and each payment reversed (owed again), each credit note (owed no more) and
-- refund (owed again), and the closing balance — per currency, in the organization's time zone, computed
-- here from the recorded rows (nothing is stored), for owners, managers and accountants; and a revocable
-- public link (/s/<token>) to send it to the customer, as invoices have.
--
-- The summary of each currency adds up its lines, one figure per meaning: invoiced (the invoices issued),
-- credited (the credit notes), paid (the payments net of their reversals) and refunded, so that
-- closing = opening + invoiced - credited - paid + refunded.

-- The entries of a customer's account: every invoice issued (not a quote, not a voided invoice) as money
-- owed at the moment it was issued, every payment as money paid, every reversal of a payment as money owed
-- again when it was reversed. One place for the statement and its link.
create function private.customer_entries(p_org_id uuid, p_customer_id uuid)
returns table (at timestamptz, kind text, reference text, invoice_number text, currency text, debit numeric,
               credit numeric)
language sql stable set search_path = ''
as $$
  select i.issued_at, 'INVOICE', i.number, i.number, i.currency::text, i.total, 0::numeric
    from public.invoices i
   where i.org_id = p_org_id and i.customer_id = p_customer_id
     and i.status in ('ISSUED', 'PAID') and i.issued_at is not null
  union all
  select p.received_at, 'PAYMENT', p.receipt_number, i.number, p.currency::text, 0::numeric, p.amount
    from public.payments p
    join public.invoices i on i.org_id = p.org_id and i.id = p.invoice_id
   where p.org_id = p_org_id and i.customer_id = p_customer_id
  union all
  select r.reversed_at, 'REVERSAL', p.receipt_number, i.number, r.currency::text, r.amount, 0::numeric
    from public.payment_reversals r
    join public.payments p on p.org_id = r.org_id and p.id = r.payment_id
    join public.invoices i on i.org_id = r.org_id and i.id = r.invoice_id
   where r.org_id = p_org_id and i.customer_id = p_customer_id
  union all
  -- A credit note lowers what the customer owes; a refund gives money back (owed again, as a payment reversed).
  select n.created_at, 'CREDIT_NOTE', n.number, i.number, n.currency::text, 0::numeric, n.total
    from public.credit_notes n
    join public.invoices i on i.org_id = n.org_id and i.id = n.invoice_id
   where n.org_id = p_org_id and i.customer_id = p_customer_id
  union all
  select f.refunded_at, 'REFUND', n.number, i.number, f.currency::text, f.amount, 0::numeric
    from public.refunds f
    join public.credit_notes n on n.org_id = f.org_id and n.id = f.credit_note_id
    join public.invoices i on i.org_id = f.org_id and i.id = f.invoice_id
   where f.org_id = p_org_id and i.customer_id = p_customer_id
$$;

-- The statement of a customer between two days (both included) of the organization's calendar.
create function private.statement(p_org_id uuid, p_customer_id uuid, p_from date, p_to date) returns jsonb
language sql stable set search_path = ''
as $$
  with org as (
    select o.timezone,
           (p_from::timestamp at time zone o.timezone) as starts_at,
           ((p_to + 1)::timestamp at time zone o.timezone) as ends_at
      from public.organizations o where o.id = p_org_id
  ),
  entries as (
    select e.* from private.customer_entries(p_org_id, p_customer_id) e, org where e.at < org.ends_at
  ),
  opening as (
    select e.currency, sum(e.debit - e.credit) as balance
      from entries e, org where e.at < org.starts_at group by e.currency
  ),
  inside as (
    select e.*, coalesce(op.balance, 0)
             + sum(e.debit - e.credit) over (partition by e.currency
                                             order by e.at, e.kind, e.reference
                                             rows between unbounded preceding and current row) as balance
      from entries e
      cross join org
      left join opening op on op.currency = e.currency
     where e.at >= org.starts_at
  ),
  currencies as (
    select currency from opening union select currency from inside
  )
  select jsonb_build_object(
    'customer', (select jsonb_build_object('name', c.name, 'email', c.email, 'phone', c.phone)
                   from public.customers c where c.org_id = p_org_id and c.id = p_customer_id),
    'seller', private.seller_json(p_org_id),
    'from', p_from,
    'to', p_to,
    'timezone', (select timezone from org),
    'accounts', coalesce((
      select jsonb_agg(jsonb_build_object(
               'currency', cur.currency,
               'opening', coalesce(op.balance, 0),
               'invoiced', coalesce((select sum(debit) from inside i
                                      where i.currency = cur.currency and i.kind = 'INVOICE'), 0),
               'credited', coalesce((select sum(credit) from inside i
                                      where i.currency = cur.currency and i.kind = 'CREDIT_NOTE'), 0),
               'paid', coalesce((select sum(credit - debit) from inside i
                                  where i.currency = cur.currency and i.kind in ('PAYMENT', 'REVERSAL')), 0),
               'refunded', coalesce((select sum(debit) from inside i
                                      where i.currency = cur.currency and i.kind = 'REFUND'), 0),
               'closing', coalesce(op.balance, 0)
                          + coalesce((select sum(debit - credit) from inside i where i.currency = cur.currency), 0),
               'entries', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'at', i.at, 'kind', i.kind, 'reference', i.reference,
                          'invoiceNumber', i.invoice_number, 'debit', i.debit, 'credit', i.credit,
                          'balance', i.balance)
                        order by i.at, i.kind, i.reference)
                   from inside i where i.currency = cur.currency), '[]'::jsonb))
             order by cur.currency)
        from currencies cur
        left join opening op on op.currency = cur.currency), '[]'::jsonb))
$$;

-- The period a statement covers: two days, the first not after the last, at most ten years apart.
create function private.statement_period(p_org_id uuid, p_from text, p_to text, out period_from date,
                                         out period_to date)
language plpgsql stable set search_path = ''
as $$
begin
  period_from := private.org_date(p_org_id, p_from, 'from');
  period_to := private.org_date(p_org_id, p_to, 'to');
  if period_from is null or period_to is null or period_from > period_to or period_to - period_from > 3660 then
    perform private.refuse('A statement covers a period from a day to a later one, at most ten years long',
      '22023', 'STATEMENT_PERIOD_INVALID', null, 'from');
  end if;
end
$$;

create function private.require_statement_customer(p_org_id uuid, p_customer_id uuid) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform private.require(p_org_id, 'statement.read');
  if not exists (select 1 from public.customers c where c.org_id = p_org_id and c.id = p_customer_id) then
    perform private.refuse('Customer not found', '23503', 'CUSTOMER_NOT_FOUND', null, 'customerId');
  end if;
end
$$;

-- For owners, managers and accountants: the statement sums every invoice and payment of the customer, so it
-- is not for a salesperson, who sees only the invoices they made.
create function public.customer_statement(p_org_id uuid, p_customer_id uuid, p_from text, p_to text)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_period record;
begin
  perform private.require_statement_customer(p_org_id, p_customer_id);
  v_period := private.statement_period(p_org_id, p_from, p_to);
  return private.statement(p_org_id, p_customer_id, v_period.period_from, v_period.period_to);
end
$$;
comment on function public.customer_statement(uuid, uuid, text, text) is
  'A customer''s statement between two days (YYYY-MM-DD, both included, in the organization''s time zone): opening balance, invoices, payments, reversals, credit notes and refunds with the running balance, what was invoiced, credited, paid (net of reversals) and refunded, and the closing balance, per currency.';

-- ---------------------------------------------------------------------------------------------------
-- The statement's public link: made and revoked by the functions below only; its customer, period, token
-- and expiry never change, and a revoked link stays revoked.
create table public.statement_share_tokens (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  customer_id uuid not null,
  period_from date not null,
  period_to date not null,
  token_hash text not null unique check (char_length(token_hash) <= 128),
  created_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null default now() + interval '30 days',
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, customer_id) references public.customers (org_id, id) on delete cascade,
  check (period_from <= period_to)
);
comment on table public.statement_share_tokens is
  'Links to a customer''s statement for a period (/s/<token>), stored as the token''s SHA-256; 30 days, revocable.';
create index statement_share_tokens_customer_idx on public.statement_share_tokens (org_id, customer_id);

create function private.guard_statement_share_token() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- A duplicate customer merged into the one kept (public.merge_customers): the link they were sent shows
  -- the kept customer's statement, which has their invoices now.
  if private.merging_customer(old.customer_id, new.customer_id)
     and to_jsonb(new) - 'customer_id' = to_jsonb(old) - 'customer_id' then
    return new;
  end if;
  if (new.org_id, new.customer_id, new.period_from, new.period_to, new.token_hash, new.expires_at,
      new.created_by, new.created_at)
     is distinct from (old.org_id, old.customer_id, old.period_from, old.period_to, old.token_hash,
                       old.expires_at, old.created_by, old.created_at) then
    perform private.refuse('A share link''s statement, token and expiry never change', '23514', 'SHARE_LINK_FINAL');
  end if;
  if old.revoked_at is not null and new.revoked_at is distinct from old.revoked_at then
    perform private.refuse('A revoked share link stays revoked', '23514', 'SHARE_LINK_REVOKED');
  end if;
  return new;
end
$$;
create trigger statement_share_tokens_guard before update on public.statement_share_tokens
  for each row execute function private.guard_statement_share_token();

alter table public.statement_share_tokens enable row level security;
alter table public.statement_share_tokens force row level security;
create policy "Owners, managers and accountants can read statement links" on public.statement_share_tokens
  for select to authenticated
  using (org_id in (select private.org_ids_that_can('statement.read')));
revoke insert, update, delete on public.statement_share_tokens from anon, authenticated;

-- The same customer and period shared again gets its live link again (private.share_token), while it has
-- more than private.share_reuse_margin() to live; otherwise a new link.
create function public.create_statement_share(p_org_id uuid, p_customer_id uuid, p_from text, p_to text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_period record;
  v_row public.statement_share_tokens;
  v_id uuid := gen_random_uuid();
begin
  perform private.require_statement_customer(p_org_id, p_customer_id);
  v_period := private.statement_period(p_org_id, p_from, p_to);
  select * into v_row from public.statement_share_tokens t
   where t.org_id = p_org_id and t.customer_id = p_customer_id
     and t.period_from = v_period.period_from and t.period_to = v_period.period_to
     and t.revoked_at is null and t.expires_at > now() + private.share_reuse_margin()
     and t.token_hash = private.share_token_hash(private.share_token(t.id))
   order by t.expires_at desc
   limit 1;
  if not found then
    insert into public.statement_share_tokens (id, org_id, customer_id, period_from, period_to, token_hash, created_by)
    values (v_id, p_org_id, p_customer_id, v_period.period_from, v_period.period_to,
            private.share_token_hash(private.share_token(v_id)), (select auth.uid()))
    returning * into v_row;
    return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                              'expiresAt', v_row.expires_at, 'reused', false);
  end if;
  return jsonb_build_object('id', v_row.id, 'token', private.share_token(v_row.id),
                            'expiresAt', v_row.expires_at, 'reused', true);
end
$$;

create function public.revoke_statement_shares(p_org_id uuid, p_customer_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.require_statement_customer(p_org_id, p_customer_id);
  update public.statement_share_tokens set revoked_at = now()
   where org_id = p_org_id and customer_id = p_customer_id and revoked_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- What the link shows anyone who has it: the statement as of now, for the link's period. Nothing for an
-- unknown, expired or revoked link.
create function public.shared_statement(p_token text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select private.statement(t.org_id, t.customer_id, t.period_from, t.period_to)
    from public.statement_share_tokens t
   where t.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
     and t.revoked_at is null and t.expires_at > now()
$$;

revoke all on function private.customer_entries(uuid, uuid) from public;
revoke all on function private.statement(uuid, uuid, date, date) from public;
revoke all on function private.statement_period(uuid, text, text) from public;
revoke all on function private.require_statement_customer(uuid, uuid) from public;
revoke all on function public.customer_statement(uuid, uuid, text, text) from public, anon;
revoke all on function public.create_statement_share(uuid, uuid, text, text) from public, anon;
revoke all on function public.revoke_statement_shares(uuid, uuid) from public, anon;
grant execute on function public.customer_statement(uuid, uuid, text, text) to authenticated, service_role;
grant execute on function public.create_statement_share(uuid, uuid, text, text) to authenticated, service_role;
grant execute on function public.revoke_statement_shares(uuid, uuid) to authenticated, service_role;
-- Only /api reads a shared statement (service role), after spending the visitor's request budget.
revoke execute on function public.shared_statement(text) from public, anon, authenticated;
grant execute on function public.shared_statement(text) to service_role;
