-- A realistic data set at scale for benchmarks (npm run seed:large). Set-based: triggers are switched off
-- for the load (session_replication_role = replica) and what they would maintain — invoice numbers and
-- counters, totals, amounts paid, statuses, stock on hand from the ledger, the daily totals — is computed
-- here in bulk.
-- Parameters (psql-style :'name' placeholders are replaced by scripts/seed-large.ts):
--   :products :customers :invoices :payments :expenses :leads :small_orgs

set session_replication_role = replica;
select setseed(0.2026);

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'b0000000-0000-4000-8000-000000000001', 'authenticated',
        'authenticated', 'bench@kasuwa.app', extensions.crypt('kasuwa-bench-2026', extensions.gen_salt('bf', 10)),
        now(), '{"provider":"email","providers":["email"]}', '{"first_name":"Bola","last_name":"Adeyemi"}', now(), now());
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
        '{"sub":"b0000000-0000-4000-8000-000000000001","email":"bench@kasuwa.app","email_verified":true}', 'email', now(), now());
insert into public.profiles (id, email, first_name, last_name, email_verified)
values ('b0000000-0000-4000-8000-000000000001', 'bench@kasuwa.app', 'Bola', 'Adeyemi', true);

-- The big organization first, then the small ones, all owned by the bench user.
create temporary table seed_orgs as
select gen_random_uuid() as id, n,
       case when n = 0 then 'Lagos Wholesale Bench Ltd' else 'Bench Shop ' || n end as name,
       case when n = 0 then 1.0 else 0.0 end as big
  from generate_series(0, :small_orgs) n;

insert into public.organizations (id, name, country, currency, timezone, default_tax_rate, created_by, created_at)
select id, name, 'NG', 'NGN', 'Africa/Lagos', 7.5, 'b0000000-0000-4000-8000-000000000001', now() - interval '400 days'
  from seed_orgs;
insert into public.memberships (org_id, user_id, role)
select id, 'b0000000-0000-4000-8000-000000000001', 'OWNER' from seed_orgs;
insert into public.licenses (org_id, plan, status, created_by)
select id, 'BUSINESS', 'ACTIVE', 'b0000000-0000-4000-8000-000000000001' from seed_orgs;

-- Sizes per organization: the big one gets the parameters, each small one a shop's worth.
create temporary table seed_sizes as
select id as org_id,
       case when big = 1 then :products else 20 end as products,
       case when big = 1 then :customers else 30 end as customers,
       case when big = 1 then :invoices else 50 end as invoices,
       case when big = 1 then :payments else 40 end as payments,
       case when big = 1 then :expenses else 20 end as expenses,
       case when big = 1 then :leads else 10 end as leads
  from seed_orgs;

create temporary table seed_products as
select gen_random_uuid() as id, s.org_id, g as n,
       (array['Rice', 'Beans', 'Garri', 'Palm Oil', 'Sugar', 'Milk', 'Noodles', 'Tomato Paste', 'Soap', 'Detergent',
              'Paracetamol', 'Vitamin C', 'Bread', 'Flour', 'Semolina', 'Yam Flour', 'Groundnut Oil', 'Salt',
              'Malt Drink', 'Bottled Water'])[1 + (g % 20)] || ' ' ||
       (array['500g', '1kg', '2kg', '5kg', '10kg', '25kg', '50kg', '1L', '5L', 'Pack'])[1 + ((g / 20) % 10)] ||
       ' #' || g as name,
       round((100 + random() * 20000)::numeric, 2) as cost
  from seed_sizes s, generate_series(1, s.products) g;

insert into public.products (id, org_id, name, sku, barcode, unit, cost, price, tax_code, low_stock_threshold, created_at)
select id, org_id, name, 'SKU-' || lpad(n::text, 6, '0'), '590' || lpad(n::text, 10, '0'), 'pcs', cost,
       round((cost * (1.15 + random() * 0.4))::numeric, 2), 'VAT', 5 + (n % 20), now() - interval '390 days'
  from seed_products;

insert into public.stock_moves (org_id, product_id, delta, reason, note, created_at)
select org_id, id, 20 + (random() * 500)::integer, 'OPENING', 'Opening stock', now() - interval '390 days'
  from seed_products;

