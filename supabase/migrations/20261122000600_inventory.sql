-- Inventory and purchasing: products, suppliers, purchase orders and their lines, and the stock ledger.
-- Stock on hand changes only through stock moves: a trigger on stock_moves is the one writer of
-- products.stock_on_hand, so every number can be explained. Tables, rules and policies; the functions the
-- app calls are in 20261122000700_inventory_functions.sql.

create type public.purchase_order_status as enum ('DRAFT', 'APPROVED', 'RECEIVED');
create type public.stock_move_reason as enum ('OPENING', 'ADJUSTMENT', 'PURCHASE_RECEIPT', 'SALE', 'VOID_RETURN', 'CREDIT_RETURN');

-- ---------------------------------------------------------------------------------------------------
create table public.products (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  -- Optional: many small shops have none. Missing is null, never an empty text.
  sku varchar(100) check (btrim(sku) <> ''),
  barcode varchar(100),
  unit varchar(50) not null default 'pcs' check (btrim(unit) <> ''),
  cost public.money_price not null default 0 check (cost >= 0),
  price public.money_price not null default 0 check (price >= 0),
  tax_code varchar(50),
  stock_on_hand public.quantity not null default 0,
  low_stock_threshold integer not null default 5 check (low_stock_threshold >= 0),
  archived boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The stock state the badges show, kept on the row so lists can filter on it with an index.
  stock_status text generated always as (
    case when stock_on_hand <= 0 then 'OUT_OF_STOCK'
         when stock_on_hand <= low_stock_threshold then 'LOW_STOCK'
         else 'IN_STOCK' end) stored,
  unique (org_id, id)
);
comment on table public.products is 'What an organization sells or stocks. Archived products keep their history but leave every list.';
comment on column public.products.stock_on_hand is 'Maintained only by stock_moves (sum of their deltas); never written directly.';
comment on column public.products.low_stock_threshold is 'At or below this stock the product is "Low Stock"; at or below 0 "Out of Stock".';
comment on column public.products.archived is 'Set instead of deleting a product that invoices or stock moves refer to.';
comment on column public.products.version is 'Incremented on every update; offline edits carry the version they were based on.';
comment on column public.products.stock_status is 'OUT_OF_STOCK at or below 0, LOW_STOCK at or below the threshold, else IN_STOCK.';
-- A SKU, when given, names one active product of the organization; products without one (null) never clash.
create unique index products_org_sku_key on public.products (org_id, lower(sku)) where not archived and sku is not null;
create index products_org_name_idx on public.products (org_id, name) where not archived;
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);
create index products_sku_trgm_idx on public.products using gin (sku extensions.gin_trgm_ops);
create index products_org_barcode_idx on public.products (org_id, barcode) where barcode is not null;
create index products_low_stock_idx on public.products (org_id)
  where not archived and stock_on_hand <= low_stock_threshold;
-- The product list (list_products): a page by name, filtered by stock state.
create index products_org_active_name_idx on public.products (org_id, name, id) where not archived;
create index products_org_status_idx on public.products (org_id, stock_status, stock_on_hand) where not archived;
-- The dashboard's low-stock products: counted, the first 5 by stock and name, and the 2 latest changed,
-- each read from an index of the low-stock products alone (the CTE that held them all is inlined).
create index products_low_stock_order_idx on public.products (org_id, stock_on_hand, name, id)
  where not archived and stock_on_hand <= low_stock_threshold;
create index products_low_stock_recent_idx on public.products (org_id, updated_at desc, id desc)
  where not archived and stock_on_hand <= low_stock_threshold;

create trigger products_touch before update on public.products
  for each row execute function private.touch_versioned();

-- ---------------------------------------------------------------------------------------------------
create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  email varchar(255),
  phone varchar(50),
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.suppliers is 'Who the organization buys stock from.';
create index suppliers_org_name_idx on public.suppliers (org_id, name);
create trigger suppliers_touch before update on public.suppliers
  for each row execute function private.touch_updated_at();

