-- In-app notifications (the bell): one row per recipient member, written only by the database's own triggers
-- and scheduled run, at the moment the thing happens, for the members whose preferences ask for its kind.
-- A row holds ids, names and exact numbers, never a sentence: the app writes the sentence in the member's
-- language. Which preference decides which kind (public.member_preferences; a member without a row has the
-- table's defaults):
--   notify_low_stock          -> low_stock (and its email, queued with private.queue_mail), every member
--   notify_payment_reminders  -> payment_received, invoice_overdue, to those who handle money: the roles with
--                                payment.record (OWNER, MANAGER and ACCOUNTANT)
--   notify_new_leads          -> lead_assigned, to the member the lead was given to, not when they took it
--   notify_team_activity      -> member_joined, to those who invite (team.invite: owners and managers), not
--                                to the one who joined
--   notify_marketing          -> nothing here: stored consent only.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null,
  kind text not null check (kind in ('low_stock', 'payment_received', 'invoice_overdue', 'lead_assigned', 'member_joined')),
  -- What tapping the notification opens: the product, the invoice, the lead, or the member who joined.
  subject_id uuid,
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object' and octet_length(data::text) <= 4096),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  unique (org_id, id),
  -- Leaving an organization takes the member's notifications in it with them.
  foreign key (org_id, user_id) references public.memberships (org_id, user_id) on delete cascade
);
comment on table public.notifications is 'The bell: what happened that a member asked to hear about, one row per recipient. Written by triggers and the overdue run only; the member marks it read.';
comment on column public.notifications.data is 'What the app needs to write the sentence in either language: names, numbers, amounts as exact strings with their currency.';
comment on column public.notifications.read_at is 'When the member opened or dismissed it (the server''s clock); never unset.';
-- The bell's two reads: my unread count, and my latest notifications, newest first.
create index notifications_mine_unread_idx on public.notifications (user_id, org_id, created_at desc) where read_at is null;
create index notifications_mine_idx on public.notifications (user_id, org_id, created_at desc, id desc);

alter table public.notifications enable row level security;
alter table public.notifications force row level security;
-- Only one's own, in an organization one still belongs to.
create policy "Members can read their own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));
create policy "Members can mark their own notifications read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()))
  with check (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));
-- Nobody adds or removes a notification through the Data API, and the only thing a member changes is read_at.
-- (Reading stays granted as on every table; the policies above decide whose rows.)
revoke insert, update, delete on public.notifications from anon, authenticated;
grant update (read_at) on public.notifications to authenticated;

-- Read is a fact with the server's time: whatever time the device sends, the first marking wins and it is
-- never taken back (an old tab cannot make a notification unread again).
create function private.guard_notification_read() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.read_at := case when old.read_at is not null then old.read_at
                      when new.read_at is not null then now() end;
  return new;
end
$$;
create trigger notifications_read_once before update on public.notifications
  for each row execute function private.guard_notification_read();

-- The members of an organization who want a kind of notification: whose role holds `p_permission` (any
-- member when none is given), whose preference for it is on (the table's default when they never saved
-- one), and who is not `p_except` (the one who caused it). With their email and language, for the kinds
-- that also go by mail.
create function private.notification_recipients(
  p_org_id uuid,
  p_kind text,
  p_permission private.permission default null,
  p_except uuid default null
) returns table (user_id uuid, email text, locale text)
language sql stable security definer set search_path = ''
as $$
  select m.user_id, p.email, p.locale::text
    from public.memberships m
    join public.profiles p on p.id = m.user_id
    left join public.member_preferences mp on mp.org_id = m.org_id and mp.user_id = m.user_id
   where m.org_id = p_org_id
     and (p_permission is null
          or exists (select 1 from private.role_permissions rp where rp.role = m.role and rp.permission = p_permission))
     and m.user_id is distinct from p_except
     -- The defaults are member_preferences' own column defaults.
     and case p_kind
           when 'low_stock' then coalesce(mp.notify_low_stock, true)
           when 'payment_received' then coalesce(mp.notify_payment_reminders, true)
           when 'invoice_overdue' then coalesce(mp.notify_payment_reminders, true)
           when 'lead_assigned' then coalesce(mp.notify_new_leads, true)
           when 'member_joined' then coalesce(mp.notify_team_activity, false)
           else false
         end