insert into public.customers (org_id, name, email, phone, created_at)
select s.org_id,
       (array['Chinedu', 'Amaka', 'Tunde', 'Ngozi', 'Emeka', 'Funke', 'Ibrahim', 'Aisha', 'Kwame', 'Fatou',
              'Moussa', 'Awa', 'Kofi', 'Ama', 'Seun', 'Bisi'])[1 + g % 16] || ' ' ||
       (array['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Diallo', 'Ndiaye', 'Mensah', 'Traore', 'Okonkwo',
              'Abubakar', 'Sow'])[1 + (g / 16) % 12] || ' ' || g,
       case when g % 3 = 0 then 'customer' || g || '@example.com' end,
       '+234 80' || lpad((g % 100000000)::text, 8, '0'),
       now() - ((g % 400) || ' days')::interval
  from seed_sizes s, generate_series(1, s.customers) g;

-- Invoices: numbered per organization in creation order; 10% QUOTE, 25% ISSUED, 60% PAID, 5% VOID.
create temporary table seed_customers as
select org_id, id, row_number() over (partition by org_id order by id) as n,
       count(*) over (partition by org_id) as total
  from public.customers where org_id in (select id from seed_orgs);
create index on seed_customers (org_id, n);

create temporary table seed_invoices as
select gen_random_uuid() as id, s.org_id, g as n,
       now() - ((s.invoices - g)::numeric / s.invoices * 360 || ' days')::interval as created_at,
       case when g % 20 < 2 then 'QUOTE' when g % 20 < 7 then 'ISSUED' when g % 20 = 7 then 'VOID' else 'PAID' end
         as status,
       1 + (hashint4(g) & 2147483647) % s.customers as customer_n
  from seed_sizes s, generate_series(1, s.invoices) g;

insert into public.invoices (id, org_id, customer_id, number, status, currency, issued_at, due_at, created_by, created_at)
select i.id, i.org_id, c.id, 'INV-' || lpad(i.n::text, 6, '0'), i.status::public.invoice_status, 'NGN',
       case when i.status <> 'QUOTE' then i.created_at end, (i.created_at + interval '30 days')::date,
       'b0000000-0000-4000-8000-000000000001', i.created_at
  from seed_invoices i join seed_customers c on c.org_id = i.org_id and c.n = i.customer_n;

insert into public.invoice_counters (org_id, last_number)
select org_id, invoices from seed_sizes;

create temporary table seed_product_index as
select org_id, id, price, row_number() over (partition by org_id order by id) as n from public.products
 where org_id in (select id from seed_orgs);
create index on seed_product_index (org_id, n);

-- 2 to 5 lines per invoice.
insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
select i.org_id, i.id, p.id, 'Item', 1 + (hashint4(i.n * 7 + l) & 15), p.price, 7.5, l
  from seed_invoices i
  join seed_sizes s on s.org_id = i.org_id
  cross join lateral generate_series(1, 2 + (hashint4(i.n) & 2147483647) % 4) l
  join seed_product_index p on p.org_id = i.org_id and p.n = 1 + (hashint4(i.n * 31 + l) & 2147483647) % s.products;

update public.invoices v
   set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax
  from (select invoice_id, sum(round(qty * unit_price, 2)) as subtotal,
               sum(round(round(qty * unit_price, 2) * tax_rate / 100, 2)) as tax
          from public.invoice_items where org_id in (select id from seed_orgs) group by invoice_id) t
 where v.id = t.invoice_id;

-- Payments: PAID invoices paid in one, two or three parts, some ISSUED ones partly paid, capped at :payments
-- per org (with the defaults there are more than enough, so the big organization has exactly 100,000).
-- Each with its receipt number, in order (the receipt trigger is off for the load).
insert into public.payments (org_id, invoice_id, method, provider, amount, currency, ref, received_at, created_by,
                             receipt_number)
