-- Payments: money received against an ISSUED invoice, never more than its balance, each with its receipt
-- (a gap-free RCT- number and the balance it left), and their corrections: a reversal (a counter-entry,
-- final) or, within 24 hours and by an owner or a manager, deleting the payment. The invoice's amount paid
-- and status follow (invoices are in 20261122000803_invoices.sql). Tables, rules and policies; the
-- functions the app calls are in 20261122000900_sales_functions.sql.

create type public.mobile_money_provider as enum (
  'MTN_MOMO', 'ORANGE_MONEY', 'WAVE', 'MPESA', 'AIRTEL_MONEY', 'MOOV_MONEY', 'TELECEL_CASH', 'FREE_MONEY',
  'AFRIMONEY', 'OTHER'
);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  invoice_id uuid not null,
  method varchar(100) not null check (method in ('cash', 'bank-transfer', 'mobile-money', 'card', 'check')),
  provider public.mobile_money_provider,
  amount public.money_amount not null check (amount > 0),
  currency char(3) not null,
  ref varchar(255),
  received_at timestamptz not null default now(),
  -- Both set by the payments_receipt trigger (the defaults only let an insert leave them out).
  receipt_number varchar(20) not null default '',
  balance_after public.money_amount not null default 0 check (balance_after >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, receipt_number),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id),
  check (provider is null or method = 'mobile-money')
);
comment on table public.payments is 'Money received against an ISSUED invoice; never more than its balance. Never changed: a mistake is corrected by a reversal (payment_reversals), or, within 24 hours and by an owner or manager, by deleting it. Revenue is the sum of payments less their reversals.';
comment on column public.payments.provider is 'Mobile money operator, for method mobile-money.';
comment on column public.payments.ref is 'Transaction reference (mobile money id, bank reference, cheque number).';
comment on column public.payments.receipt_number is 'The receipt''s number (RCT-000001), gap-free per organization, given at insert.';
comment on column public.payments.balance_after is 'What was left to pay on the invoice once this payment was applied, as its receipt prints it.';
create index payments_org_received_idx on public.payments (org_id, received_at desc);
-- Revenue read by date alone: index-only scans.
create index payments_org_received_amount_idx on public.payments (org_id, received_at desc, id desc)
  include (currency, amount, invoice_id);
create index payments_invoice_idx on public.payments (org_id, invoice_id);

-- A payment's reference as two people would type the same one: case and spaces (no-break ones too, as a
-- copied message may hold) do not matter (" wave-tx -90001" is "WAVE-TX-90001"). The one definition the
-- "reference used twice" warning and the payments report share; the index answers both per organization.
create function private.payment_ref_key(p_ref text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select nullif(lower(regexp_replace(coalesce(p_ref, ''), '[ \t\n\r\f\v\u00a0\u202f]+', '', 'g')), '')
$$;
create index payments_org_ref_idx on public.payments (org_id, private.payment_ref_key(ref))
  where ref is not null;

-- A payment taken back, the way an accountant corrects one: a counter-entry of the same amount, dated when
-- it is made, with its reason and who made it. The payment itself is never changed. Each payment is
-- reversed at most once; its amount, currency and invoice are the payment's (set by the trigger below).
create table public.payment_reversals (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  payment_id uuid not null,
  invoice_id uuid not null,
  amount public.money_amount not null check (amount > 0),
  currency char(3) not null,
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 500),
  reversed_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  unique (org_id, id),
  unique (org_id, payment_id),
  foreign key (org_id, payment_id) references public.payments (org_id, id),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id)
);
comment on table public.payment_reversals is 'Payments taken back: a counter-entry (the payment''s amount, dated when reversed) with its reason. Written by reverse_payment only; never changed.';
comment on column public.payment_reversals.reason is 'Why the payment was taken back (required, at most 500 characters).';
-- Read by date (reports, running totals) and by invoice (its page).
create index payment_reversals_org_reversed_idx on public.payment_reversals (org_id, reversed_at desc, id desc)
  include (currency, amount, payment_id);
create index payment_reversals_invoice_idx on public.payment_reversals (org_id, invoice_id);