$$;
revoke all on function private.notification_recipients(uuid, text, private.permission, uuid) from public;

-- ---------------------------------------------------------------------------------------------------
-- Low stock: a product's stock went from above its threshold to at or below it (a sale, an adjustment, a
-- correction, a receipt taken back…). The trigger's WHEN clause makes every other stock move cost nothing;
-- going back above and crossing again notifies again. Each member who wants it gets an in-app notification
-- and a mail row: at most one mail per product, member and day in the organization's time zone (the
-- sender sends a member's unsent rows together as one digest).
create function private.notify_low_stock() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_org public.organizations%rowtype;
begin
  select * into v_org from public.organizations where id = new.org_id;
  insert into public.notifications (org_id, user_id, kind, subject_id, data)
  select new.org_id, r.user_id, 'low_stock', new.id,
         jsonb_build_object('name', new.name, 'sku', new.sku, 'unit', new.unit,
                            'stock', new.stock_on_hand, 'threshold', new.low_stock_threshold)
    from private.notification_recipients(new.org_id, 'low_stock') r;
  perform private.queue_mail(
            new.org_id, 'low_stock',
            format('low_stock:%s:%s:%s', new.id, r.user_id,
                   to_char((now() at time zone v_org.timezone)::date, 'YYYY-MM-DD')),
            r.email, r.locale,
            jsonb_build_object('productId', new.id, 'name', new.name, 'sku', new.sku,
                               'stock', new.stock_on_hand, 'threshold', new.low_stock_threshold,
                               'orgName', v_org.name))
     from private.notification_recipients(new.org_id, 'low_stock') r;
  return null;
end
$$;
create trigger products_low_stock_notify after update of stock_on_hand on public.products
  for each row
  when (old.stock_on_hand > old.low_stock_threshold and new.stock_on_hand <= new.low_stock_threshold
        and not new.archived)
  execute function private.notify_low_stock();

-- ---------------------------------------------------------------------------------------------------
-- A payment recorded on an invoice, to the members who handle money and asked for it — the one who recorded
-- it too: in a one-person shop the owner records every payment, and the bell is where the day's money shows.
create function private.notify_payment_received() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.notifications (org_id, user_id, kind, subject_id, data)
  select new.org_id, r.user_id, 'payment_received', new.invoice_id,
         jsonb_build_object('paymentId', new.id, 'invoiceNumber', i.number, 'customerName', c.name,
                            'amount', new.amount::text, 'currency', new.currency)
    from public.invoices i
    join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
   cross join private.notification_recipients(new.org_id, 'payment_received', 'payment.record') r
   where i.org_id = new.org_id and i.id = new.invoice_id;
  return null;
end
$$;
create trigger payments_notify after insert on public.payments
  for each row execute function private.notify_payment_received();

-- ---------------------------------------------------------------------------------------------------
-- Overdue invoices: an ISSUED invoice with something left to pay whose due date has passed in the
-- organization's time zone, notified once per invoice (overdue_notices remembers which), to the members who
-- handle money. Run by the scheduler: pg_cron on a hosted project, `npm start` locally (local/scheduler.ts).
create table private.overdue_notices (
  org_id uuid not null references public.organizations (id) on delete cascade,
  invoice_id uuid primary key,
  notified_at timestamptz not null default now(),
  foreign key (org_id, invoice_id) references public.invoices (org_id, id) on delete cascade
);
revoke all on table private.overdue_notices from public, anon, authenticated;
-- The run reads the issued invoices that have a due date, oldest due first.
create index invoices_issued_due_idx on public.invoices (due_at) where status = 'ISSUED' and due_at is not null;