select x.org_id, x.id, x.method, x.provider, x.amount, 'NGN', x.ref, x.received_at, 'b0000000-0000-4000-8000-000000000001',
       'RCT-' || lpad(x.k::text, 6, '0')
  from (
    select v.org_id, v.id,
           (array['cash', 'bank-transfer', 'mobile-money', 'card', 'check'])[1 + (hashint4(si.n) & 2147483647) % 5] as method,
           case when (hashint4(si.n) & 2147483647) % 5 = 2 then 'OTHER'::public.mobile_money_provider end as provider,
           case when si.status = 'ISSUED' then round(v.total / 3, 2)
                when part < pp.parts then round(v.total / pp.parts, 2)
                else v.total - (pp.parts - 1) * round(v.total / pp.parts, 2) end as amount,
           'REF' || si.n || '-' || part as ref,
           least(v.created_at + (part || ' days')::interval, now() - interval '1 minute') as received_at,
           row_number() over (partition by v.org_id order by si.n, part) as k
      from seed_invoices si
      join public.invoices v on v.id = si.id
      cross join lateral (select case when si.status = 'PAID' and si.n % 2 = 0 then 2
                                      when si.status = 'PAID' and si.n % 5 = 1 then 3 else 1 end as parts) pp
      cross join lateral generate_series(1, pp.parts) part
     where si.status = 'PAID' or (si.status = 'ISSUED' and si.n % 3 = 0)
  ) x
  join seed_sizes s on s.org_id = x.org_id
 where x.k <= s.payments;

update public.invoice_counters c
   set last_receipt = (select count(*) from public.payments p where p.org_id = c.org_id)
 where c.org_id in (select id from seed_orgs);

update public.invoices v
   set amount_paid = t.paid,
       status = case when t.paid >= v.total then 'PAID'::public.invoice_status else 'ISSUED'::public.invoice_status end
  from (select invoice_id, sum(amount) as paid from public.payments
         where org_id in (select id from seed_orgs) group by invoice_id) t
 where v.id = t.invoice_id;
-- Invoices meant to be PAID whose payments were cut by the cap stay ISSUED.
update public.invoices set status = 'ISSUED'
 where org_id in (select id from seed_orgs) and status = 'PAID' and amount_paid < total;

-- Stock out for every invoice that was issued (and back in for the voided ones, which leave no net move).
insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_at)
select it.org_id, it.product_id, -sum(it.qty), 'SALE', it.invoice_id, min(v.issued_at)
  from public.invoice_items it join public.invoices v on v.id = it.invoice_id
 where v.org_id in (select id from seed_orgs) and v.status <> 'QUOTE'
 group by it.org_id, it.invoice_id, it.product_id;
insert into public.stock_moves (org_id, product_id, delta, reason, ref_id, created_at)
select it.org_id, it.product_id, sum(it.qty), 'VOID_RETURN', it.invoice_id, min(v.issued_at) + interval '1 day'
  from public.invoice_items it join public.invoices v on v.id = it.invoice_id
 where v.org_id in (select id from seed_orgs) and v.status = 'VOID'
 group by it.org_id, it.invoice_id, it.product_id;
update public.invoices set voided_at = issued_at + interval '1 day'
 where org_id in (select id from seed_orgs) and status = 'VOID';

update public.products p set stock_on_hand = t.stock
  from (select product_id, sum(delta) as stock from public.stock_moves
         where org_id in (select id from seed_orgs) group by product_id) t
 where p.id = t.product_id;

insert into public.expenses (org_id, vendor, category, amount, currency, paid_at, note, created_by)
select s.org_id, (array['Ikeja Electric', 'MTN Nigeria', 'Landlord', 'Jumia Office', 'Bolt', 'Printing Press'])[1 + g % 6],
       (array['utilities', 'utilities', 'rent', 'office-supplies', 'travel', 'marketing', 'equipment', 'other'])[1 + g % 8],
       round((500 + random() * 200000)::numeric, 2), 'NGN', now() - ((g % 365) || ' days')::interval,
       case when g % 4 = 0 then 'Expense ' || g end, 'b0000000-0000-4000-8000-000000000001'
  from seed_sizes s, generate_series(1, s.expenses) g;

insert into public.leads (org_id, name, company, stage, owner_id, value, currency, close_date, created_at)
select s.org_id, 'Opportunity ' || g, 'Company ' || (g % 997),
       (array['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'])[1 + g % 5]::public.lead_stage,
       'b0000000-0000-4000-8000-000000000001', round((10000 + random() * 5000000)::numeric, 2), 'NGN',
       (now() + ((g % 120) - 30 || ' days')::interval)::date, now() - ((g % 365) || ' days')::interval
  from seed_sizes s, generate_series(1, s.leads) g;

-- The daily totals the dashboard and the reports add up (their triggers were off for the load).
select private.rebuild_daily_totals();

set session_replication_role = origin;
analyze;
