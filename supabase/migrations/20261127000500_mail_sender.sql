-- Sending the queued mail (private.outgoing_mail), and what queues two of its kinds: invitations to an
-- organization (create_invitation, in the team's file, calls private.queue_invitation_mail) and payment
-- reminders (public.queue_payment_reminders, on a clock).

-- A mail is claimed by one sender for a while (claimed_until), so two senders running at once never send it
-- twice; a failed attempt waits longer each time (next_attempt_at) and the mail is given up after
-- private.mail_max_attempts() attempts, its last error kept.
alter table private.outgoing_mail
  add column next_attempt_at timestamptz not null default now(),
  add column claimed_until timestamptz;
comment on column private.outgoing_mail.attempts is 'Sending attempts so far (counted when a sender claims the mail); given up at private.mail_max_attempts().';
comment on column private.outgoing_mail.next_attempt_at is 'Not sent before this: a failed attempt waits 2, 4, 8, 16 minutes before the next.';
comment on column private.outgoing_mail.claimed_until is 'A sender is sending it until then; another sender leaves it alone (a sender that died releases it when this passes).';

create function private.mail_max_attempts() returns integer
language sql immutable parallel safe set search_path = ''
as $$ select 5 $$;

-- Claims up to p_limit mails that are due, for p_lease_seconds, with the seller's details the mail prints.
-- Rows another sender is claiming at this moment are skipped (skip locked), rows it has claimed are left
-- alone until their lease ends. Service role only: the edge function's sender calls it.
create function public.claim_outgoing_mail(p_limit integer default 50, p_lease_seconds integer default 300)
returns table (id bigint, kind text, to_address text, locale text, data jsonb, attempts integer,
               organization_id uuid, org_name text, org_address text, org_phone text, org_email text)
language sql security definer set search_path = ''
as $$
  with picked as (
    select m.id from private.outgoing_mail m
     where m.sent_at is null and m.attempts < private.mail_max_attempts() and m.next_attempt_at <= now()
       and (m.claimed_until is null or m.claimed_until <= now())
     order by m.created_at, m.id
     limit least(greatest(coalesce(p_limit, 50), 1), 500)
     for update skip locked
  ), claimed as (
    update private.outgoing_mail m
       set claimed_until = now() + make_interval(secs => least(greatest(coalesce(p_lease_seconds, 300), 10), 3600)),
           attempts = m.attempts + 1
      from picked where m.id = picked.id
    returning m.*
  )
  select c.id, c.kind, c.to_address, c.locale, c.data, c.attempts, c.organization_id,
         coalesce(bp.legal_name, o.name)::text, bp.address::text, bp.phone::text, bp.email::text
    from claimed c
    left join public.organizations o on o.id = c.organization_id
    left join public.business_profiles bp on bp.org_id = c.organization_id
   order by c.id
$$;
comment on function public.claim_outgoing_mail(integer, integer) is
  'The mail sender''s claim: up to p_limit due, unclaimed mails, leased for p_lease_seconds, with the seller''s details. Service role only.';
revoke execute on function public.claim_outgoing_mail(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_outgoing_mail(integer, integer) to service_role;

-- What became of claimed mails: sent (p_error null), or failed with p_error, tried again after a backoff.
create function public.finish_outgoing_mail(p_ids bigint[], p_error text default null) returns integer
language sql security definer set search_path = ''
as $$
  with done as (
    update private.outgoing_mail m
       set sent_at = case when p_error is null then now() end,
           -- A sent mail's link is dropped: it opens an invitation or an invoice without signing in, and the
           -- database otherwise keeps only its hash (the mail itself is the one copy the recipient needs).
           data = case when p_error is null then m.data - 'path' else m.data end,
           last_error = case when p_error is null then null else left(p_error, 1000) end,
           claimed_until = null,
           next_attempt_at = case when p_error is null then m.next_attempt_at
                                  else now() + make_interval(mins => power(2, least(m.attempts, 10))::integer) end
     where m.id = any(p_ids) and m.sent_at is null
    returning 1
  )
  select count(*)::integer from done
$$;
comment on function public.finish_outgoing_mail(bigint[], text) is
  'Marks claimed mails sent, or records why they failed and when to try again. Service role only.';
revoke execute on function public.finish_outgoing_mail(bigint[], text) from public, anon, authenticated;
grant execute on function public.finish_outgoing_mail(bigint[], text) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Invitations by email

-- Queues the invitation mail for a new link (the token is known only now: the database keeps its hash).
-- The link of an unsent older mail for the same invitation no longer works, so that mail is dropped.
create function private.queue_invitation_mail(p_invitation public.invitations, p_token text, p_locale text)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  -- Only for a stored invitation and the token of its link, by someone who may invite to its organization.
  if not private.can(p_invitation.org_id, 'team.invite')
     or private.invitation_token_hash(p_token) is distinct from p_invitation.token_hash
     or not exists (select 1 from public.invitations i
                     where i.id = p_invitation.id and i.org_id = p_invitation.org_id
                       and i.email = p_invitation.email and i.token_hash = p_invitation.token_hash) then
    return;
  end if;
  delete from private.outgoing_mail m
   where m.kind = 'invitation' and m.sent_at is null and m.data ->> 'invitationId' = p_invitation.id::text;
  perform private.queue_mail(
    p_invitation.org_id, 'invitation', 'invitation:' || p_invitation.id || ':' || p_invitation.token_hash,
    p_invitation.email::text, p_locale,
    jsonb_build_object(
      'invitationId', p_invitation.id,
      'path', '/invite/' || p_token,
      'role', p_invitation.role,
      'expiresAt', p_invitation.expires_at,
      'inviterName', (select nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '')
                        from public.profiles p where p.id = p_invitation.invited_by),
      'orgName', (select o.name from public.organizations o where o.id = p_invitation.org_id)));
end
$$;
revoke all on function private.queue_invitation_mail(public.invitations, text, text) from public, anon;
-- create_invitation runs as the inviter (not exposed: the Data API serves the public schema only).
grant execute on function private.queue_invitation_mail(public.invitations, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Payment reminders

create table public.payment_reminder_settings (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  enabled boolean not null default false,
  -- Days from the due date: -3 is three days before it, 0 the day itself, 7 a week after.
  steps smallint[] not null default '{-3,0,7}'
    check (cardinality(steps) between 1 and 6 and array_position(steps, null) is null
           and -30 <= all (steps) and 90 >= all (steps)),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.payment_reminder_settings is
  'Whether and when the customers of an organization are reminded by email of an unpaid invoice. No row: off, with the default steps.';
comment on column public.payment_reminder_settings.steps is 'Days relative to the due date (-30 to 90), at most six, each once, in order.';

-- The steps are kept in order and each once: the same schedule is never stored two ways.
create function private.normalize_reminder_steps() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.org_id is distinct from old.org_id then
    perform private.refuse('Reminder settings stay with their organization', '42501', 'FORBIDDEN', null, 'orgId');
  end if;
  if new.steps is null or array_position(new.steps, null) is not null
     or (select count(distinct s) from unnest(new.steps) s) not between 1 and 6
     or exists (select 1 from unnest(new.steps) s where s not between -30 and 90) then
    perform private.refuse('Reminders are 1 to 6 days from 30 before to 90 after the due date', '23514',
      'REMINDER_STEPS_INVALID', null, 'steps');
  end if;
  new.steps := array(select distinct s from unnest(new.steps) s order by s);
  new.updated_by := (select auth.uid());
  return new;
end
$$;
create trigger payment_reminder_settings_normalize before insert or update on public.payment_reminder_settings
  for each row execute function private.normalize_reminder_steps();
create trigger payment_reminder_settings_touch before update on public.payment_reminder_settings
  for each row execute function private.touch_updated_at();

alter table public.payment_reminder_settings enable row level security;
create policy "Members can read the reminder settings" on public.payment_reminder_settings for select
  to authenticated using (org_id in (select private.org_ids_with_role()));
create policy "Owners and managers can set reminders" on public.payment_reminder_settings for insert
  to authenticated with check (org_id in (select private.org_ids_that_can('settings.reminders')));
create policy "Owners and managers can change reminders" on public.payment_reminder_settings for update
  to authenticated using (org_id in (select private.org_ids_that_can('settings.reminders')))
  with check (org_id in (select private.org_ids_that_can('settings.reminders')));
alter table public.payment_reminder_settings force row level security;
revoke insert, update, delete on public.payment_reminder_settings from anon, authenticated;
-- org_id is granted so that the Data API's upsert (which sets every column it sends) works; the trigger
-- keeps the settings with their organization.
grant insert (org_id, enabled, steps), update (org_id, enabled, steps)
  on public.payment_reminder_settings to authenticated;

-- Audited like every tenant table (20261122001800_audit.sql).
create trigger payment_reminder_settings_audit_insert after insert on public.payment_reminder_settings
  referencing new table as new_rows for each statement execute function private.audit();
create trigger payment_reminder_settings_audit_update after update on public.payment_reminder_settings
  referencing old table as old_rows new table as new_rows for each statement execute function private.audit();
create trigger payment_reminder_settings_audit_delete after delete on public.payment_reminder_settings
  referencing old table as old_rows for each statement execute function private.audit();

-- The language of the documents an organization sends its customers: French in the French-speaking
-- countries (packages/shared/countries.ts documentLanguage says the same), English elsewhere.
create function private.document_language(p_country text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select case when upper(p_country) = any (array['SN','CI','TG','BJ','BF','ML','NE','GN','MR']) then 'fr' else 'en' end $$;

-- The reminder run: for each invoice still to be paid (ISSUED, a balance due, a due date, a customer with an
-- email) of an organization that has reminders on, the latest step whose day has come in the organization's
-- time zone — and not before the day the invoice was issued, so switching reminders on (or issuing an old
-- invoice) sends at most one reminder, not every step missed. Each invoice and step is queued once
-- (dedupe key payment_reminder:<invoice>:<step>), with the invoice's live public link (or a new one). Runs one at a
-- time. Service role only: run by pg_cron on a hosted project and by the local scheduler.
create function public.queue_payment_reminders(p_now timestamptz default now()) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
  v_token text;
  v_link uuid;
  v_count integer := 0;
begin
  perform pg_advisory_xact_lock(hashtext('public.queue_payment_reminders'));
  for r in
    select i.id, i.org_id, i.number, i.currency, i.due_at, i.amount_due,
           c.email, c.name as customer_name, o.country, o.name as org_name, step.step, step.day
      from public.invoices i
      join public.organizations o on o.id = i.org_id
      join public.payment_reminder_settings s on s.org_id = i.org_id and s.enabled
      join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
      cross join lateral (
        select st as step, i.due_at + st as day
          from unnest(s.steps) st
         where i.due_at + st <= (p_now at time zone o.timezone)::date
           and i.due_at + st >= (i.issued_at at time zone o.timezone)::date
         order by st desc
         limit 1
      ) step
     where i.status = 'ISSUED' and i.due_at is not null and i.issued_at is not null
       and i.amount_due > 0
       and c.email is not null
       and not exists (select 1 from private.outgoing_mail m
                        where m.dedupe_key = 'payment_reminder:' || i.id || ':' || step.step)
     order by i.org_id, i.due_at, i.id
  loop
    -- The invoice's live link when it has one (whoever made it), else a new one.
    select private.share_token(t.id) into v_token from public.invoice_share_tokens t
     where t.org_id = r.org_id and t.invoice_id = r.id and t.revoked_at is null
       and t.expires_at > p_now + private.share_reuse_margin()
       and t.token_hash = private.share_token_hash(private.share_token(t.id))
     order by t.expires_at desc
     limit 1;
    if v_token is null then
      v_link := gen_random_uuid();
      v_token := private.share_token(v_link);
      insert into public.invoice_share_tokens (id, org_id, invoice_id, token_hash)
      values (v_link, r.org_id, r.id, private.share_token_hash(v_token));
    end if;
    if private.queue_mail(r.org_id, 'payment_reminder', 'payment_reminder:' || r.id || ':' || r.step,
         r.email, private.document_language(r.country),
         jsonb_build_object(
           'invoiceId', r.id, 'number', r.number, 'step', r.step, 'dueAt', r.due_at,
           'amountDue', r.amount_due, 'currency', r.currency,
           'customerName', r.customer_name, 'orgName', r.org_name, 'path', '/i/' || v_token)) then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end
$$;
comment on function public.queue_payment_reminders(timestamptz) is
  'The reminder run: queues the due reminder of each unpaid issued invoice, once per invoice and step. Service role only.';
revoke execute on function public.queue_payment_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_payment_reminders(timestamptz) to service_role;

-- A hosted project picks the due reminders every five minutes with pg_cron when the extension is available
-- (as the billing run); locally `npm start` runs it every minute (local/scheduler.ts). Sending them is the
-- edge function's job (POST /api/jobs/send-mail), scheduled as docs/mail.md says.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      perform cron.schedule('kasuwa-queue-payment-reminders', '*/5 * * * *',
                            'select public.queue_payment_reminders()');
    exception when others then
      raise notice 'pg_cron is not usable here (%): queue_payment_reminders is not scheduled', sqlerrm;
    end;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Documents sent to a customer by e-mail

-- Document mails an organization may queue per rolling hour: enough for a shop's day at the counter, too
-- few to make us a spammer's relay.
create function private.document_mail_hourly_limit() returns integer
language sql immutable parallel safe set search_path = ''
as $$ select 30 $$;

-- Queues one document (an invoice or quote, one of its receipts, a credit note, a customer's statement for a
-- period) to an address, in the organization's document language, with the document's public link (its
-- live link, else a new one: the share functions decide who may, exactly as for sharing). p_id is the
-- invoice (invoice, receipt with p_receipt its number), the credit note, or the customer (statement with
-- p_from/p_to). Refused past private.document_mail_hourly_limit() mails per organization and hour
-- (MAIL_BUDGET_SPENT). A repeated p_request_id queues nothing more.
create function public.send_document_mail(
  p_org_id uuid, p_kind text, p_id uuid, p_email text,
  p_receipt text default null, p_from text default null, p_to text default null, p_request_id uuid default null
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_share jsonb;
  v_data jsonb;
  v_org record;
  v_inv record;
  v_customer text;
  v_key text := 'document:' || coalesce(p_request_id, gen_random_uuid());
  v_locale text;
begin
  perform private.require(p_org_id);
  if p_kind is null or p_kind not in ('invoice', 'receipt', 'credit_note', 'statement') then
    perform private.refuse('Unknown kind of document', '22023', 'DOCUMENT_KIND_INVALID', null, 'kind');
  end if;
  if char_length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.refuse('Invalid email address', '23514', 'INVALID_EMAIL', null, 'email');
  end if;
  select o.name, o.country into v_org from public.organizations o where o.id = p_org_id;
  v_locale := private.document_language(v_org.country);
  if p_kind in ('invoice', 'receipt') then
    v_share := public.create_invoice_share(p_org_id, p_id);
    select i.number, i.status, i.currency, i.total, i.due_at, i.amount_due as due,
           c.name as customer_name
      into v_inv from public.invoices i join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
     where i.org_id = p_org_id and i.id = p_id;
    v_customer := v_inv.customer_name;
    if p_kind = 'invoice' then
      v_data := jsonb_build_object(
        'document', case when v_inv.status = 'QUOTE' then 'quote' else 'invoice' end,
        'number', v_inv.number, 'currency', v_inv.currency, 'total', v_inv.total,
        'amountDue', case when v_inv.status = 'ISSUED' then greatest(v_inv.due, 0) end,
        'dueAt', case when v_inv.status = 'ISSUED' then v_inv.due_at end,
        'path', '/i/' || (v_share ->> 'token'));
    else
      select jsonb_build_object('document', 'receipt', 'number', p.receipt_number, 'invoiceNumber', v_inv.number,
               'currency', p.currency, 'total', p.amount, 'receivedAt', p.received_at,
               'path', '/i/' || (v_share ->> 'token') || '/receipts/' || p.receipt_number)
        into v_data
        from public.payments p
       where p.org_id = p_org_id and p.invoice_id = p_id and p.receipt_number = p_receipt;
      if v_data is null then
        perform private.refuse('Payment not found', '23503', 'PAYMENT_NOT_FOUND', null, 'receipt');
      end if;
    end if;
  elsif p_kind = 'credit_note' then
    v_share := public.create_credit_note_share(p_org_id, p_id);
    select jsonb_build_object('document', 'credit_note', 'number', n.number, 'invoiceNumber', i.number,
             'currency', n.currency, 'total', n.total, 'path', '/c/' || (v_share ->> 'token')),
           c.name
      into v_data, v_customer
      from public.credit_notes n
      join public.invoices i on i.org_id = n.org_id and i.id = n.invoice_id
      join public.customers c on c.org_id = i.org_id and c.id = i.customer_id
     where n.org_id = p_org_id and n.id = p_id;
  else
    v_share := public.create_statement_share(p_org_id, p_id, p_from, p_to);
    select jsonb_build_object('document', 'statement', 'from', t.period_from, 'to', t.period_to,
             'path', '/s/' || (v_share ->> 'token')),
           c.name
      into v_data, v_customer
      from public.statement_share_tokens t
      join public.customers c on c.org_id = t.org_id and c.id = t.customer_id
     where t.id = (v_share ->> 'id')::uuid;
  end if;
  v_data := v_data || jsonb_build_object('customerName', v_customer, 'orgName', v_org.name);

  -- The hourly budget, counted under a lock per organization so that mails sent at once cannot pass it.
  perform pg_advisory_xact_lock(hashtext('document_mail:' || p_org_id));
  if exists (select 1 from private.outgoing_mail m where m.dedupe_key = v_key) then
    return jsonb_build_object('queued', false, 'to', v_email, 'locale', v_locale);
  end if;
  if (select count(*) from private.outgoing_mail m
       where m.organization_id = p_org_id and m.kind = 'document'
         and m.created_at > now() - interval '1 hour') >= private.document_mail_hourly_limit() then
    perform private.refuse('This organization has sent as many documents by e-mail as it may this hour',
      'PT429', 'MAIL_BUDGET_SPENT', jsonb_build_object('limit', private.document_mail_hourly_limit()));
  end if;
  perform private.queue_mail(p_org_id, 'document', v_key, v_email, v_locale, v_data);
  return jsonb_build_object('queued', true, 'to', v_email, 'locale', v_locale);
end
$$;
comment on function public.send_document_mail(uuid, text, uuid, text, text, text, text, uuid) is
  'Queues a document (invoice or quote, receipt, credit note, statement) to a customer''s address with its public link; members who may share it; at most private.document_mail_hourly_limit() per organization and hour.';
revoke execute on function public.send_document_mail(uuid, text, uuid, text, text, text, text, uuid) from public, anon;
grant execute on function public.send_document_mail(uuid, text, uuid, text, text, text, text, uuid) to authenticated;
