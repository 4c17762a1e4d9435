-- ---------------------------------------------------------------------------------------------------
-- Credit notes: a counter-document against an ISSUED or PAID invoice, in full or per line, never an edit of
-- the invoice. Numbered CN-000001 per organization without gaps; its currency is the invoice's; its lines
-- take their product, description, price and tax rate from the invoice's lines, each line at most what is
-- left to credit of its invoice line. Each line's amount is rounded with the invoice's rounding so that the
-- credits of a line add up exactly to the invoice line's amount once it is credited in full. The lines'
-- trigger adds them to the credit note, to the invoice's amount credited (which lowers its amount_due: an
-- ISSUED invoice whose balance reaches 0 is PAID) and, with
-- restock, puts their quantities back in stock (CREDIT_RETURN). Written by create_credit_note only; final.
create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  invoice_id uuid not null,
  number varchar(20) not null default '',
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 500),
  restock boolean not null default false,
  currency char(3) not null,
  subtotal public.money_amount not null default 0 check (subtotal >= 0),
  tax public.money_amount not null default 0 check (tax >= 0),
  total public.money_amount not null default 0 check (total >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, number),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id)
);
comment on table public.credit_notes is 'Credit notes (avoirs): counter-documents against an ISSUED or PAID invoice; totals from credit_note_lines. Written by create_credit_note only; never changed.';
comment on column public.credit_notes.number is 'Assigned by the server (CN-000001), per organization, without gaps.';
comment on column public.credit_notes.restock is 'Whether the credited lines with a product were put back in stock (stock_moves CREDIT_RETURN).';
create index credit_notes_invoice_idx on public.credit_notes (org_id, invoice_id);
create index credit_notes_org_created_idx on public.credit_notes (org_id, created_at desc, id desc)
  include (currency, total, invoice_id);

create table public.credit_note_lines (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  credit_note_id uuid not null,
  invoice_item_id uuid not null,
  product_id uuid,
  description varchar(500) not null,
  qty public.quantity not null check (qty > 0),
  unit_price public.money_price not null default 0 check (unit_price >= 0),
  tax_rate public.percentage not null default 0 check (tax_rate >= 0 and tax_rate <= 100),
  amount public.money_amount not null default 0 check (amount >= 0),
  tax public.money_amount not null default 0 check (tax >= 0),
  position integer not null default 0,
  unique (org_id, id),
  foreign key (org_id, credit_note_id) references public.credit_notes (org_id, id) on delete cascade,
  foreign key (org_id, invoice_item_id) references public.invoice_items (org_id, id),
  foreign key (org_id, product_id) references public.products (org_id, id)
);
comment on table public.credit_note_lines is 'Lines of a credit note: a quantity of one invoice line, with that line''s product, description, price and tax rate; amount and tax set by the trigger.';
create index credit_note_lines_note_idx on public.credit_note_lines (org_id, credit_note_id, position);
create index credit_note_lines_item_idx on public.credit_note_lines (org_id, invoice_item_id);

-- Money given back on a credit note: at most what the customer overpaid on its invoice
-- (minus its amount_due, less the refunds so far). Written by record_refund only; final.
create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  credit_note_id uuid not null,
  invoice_id uuid not null,
  amount public.money_amount not null check (amount > 0),
  currency char(3) not null,
  method varchar(100) not null check (method in ('cash', 'bank-transfer', 'mobile-money', 'card', 'check')),
  provider public.mobile_money_provider,
  ref varchar(255),
  refunded_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, credit_note_id) references public.credit_notes (org_id, id),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id),
  check (provider is null or method = 'mobile-money')
);
comment on table public.refunds is 'Money given back to the customer on a credit note, at most what was overpaid on its invoice. Written by record_refund only; never changed.';
create index refunds_credit_note_idx on public.refunds (org_id, credit_note_id);
create index refunds_invoice_idx on public.refunds (org_id, invoice_id);
create index refunds_org_refunded_idx on public.refunds (org_id, refunded_at desc, id desc) include (currency, amount);

-- A new credit note: owners, managers and accountants; an ISSUED or PAID invoice; a reason; the next number.
create function private.assign_credit_note() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_next bigint;
begin
  perform private.require(new.org_id, 'creditNote.issue',
    'Only owners, managers and accountants make credit notes', 'CREDIT_NOTE_FORBIDDEN');
  select * into v_invoice from public.invoices where org_id = new.org_id and id = new.invoice_id for update;
  if v_invoice.id is null then
    perform private.refuse('Invoice not found', '23503', 'INVOICE_NOT_FOUND', null, 'invoiceId');
  end if;
  if v_invoice.status not in ('ISSUED', 'PAID') then
    perform private.refuse('Only an ISSUED or PAID invoice can be credited', '23514', 'INVOICE_NOT_CREDITABLE',
      jsonb_build_object('status', v_invoice.status));
  end if;
  if nullif(btrim(coalesce(new.reason, '')), '') is null then
    perform private.refuse('Say why the invoice is credited', '23514', 'CREDIT_REASON_REQUIRED', null, 'reason');
  end if;
  if char_length(btrim(new.reason)) > 500 then
    perform private.refuse('The reason is at most 500 characters', '23514', 'TOO_LONG',
      jsonb_build_object('max', 500), 'reason');
  end if;
  insert into public.invoice_counters as c (org_id, last_credit_note) values (new.org_id, 1)
  on conflict (org_id) do update set last_credit_note = c.last_credit_note + 1
  returning last_credit_note into v_next;
  new.number := 'CN-' || lpad(v_next::text, 6, '0');
  new.reason := btrim(new.reason);
  new.currency := v_invoice.currency;
  new.subtotal := 0;
  new.tax := 0;
  new.total := 0;
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    new.created_at := now();
    new.created_by := (select auth.uid());
  end if;
  return new;
