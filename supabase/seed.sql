-- Demo data for a newcomer: "Kasuwa Demo Shop", a provisions and pharmacy shop in Accra (GHS), with a
-- month of activity, owned by the demo login printed by `npm start` (demo@kasuwa.app / kasuwa-demo-2026).
-- Runs once after the migrations (supabase db push --include-seed, supabase db reset). Every change goes
-- through the same triggers as the app's: stock through stock moves, invoice numbers and totals from the
-- server, payments completing invoices.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000001', 'authenticated',
   'authenticated', 'demo@kasuwa.app', extensions.crypt('kasuwa-demo-2026', extensions.gen_salt('bf', 10)),
   now() - interval '35 days', null, '{"provider":"email","providers":["email"]}',
   '{"first_name":"Ama","last_name":"Mensah","locale":"en"}', now() - interval '35 days', now()),
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000002', 'authenticated',
   'authenticated', 'kwame@kasuwa.app', extensions.crypt('kasuwa-demo-2026', extensions.gen_salt('bf', 10)),
   now() - interval '30 days', null, '{"provider":"email","providers":["email"]}',
   '{"first_name":"Kwame","last_name":"Asante","locale":"en"}', now() - interval '30 days', now())
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
  from auth.users u
 where u.id in ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002')
on conflict (provider_id, provider) do nothing;

do $seed$
declare
  v_org constant uuid := '0de00000-0000-4000-8000-000000000001';
  v_owner constant uuid := 'd0000000-0000-4000-8000-000000000001';
  v_sales constant uuid := 'd0000000-0000-4000-8000-000000000002';
  v_invoice uuid;
  v_customer uuid;
  v_status text;
  v_day integer;
  v_total numeric;
  i integer;
  j integer;
