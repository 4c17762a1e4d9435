-- CRM writes, each applied once per (organization, mutation id) as in 1300_mutations: a lead saved (created
-- or edited, or only moved to another stage) and a note added. RLS decides who may: OWNER, MANAGER and
-- SALES edit leads; ACCOUNTANT reads them.

-- { id?, name?, company?, value?, closeDate?, stage?, ownerId? } — fields absent from an edit stay as they are.
create function public.save_lead(p_org_id uuid, p_mutation_id uuid, p_lead_id uuid, p_input jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'save_lead',
    jsonb_build_object('lead', p_lead_id, 'input', p_input));
  v_id uuid := coalesce(p_lead_id, (p_input ->> 'id')::uuid, gen_random_uuid());
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.assert_role(p_org_id, '{OWNER,MANAGER,SALES}', 'leads');
    if p_lead_id is null then
      insert into public.leads (id, org_id, name, company, stage, owner_id, value, close_date)
      values (v_id, p_org_id, btrim(p_input ->> 'name'), nullif(btrim(p_input ->> 'company'), ''),
              coalesce((p_input ->> 'stage')::public.lead_stage, 'PROSPECT'),
              coalesce((p_input ->> 'ownerId')::uuid, (select auth.uid())),
              (p_input ->> 'value')::numeric, (p_input ->> 'closeDate')::date);
    else
      update public.leads l
         set name = case when p_input ? 'name' then btrim(p_input ->> 'name') else l.name end,
             company = case when p_input ? 'company' then nullif(btrim(p_input ->> 'company'), '') else l.company end,
             stage = coalesce((p_input ->> 'stage')::public.lead_stage, l.stage),
             owner_id = case when p_input ? 'ownerId' then (p_input ->> 'ownerId')::uuid else l.owner_id end,
             value = case when p_input ? 'value' then (p_input ->> 'value')::numeric else l.value end,
             close_date = case when p_input ? 'closeDate' then (p_input ->> 'closeDate')::date else l.close_date end
       where l.org_id = p_org_id and l.id = p_lead_id;
      if not found then
        raise exception 'Lead not found' using errcode = '23503';
      end if;
    end if;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id,
    jsonb_build_object('data', (select to_jsonb(l) from public.leads l where l.id = v_id)));
end
$$;

create function public.add_lead_note(p_org_id uuid, p_mutation_id uuid, p_lead_id uuid, p_note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_done jsonb := private.replay(p_org_id, p_mutation_id, 'add_lead_note',
    jsonb_build_object('lead', p_lead_id, 'note', p_note));
  v_row public.lead_notes;
begin
  if v_done is not null then
    return v_done;
  end if;
  begin
    perform private.assert_role(p_org_id, '{OWNER,MANAGER,SALES}', 'lead_notes');
    insert into public.lead_notes (org_id, lead_id, user_id, note)
    values (p_org_id, p_lead_id, (select auth.uid()), btrim(p_note))
    returning * into v_row;
  exception when others then
    if not private.is_business_refusal(sqlstate) then
      raise;
    end if;
    return private.remember(p_org_id, p_mutation_id, private.refusal(sqlstate, sqlerrm));
  end;
  return private.remember(p_org_id, p_mutation_id, jsonb_build_object('data', to_jsonb(v_row)));
end
$$;

revoke execute on function public.save_lead(uuid, uuid, uuid, jsonb) from public, anon;
revoke execute on function public.add_lead_note(uuid, uuid, uuid, text) from public, anon;
grant execute on function public.save_lead(uuid, uuid, uuid, jsonb) to authenticated;
grant execute on function public.add_lead_note(uuid, uuid, uuid, text) to authenticated;

-- The pipeline per stage: how many leads and their total value (leads are valued in the organization's
-- currency; a lead in another currency is counted, and totalled apart).
create function public.lead_pipeline(p_org_id uuid)
returns table (stage public.lead_stage, currency text, leads bigint, total numeric)
language sql stable set search_path = ''
as $$
  select l.stage, coalesce(l.currency, o.currency)::text, count(*), coalesce(sum(l.value), 0)
    from public.leads l join public.organizations o on o.id = l.org_id
   where l.org_id = p_org_id
   group by l.stage, coalesce(l.currency, o.currency)
$$;
revoke execute on function public.lead_pipeline(uuid) from public, anon;
grant execute on function public.lead_pipeline(uuid) to authenticated;
