-- Invoices: quotes and invoices with their lines, gap-free numbers (quotes, invoices; the counters of
-- receipts and credit notes live in the same row) and share links (customers are in
-- 20261122000800_customers.sql, payments in 20261122000806_payments.sql, credit notes and refunds in
-- 20261122000810_credit_notes.sql, the seller's business profile in 20261122000820_business_profiles.sql).
-- The rules hold whoever writes (the SPA, /api, an admin in the dashboard): numbers are assigned here,
-- totals are computed from the lines, statuses move only along QUOTE -> ISSUED -> PAID and
-- QUOTE/ISSUED -> VOID (and PAID -> ISSUED when a payment is reversed or deleted), issuing takes stock out
-- and voiding puts it back, once. Tables, rules and policies; the functions the app calls are in
-- 20261122000900_sales_functions.sql.

create type public.invoice_status as enum ('QUOTE', 'ISSUED', 'PAID', 'VOID');

create table public.invoice_counters (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  last_number bigint not null default 0 check (last_number >= 0),
  last_receipt bigint not null default 0 check (last_receipt >= 0),
  last_credit_note bigint not null default 0 check (last_credit_note >= 0),
  last_quote bigint not null default 0 check (last_quote >= 0)
);
comment on table public.invoice_counters is 'The last invoice, receipt, credit note and quote numbers given per organization; bumped in the invoice''s (the payment''s, the credit note''s) own transaction, so numbers have no gaps.';

-- The balance of an invoice, written once: its total less what its credit notes took off and what was paid.
-- Below 0 when a credit note came after payments (what was overpaid, which may be refunded); where a
-- balance is shown or printed it is never below 0 (greatest(…, 0)). The invoices' amount_due column is made
-- of it; the rules that need the balance a change would leave (a payment about to be applied or taken back,
-- a credit note about to be added, in the row's own update) and the running totals' sums call it.
create function private.amount_due(p_total numeric, p_amount_credited numeric, p_amount_paid numeric)
returns numeric
language sql immutable parallel safe set search_path = ''
as $$ select p_total - p_amount_credited - p_amount_paid $$;

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  customer_id uuid not null,
  number varchar(100) not null,
  status public.invoice_status not null default 'QUOTE',
  currency char(3) not null,
  subtotal public.money_amount not null default 0 check (subtotal >= 0),
  tax public.money_amount not null default 0 check (tax >= 0),
  total public.money_amount not null default 0 check (total >= 0),
  amount_paid public.money_amount not null default 0 check (amount_paid >= 0 and amount_paid <= total),
  amount_credited public.money_amount not null default 0 check (amount_credited >= 0 and amount_credited <= total),
  amount_due public.money_amount not null generated always as (private.amount_due(total, amount_credited, amount_paid)) stored,
  issued_at timestamptz,
  due_at date,
  voided_at timestamptz,
  notes text check (char_length(notes) <= 2000),
  quote_number varchar(100),
  created_by uuid references auth.users (id) on delete set null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, number),
  foreign key (org_id, customer_id) references public.customers (org_id, id)
);
comment on table public.invoices is 'Quotes and invoices. Totals come from invoice_items; status moves QUOTE -> ISSUED -> PAID, QUOTE/ISSUED -> VOID.';
comment on column public.invoices.number is 'Assigned by the server, per organization, without gaps: QUO-000001 while a quote, INV-000001 once issued.';
comment on column public.invoices.quote_number is 'The number it had as a quote the customer may have seen (QUO-000001), kept when it was issued.';
comment on column public.invoices.amount_paid is 'Sum of payments less their reversals; the invoice becomes PAID when it reaches the total, ISSUED again when a reversal or a deleted payment reopens the balance.';
comment on column public.invoices.amount_credited is 'Sum of its credit notes (credit_notes); set by their lines'' trigger only.';
comment on column public.invoices.amount_due is 'What is left to pay: total - amount_credited - amount_paid (private.amount_due), kept by the database. Below 0 when credit notes came after payments: what was overpaid.';
comment on column public.invoices.due_at is 'Due date, in the organization''s time zone.';
create index invoices_org_created_idx on public.invoices (org_id, created_at desc);
create index invoices_org_status_idx on public.invoices (org_id, status, created_at desc);
create index invoices_number_trgm_idx on public.invoices using gin (number extensions.gin_trgm_ops);
create index invoices_org_issued_idx on public.invoices (org_id, issued_at) where issued_at is not null;
-- A customer's invoices, with what the customer's latest activity is read from (running totals).
create index invoices_customer_idx on public.invoices (org_id, customer_id) include (status, issued_at, created_at);
-- An invoice is dated by when it was issued, or created while a quote: coalesce(issued_at, created_at).
-- The sales report reads its page and the overview its active customers from this index (issued_at and
-- created_at are included too: PostgreSQL reads an expression from the index alone only when the columns
-- it is made of are there as well).
create index invoices_org_dated_idx on public.invoices (org_id, (coalesce(issued_at, created_at)) desc, id desc)
  include (customer_id, status, issued_at, created_at);