end
$$;
create trigger credit_notes_assign before insert on public.credit_notes
  for each row execute function private.assign_credit_note();

-- A credit note is final: only its lines' trigger adds to its totals; it goes only with its organization.
create function private.guard_credit_note() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('kasuwa.amounts_by_credit_note_lines', true), 'off') = 'on'
     and (new.id, new.org_id, new.invoice_id, new.number, new.reason, new.restock, new.currency, new.created_by,
          new.created_at)
         is not distinct from (old.id, old.org_id, old.invoice_id, old.number, old.reason, old.restock, old.currency,
          old.created_by, old.created_at) then
    return new;
  end if;
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  perform private.refuse('A credit note is final; make another one to credit more', '42501', 'RECORD_FINAL',
    jsonb_build_object('table', tg_table_name));
  return null;
end
$$;
create trigger credit_notes_final before update or delete on public.credit_notes
  for each row execute function private.guard_credit_note();

-- A credit note's line: what is left to credit of its invoice line, with that line's price and tax rate.
create function private.apply_credit_note_line() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_note public.credit_notes;
  v_item public.invoice_items;
  v_before numeric;
  v_decimals integer;
  v_amount numeric;
  v_tax numeric;
begin
  perform private.require(new.org_id, 'creditNote.issue',
    'Only owners, managers and accountants make credit notes', 'CREDIT_NOTE_FORBIDDEN');
  select * into v_note from public.credit_notes where org_id = new.org_id and id = new.credit_note_id;
  if v_note.id is null then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND', null, 'creditNoteId');
  end if;
  select * into v_item from public.invoice_items
   where org_id = new.org_id and id = new.invoice_item_id and invoice_id = v_note.invoice_id;
  if v_item.id is null then
    perform private.refuse('A credit note''s line is a line of the invoice it credits', '23503',
      'CREDIT_LINE_NOT_ON_INVOICE', null, 'lines');
  end if;
  perform 1 from public.invoices where org_id = new.org_id and id = v_note.invoice_id for update;
  select coalesce(sum(l.qty), 0) into v_before from public.credit_note_lines l
   where l.org_id = new.org_id and l.invoice_item_id = v_item.id;
  if new.qty is null or new.qty <= 0 then
    perform private.refuse('A credited quantity is more than 0', '23514', 'CREDIT_QTY_INVALID', null, 'lines');
  end if;
  if new.qty > v_item.qty - v_before then
    perform private.refuse('More than is left to credit on this line', '23514', 'CREDIT_QTY_TOO_LARGE',
      jsonb_build_object('remaining', v_item.qty - v_before, 'description', v_item.description), 'lines');
  end if;
  if new.product_id is not null and new.product_id is distinct from v_item.product_id then
    perform private.refuse('A credit note''s line is of its invoice line''s product', '23503',
      'CREDIT_LINE_NOT_ON_INVOICE', null, 'lines');
  end if;
  new.product_id := v_item.product_id;
  new.description := v_item.description;
  new.unit_price := v_item.unit_price;
  new.tax_rate := v_item.tax_rate;
  -- Rounded as the invoice rounds its line, cumulatively: the credits of a line add up to its amount.
  v_decimals := public.currency_decimals(v_note.currency);
  v_amount := private.line_amount(v_before + new.qty, v_item.unit_price, v_item.discount_percent, v_decimals)
            - private.line_amount(v_before, v_item.unit_price, v_item.discount_percent, v_decimals);
  v_tax := round(private.line_amount(v_before + new.qty, v_item.unit_price, v_item.discount_percent, v_decimals)
                 * v_item.tax_rate / 100, v_decimals)
         - round(private.line_amount(v_before, v_item.unit_price, v_item.discount_percent, v_decimals)
                 * v_item.tax_rate / 100, v_decimals);
  new.amount := v_amount;
  new.tax := v_tax;
  -- Says to private.guard_credit_note and private.guard_invoice that these updates (the credit note's totals,
  -- the invoice's amount_credited and the PAID it may reach) are a credit note line's.
  perform set_config('kasuwa.amounts_by_credit_note_lines', 'on', true);
  update public.credit_notes
     set subtotal = subtotal + v_amount, tax = tax + v_tax, total = total + v_amount + v_tax
   where org_id = new.org_id and id = v_note.id;
  update public.invoices
     set amount_credited = amount_credited + v_amount + v_tax,
         status = case when status = 'ISSUED' and private.amount_due(total, amount_credited + v_amount + v_tax, amount_paid) <= 0
                       then 'PAID'::public.invoice_status else status end
   where org_id = new.org_id and id = v_note.invoice_id;
  perform set_config('kasuwa.amounts_by_credit_note_lines', 'off', true);
  if v_note.restock and v_item.product_id is not null then
    insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_by)
    values (new.org_id, v_item.product_id, new.qty, 'CREDIT_RETURN', v_note.id, (select auth.uid()));
  end if;
  return new;