create table public.purchase_orders (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  supplier_id uuid not null,
  status public.purchase_order_status not null default 'DRAFT',
  currency char(3) not null,
  subtotal public.money_amount not null default 0 check (subtotal >= 0),
  tax public.money_amount not null default 0 check (tax >= 0),
  total public.money_amount not null default 0 check (total >= 0),
  expected_at date,
  received_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, supplier_id) references public.suppliers (org_id, id)
);
comment on table public.purchase_orders is 'An order to a supplier: DRAFT -> APPROVED -> RECEIVED. Receiving adds the lines to stock, once.';
create index purchase_orders_org_created_idx on public.purchase_orders (org_id, created_at desc);
create index purchase_orders_supplier_idx on public.purchase_orders (org_id, supplier_id);
create trigger purchase_orders_touch before update on public.purchase_orders
  for each row execute function private.touch_versioned();

create table public.purchase_order_lines (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  purchase_order_id uuid not null,
  product_id uuid not null,
  quantity public.quantity not null check (quantity > 0),
  unit_cost public.money_price not null default 0 check (unit_cost >= 0),
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, purchase_order_id) references public.purchase_orders (org_id, id) on delete cascade,
  foreign key (org_id, product_id) references public.products (org_id, id)
);
comment on table public.purchase_order_lines is 'What a purchase order buys: product, quantity and unit cost.';
create index purchase_order_lines_order_idx on public.purchase_order_lines (org_id, purchase_order_id);
create index purchase_order_lines_product_idx on public.purchase_order_lines (org_id, product_id);

-- ---------------------------------------------------------------------------------------------------
create table public.stock_moves (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  product_id uuid not null,
  delta public.quantity not null check (delta <> 0),
  reason public.stock_move_reason not null,
  ref_id uuid,
  note text check (char_length(note) <= 500),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, product_id) references public.products (org_id, id),
  check (reason <> 'ADJUSTMENT' or (note is not null and btrim(note) <> ''))
);
comment on table public.stock_moves is 'The stock ledger: every change of stock on hand, append-only. stock_on_hand = sum(delta).';
comment on column public.stock_moves.ref_id is 'The invoice (SALE, VOID_RETURN), the credit note (CREDIT_RETURN) or purchase order (PURCHASE_RECEIPT) that caused the move.';
comment on column public.stock_moves.note is 'Required reason for a manual ADJUSTMENT.';
create index stock_moves_product_idx on public.stock_moves (org_id, product_id, created_at desc);
create index stock_moves_ref_idx on public.stock_moves (org_id, ref_id) where ref_id is not null;

-- The one writer of stock_on_hand. Its transaction-local flag, kasuwa.stock_on_hand_by_moves (no Data API
-- request can set one), tells the guard below that the change comes from here.
create function private.apply_stock_move() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('kasuwa.stock_on_hand_by_moves', 'on', true);
  update public.products
     set stock_on_hand = stock_on_hand + new.delta
   where org_id = new.org_id and id = new.product_id;
  perform set_config('kasuwa.stock_on_hand_by_moves', 'off', true);
  return new;
end
$$;
create trigger stock_moves_apply after insert on public.stock_moves
  for each row execute function private.apply_stock_move();

create function private.guard_stock_on_hand() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.stock_on_hand <> 0 then
    perform private.refuse('Stock on hand starts at 0 and changes only through stock moves',
      '23514', 'STOCK_THROUGH_MOVES');
  end if;
  if tg_op = 'UPDATE' and new.stock_on_hand is distinct from old.stock_on_hand
     and coalesce(current_setting('kasuwa.stock_on_hand_by_moves', true), 'off') <> 'on' then
    perform private.refuse('Stock on hand changes only through stock moves', '23514', 'STOCK_THROUGH_MOVES');
  end if;
  return new;
end
$$;
create trigger products_guard_stock before insert or update on public.products
  for each row execute function private.guard_stock_on_hand();