-- The quotes, never issued.
create index invoices_org_undated_idx on public.invoices (org_id, created_at desc) where issued_at is null;
-- The dashboard's amount outstanding and pending invoice count read only ISSUED invoices: index-only.
create index invoices_org_open_idx on public.invoices (org_id, currency) include (total, amount_paid)
  where status = 'ISSUED';
-- The invoice list (search_invoices) reads a page by (org_id, created_at) first, then joins its customers.
create index invoices_org_created_id_idx on public.invoices (org_id, created_at desc, id);
-- Searching invoices by number reads an index on the digits of the number (INV-000123 -> 000123): a
-- trigram search for "INV-009999" had to read the posting lists of "INV", "NV-", "V-0" and "-00", which
-- every invoice shares.
create index invoices_number_digits_trgm_idx on public.invoices
  using gin (substr(number, 5) extensions.gin_trgm_ops);
create index invoices_org_number_digits_idx on public.invoices (org_id, substr(number, 5) text_pattern_ops);
-- The quotes never issued (numbered QUO-), counted with the invoices for the list's total.
create index invoices_org_quotes_idx on public.invoices (org_id) where number like 'QUO-%';

create table public.invoice_items (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  invoice_id uuid not null,
  product_id uuid,
  description varchar(500) not null check (btrim(description) <> ''),
  qty public.quantity not null check (qty > 0),
  unit_price public.money_price not null check (unit_price >= 0),
  tax_rate public.percentage not null default 0 check (tax_rate >= 0 and tax_rate <= 100),
  discount_percent public.percentage not null default 0 check (discount_percent >= 0 and discount_percent <= 100),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id) on delete cascade,
  foreign key (org_id, product_id) references public.products (org_id, id)
);
comment on table public.invoice_items is 'Lines of an invoice: a product from inventory or free text, quantity, unit price and tax rate.';
comment on column public.invoice_items.discount_percent is 'Percent off the line (a subscription''s discount), taken before the line is rounded: the unit price stays the list price and the document prints the discount.';
comment on column public.invoice_items.tax_rate is 'Percentage; defaults in the app to the organization''s default_tax_rate.';
create index invoice_items_invoice_idx on public.invoice_items (org_id, invoice_id, position);
create index invoice_items_product_idx on public.invoice_items (org_id, product_id) where product_id is not null;

create table public.invoice_share_tokens (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  invoice_id uuid not null,
  token_hash text not null unique check (char_length(token_hash) <= 128),
  created_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null default now() + interval '30 days',
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id) on delete cascade
);
comment on table public.invoice_share_tokens is 'Public links to view one invoice without signing in (e.g. sent by WhatsApp). Only the token''s SHA-256 is stored.';
create index invoice_share_tokens_invoice_idx on public.invoice_share_tokens (org_id, invoice_id);

