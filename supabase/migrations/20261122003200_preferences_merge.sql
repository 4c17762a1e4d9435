-- Saving preferences merged the fields given with a copy of the row read before the write, so two saves at
-- the same moment (two switches flipped quickly) could put back what the other had just changed. The
-- update now merges with the row as it is when it is locked: each save changes only its own fields.

create or replace function public.save_preferences(p_org_id uuid, p_input jsonb) returns public.member_preferences
language plpgsql set search_path = ''
as $$
declare
  v_row public.member_preferences;
begin
  insert into public.member_preferences as mp (org_id, user_id, theme, compact_view, notify_low_stock,
    notify_payment_reminders, notify_new_leads, notify_team_activity, notify_marketing)
  select p_org_id, (select auth.uid()),
         coalesce(p_input ->> 'theme', d.theme),
         coalesce((p_input ->> 'compactView')::boolean, d.compact_view),
         coalesce((p_input ->> 'lowStockAlerts')::boolean, d.notify_low_stock),
         coalesce((p_input ->> 'paymentReminders')::boolean, d.notify_payment_reminders),
         coalesce((p_input ->> 'newLeadNotifications')::boolean, d.notify_new_leads),
         coalesce((p_input ->> 'teamActivity')::boolean, d.notify_team_activity),
         coalesce((p_input ->> 'marketingUpdates')::boolean, d.notify_marketing)
    from public.get_preferences(p_org_id) d
  on conflict (org_id, user_id) do update
     set theme = coalesce(p_input ->> 'theme', mp.theme),
         compact_view = coalesce((p_input ->> 'compactView')::boolean, mp.compact_view),
         notify_low_stock = coalesce((p_input ->> 'lowStockAlerts')::boolean, mp.notify_low_stock),
         notify_payment_reminders = coalesce((p_input ->> 'paymentReminders')::boolean, mp.notify_payment_reminders),
         notify_new_leads = coalesce((p_input ->> 'newLeadNotifications')::boolean, mp.notify_new_leads),
         notify_team_activity = coalesce((p_input ->> 'teamActivity')::boolean, mp.notify_team_activity),
         notify_marketing = coalesce((p_input ->> 'marketingUpdates')::boolean, mp.notify_marketing)
  returning * into v_row;
  return v_row;
end
$$;