-- A payment needs an ISSUED invoice with a balance at least as large; it may complete the invoice.
create function private.apply_payment() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  perform private.require(new.org_id, 'payment.record',
    'new row violates row-level security policy for table "payments"');
  select * into v_invoice from public.invoices
   where org_id = new.org_id and id = new.invoice_id for update;
  if v_invoice.status <> 'ISSUED' then
    perform private.refuse('Payments can be recorded only against an ISSUED invoice',
      '23514', 'INVOICE_NOT_ISSUED', jsonb_build_object('status', v_invoice.status), 'invoiceId');
  end if;
  new.currency := coalesce(new.currency, v_invoice.currency);
  if new.currency <> v_invoice.currency then
    perform private.refuse(format('A payment is in its invoice''s currency (%s)', v_invoice.currency),
      '23514', 'PAYMENT_CURRENCY', jsonb_build_object('currency', v_invoice.currency), 'currency');
  end if;
  if new.amount > v_invoice.amount_due then
    perform private.refuse(
      format('The payment is more than the balance due (%s %s)', greatest(v_invoice.amount_due, 0), v_invoice.currency),
      '23514', 'OVER_BALANCE',
      jsonb_build_object('amount', greatest(v_invoice.amount_due, 0), 'currency', v_invoice.currency), 'amount');
  end if;
  perform private.require_currency_decimals(new.amount, new.currency, 'amount');
  -- Says to private.guard_invoice that this update of amount_paid (and the status it moves) is a payment's.
  perform set_config('kasuwa.amount_paid_by_payments', 'on', true);
  update public.invoices
     set amount_paid = amount_paid + new.amount,
         status = case when private.amount_due(total, amount_credited, amount_paid + new.amount) <= 0
                       then 'PAID'::public.invoice_status
                       else status end
   where org_id = new.org_id and id = new.invoice_id;
  perform set_config('kasuwa.amount_paid_by_payments', 'off', true);
  return new;
end
$$;
create trigger payments_apply before insert on public.payments
  for each row execute function private.apply_payment();

-- Every payment has its receipt: the next receipt number of the organization and the invoice's balance once
-- the payment is applied (this trigger runs after payments_apply, in name order). Whatever a caller sends
-- for either is replaced.
create function private.assign_receipt() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_next bigint;
begin
  insert into public.invoice_counters as c (org_id, last_receipt) values (new.org_id, 1)
  on conflict (org_id) do update set last_receipt = c.last_receipt + 1
  returning last_receipt into v_next;
  new.receipt_number := 'RCT-' || lpad(v_next::text, 6, '0');
  -- (No such invoice: the foreign key refuses the row next, with its own error.)
  new.balance_after := coalesce((select greatest(i.amount_due, 0) from public.invoices i
                                  where i.org_id = new.org_id and i.id = new.invoice_id), 0);
  return new;
end
$$;
create trigger payments_receipt before insert on public.payments
  for each row execute function private.assign_receipt();
create trigger payments_append_only before update on public.payments
  for each row execute function private.refuse_change();

-- Money given back on an invoice (refunds) came out of what was overpaid: a payment taken back (reversed or
-- deleted) must leave at least the refunds overpaid, or the customer would have been refunded money they never
-- paid. (The refunds table is in 20261122000810_credit_notes.sql; this runs only once it exists.)
create function private.refuse_if_refunded(p_org_id uuid, p_invoice_id uuid, p_amount numeric) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_refunded numeric;
begin
  select * into v_invoice from public.invoices where org_id = p_org_id and id = p_invoice_id;
  select coalesce(sum(r.amount), 0) into v_refunded from public.refunds r
   where r.org_id = p_org_id and r.invoice_id = p_invoice_id;
  -- What stays overpaid once p_amount is taken back is minus the balance that would be left.
  if v_refunded > 0
     and v_refunded > -private.amount_due(v_invoice.total, v_invoice.amount_credited, v_invoice.amount_paid - p_amount) then
    perform private.refuse('This payment was given back in part by a refund: it cannot be taken back', '23514',
      'PAYMENT_REFUNDED');
  end if;
end
$$;
revoke all on function private.refuse_if_refunded(uuid, uuid, numeric) from public, anon;

-- Deleting a payment is for a mistake noticed at once: by an owner or a manager, within 24 hours of
-- recording it, and only while nothing depends on it (it was not reversed). Anything else is refused with
-- its reason, whoever deletes (the Data API, the dashboard); an accountant, or anyone later, reverses it
-- instead. The invoice's amount paid and status follow. (A payment removed with its organization is not a
-- correction: nothing to check.)
create function private.guard_payment_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 then
    return old;
  end if;
  perform private.require(old.org_id, 'payment.delete',
    'Only owners and managers delete a payment; reverse it instead', 'PAYMENT_DELETE_FORBIDDEN');
  if exists (select 1 from public.payment_reversals r where r.org_id = old.org_id and r.payment_id = old.id) then
    perform private.refuse('A reversed payment cannot be deleted: its reversal refers to it', '23514',
      'PAYMENT_REVERSED');
  end if;
  if old.created_at < now() - interval '24 hours' then
    perform private.refuse('A payment can be deleted only within 24 hours of recording it; reverse it instead',
      '23514', 'PAYMENT_TOO_OLD_TO_DELETE', jsonb_build_object('hours', 24));
  end if;
  perform 1 from public.invoices where org_id = old.org_id and id = old.invoice_id for update;
  perform private.refuse_if_refunded(old.org_id, old.invoice_id, old.amount);
  -- Says to private.guard_invoice that this update of amount_paid (and the status it moves) is a payment's.
  perform set_config('kasuwa.amount_paid_by_payments', 'on', true);
  update public.invoices
     set amount_paid = amount_paid - old.amount,
         status = case when status = 'PAID' and private.amount_due(total, amount_credited, amount_paid - old.amount) > 0
                       then 'ISSUED'::public.invoice_status else status end
   where org_id = old.org_id and id = old.invoice_id;
  perform set_config('kasuwa.amount_paid_by_payments', 'off', true);
  return old;