-- A link is made by create_invoice_share only (the token never leaves the function but to its creator)
-- and revoked, once and for good, by revoke_invoice_shares: its invoice, token and expiry never change,
-- and a revoked link stays revoked, whoever writes (the dashboard included).
create function private.guard_invoice_share_token() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.org_id, new.invoice_id, new.token_hash, new.expires_at, new.created_by, new.created_at)
     is distinct from (old.org_id, old.invoice_id, old.token_hash, old.expires_at, old.created_by, old.created_at) then
    perform private.refuse('A share link''s invoice, token and expiry never change', '23514', 'SHARE_LINK_FINAL');
  end if;
  if old.revoked_at is not null and new.revoked_at is distinct from old.revoked_at then
    perform private.refuse('A revoked share link stays revoked', '23514', 'SHARE_LINK_REVOKED');
  end if;
  return new;
end
$$;
create trigger invoice_share_tokens_guard before update on public.invoice_share_tokens
  for each row execute function private.guard_invoice_share_token();

-- A link's token is derived from its id with a key kept in the private schema (HMAC-SHA-256, 24 bytes,
-- base64url): the tables keep only its SHA-256, as before, yet the same live link can be given again when a
-- document is shared or mailed once more (one link per document rather than one per share). The key is made
-- on first use and is never readable through the Data API.
create table private.share_link_key (
  id boolean primary key default true check (id),
  key bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.share_link_key is 'The key that share-link tokens are derived from (private.share_token); one row.';
revoke all on table private.share_link_key from public, anon, authenticated;

create function private.share_token(p_link_id uuid) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_key bytea;
begin
  select k.key into v_key from private.share_link_key k;
  if v_key is null then
    insert into private.share_link_key default values on conflict do nothing;
    select k.key into v_key from private.share_link_key k;
  end if;
  return translate(encode(substring(extensions.hmac(convert_to(p_link_id::text, 'UTF8'), v_key, 'sha256')
                                    from 1 for 24), 'base64'), '+/', '-_');
end
$$;
revoke all on function private.share_token(uuid) from public;

-- The SHA-256 a link table keeps of a token.
create function private.share_token_hash(p_token text) returns text
language sql immutable set search_path = ''
as $$ select encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex') $$;
revoke all on function private.share_token_hash(text) from public;

-- How long a link given again must still live: a link with less than this left is not reused (a new one
-- is made), so a customer never receives a link that dies within days.
create function private.share_reuse_margin() returns interval
language sql immutable parallel safe set search_path = ''
as $$ select interval '7 days' $$;

-- ---------------------------------------------------------------------------------------------------
-- Numbering: every invoice starts as a quote numbered QUO-000001 in its own series; issuing it gives it
-- the next INV-000001 (private.guard_invoice), so invoice numbers have no gaps left by quotes that were
-- never issued. The counter row is locked by the update, so concurrent invoices wait; a rolled-back
-- invoice rolls its number back too.
create function private.assign_invoice_number() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_next bigint;
begin
  perform private.require(new.org_id, 'invoice.create',
    'new row violates row-level security policy for table "invoices"');
  if new.status <> 'QUOTE' or new.amount_paid <> 0 or new.subtotal <> 0 or new.tax <> 0 or new.total <> 0 then
    perform private.refuse('A new invoice starts as an empty QUOTE; add its lines, then issue it',
      '23514', 'INVOICE_STARTS_AS_QUOTE');
  end if;
  insert into public.invoice_counters as c (org_id, last_quote) values (new.org_id, 1)
  on conflict (org_id) do update set last_quote = c.last_quote + 1
  returning last_quote into v_next;
  new.number := 'QUO-' || lpad(v_next::text, 6, '0');
  new.quote_number := null;
  new.issued_at := null;
  return new;
end
$$;
create trigger invoices_assign_number before insert on public.invoices
  for each row execute function private.assign_invoice_number();

-- Totals from the lines, each line (and its tax) rounded to the currency's decimals.
-- A line's amount: quantity × unit price less its discount, rounded once to the currency's decimals (so 4 ×
-- 1 350 CFA at 5 % off is 5 130, not 4 × 1 283).
create function private.line_amount(p_qty numeric, p_unit_price numeric, p_discount numeric, p_decimals integer)
returns numeric
language sql immutable parallel safe set search_path = ''
as $$
  select round(p_qty * p_unit_price * (100 - coalesce(p_discount, 0)) / 100, p_decimals)
$$;

create function private.invoice_totals(p_org_id uuid, p_invoice_id uuid, p_currency text,
                                       out subtotal numeric, out tax numeric)
language sql stable set search_path = ''
as $$
  select coalesce(sum(private.line_amount(it.qty, it.unit_price, it.discount_percent, public.currency_decimals(p_currency))), 0),
         coalesce(sum(round(private.line_amount(it.qty, it.unit_price, it.discount_percent, public.currency_decimals(p_currency))
                            * it.tax_rate / 100, public.currency_decimals(p_currency))), 0)
    from public.invoice_items it
   where it.org_id = p_org_id and it.invoice_id = p_invoice_id
$$;

-- Whether this transaction creates invoice p_invoice_id issued (public.create_invoice, status ISSUED or
-- PAID): said by create_invoice only, in a transaction-local setting naming its transaction as
-- kasuwa.merging_customers does (no Data API request can set one). The recount of its lines then issues it
-- in the same update that sets its totals, so the new row is written twice (insert, then totals with the
-- issue) rather than three times; private.guard_invoice issues it as it issues any quote.
create function private.issuing_on_creation(p_invoice_id uuid) returns boolean
language sql volatile set search_path = ''
as $$
  select coalesce(current_setting('kasuwa.issuing_on_creation', true), '')
         = format('%s@%s', p_invoice_id, pg_catalog.pg_current_xact_id())
$$;
revoke all on function private.issuing_on_creation(uuid) from public;

-- An invoice's totals are added up once per statement on its lines (create_invoice and update_quote write
-- all the lines in one statement), not once per line: each recount is an update of the invoice with its
-- audit row and checks, made while the organization's invoice counter is locked for the next number.
create function private.recompute_invoice_totals() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Says to private.guard_invoice that these totals are counted from the lines.
  perform set_config('kasuwa.invoice_totals_from_lines', 'on', true);
  -- The lines' invoices before and after: an update may move a line from one invoice to another.
  if tg_op = 'INSERT' then
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax,
           status = case when private.issuing_on_creation(inv.id) then 'ISSUED'::public.invoice_status
                         else inv.status end
      from (select distinct n.org_id, n.invoice_id from new_rows n) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  elsif tg_op = 'DELETE' then
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
      from (select distinct o.org_id, o.invoice_id from old_rows o) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  else
    update public.invoices i
       set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
      from (select n.org_id, n.invoice_id from new_rows n union select o.org_id, o.invoice_id from old_rows o) x
      join public.invoices inv on inv.org_id = x.org_id and inv.id = x.invoice_id
      cross join lateral private.invoice_totals(inv.org_id, inv.id, inv.currency) t
     where i.id = inv.id;
  end if;
  perform set_config('kasuwa.invoice_totals_from_lines', 'off', true);
  return null;