end
$$;
create trigger credit_note_lines_apply before insert on public.credit_note_lines
  for each row execute function private.apply_credit_note_line();
create trigger credit_note_lines_final before update or delete on public.credit_note_lines
  for each row execute function private.refuse_change_but_cascade();

-- A refund: of its credit note's invoice, in its currency, at most what was overpaid on that invoice.
create function private.apply_refund() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_note public.credit_notes;
  v_invoice public.invoices;
  v_refundable numeric;
begin
  perform private.require(new.org_id, 'refund.record',
    'Only owners, managers and accountants record refunds', 'REFUND_FORBIDDEN');
  select * into v_note from public.credit_notes where org_id = new.org_id and id = new.credit_note_id;
  if v_note.id is null then
    perform private.refuse('Credit note not found', '23503', 'CREDIT_NOTE_NOT_FOUND', null, 'creditNoteId');
  end if;
  if new.invoice_id is not null and new.invoice_id <> v_note.invoice_id then
    perform private.refuse('A refund is of its credit note''s invoice', '23503', 'INVOICE_NOT_FOUND', null, 'invoiceId');
  end if;
  select * into v_invoice from public.invoices where org_id = new.org_id and id = v_note.invoice_id for update;
  new.invoice_id := v_note.invoice_id;
  new.currency := v_note.currency;
  -- What was overpaid (a balance below 0) less what was already given back.
  v_refundable := -v_invoice.amount_due
    - coalesce((select sum(r.amount) from public.refunds r where r.org_id = new.org_id and r.invoice_id = v_invoice.id), 0);
  if new.amount > v_refundable then
    perform private.refuse(format('The refund is more than what was overpaid (%s %s)', greatest(v_refundable, 0),
      v_invoice.currency), '23514', 'REFUND_TOO_LARGE',
      jsonb_build_object('amount', greatest(v_refundable, 0), 'currency', v_invoice.currency), 'amount');
  end if;
  perform private.require_currency_decimals(new.amount, new.currency, 'amount');
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    new.created_at := now();
    new.created_by := (select auth.uid());
  end if;
  return new;
end
$$;
create trigger refunds_apply before insert on public.refunds
  for each row execute function private.apply_refund();
create trigger refunds_final before update or delete on public.refunds
  for each row execute function private.refuse_change_but_cascade();

alter table public.credit_notes enable row level security;
alter table public.credit_notes force row level security;
alter table public.credit_note_lines enable row level security;
alter table public.credit_note_lines force row level security;
alter table public.refunds enable row level security;
alter table public.refunds force row level security;
create policy "Members can read credit notes" on public.credit_notes for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can read credit note lines" on public.credit_note_lines for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can read refunds" on public.refunds for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- Written by create_credit_note and record_refund only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.credit_notes from anon, authenticated;
revoke insert, update, delete on public.credit_note_lines from anon, authenticated;
revoke insert, update, delete on public.refunds from anon, authenticated;

-- A credit note's public link (/c/<token>), as an invoice's: made and revoked by create_credit_note_share and
-- revoke_credit_note_shares only; its credit note, token and expiry never change; revoked stays revoked.
create table public.credit_note_share_tokens (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  credit_note_id uuid not null,
  token_hash text not null unique check (char_length(token_hash) <= 128),
  created_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null default now() + interval '30 days',
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, credit_note_id) references public.credit_notes (org_id, id) on delete cascade
);
comment on table public.credit_note_share_tokens is
  'Public links to view one credit note without signing in (/c/<token>). Only the token''s SHA-256 is stored.';
create index credit_note_share_tokens_note_idx on public.credit_note_share_tokens (org_id, credit_note_id);

create function private.guard_credit_note_share_token() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.org_id, new.credit_note_id, new.token_hash, new.expires_at, new.created_by, new.created_at)
     is distinct from (old.org_id, old.credit_note_id, old.token_hash, old.expires_at, old.created_by, old.created_at) then
    perform private.refuse('A share link''s credit note, token and expiry never change', '23514', 'SHARE_LINK_FINAL');
  end if;
  if old.revoked_at is not null and new.revoked_at is distinct from old.revoked_at then
    perform private.refuse('A revoked share link stays revoked', '23514', 'SHARE_LINK_REVOKED');
  end if;
  return new;
end
$$;
create trigger credit_note_share_tokens_guard before update on public.credit_note_share_tokens
  for each row execute function private.guard_credit_note_share_token();

alter table public.credit_note_share_tokens enable row level security;
alter table public.credit_note_share_tokens force row level security;
create policy "Members can read credit note links" on public.credit_note_share_tokens for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- Written by create_credit_note_share and revoke_credit_note_shares only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.credit_note_share_tokens from anon, authenticated;