-- A cost or price is in the organization's currency, with its decimals (no 150.75 XOF), however it is
-- written (the app, /rest/v1, an import). A price set before the currency changed stays until it is edited.
create function private.guard_product_decimals() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_currency text := (select o.currency from public.organizations o where o.id = new.org_id);
begin
  if tg_op = 'INSERT' or new.cost is distinct from old.cost then
    perform private.require_currency_decimals(new.cost, v_currency, 'cost');
  end if;
  if tg_op = 'INSERT' or new.price is distinct from old.price then
    perform private.require_currency_decimals(new.price, v_currency, 'price');
  end if;
  return new;
end
$$;
create trigger products_guard_decimals before insert or update of cost, price on public.products
  for each row execute function private.guard_product_decimals();
-- No delete policy either: only deleting the whole organization removes ledger rows. A member adds
-- OPENING and ADJUSTMENT moves (RLS) with these columns; the rest are the triggers' (a sale's ref_id).
revoke insert, update, delete on public.stock_moves from anon, authenticated;
grant insert (id, org_id, product_id, delta, reason, note, created_by) on public.stock_moves to authenticated;
create trigger stock_moves_append_only before update on public.stock_moves
  for each row execute function private.refuse_change();

-- ---------------------------------------------------------------------------------------------------
-- RLS: every member reads; OWNER and MANAGER write (role matrix: products, suppliers, purchase orders, stock).
alter table public.products enable row level security;
alter table public.products force row level security;
alter table public.suppliers enable row level security;
alter table public.suppliers force row level security;
alter table public.purchase_orders enable row level security;
alter table public.purchase_orders force row level security;
alter table public.purchase_order_lines enable row level security;
alter table public.purchase_order_lines force row level security;
alter table public.stock_moves enable row level security;
alter table public.stock_moves force row level security;

create policy "Members can read products" on public.products for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add products" on public.products for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('product.edit')));
create policy "Owners and managers can edit products" on public.products for update to authenticated
  using (org_id in (select private.org_ids_that_can('product.edit')))
  with check (org_id in (select private.org_ids_that_can('product.edit')));
create policy "Owners and managers can delete products" on public.products for delete to authenticated
  using (org_id in (select private.org_ids_that_can('product.edit')));

create policy "Members can read suppliers" on public.suppliers for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add suppliers" on public.suppliers for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('supplier.edit')));
create policy "Owners and managers can edit suppliers" on public.suppliers for update to authenticated
  using (org_id in (select private.org_ids_that_can('supplier.edit')))
  with check (org_id in (select private.org_ids_that_can('supplier.edit')));
create policy "Owners and managers can delete suppliers" on public.suppliers for delete to authenticated
  using (org_id in (select private.org_ids_that_can('supplier.edit')));

create policy "Members can read purchase orders" on public.purchase_orders for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can create purchase orders" on public.purchase_orders for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('purchaseOrder.edit')));
create policy "Owners and managers can edit purchase orders" on public.purchase_orders for update to authenticated
  using (org_id in (select private.org_ids_that_can('purchaseOrder.edit')))
  with check (org_id in (select private.org_ids_that_can('purchaseOrder.edit')));
create policy "Owners and managers can delete draft purchase orders" on public.purchase_orders for delete to authenticated
  using (status = 'DRAFT' and org_id in (select private.org_ids_that_can('purchaseOrder.edit')));

create policy "Members can read purchase order lines" on public.purchase_order_lines for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can add purchase order lines" on public.purchase_order_lines for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('purchaseOrder.edit')));
create policy "Owners and managers can edit purchase order lines" on public.purchase_order_lines for update to authenticated
  using (org_id in (select private.org_ids_that_can('purchaseOrder.edit')))
  with check (org_id in (select private.org_ids_that_can('purchaseOrder.edit')));
create policy "Owners and managers can delete purchase order lines" on public.purchase_order_lines for delete to authenticated
  using (org_id in (select private.org_ids_that_can('purchaseOrder.edit')));