end
$$;
create trigger invoice_items_totals_insert after insert on public.invoice_items
  referencing new table as new_rows for each statement execute function private.recompute_invoice_totals();
create trigger invoice_items_totals_update after update on public.invoice_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.recompute_invoice_totals();
create trigger invoice_items_totals_delete after delete on public.invoice_items
  referencing old table as old_rows for each statement execute function private.recompute_invoice_totals();

create function private.guard_invoice_items() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.invoice_items := coalesce(new, old);
begin
  perform private.require(v_row.org_id, 'invoice.editOwn',
    'new row violates row-level security policy for table "invoice_items"');
  -- Both invoices count: a line must not be moved off an issued invoice either. (An invoice already gone
  -- is being deleted with its organization.)
  if exists (select 1 from public.invoices i
              where i.status <> 'QUOTE'
                and ((tg_op <> 'INSERT' and i.org_id = old.org_id and i.id = old.invoice_id)
                  or (tg_op <> 'DELETE' and i.org_id = new.org_id and i.id = new.invoice_id))) then
    perform private.refuse('Only a QUOTE''s lines can change', '23514', 'INVOICE_FINAL');
  end if;
  return coalesce(new, old);
end
$$;
create trigger invoice_items_guard before insert or update or delete on public.invoice_items
  for each row execute function private.guard_invoice_items();