end
$$;
create trigger payments_guard_delete before delete on public.payments
  for each row execute function private.guard_payment_delete();

-- A reversal takes the payment's amount, currency and invoice (whatever the insert says), once per payment,
-- and takes the amount off the invoice's amount paid: a PAID invoice is ISSUED again. The server's clock
-- dates it for a member (the database owner may backdate, for seeds).
create function private.apply_payment_reversal() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  perform private.require(new.org_id, 'payment.reverse',
    'Only owners, managers and accountants reverse a payment', 'PAYMENT_REVERSE_FORBIDDEN');
  select * into v_payment from public.payments where org_id = new.org_id and id = new.payment_id;
  if v_payment.id is null then
    perform private.refuse('Payment not found', '23503', 'PAYMENT_NOT_FOUND', null, 'paymentId');
  end if;
  if new.invoice_id is not null and new.invoice_id <> v_payment.invoice_id then
    perform private.refuse('A reversal is of its payment''s invoice', '23503', 'INVOICE_NOT_FOUND', null, 'invoiceId');
  end if;
  if nullif(btrim(coalesce(new.reason, '')), '') is null then
    perform private.refuse('Say why the payment is reversed', '23514', 'REVERSAL_REASON_REQUIRED', null, 'reason');
  end if;
  if char_length(btrim(new.reason)) > 500 then
    perform private.refuse('The reason is at most 500 characters', '23514', 'TOO_LONG',
      jsonb_build_object('max', 500), 'reason');
  end if;
  -- The invoice is locked first: two reversals of one payment sent at once are told apart here.
  perform 1 from public.invoices where org_id = new.org_id and id = v_payment.invoice_id for update;
  if exists (select 1 from public.payment_reversals r where r.org_id = new.org_id and r.payment_id = new.payment_id) then
    perform private.refuse('This payment was already reversed', '23505', 'PAYMENT_ALREADY_REVERSED');
  end if;
  perform private.refuse_if_refunded(new.org_id, v_payment.invoice_id, v_payment.amount);
  new.invoice_id := v_payment.invoice_id;
  new.amount := v_payment.amount;
  new.currency := v_payment.currency;
  new.reason := btrim(new.reason);
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') then
    new.reversed_at := now();
    new.created_by := (select auth.uid());
  end if;
  -- Says to private.guard_invoice that this update of amount_paid (and the status it moves) is a payment's.
  perform set_config('kasuwa.amount_paid_by_payments', 'on', true);
  update public.invoices
     set amount_paid = amount_paid - new.amount,
         status = case when status = 'PAID' and private.amount_due(total, amount_credited, amount_paid - new.amount) > 0
                       then 'ISSUED'::public.invoice_status else status end
   where org_id = new.org_id and id = new.invoice_id;
  perform set_config('kasuwa.amount_paid_by_payments', 'off', true);
  return new;
end
$$;
create trigger payment_reversals_apply before insert on public.payment_reversals
  for each row execute function private.apply_payment_reversal();
-- A reversal is final: never changed, never removed (but with its organization).
create trigger payment_reversals_final before update or delete on public.payment_reversals
  for each row execute function private.refuse_change_but_cascade();


-- ---------------------------------------------------------------------------------------------------
-- RLS (role matrix): payments edit for OWNER/MANAGER/ACCOUNTANT, read for SALES.
alter table public.payments enable row level security;
alter table public.payments force row level security;
alter table public.payment_reversals enable row level security;
alter table public.payment_reversals force row level security;

create policy "Members can read payments" on public.payments for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can record payments" on public.payments for insert to authenticated
  with check (
    org_id in (select private.org_ids_that_can('payment.record')) and created_by = (select auth.uid())
  );

-- Every member may try; the trigger (private.guard_payment_delete) refuses with its reason whom it must.
create policy "Members can ask to delete a payment" on public.payments for delete to authenticated
  using (org_id in (select private.org_ids_with_role()));

create policy "Members can read payment reversals" on public.payment_reversals for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
-- Written by reverse_payment only (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.payment_reversals from anon, authenticated;

-- A recorded payment is final (a correction is a new row, a reversal): no update; a delete only as
-- private.guard_payment_delete allows.
revoke insert, update, delete on public.payments from anon, authenticated;
grant insert (id, org_id, invoice_id, method, provider, amount, currency, ref, received_at, created_by)
  on public.payments to authenticated;
grant delete on public.payments to authenticated;