create policy "Members can read the stock ledger" on public.stock_moves for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can record stock moves" on public.stock_moves for insert to authenticated
  with check (
    org_id in (select private.org_ids_that_can('stock.adjust'))
    and created_by = (select auth.uid())
    and reason in ('OPENING', 'ADJUSTMENT')
  );

-- A purchase order's lines change only while it is a draft; receiving is a one-way door.
create function private.guard_purchase_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Received means final: what was received, from whom, when and at what cost never changes (a
  -- correction is an ADJUSTMENT stock move); received_at is set by receiving, by the server's clock.
  if tg_op = 'UPDATE' and old.status = 'RECEIVED'
     and (new.supplier_id, new.currency, new.subtotal, new.tax, new.total, new.expected_at, new.received_at,
          new.created_by, new.created_at)
         is distinct from (old.supplier_id, old.currency, old.subtotal, old.tax, old.total, old.expected_at,
                           old.received_at, old.created_by, old.created_at) then
    perform private.refuse('A received purchase order is final', '23514', 'PURCHASE_ORDER_FINAL');
  end if;
  if tg_op = 'UPDATE' and new.received_at is distinct from old.received_at
     and not (old.status = 'APPROVED' and new.status = 'RECEIVED') then
    perform private.refuse('A purchase order is dated when it is received, by the server', '23514',
      'PURCHASE_ORDER_FINAL', null, 'receivedAt');
  end if;
  if tg_op = 'UPDATE' and new.status <> old.status then
    if not ((old.status = 'DRAFT' and new.status = 'APPROVED') or (old.status = 'APPROVED' and new.status = 'RECEIVED')) then
      perform private.refuse(format('A purchase order cannot go from %s to %s', old.status, new.status),
        '23514', 'PURCHASE_ORDER_STATUS_TRANSITION', jsonb_build_object('from', old.status, 'to', new.status));
    end if;
    if new.status = 'RECEIVED' then
      new.received_at := now();
      insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_by)
      select l.org_id, l.product_id, l.quantity, 'PURCHASE_RECEIPT', l.purchase_order_id, (select auth.uid())
        from public.purchase_order_lines l
       where l.org_id = new.org_id and l.purchase_order_id = new.id;
    end if;
  end if;
  return new;
end
$$;
create trigger purchase_orders_guard before update on public.purchase_orders
  for each row execute function private.guard_purchase_order();

create function private.guard_purchase_order_lines() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.purchase_order_lines := coalesce(new, old);
begin
  perform private.require(v_row.org_id, 'purchaseOrder.edit',
    'new row violates row-level security policy for table "purchase_order_lines"');
  -- Both orders count: a line must not be moved off an approved order either.
  if exists (select 1 from public.purchase_orders po
              where po.status <> 'DRAFT'
                and ((tg_op <> 'INSERT' and po.org_id = old.org_id and po.id = old.purchase_order_id)
                  or (tg_op <> 'DELETE' and po.org_id = new.org_id and po.id = new.purchase_order_id))) then
    perform private.refuse('Only a DRAFT purchase order''s lines can change',
      '23514', 'PURCHASE_ORDER_NOT_DRAFT');
  end if;
  return coalesce(new, old);
end
$$;
create trigger purchase_order_lines_guard before insert or update or delete on public.purchase_order_lines
  for each row execute function private.guard_purchase_order_lines();
-- Receiving an order again is refused plainly (its stock was added once). Only a statement that sets the
-- status fires this; other edits of a received order (its expected date) are not a second receipt.
create function private.refuse_receiving_twice() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if old.status = 'RECEIVED' and new.status = 'RECEIVED' then
    perform private.refuse('This purchase order was already received', '23514', 'PURCHASE_ORDER_FINAL');
  end if;
  return new;
end
$$;
create trigger purchase_orders_received_once before update of status on public.purchase_orders
  for each row execute function private.refuse_receiving_twice();