-- The next invoice number, taken when a quote is issued.
create function private.next_invoice_number(p_invoice public.invoices) returns varchar
language sql security definer set search_path = ''
as $$
  insert into public.invoice_counters as c (org_id, last_number) values (p_invoice.org_id, 1)
  on conflict (org_id) do update set last_number = c.last_number + 1
  returning 'INV-' || lpad(last_number::text, 6, '0')
$$;
revoke execute on function private.next_invoice_number(public.invoices) from public;

-- Status transitions and their stock effects.
create function private.guard_invoice() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  -- The columns only their own rules write, each told by a transaction-local flag its writer sets around its
  -- update (set_config(…, true): no Data API request can set one): amount_paid by the payment, reversal and
  -- payment-deletion triggers (kasuwa.amount_paid_by_payments), amount_credited by a credit note line's
  -- trigger (kasuwa.amounts_by_credit_note_lines), the totals by the lines' recount
  -- (kasuwa.invoice_totals_from_lines). ISSUED -> PAID follows either amount; PAID -> ISSUED only a payment
  -- taken back.
  v_paying boolean := coalesce(current_setting('kasuwa.amount_paid_by_payments', true), 'off') = 'on';
  v_crediting boolean := coalesce(current_setting('kasuwa.amounts_by_credit_note_lines', true), 'off') = 'on';
  v_totals boolean := coalesce(current_setting('kasuwa.invoice_totals_from_lines', true), 'off') = 'on';
  -- A signed-in member or anon (the Data API); the database owner (seeds, the dashboard) may backdate.
  v_api boolean := coalesce((select auth.role()), '') in ('authenticated', 'anon');
  v_given_back boolean := false;
