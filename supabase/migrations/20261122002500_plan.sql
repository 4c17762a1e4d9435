-- Settings > Plan: the organization's current plan and license (status, trial or end date), its limits and
-- how much of each is used — members with pending invitations, invoices this month (in the organization's
-- time zone) and products — counted exactly as the plan-limit triggers count them. Readable by every
-- member (security definer, after a membership check: a SALES member cannot read invitations, yet the
-- seat count includes them).

create function public.get_plan(p_org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_tz text;
  v_license public.licenses;
begin
  if not public.is_member(p_org_id) then
    raise exception 'You are not a member of this organization' using errcode = '42501';
  end if;
  select o.timezone into v_tz from public.organizations o where o.id = p_org_id;
  select l.* into v_license from public.licenses l
   where l.org_id = p_org_id and l.status in ('ACTIVE', 'TRIAL')
     and (l.end_at is null or l.end_at + make_interval(days => l.grace_days) > now())
   order by l.start_at desc limit 1;
  if v_license.id is null then
    -- No live license: the most recent one says why (suspended, expired); the Starter limits apply.
    select l.* into v_license from public.licenses l where l.org_id = p_org_id order by l.start_at desc limit 1;
  end if;
  return jsonb_build_object(
    'plan', case when v_license.status in ('ACTIVE', 'TRIAL')
                  and (v_license.end_at is null or v_license.end_at + make_interval(days => v_license.grace_days) > now())
                 then v_license.plan else 'STARTER' end,
    'status', coalesce(v_license.status::text, 'ACTIVE'),
    'startsAt', v_license.start_at,
    'endsAt', v_license.end_at,
    'trialEndsAt', case when v_license.status = 'TRIAL' then v_license.end_at end,
    'limits', jsonb_build_object(
      'members', private.plan_limit(p_org_id, 'max_members'),
      'invoicesPerMonth', private.plan_limit(p_org_id, 'max_invoices_per_month'),
      'products', private.plan_limit(p_org_id, 'max_products')),
    'usage', jsonb_build_object(
      'members', (select count(*) from public.memberships m where m.org_id = p_org_id)
               + (select count(*) from public.invitations i
                   where i.org_id = p_org_id and i.accepted_at is null and i.revoked_at is null
                     and i.expires_at > now()),
      'invoicesPerMonth', (select count(*) from public.invoices i
                            where i.org_id = p_org_id
                              and i.created_at >= (date_trunc('month', now() at time zone v_tz) at time zone v_tz)),
      'products', (select count(*) from public.products p where p.org_id = p_org_id and not p.archived))
  );
end
$$;
comment on function public.get_plan(uuid) is
  'The organization''s plan, license status and dates, limits and usage (members with pending invitations, invoices this month, products).';

revoke execute on function public.get_plan(uuid) from public, anon;
grant execute on function public.get_plan(uuid) to authenticated, service_role;
