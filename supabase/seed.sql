-- Demo data for a newcomer: one organization, "Kasuwa Demo Shop" (Accra, GHS), owned by the demo
-- login printed by `npm start`. Runs once, after the migrations (supabase db push --include-seed,
-- supabase db reset).

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000001', 'authenticated',
  'authenticated', 'demo@kasuwa.app', extensions.crypt('kasuwa-demo-2026', extensions.gen_salt('bf', 10)),
  now(), '{"provider":"email","providers":["email"]}',
  '{"first_name":"Ama","last_name":"Mensah","locale":"en"}', now(), now()
) on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  'd0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
  '{"sub":"d0000000-0000-4000-8000-000000000001","email":"demo@kasuwa.app","email_verified":true,"phone_verified":false}',
  'email', now(), now()
) on conflict (provider_id, provider) do nothing;

insert into public.organizations (id, name, country, currency, timezone, default_tax_rate, created_by)
values ('0de00000-0000-4000-8000-000000000001', 'Kasuwa Demo Shop', 'GH', 'GHS', 'Africa/Accra', 20,
        'd0000000-0000-4000-8000-000000000001')
on conflict (id) do nothing;

insert into public.memberships (org_id, user_id, role)
values ('0de00000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'OWNER')
on conflict do nothing;