begin
  -- A duplicate customer merged into the one kept (public.merge_customers, owners and managers): the
  -- invoice moves to that customer, issued or not, and nothing else of it changes.
  if private.merging_customer(old.customer_id, new.customer_id)
     -- (amount_due, a generated column, is not yet computed in NEW before the update.)
     and to_jsonb(new) - '{customer_id,amount_due}'::text[] = to_jsonb(old) - '{customer_id,amount_due}'::text[] then
    return new;
  end if;
  -- Issued means final: once an invoice is not a QUOTE, only its status moves (ISSUED -> PAID by
  -- payments, ISSUED -> VOID by voiding) and what moving it sets.
  if new.created_by is distinct from old.created_by and v_api then
    perform private.refuse('Who created an invoice never changes', '23514', 'INVOICE_FINAL', null, 'createdBy');
  end if;
  if old.status <> 'QUOTE' and v_api
     and (new.due_at, new.notes, new.issued_at) is distinct from (old.due_at, old.notes, old.issued_at) then
    perform private.refuse('An issued invoice is final: its dates and notes never change', '23514',
      'INVOICE_FINAL', jsonb_build_object('status', old.status));
  end if;
  if old.status = 'QUOTE' and new.status = 'QUOTE' and v_api and new.issued_at is distinct from old.issued_at then
    perform private.refuse('An invoice is dated when it is issued, by the server', '23514', 'INVOICE_FINAL',
      null, 'issuedAt');
  end if;
  if new.voided_at is distinct from old.voided_at and not (new.status = 'VOID' and old.status <> 'VOID') then
    perform private.refuse('An invoice is voided by voiding it, never by setting voided_at', '23514',
      'INVOICE_FINAL', null, 'voidedAt');
  end if;
  if (new.number, new.quote_number) is distinct from (old.number, old.quote_number) then
    perform private.refuse('An invoice number never changes', '23514', 'INVOICE_FINAL', null, 'number');
  end if;
  if (new.subtotal, new.tax, new.total) is distinct from (old.subtotal, old.tax, old.total) and not v_totals then
    perform private.refuse('Invoice totals are computed from its lines', '23514', 'INVOICE_TOTALS_COMPUTED');
  end if;
  if new.amount_paid <> old.amount_paid and not v_paying then
    perform private.refuse('The amount paid changes only by recording a payment',
      '23514', 'AMOUNT_PAID_BY_PAYMENTS');
  end if;
  if new.amount_credited <> old.amount_credited and not v_crediting then
    perform private.refuse('The amount credited changes only by making a credit note', '23514',
      'AMOUNT_CREDITED_BY_CREDIT_NOTES', null, 'amountCredited');
  end if;
  if old.status <> 'QUOTE' and (new.customer_id, new.currency) is distinct from (old.customer_id, old.currency) then
    perform private.refuse('Only a QUOTE''s customer and currency can change', '23514', 'INVOICE_FINAL',
      jsonb_build_object('status', old.status));
  end if;
  if new.status = old.status then
    return new;
  end if;

  if old.status = 'QUOTE' and new.status = 'ISSUED' then
    if new.total <= 0 then
      perform private.refuse('An invoice needs at least one line with an amount before it is issued',
        '23514', 'INVOICE_EMPTY');
    end if;
    -- The server's clock: a member cannot backdate (or postdate) an invoice by issuing it.
    new.issued_at := case when v_api then now() else coalesce(new.issued_at, now()) end;
    if old.number like 'QUO-%' then
      new.number := private.next_invoice_number(old);
      -- A quote made and issued in one step (an invoice created as Issued or Paid) was never seen as a
      -- quote: its quote number goes back to the series, which the same transaction still holds locked.
      if old.created_at = now() then
        update public.invoice_counters c set last_quote = c.last_quote - 1
         where c.org_id = old.org_id and c.last_quote = substr(old.number, 5)::bigint;
        v_given_back := found;
      end if;
      new.quote_number := case when v_given_back then null else old.number end;
    end if;
    insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_by)
    select it.org_id, it.product_id, -sum(it.qty), 'SALE', new.id, (select auth.uid())
      from public.invoice_items it
     where it.org_id = new.org_id and it.invoice_id = new.id and it.product_id is not null
     group by it.org_id, it.product_id;
  elsif old.status = 'ISSUED' and new.status = 'PAID' and (v_paying or v_crediting) then
    null;
  elsif old.status = 'PAID' and new.status = 'ISSUED' and v_paying
        and private.amount_due(new.total, new.amount_credited, new.amount_paid) > 0 then
    -- A payment reversed or deleted: the balance is open again.
    null;
  elsif old.status in ('QUOTE', 'ISSUED') and new.status = 'VOID' then
    if old.amount_paid > 0 then
      perform private.refuse('An invoice with payments cannot be voided', '23514', 'INVOICE_HAS_PAYMENTS');
    end if;
    if old.amount_credited > 0 then
      perform private.refuse('An invoice with credit notes cannot be voided', '23514', 'INVOICE_HAS_CREDIT_NOTES');
    end if;
    new.voided_at := now();
    if old.status = 'ISSUED' then
      insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_by)
      select it.org_id, it.product_id, sum(it.qty), 'VOID_RETURN', new.id, (select auth.uid())
        from public.invoice_items it
       where it.org_id = new.org_id and it.invoice_id = new.id and it.product_id is not null
       group by it.org_id, it.product_id;
    end if;
  else
    perform private.refuse(format('An invoice cannot go from %s to %s', old.status, new.status),
      '23514', 'INVOICE_STATUS_TRANSITION', jsonb_build_object('from', old.status, 'to', new.status));
  end if;
  return new;
end
$$;
create trigger invoices_guard before update on public.invoices
  for each row execute function private.guard_invoice();

-- A quote switched to another currency is re-rounded with that currency's decimals (runs after the guard).
create function private.recompute_on_currency() returns trigger
language plpgsql set search_path = ''
as $$
begin
  select t.subtotal, t.tax into new.subtotal, new.tax from private.invoice_totals(new.org_id, new.id, new.currency) t;
  new.total := new.subtotal + new.tax;
  return new;
end
$$;
create trigger invoices_recompute_on_currency before update of currency on public.invoices
  for each row when (new.currency is distinct from old.currency) execute function private.recompute_on_currency();

