-- Customers: the people and businesses an organization sells to, when one may be deleted (never with
-- invoices, subscriptions or documents: merged instead) and how a merge tells the rules of the tables that
-- point at a customer. Invoices are in 20261122000803_invoices.sql, payments in
-- 20261122000806_payments.sql; the functions the app calls are in 20261122000920_customer_functions.sql.

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  email varchar(255) check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone varchar(50),
  -- A business customer's address and tax ID, printed under its name on the documents it receives.
  address varchar(500) check (btrim(address) <> ''),
  tax_id varchar(50) check (btrim(tax_id) <> ''),
  archived boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.customers is 'People and businesses the organization sells to.';
create index customers_org_created_idx on public.customers (org_id, created_at desc);
create index customers_org_name_idx on public.customers (org_id, name);
create index customers_name_trgm_idx on public.customers using gin (name extensions.gin_trgm_ops);
create index customers_org_phone_idx on public.customers (org_id, phone) where phone is not null;
create index customers_org_email_idx on public.customers (org_id, lower(email)) where email is not null;
-- The dashboard counts the active (not archived) customers; the customer list (list_customers) reads them
-- newest first and searches them by name, phone or email.
create index customers_org_active_idx on public.customers (org_id, created_at) where not archived;
create index customers_org_active_created_idx on public.customers (org_id, created_at desc, id) where not archived;
create index customers_phone_trgm_idx on public.customers using gin (phone extensions.gin_trgm_ops);
-- A phone number as digits only: "776543210" finds "77 654 32 10" and "+221 77 654 32 10", however it was
-- spaced when typed (list_customers; the app searches what it keeps on the device the same way).
create function private.phone_digits(p_phone text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select nullif(regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g'), '')
$$;
create index customers_phone_digits_trgm_idx on public.customers
  using gin (private.phone_digits(phone) extensions.gin_trgm_ops) where phone is not null;
create index customers_email_trgm_idx on public.customers using gin (email extensions.gin_trgm_ops);
create trigger customers_touch before update on public.customers
  for each row execute function private.touch_versioned();

-- RLS: every member reads, adds and edits customers; owners and managers delete them.
alter table public.customers enable row level security;
alter table public.customers force row level security;

create policy "Members can read customers" on public.customers for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Members can add customers" on public.customers for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('customer.edit')));
create policy "Members can edit customers" on public.customers for update to authenticated
  using (org_id in (select private.org_ids_that_can('customer.edit')))
  with check (org_id in (select private.org_ids_that_can('customer.edit')));
create policy "Owners and managers can delete customers" on public.customers for delete to authenticated
  using (org_id in (select private.org_ids_that_can('customer.delete')));

-- A customer is removed only when nothing refers to them: one with invoices (quotes and voided ones
-- included: numbered documents), subscriptions or documents filed under them is refused with its reason, and
-- is merged into the customer kept instead (public.merge_customers). Their statement links go with them: without invoices the
-- statement has nothing on it. (Removed with their organization, they are not asked about.)
create function private.guard_customer_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 then
    return old;
  end if;
  if exists (select 1 from public.invoices i where i.org_id = old.org_id and i.customer_id = old.id) then
    perform private.refuse('A customer with invoices is merged into another one, never deleted', '23514',
      'CUSTOMER_HAS_INVOICES', jsonb_build_object('count', (select count(*) from public.invoices i
                                                              where i.org_id = old.org_id and i.customer_id = old.id)));
  end if;
  if exists (select 1 from public.subscriptions s where s.org_id = old.org_id and s.customer_id = old.id) then
    perform private.refuse('A customer with subscriptions is merged into another one, never deleted', '23514',
      'CUSTOMER_HAS_SUBSCRIPTIONS', jsonb_build_object('count', (select count(*) from public.subscriptions s
                                                                   where s.org_id = old.org_id and s.customer_id = old.id)));
  end if;
  -- Documents filed under the customer (documents.related_entity_*) would be left pointing at nobody.
  if exists (select 1 from public.documents d where d.org_id = old.org_id and d.related_entity_type = 'customers'
                                                and d.related_entity_id = old.id) then
    perform private.refuse('A customer with documents filed under them is merged into another one, never deleted',
      '23514', 'CUSTOMER_HAS_DOCUMENTS');
  end if;
  return old;
end
$$;
create trigger customers_guard_delete before delete on public.customers
  for each row execute function private.guard_customer_delete();

-- Whether this transaction is merging customer p_from into p_into: said by private.merge_customers only (a
-- setting no Data API request can make, and naming its own transaction, so a value left from another one
-- says nothing), it lets the rules that keep an issued invoice, a subscription and a statement link on their
-- customer move them to the customer kept.
create function private.merging_customer(p_from uuid, p_into uuid) returns boolean
language sql volatile set search_path = ''
as $$
  select p_from is distinct from p_into
     and coalesce(current_setting('kasuwa.merging_customers', true), '')
         = format('%s>%s@%s', p_from, p_into, pg_catalog.pg_current_xact_id())
$$;
revoke all on function private.merging_customer(uuid, uuid) from public;
grant execute on function private.merging_customer(uuid, uuid) to authenticated, service_role;