create function public.notify_overdue_invoices(p_now timestamptz default now()) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  with due as (
    insert into private.overdue_notices (org_id, invoice_id, notified_at)
    select i.org_id, i.id, p_now
      from public.invoices i
      join public.organizations o on o.id = i.org_id
     where i.status = 'ISSUED' and i.due_at is not null
       and i.due_at < (p_now at time zone o.timezone)::date
       and i.amount_due > 0
       and not exists (select 1 from private.overdue_notices n where n.invoice_id = i.id)
    on conflict (invoice_id) do nothing
    returning org_id, invoice_id
  ), sent as (
    insert into public.notifications (org_id, user_id, kind, subject_id, data)
    select i.org_id, r.user_id, 'invoice_overdue', i.id,
           jsonb_build_object('invoiceNumber', i.number, 'customerName', c.name, 'dueAt', i.due_at,
                              'balance', i.amount_due::text,
                              'currency', i.currency)
      from due d
      join public.invoices i on i.org_id = d.org_id and i.id = d.invoice_id
      join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
     cross join lateral private.notification_recipients(i.org_id, 'invoice_overdue', 'payment.record') r
    returning 1
  )
  select count(*) into v_count from due;
  return v_count;
end
$$;
comment on function public.notify_overdue_invoices(timestamptz) is
  'The overdue run: notifies, once per invoice, every ISSUED invoice with a balance whose due date has passed in its organization''s time zone. Service role only.';
revoke execute on function public.notify_overdue_invoices(timestamptz) from public, anon, authenticated;
grant execute on function public.notify_overdue_invoices(timestamptz) to service_role;

-- Scheduled like the billing run (20261122001250_billing_functions.sql): every five minutes with pg_cron when
-- the extension can be used; locally `npm start` runs it every minute.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      perform cron.schedule('kasuwa-notify-overdue-invoices', '*/5 * * * *',
                            'select public.notify_overdue_invoices()');
    exception when others then
      raise notice 'pg_cron is not usable here (%): notify_overdue_invoices is not scheduled', sqlerrm;
    end;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- A lead given to a member (added with an owner, or its owner changed): the new owner hears of it, unless
-- they took it themselves.
create function private.notify_lead_assigned() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.notifications (org_id, user_id, kind, subject_id, data)
  select new.org_id, r.user_id, 'lead_assigned', new.id,
         jsonb_build_object('name', new.name, 'assignedBy', nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''))
    from private.notification_recipients(new.org_id, 'lead_assigned') r
    left join public.profiles p on p.id = (select auth.uid())
   where r.user_id = new.owner_id and r.user_id is distinct from (select auth.uid());
  return null;
end
$$;
create trigger leads_notify_assigned_insert after insert on public.leads
  for each row when (new.owner_id is not null)
  execute function private.notify_lead_assigned();
create trigger leads_notify_assigned_update after update of owner_id on public.leads
  for each row when (new.owner_id is not null and new.owner_id is distinct from old.owner_id)
  execute function private.notify_lead_assigned();

-- ---------------------------------------------------------------------------------------------------
-- An invitation accepted: the owners and managers hear who joined, with which role; not the one who joined.
create function private.notify_member_joined() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.notifications (org_id, user_id, kind, subject_id, data)
  select new.org_id, r.user_id, 'member_joined', new.accepted_by,
         jsonb_build_object('name', nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
                            'email', coalesce(p.email, new.email), 'role', new.role)
    from private.notification_recipients(new.org_id, 'member_joined', 'team.invite', new.accepted_by) r
    left join public.profiles p on p.id = new.accepted_by;
  return null;
end
$$;
create trigger invitations_notify_joined after update of accepted_at on public.invitations
  for each row when (old.accepted_at is null and new.accepted_at is not null)
  execute function private.notify_member_joined();