-- created_at counts for the monthly plan limit, so callers of the API cannot choose it. (Seeds, running
-- as the database owner, may backdate.)
create function private.stamp_created_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.created_at := now();
    elsif new.created_at is distinct from old.created_at then
      perform private.refuse('created_at cannot be changed', '23514', 'RECORD_FINAL', null, 'createdAt');
    end if;
  end if;
  return new;
end
$$;
create trigger invoices_a_stamp_created_at before insert or update on public.invoices
  for each row execute function private.stamp_created_at();
create trigger invoices_touch before update on public.invoices
  for each row execute function private.touch_versioned();

-- ---------------------------------------------------------------------------------------------------
-- RLS (role matrix): invoices edit for OWNER/MANAGER/ACCOUNTANT, SALES create and read and edit their
-- own QUOTEs.
alter table public.invoice_counters enable row level security;
alter table public.invoice_counters force row level security;
alter table public.invoices enable row level security;
alter table public.invoices force row level security;
alter table public.invoice_items enable row level security;
alter table public.invoice_items force row level security;
alter table public.invoice_share_tokens enable row level security;
alter table public.invoice_share_tokens force row level security;

create policy "Members can read their invoice counter" on public.invoice_counters for select to authenticated
  using (org_id in (select private.org_ids_with_role()));

create policy "Members can read invoices" on public.invoices for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can create invoices" on public.invoices for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('invoice.create')) and created_by = (select auth.uid()));
create policy "Owners, managers and accountants can edit invoices" on public.invoices for update to authenticated
  using (org_id in (select private.org_ids_that_can('invoice.edit')))
  with check (org_id in (select private.org_ids_that_can('invoice.edit')));
create policy "Members can edit, issue or void their own quotes" on public.invoices for update to authenticated
  using (org_id in (select private.org_ids_that_can('invoice.editOwn')) and created_by = (select auth.uid()) and status = 'QUOTE')
  with check (
    org_id in (select private.org_ids_that_can('invoice.editOwn')) and created_by = (select auth.uid())
    and status in ('QUOTE', 'ISSUED', 'VOID')
  );

create policy "Members can read invoice lines" on public.invoice_items for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Invoice editors can add lines" on public.invoice_items for insert to authenticated
  with check (
    org_id in (select private.org_ids_that_can('invoice.edit'))
    or (org_id in (select private.org_ids_that_can('invoice.editOwn'))
        and invoice_id in (select i.id from public.invoices i where i.created_by = (select auth.uid())))
  );
create policy "Invoice editors can edit lines" on public.invoice_items for update to authenticated
  using (
    org_id in (select private.org_ids_that_can('invoice.edit'))
    or (org_id in (select private.org_ids_that_can('invoice.editOwn'))
        and invoice_id in (select i.id from public.invoices i where i.created_by = (select auth.uid())))
  );
create policy "Invoice editors can delete lines" on public.invoice_items for delete to authenticated
  using (
    org_id in (select private.org_ids_that_can('invoice.edit'))
    or (org_id in (select private.org_ids_that_can('invoice.editOwn'))
        and invoice_id in (select i.id from public.invoices i where i.created_by = (select auth.uid())))
  );

create policy "Members can read share links" on public.invoice_share_tokens for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- Written by create_invoice_share and revoke_invoice_shares only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.invoice_share_tokens from anon, authenticated;

-- Column-level grants: what a member may set directly (docs/decisions/006-who-writes-what.md). Numbers,
-- totals, amounts paid, dates of issue and voiding are the rules' to set.
revoke insert, update on public.invoices from anon, authenticated;
grant insert (id, org_id, customer_id, currency, due_at, notes, created_by) on public.invoices to authenticated;
grant update (customer_id, currency, due_at, notes, status) on public.invoices to authenticated;
revoke insert, update on public.invoice_items from anon, authenticated;
grant insert (id, org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
  on public.invoice_items to authenticated;
grant update (product_id, description, qty, unit_price, tax_rate, position) on public.invoice_items to authenticated;
revoke insert, update, delete on public.invoice_counters from anon, authenticated;