begin
  if exists (select 1 from public.organizations where id = v_org) then
    return;
  end if;
  perform setseed(0.42);

  insert into public.organizations (id, name, country, currency, timezone, default_tax_rate, created_by, created_at)
  values (v_org, 'Kasuwa Demo Shop', 'GH', 'GHS', 'Africa/Accra', 20, v_owner, now() - interval '35 days');
  insert into public.memberships (org_id, user_id, role, created_at) values
    (v_org, v_owner, 'OWNER', now() - interval '35 days'),
    (v_org, v_sales, 'SALES', now() - interval '30 days');
  -- A paid plan, so the month of demo activity is not held back by the Starter limits.
  insert into public.licenses (org_id, plan, status, start_at, created_by)
  values (v_org, 'GROWTH', 'ACTIVE', now() - interval '35 days', v_owner);

  -- Products, with opening stock recorded as stock moves.
  insert into public.products (org_id, name, sku, barcode, unit, cost, price, tax_code, low_stock_threshold, created_at)
  select v_org, p.name, p.sku, p.barcode, p.unit, p.cost, p.price, 'VAT', p.threshold, now() - interval '34 days'
    from (values
      ('Royal Aroma Rice 5kg', 'RICE-RA-5', '6034000123451', 'bag', 95.00, 125.00, 10),
      ('Frytol Cooking Oil 1L', 'OIL-FRY-1', '6034000123452', 'bottle', 28.00, 36.50, 12),
      ('Milo 400g Tin', 'MILO-400', '6034000123453', 'tin', 42.00, 55.00, 8),
      ('Peak Milk Powder 400g', 'PEAK-400', '6034000123454', 'tin', 48.00, 62.00, 8),
      ('Ideal Milk 160g', 'IDEAL-160', '6034000123455', 'tin', 6.50, 9.00, 24),
      ('Indomie Noodles (carton of 40)', 'INDO-40', '6034000123456', 'carton', 110.00, 145.00, 5),
      ('Voltic Water 1.5L (pack of 6)', 'VOLT-6', '6034000123457', 'pack', 22.00, 30.00, 10),
      ('Malta Guinness 330ml (crate)', 'MALTA-24', '6034000123458', 'crate', 150.00, 192.00, 4),
      ('Gino Tomato Mix 70g', 'GINO-70', '6034000123459', 'sachet', 1.60, 2.50, 50),
      ('Blue Band Margarine 250g', 'BB-250', '6034000123460', 'tub', 14.00, 19.00, 10),
      ('Sunlight Detergent 1kg', 'SUN-1K', '6034000123461', 'bag', 25.00, 34.00, 10),
      ('Key Soap Bar', 'KEY-BAR', '6034000123462', 'bar', 5.00, 7.50, 30),
      ('Dettol Antiseptic 250ml', 'DET-250', '6034000123463', 'bottle', 24.00, 32.00, 6),
      ('Paracetamol 500mg (10 tablets)', 'PARA-500', '6034000123464', 'pack', 3.20, 5.00, 40),
      ('Lipton Yellow Label (100 bags)', 'LIP-100', '6034000123465', 'box', 38.00, 49.00, 6),
      ('Kalyppo Juice 200ml (pack of 10)', 'KAL-10', '6034000123466', 'pack', 26.00, 35.00, 8),
      ('Omo Washing Powder 500g', 'OMO-500', '6034000123467', 'bag', 15.00, 21.00, 12),
      ('Nido Fortified 400g', 'NIDO-400', '6034000123468', 'tin', 52.00, 68.00, 6),
      ('Sugar 1kg', 'SUG-1K', '6034000123469', 'bag', 14.50, 19.00, 15),
      ('Tasty Tom Tomato Paste 400g', 'TT-400', '6034000123470', 'tin', 11.00, 15.50, 10)
    ) as p(name, sku, barcode, unit, cost, price, threshold);

  insert into public.stock_moves (org_id, product_id, delta, reason, note, created_by, created_at)
  select v_org, p.id,
         case p.sku when 'MALTA-24' then 6 when 'DET-250' then 8 when 'NIDO-400' then 12 when 'INDO-40' then 7
                    else 30 + (random() * 90)::integer end,
         'OPENING', 'Opening stock count', v_owner, now() - interval '34 days'
    from public.products p where p.org_id = v_org;

  -- Customers.
  insert into public.customers (org_id, name, email, phone, created_at)
  select v_org, c.name, c.email, c.phone, now() - (c.days || ' days')::interval
    from (values
      ('Adjoa Boateng', 'adjoa.boateng@example.com', '+233 24 412 3456', 33),
      ('Kofi Owusu Enterprise', 'kofi@owusu-ent.example.com', '+233 20 555 0192', 32),
      ('Nana Yaa Provisions', null, '+233 27 700 1122', 30),
      ('Mensah & Sons Trading', 'accounts@mensahsons.example.com', '+233 30 222 7788', 29),
      ('Efua Asantewaa', 'efua.a@example.com', null, 27),
      ('Accra Chop Bar', null, '+233 55 123 9876', 25),
      ('Kwabena Darko', 'kdarko@example.com', '+233 24 998 1212', 22),
      ('St. Mary''s School Canteen', 'canteen@stmarys.example.edu.gh', '+233 30 244 5566', 20),
      ('Abena Serwaa', null, '+233 26 321 6543', 17),
      ('Osu Mini Mart', 'orders@osuminimart.example.com', '+233 50 111 2233', 14),
      ('Yaw Appiah', 'yaw.appiah@example.com', '+233 24 777 8899', 9),
      ('Madina Wholesale Ltd', 'buying@madina-wholesale.example.com', '+233 30 299 4411', 5)
    ) as c(name, email, phone, days);

  -- Invoices in every status, over the month: created as empty quotes, given lines, then moved along.
  for i in 1..26 loop
    v_day := 31 - i;
    select id into v_customer from public.customers where org_id = v_org order by name offset (i % 12) limit 1;
    insert into public.invoices (org_id, customer_id, currency, due_at, created_by, created_at)
    values (v_org, v_customer, 'GHS', (now() - (v_day || ' days')::interval + interval '14 days')::date,
            case when i % 4 = 0 then v_sales else v_owner end, now() - (v_day || ' days')::interval)
    returning id into v_invoice;
    for j in 1..(1 + i % 4) loop
      insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate, position)
      select v_org, v_invoice, p.id, p.name, 1 + ((i * j) % 5), p.price, 20, j
        from public.products p where p.org_id = v_org order by p.sku offset ((i * 3 + j * 7) % 20) limit 1;
    end loop;
    v_status := case when i in (3, 11, 19, 24, 25, 26) then 'QUOTE' when i in (7, 15) then 'VOID'
                     when i in (5, 9, 13, 18, 21, 22, 23) then 'ISSUED' else 'PAID' end;
    if v_status = 'VOID' and i = 15 then
      update public.invoices set status = 'VOID' where id = v_invoice;
    elsif v_status <> 'QUOTE' then
      update public.invoices set status = 'ISSUED', issued_at = now() - (v_day || ' days')::interval where id = v_invoice;
      if v_status = 'VOID' then
        update public.invoices set status = 'VOID' where id = v_invoice;
      elsif v_status = 'PAID' or i in (13, 21) then
        select total into v_total from public.invoices where id = v_invoice;
        insert into public.payments (org_id, invoice_id, method, provider, amount, ref, received_at, created_by)
        values (v_org, v_invoice,
                case i % 3 when 0 then 'cash' when 1 then 'mobile-money' else 'bank-transfer' end,
                case i % 3 when 1 then (case when i % 2 = 0 then 'TELECEL_CASH' else 'MTN_MOMO' end)::public.mobile_money_provider end,
                case when v_status = 'PAID' then v_total else round(v_total / 2, 2) end,
                case i % 3 when 1 then 'MM' || lpad((7340021 + i * 137)::text, 10, '0') when 2 then 'GCB-' || (88100 + i) end,
                now() - ((greatest(v_day - 2, 0)) || ' days')::interval, v_owner);
      end if;
    end if;
  end loop;

  -- Recurring invoices: a monthly provisions plan for the school canteen and a weekly water delivery, each
  -- with a subscription started weeks ago. The billing run is played day by day over that time, so each
  -- period is billed on its first day, as the scheduler would have done; the oldest invoices are paid.
  insert into public.subscription_plans (org_id, name, description, price, currency, billing_interval, created_at)
  values
    (v_org, 'Canteen provisions (monthly)', 'Rice, oil, tomato mix and drinks delivered to the canteen every month',
     850.00, 'GHS', 'MONTHLY', now() - interval '34 days'),
    (v_org, 'Water delivery (weekly)', 'Voltic packs of 6 delivered every week', 30.00, 'GHS', 'WEEKLY',
     now() - interval '34 days');
  insert into public.subscriptions (org_id, customer_id, plan_id, start_date, next_billing_date, quantity,
                                    tax_percent, discount_percent, created_by, created_at)
  select v_org, c.id, p.id, x.start_date, x.start_date, x.quantity, 20, x.discount, v_owner, x.start_date::timestamptz
    from (values ('St. Mary''s School Canteen', 'Canteen provisions (monthly)', (now() - interval '33 days')::date, 1, 5),
                 ('Osu Mini Mart', 'Water delivery (weekly)', (now() - interval '13 days')::date, 4, 0))
         as x(customer, plan, start_date, quantity, discount)
    join public.customers c on c.org_id = v_org and c.name = x.customer
    join public.subscription_plans p on p.org_id = v_org and p.name = x.plan;
  perform public.bill_due_subscriptions(now() - (d || ' days')::interval) from generate_series(33, 0, -1) d;
  insert into public.payments (org_id, invoice_id, method, provider, amount, ref, received_at, created_by)
  select v_org, i.id, 'mobile-money', 'MTN_MOMO', i.total, 'MM' || lpad((7350000 + row_number() over ())::text, 10, '0'),
         i.issued_at + interval '2 days', v_owner
    from public.billing_cycles b join public.invoices i on i.org_id = b.org_id and i.id = b.invoice_id
   where b.org_id = v_org and b.cycle_number = 1;

  -- Expenses.
  insert into public.expenses (org_id, vendor, category, amount, currency, paid_at, note, created_by)
  values
    (v_org, 'Osu Properties', 'rent', 2500.00, 'GHS', now() - interval '30 days', 'Shop rent for the month', v_owner),
    (v_org, 'ECG Prepaid', 'utilities', 320.00, 'GHS', now() - interval '26 days', 'Electricity credit', v_owner),
    (v_org, 'Ghana Water', 'utilities', 85.50, 'GHS', now() - interval '24 days', null, v_owner),
    (v_org, 'Melcom Office', 'office-supplies', 145.00, 'GHS', now() - interval '21 days', 'Receipt books and pens', v_owner),
    (v_org, 'Joy FM Adverts', 'marketing', 600.00, 'GHS', now() - interval '18 days', 'Radio mention, 1 week', v_owner),
    (v_org, 'Uber', 'travel', 74.00, 'GHS', now() - interval '12 days', 'Trip to Makola suppliers', v_owner),
    (v_org, 'Franko Trading', 'equipment', 1850.00, 'GHS', now() - interval '8 days', 'Chest freezer', v_owner),
    (v_org, 'MTN Ghana', 'utilities', 120.00, 'GHS', now() - interval '4 days', 'Internet bundle', v_owner),
    (v_org, 'Kasoa Printing', 'marketing', 210.00, 'GHS', now() - interval '2 days', 'Flyers', v_owner);

  -- Leads in every stage.
  insert into public.leads (org_id, name, company, stage, owner_id, value, currency, close_date, created_at)
  values
    (v_org, 'Monthly provisions supply', 'Legon Hall Canteen', 'PROSPECT', v_sales, 4500, 'GHS', (now() + interval '30 days')::date, now() - interval '20 days'),
    (v_org, 'Office tea and snacks', 'Airport City Offices', 'PROSPECT', v_owner, 1200, 'GHS', (now() + interval '21 days')::date, now() - interval '10 days'),
    (v_org, 'Bulk rice order', 'Tema Catering Services', 'QUALIFIED', v_sales, 9800, 'GHS', (now() + interval '14 days')::date, now() - interval '18 days'),
    (v_org, 'Pharmacy restock partnership', 'East Legon Clinic', 'QUALIFIED', v_owner, 6200, 'GHS', (now() + interval '25 days')::date, now() - interval '15 days'),
    (v_org, 'School term supplies', 'St. Mary''s School', 'PROPOSAL', v_sales, 15000, 'GHS', (now() + interval '7 days')::date, now() - interval '25 days'),
    (v_org, 'Wedding drinks', 'Adom Events', 'CLOSED_WON', v_owner, 3800, 'GHS', (now() - interval '3 days')::date, now() - interval '28 days'),
    (v_org, 'Church harvest groceries', 'Calvary Methodist', 'CLOSED_WON', v_sales, 5400, 'GHS', (now() - interval '9 days')::date, now() - interval '27 days'),
    (v_org, 'Hotel minibar supply', 'Labadi Guest House', 'CLOSED_LOST', v_owner, 7200, 'GHS', (now() - interval '5 days')::date, now() - interval '26 days');

  insert into public.lead_notes (org_id, lead_id, user_id, note, created_at)
  select v_org, l.id, coalesce(l.owner_id, v_owner), n.note, l.created_at + (n.days || ' days')::interval
    from public.leads l
    cross join (values ('First call made; they buy weekly from Makola today.', 1),
                       ('Sent price list on WhatsApp.', 3)) as n(note, days)
   where l.org_id = v_org and l.stage <> 'PROSPECT';

  insert into public.employees (org_id, name, email, title, status) values
    (v_org, 'Akosua Frimpong', null, 'Shop assistant', 'ACTIVE'),
    (v_org, 'Yaw Mensah', null, 'Delivery rider', 'ACTIVE'),
    (v_org, 'Esi Quaye', 'esi.quaye@example.com', 'Pharmacy technician', 'INACTIVE');
end
$seed$;
